/**
 * A `starhost worker` for test/server/workers.test.ts, bundled and run as its own process so the test can
 * SIGKILL it mid-step: argv: DATABASE_URL, pg-boss schema, job expiry in seconds, and "standby" to wait for a
 * line on stdin before taking jobs. Prints "took GAME STEP" when it takes a job and "ran GAME STEP" when the
 * step committed.
 */

import { openBoss, work } from "../../src/server/worker.js";
import { openSite } from "../../src/store/open.js";

const [url, schema, expire, standby] = process.argv.slice(2) as [string, string, string, string | undefined];
const { games, site } = await openSite(url);
// The test's own pg-boss sweeps expired jobs every second: a worker's sweeps would only add load, four at a time.
const boss = await openBoss(url, { schema, expireInSeconds: Number(expire), maintenanceIntervalSeconds: 60, retryDelay: 0 });
if (standby === "standby") {
  // Started ahead, so a kill costs the test no process start: take jobs once told to (a line on stdin).
  console.log("standing by");
  await new Promise((r) => process.stdin.once("data", r));
}
await work(
  boss,
  { games, site },
  {
    now: () => Date.now(),
    holder: `due-worker ${process.pid}`,
    pollingIntervalSeconds: 0.5,
    onTake: (j) => console.log(`took ${j.gameId} ${j.step}`),
    onRan: (j) => console.log(`ran ${j.gameId} ${j.step}`),
  },
);
console.log("ready");
