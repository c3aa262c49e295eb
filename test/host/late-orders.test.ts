/**
 * Orders accepted while a step runs are never left out of it (issue 10: "a crash or a concurrent run never
 * loses orders"). The runner reads the submissions, runs the step, and commits; a seat's orders that the
 * store accepted in between make the commit refuse ("new-submissions"), and the step is run again from
 * all of them. The store here accepts a late submission just before the first commit, as a server would
 * while the step is being computed.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { createGame, playStep, submitOrders } from "../../src/host/games.js";
import { rulesetById } from "../../src/host/registry.js";
import { MemoryStore } from "../../src/store/memory.js";
import type { GameRecord, JoinedWrite, StepEntry } from "../../src/store/store.js";

describe("orders that come while a step runs", () => {
  it("are counted in the step: the commit is refused once and the step run again from all submissions", async () => {
    const store = new MemoryStore();
    const ruleset = rulesetById("galactic-empires");
    const rec = await createGame(store, { ruleset, scenario: "tutorial", seed: 5, id: "late", inputs: {} });
    const late = parseYaml(readFileSync("examples/tutorial/orders/klingon.yaml", "utf8"));
    let commits = 0;
    const commit = store.commit.bind(store);
    store.commit = async (id: string, entry: StepEntry, next: GameRecord, joined?: JoinedWrite, counted?: number) => {
      commits += 1;
      // The Klingon player submits while the first run is being computed.
      if (commits === 1) await submitOrders(store, id, "klingon", late, "api late", "2031-01-01T00:00:00Z");
      return commit(id, entry, next, joined, counted);
    };
    const run = await playStep(store, rec.id, { holder: "test" });
    expect(commits).toBe(2);
    expect(run.entry.sources.klingon).toBe("revision 1: api late");
    const h = await store.history(rec.id, 1);
    expect(Object.keys((h!.orders as Record<string, unknown>).klingon as object).length).toBeGreaterThan(0);
    expect((await store.load(rec.id))!.step).toBe(2);
  });
});
