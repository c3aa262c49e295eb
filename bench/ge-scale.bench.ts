/**
 * Engine speed as a galaxy grows (issue 3, "Speed"):
 *  - "One turn of a 5,000-sector, 24-empire galaxy at mid-game: at most 2 s, at
 *    most 1 GB of memory";
 *  - "How cost grows: turn time at 500, 1,000, 2,000, 5,000 sectors as a table".
 *
 * Each generated galaxy (scenarios galaxy-500 ... galaxy-5000, every seat a normal
 * bot) is played 10 turns to reach mid-game; then turn 11 is timed: the bots'
 * orders for every seat, and the adjudication (the ruleset's `resolve`: the
 * independents' orders and `runTurn`). Both are pure, so each is run 3 times on
 * the same input and the fastest kept (the machine may be shared). Memory is the
 * process's peak resident set and the heap in use after the timed turn.
 * A per-step profile of the timed 5,000-sector turn follows (chapter 9's steps).
 *
 *   npx tsx bench/run.ts ge-scale            (figures against the budgets)
 *   npx tsx bench/ge-scale.bench.ts [sizes]  (the table, e.g. 500,1000)
 */
import { clonePlain } from "../src/core/json.js";
import { mixSeed, Rng } from "../src/core/rng.js";
import { botOrdersFor } from "../src/host/play.js";
import { independentOrders, withIndependentPool } from "../src/rules/galactic-empires/bot/index.js";
import { TurnContext } from "../src/rules/galactic-empires/context.js";
import { palaceCoup } from "../src/rules/galactic-empires/first-events.js";
import { galacticEmpires } from "../src/rules/galactic-empires/index.js";
import { type EmpireId, type GameState, INDEPENDENT } from "../src/rules/galactic-empires/model.js";
import { runMovementEvents } from "../src/rules/galactic-empires/movement-events.js";
import type { Order, Orders } from "../src/rules/galactic-empires/orders.js";
import { FINAL_EVENTS, FIRST_EVENTS, newSeason } from "../src/rules/galactic-empires/turn.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const WARM_TURNS = 20;
const SEED = 1;

export interface ScaleRow {
  sectors: number;
  empires: number;
  units: number;
  orders: number;
  battles: number;
  /** Fastest of 3 adjudications of the same mid-game turn, ms. */
  adjudicationMs: number;
  /** Fastest of 3 runs of every seat's bot on the same state, ms. */
  botsMs: number;
  /** Playing the 10 warm-up turns, s. */
  warmUpS: number;
  heapMb: number;
  peakRssMb: number;
  steps: { step: string; ms: number }[];
}

function allNormal(state: GameState): Record<EmpireId, "normal"> {
  const levels: Record<EmpireId, "normal"> = {};
  for (const s of galacticEmpires.seats(state)) levels[s] = "normal";
  return levels;
}

function fastest<T>(times: number, f: () => T): { ms: number; value: T } {
  let best = Number.POSITIVE_INFINITY;
  let value: T | undefined;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    value = f();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, value: value as T };
}

/**
 * The adjudication of one turn step by step, as `resolve` and `runTurn` do it, each
 * step timed: where a turn's time goes.
 */
function stepProfile(state: GameState, ordersBySeat: Record<EmpireId, Orders>, rng: Rng): { step: string; ms: number }[] {
  const out: { step: string; ms: number }[] = [];
  const time = (step: string, f: () => void) => {
    const t0 = performance.now();
    f();
    out.push({ step, ms: performance.now() - t0 });
  };
  const lists: Record<EmpireId, readonly Order[]> = {};
  let start = state;
  time("independents' orders", () => {
    for (const seat of Object.keys(ordersBySeat).sort()) lists[seat] = ordersBySeat[seat]?.orders ?? [];
    start = withIndependentPool(state);
    lists[INDEPENDENT] = independentOrders(start, Rng.fromSeed(mixSeed(rng.clone().nextUint32(), state.turn, "independents")));
  });
  let ctx: TurnContext | undefined;
  time("copy of the state and turn context", () => {
    const work = clonePlain(start);
    const known: Record<EmpireId, readonly Order[]> = {};
    for (const id of Object.keys(lists).sort()) {
      const e = work.empires[id];
      if ((e && !e.defeated) || id === INDEPENDENT) known[id] = lists[id] ?? [];
    }
    ctx = new TurnContext(work, known, rng);
  });
  const c = ctx as TurnContext;
  time("Palace coup", () => palaceCoup(c));
  for (const s of FIRST_EVENTS) time(`${s.no} ${s.name}`, () => s.run(c));
  time("2 Movement Events (every phase)", () => runMovementEvents(c));
  c.phase = 0;
  for (const s of FINAL_EVENTS) time(`${s.no} ${s.name}`, () => s.run(c));
  time("Turn Events Are Complete", () => newSeason(c.state));
  return out;
}

export function measureScale(sectors: number): ScaleRow {
  const scenario = galacticEmpires.scenarios[`galaxy-${sectors}`];
  if (!scenario) throw new Error(`no scenario galaxy-${sectors}`);
  let state = scenario.create(SEED, {});
  const t0 = performance.now();
  for (let t = 0; t < WARM_TURNS; t++) {
    if (galacticEmpires.outcome(state)) break;
    state = galacticEmpires.resolve(
      state,
      botOrdersFor(galacticEmpires, state, state.seed, allNormal(state)) as Record<string, Orders>,
      Rng.forTurn(state.seed, state.turn),
    ).state;
  }
  const warmUpS = (performance.now() - t0) / 1000;
  const levels = allNormal(state);
  const bots = fastest(3, () => botOrdersFor(galacticEmpires, state, state.seed, levels) as Record<string, Orders>);
  const orders = bots.value;
  const adjudication = fastest(3, () => galacticEmpires.resolve(state, orders, Rng.forTurn(state.seed, state.turn)));
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const steps = sectors === 5000 ? stepProfile(state, orders, Rng.forTurn(state.seed, state.turn)) : [];
  return {
    sectors: state.sectors.length,
    empires: galacticEmpires.seats(state).length,
    units: Object.keys(state.units).length,
    orders: Object.values(orders).reduce((n, o) => n + o.orders.length, 0),
    battles: adjudication.value.events.filter((e) => e.kind === "battle").length,
    adjudicationMs: adjudication.ms,
    botsMs: bots.ms,
    warmUpS,
    heapMb,
    peakRssMb,
    steps,
  };
}

export function scaleTable(rows: ScaleRow[]): string {
  const head = [
    "sectors",
    "seats",
    "units",
    "orders",
    "battles",
    "adjudication ms",
    "bots ms",
    "turn ms",
    `${WARM_TURNS} warm-up turns s`,
    "heap MB",
    "peak RSS MB",
  ];
  const body = rows.map((r) => [
    String(r.sectors),
    String(r.empires),
    String(r.units),
    String(r.orders),
    String(r.battles),
    r.adjudicationMs.toFixed(0),
    r.botsMs.toFixed(0),
    (r.adjudicationMs + r.botsMs).toFixed(0),
    r.warmUpS.toFixed(1),
    r.heapMb.toFixed(0),
    r.peakRssMb.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => `${"-".repeat(w + 1)}:`).join("|")}|`, ...body.map(line)].join("\n");
}

export async function run(): Promise<Figure[]> {
  const rows = [500, 1000, 2000, 5000].map(measureScale);
  console.log(`Turn ${WARM_TURNS + 1} of generated galaxies, every seat a normal bot, seed ${SEED}:\n${scaleTable(rows)}`);
  const big = rows[rows.length - 1]!;
  console.log("\nWhere the 5,000-sector turn goes (ms per step, the slowest 8):");
  for (const s of [...big.steps].sort((a, b) => b.ms - a.ms).slice(0, 8))
    console.log(`  ${s.step.padEnd(45)} ${s.ms.toFixed(1).padStart(8)}`);
  const out: Figure[] = [];
  for (const r of rows) {
    out.push({
      name: `turn adjudication, ${r.sectors} sectors at mid-game`,
      value: r.adjudicationMs,
      unit: "ms",
      ...(r.sectors === 5000 ? { budget: 2000 } : {}),
    });
    out.push({ name: `  the bots' orders, ${r.sectors} sectors (${r.empires} seats)`, value: r.botsMs, unit: "ms" });
  }
  out.push({
    name: "whole turn, 5,000 sectors: bots' orders and adjudication",
    value: big.adjudicationMs + big.botsMs,
    unit: "ms",
    budget: 2000,
  });
  out.push({ name: "peak memory (resident set), 5,000 sectors", value: big.peakRssMb, unit: "MB", budget: 1024 });
  out.push({ name: "heap in use after the 5,000-sector turn", value: big.heapMb, unit: "MB", budget: 1024 });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (process.argv[2] ?? "500,1000,2000,5000").split(",").map(Number);
  const rows = sizes.map(measureScale);
  console.log(scaleTable(rows));
  for (const r of rows) {
    if (r.steps.length === 0) continue;
    console.log(`\nSteps of the ${r.sectors}-sector turn (ms):`);
    for (const s of r.steps) console.log(`  ${s.step.padEnd(45)} ${s.ms.toFixed(1).padStart(8)}`);
  }
}
