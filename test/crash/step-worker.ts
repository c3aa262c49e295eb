/**
 * A step run to be killed: opens the store named by argv[2] ("folders:DIR" or
 * "pglite:DIR"), runs the awaited step of game argv[3] from the submissions it
 * holds, and exits. test/crash/crash.test.ts kills it with SIGKILL at random moments.
 */
import { playStep } from "../../src/host/games.js";
import { FoldersStore } from "../../src/store/folders.js";
import { openStore } from "../../src/store/open.js";

const [spec, id] = process.argv.slice(2) as [string, string];
// A killed run leaves its lock: taken over at once when its process is gone from this host (folder, PGlite), else after the lease.
const options = { lockLeaseMs: Number(process.env.LOCK_LEASE_MS ?? 15 * 60 * 1000) };
const store = spec.startsWith("folders:") ? new FoldersStore(spec.slice("folders:".length), options) : await openStore(spec, options);
try {
  await playStep(store, id, { holder: `crash worker ${process.pid}` });
} finally {
  await store.close();
}
