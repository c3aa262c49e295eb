/**
 * The whole lifecycle, for every registered ruleset, through the host and a store:
 * a game is created, bots play it step by step, every seat's report of every step
 * is derived from the history, any stored step re-runs to byte-identical events,
 * a game moves between stores unchanged, and a readable golden playthrough per
 * ruleset (test/golden/<ruleset>.txt) fails when behaviour changes
 * (UPDATE_GOLDEN=1 npx vitest run test/harness/lifecycle.test.ts rewrites them;
 * read the diff before committing it).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { createGame, exportGame, importGame, playBots, seatReport, submitOrders } from "../../src/host/games.js";
import { newGame, runStep } from "../../src/host/lifecycle.js";
import { playInMemory } from "../../src/host/play.js";
import { allRulesets } from "../../src/host/registry.js";
import { FolderStore } from "../../src/store/folder.js";
import { openStore } from "../../src/store/open.js";
import type { Store } from "../../src/store/store.js";

const base = mkdtempSync(join(tmpdir(), "starhost-lifecycle-"));
/** One PGlite folder for every ruleset's games (making one takes seconds). */
let pglite: Store | undefined;
const pgliteStore = async (): Promise<Store> => {
  pglite ??= await openStore(`pglite:${join(base, "pglite")}`);
  return pglite;
};
afterAll(async () => {
  await pglite?.close();
  rmSync(base, { recursive: true, force: true });
});
const GOLDEN = join(import.meta.dirname, "..", "golden");

/** The scenario and the number of steps each ruleset's golden game plays. */
const PLAN: Record<string, { scenario: string; steps: number; seed: number }> = {
  "galactic-empires": { scenario: "tutorial", steps: 3, seed: 7 },
  battleshift: { scenario: "playtest", steps: 12, seed: 3 },
  "sathar-war": { scenario: "war", steps: 10, seed: 1 },
  "space-war": { scenario: "campaign", steps: 12, seed: 2 },
};

function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p).toString("base64"));
    }
  };
  walk(dir);
  return out;
}

for (const ruleset of allRulesets()) {
  const plan = PLAN[ruleset.id] ?? { scenario: ruleset.defaultScenario, steps: 5, seed: 1 };
  describe(`${ruleset.id}: the lifecycle through the host and the folder store`, () => {
    const dir = join(base, ruleset.id);
    const store = new FolderStore(dir);
    const id = "g1";
    let clock = 0;
    const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();

    it("creates, plays by bots, reports every seat of every step, re-runs every step exactly, and keeps a golden transcript", async () => {
      const record = await createGame(store, { id, ruleset, scenario: plan.scenario, inputs: {}, seed: plan.seed });
      const seats = ruleset.describe(record.state).seats.map((s) => s.id);
      expect(seats.length).toBeGreaterThan(1);
      const lines: string[] = [`${ruleset.title}, scenario ${plan.scenario}, seed ${plan.seed}`, `start: ${record.label}`];
      const bots = Object.fromEntries(seats.map((s, i) => [s, i === 0 ? "random" : "normal"]));
      let last = record.step;
      await playBots(store, id, {
        bots,
        maxSteps: plan.steps,
        clock: at,
        onStep: ({ run }) => {
          expect(run.next.step).toBe(last + 1);
          last = run.next.step;
          lines.push(
            `${run.entry.label}: ${Object.entries(run.entry.sources)
              .map(([s, src]) => `${s} ${src}`)
              .join("; ")}`,
          );
          for (const e of run.entry.events as { kind: string; step: string; text: string; to?: unknown }[]) {
            expect(typeof e.text, `event ${e.kind} has a text`).toBe("string");
            expect(typeof e.step, `event ${e.kind} has a step`).toBe("string");
            lines.push(`  [${e.step}] ${e.kind}${Array.isArray(e.to) ? ` to ${e.to.join(",")}` : ""}: ${e.text}`);
          }
        },
      });
      const steps = await store.steps(id);
      expect(steps.length).toBe(plan.steps);
      for (const n of steps) {
        const entry = await store.history(id, n);
        expect(entry).not.toBeNull();
        if (!entry) continue;
        // A re-run of the stored step from its state, submissions and seed: the same events, byte for byte.
        const subs = await store.submissions(id, n);
        const again = runStep(ruleset, { ...record, step: n, label: entry.label, state: entry.state, outcome: null }, subs);
        expect(canonicalJson(again.entry.events)).toBe(canonicalJson(entry.events));
        for (const seat of seats) {
          const r = await seatReport(store, id, seat, n);
          expect(r.text.length).toBeGreaterThan(0);
        }
      }
      const file = join(GOLDEN, `${ruleset.id}.txt`);
      const text = `${lines.join("\n")}\n`;
      if (process.env.UPDATE_GOLDEN || !existsSync(file)) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, text);
      }
      expect(text).toBe(readFileSync(file, "utf8"));
    });

    it("bots of every level, each against the normal bot, play whole games to an outcome", () => {
      for (const level of Object.keys(ruleset.bots)) {
        const made = newGame({ id: "outcome", ruleset, scenario: plan.scenario, inputs: {}, seed: plan.seed + 1 });
        if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
        const seats = ruleset.describe(made.value.state).seats.map((x) => x.id);
        // The first seat plays the normal bot, so that passive bots too see a game end.
        const r = playInMemory(ruleset, made.value, Object.fromEntries(seats.map((x, i) => [x, i === 0 ? "normal" : level])), 3000);
        expect(r.record.outcome, `${level} bots reach an outcome within 3000 steps`).not.toBeNull();
        expect(ruleset.awaiting(r.record.state), "a game over awaits no one").toEqual([]);
      }
    }, 300_000);

    it("refuses a stale or malformed submission with a message naming what is wrong, and keeps every revision", async () => {
      const record = await store.load(id);
      if (!record || record.outcome) return;
      const seat = (ruleset.awaiting(record.state) as string[])[0] as string;
      await expect(
        submitOrders(store, id, seat, { orders: [], step: record.step - 1, turn: record.step - 1 }, "test", at()),
      ).rejects.toThrow(/refused/);
      await expect(submitOrders(store, id, seat, 42, "test", at())).rejects.toThrow(/refused/);
      const a = await submitOrders(store, id, seat, ruleset.defaultOrders(record.state, seat), "test", at());
      const b = await submitOrders(store, id, seat, ruleset.defaultOrders(record.state, seat), "test", at());
      expect(b.revision).toBe(a.revision + 1);
      expect((await store.submissions(id, record.step)).filter((s) => s.seat === seat).length).toBeGreaterThanOrEqual(2);
    });

    it("plays the same game on the memory and PGlite stores: every step, submission and record the same", async () => {
      const memory = await openStore("memory");
      for (const other of [memory, await pgliteStore()]) {
        const oid = `${ruleset.id}-${other === memory ? "memory" : "pglite"}`;
        clock = 0;
        const record = await createGame(other, { id: oid, ruleset, scenario: plan.scenario, inputs: {}, seed: plan.seed });
        const seats = ruleset.describe(record.state).seats.map((x) => x.id);
        const bots = Object.fromEntries(seats.map((x, i) => [x, i === 0 ? "random" : "normal"]));
        await playBots(other, oid, { bots, maxSteps: plan.steps, clock: at });
        const mine = await exportGame(other, oid);
        const theirs = await exportGame(store, id);
        expect(mine.steps.length).toBe(plan.steps);
        for (let i = 0; i < mine.steps.length; i++)
          expect(canonicalJson(mine.steps[i]), `step ${i + 1} on ${other.where}`).toBe(canonicalJson(theirs.steps[i]));
        expect(canonicalJson({ ...mine.record, id })).toBe(canonicalJson(theirs.record));
        expect(canonicalJson(mine.submissions.filter((x) => x.step <= plan.steps))).toBe(
          canonicalJson(theirs.submissions.filter((x) => x.step <= plan.steps && x.source.startsWith("bot"))),
        );
      }
      await memory.close();
    }, 180_000);

    it("moves between stores unchanged: folder -> PGlite -> folder is byte-identical", async () => {
      const doc = await exportGame(store, id);
      const db = await pgliteStore();
      const moved = { ...doc, record: { ...doc.record, id: `${ruleset.id}-moved` } };
      await importGame(db, JSON.parse(JSON.stringify(moved)));
      const back = await exportGame(db, `${ruleset.id}-moved`);
      const copy = join(base, `${ruleset.id}-copy`);
      await importGame(new FolderStore(copy), { ...back, record: { ...back.record, id } });
      const a = tree(dir);
      const b = tree(copy);
      expect([...b.keys()]).toEqual([...a.keys()]);
      for (const [k, v] of a) expect(b.get(k), k).toBe(v);
    }, 180_000);
  });
}
