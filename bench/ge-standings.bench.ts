/**
 * Issue 11, the charts' standings tool (GET /api/games/ID/tools/standings): a game of many turns on PGlite (the
 * default galaxy, alpha-beta-quadrants: 792 sectors, 26 empires; TURNS turns of default orders), then the tool as
 * the server runs it: once without the server's step memo (every past turn read and parsed from the store at every
 * call, as before), then with it (the first call reads each turn once, a later call only the current state).
 *
 *   npx tsx bench/run.ts ge-standings          (TURNS=40 for a longer game; 20 takes under a minute)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GameTool } from "../src/core/ruleset.js";
import { createGame, gameAccess, loadGame } from "../src/host/games.js";
import { runStep } from "../src/host/lifecycle.js";
import { rulesetById } from "../src/host/registry.js";
import { StepMemo } from "../src/host/step-memo.js";
import { openStore } from "../src/store/open.js";

const TURNS = Number(process.env.TURNS ?? 20);

export async function run(): Promise<{ name: string; value: number; unit: string; budget?: number }[]> {
  const ruleset = rulesetById("galactic-empires");
  const tool = ruleset.tools.standings as GameTool<unknown, unknown>;
  const dir = mkdtempSync(join(tmpdir(), "starhost-standings-"));
  const store = await openStore(`pglite:${dir}`);
  try {
    const id = "bench";
    await createGame(store, { id, ruleset, scenario: "alpha-beta-quadrants", inputs: {}, seed: 1 });
    for (let t = 0; t < TURNS; t++) {
      const { record } = await loadGame(store, id);
      const { next, entry } = runStep(ruleset, record, []);
      await store.commit(id, entry, next);
    }
    const call = async (memo?: StepMemo) => {
      const t0 = performance.now();
      const { access } = await gameAccess(store, id, memo);
      const out = await tool.run(access, {});
      if (!out.ok) throw new Error(out.text);
      return performance.now() - t0;
    };
    const before: number[] = [];
    for (let i = 0; i < 3; i++) before.push(await call());
    const memo = new StepMemo();
    const first = await call(memo);
    const after: number[] = [];
    for (let i = 0; i < 3; i++) after.push(await call(memo));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return [
      { name: `standings, ${TURNS} turns, every turn read (before)`, value: median(before), unit: "ms" },
      { name: `standings, ${TURNS} turns, first call with the memo`, value: first, unit: "ms" },
      { name: `standings, ${TURNS} turns, later calls with the memo`, value: median(after), unit: "ms" },
    ];
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
