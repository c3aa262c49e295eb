/**
 * A `starhost worker` for test/server/workers.test.ts, bundled and run as its own process so the test can
 * SIGKILL it mid-step: argv: DATABASE_URL, pg-boss schema, job expiry in seconds. Prints "took GAME STEP"
 * when it takes a job and "ran GAME STEP" when the step committed.
 */

import { openBoss, work } from "../../src/server/worker.js";
import { openSite } from "../../src/store/open.js";

const [url, schema, expire] = process.argv.slice(2) as [string, string, string];
const { games, site } = await openSite(url);
const boss = await openBoss(url, { schema, expireInSeconds: Number(expire), maintenanceIntervalSeconds: 1, retryDelay: 0 });
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
