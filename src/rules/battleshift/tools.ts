/**
 * Battleshift's tools, registered with the ruleset so the CLI and the API expose
 * them without naming the ruleset: the fleet check ("Building a Fleet": priced,
 * one message per fault), volley odds ("Basic Combat Resolution", sampled or
 * exact) and the replay of a battle (every activation, fire, damage and loss).
 */
import type { Problem } from "../../core/result.js";
import type { GameAccess, GameTool, InputTool, ToolOutput } from "../../core/ruleset.js";
import { exactOdds, monteCarloOdds, oddsInputSchema, oddsJson, parseOddsInput } from "./combat/odds.js";
import type { BsEvent } from "./events.js";
import { type Fleet, fleetFileSchema, parseFleet, squadronSummary } from "./fleet/fleet.js";
import { describeDesign, type ShipDesign, SYSTEM_KINDS, SYSTEMS } from "./fleet/ship-building.js";
import type { BattleState } from "./model.js";
import { formatOdds } from "./presentation/odds-text.js";
import { type ReplayFrame, renderReplayHtml, renderReplaySvg } from "./presentation/replay.js";

/** The most sampled attacks one odds request may make (a host can state it). */
export const MAX_ODDS_RUNS = 10_000_000;

const faultLine = (p: Problem): string => `  ${p.order}: ${p.message} (${p.code})`;

/** What one ship costs, item by item ("Ship Building": base 10 per size, then each system or weakness), and its space. */
export function shipCostLine(d: ShipDesign): string {
  const items = d.costBreakdown.map(
    (c) => `${c.item} = ${c.points < 0 ? "" : c.points === 0 || c.item.startsWith("base") ? "" : "+"}${c.points}`,
  );
  const sum = d.costBreakdown.reduce((t, c) => t + c.points, 0);
  const printed = sum !== d.cost ? ` (the rules give ${sum}; this is the printed cost, option catalogueValues: printed)` : "";
  const space: string[] = [];
  for (const k of SYSTEM_KINDS) {
    const rule = SYSTEMS[k];
    const n = d.input.systems[k] ?? 0;
    if (n <= 0 || !rule.space || rule.weakness || (k === "fast" && d.size === 1)) continue;
    const units = rule.space(d.size) * (rule.both ? n : n - (d.input.byCost?.[k] ?? 0));
    if (units > 0) space.push(`${n} ${rule.label} = ${units}`);
  }
  const bought = d.input.systems.extraSpace ?? 0;
  const slow = d.space.total - 2 * d.size - bought;
  const room = `${d.space.total} (${d.size} x 2${bought ? ` + ${bought} bought` : ""}${slow ? ` + ${slow} from slow drives` : ""})`;
  return `cost ${d.cost}${printed}: ${items.join("; ")}. Space ${d.space.used} of ${room}${space.length ? `: ${space.join(", ")}` : ""}`;
}

/**
 * The priced fleet, taskforce by taskforce, squadron by squadron and ship by ship. `totals` false (a rejected
 * fleet): the fleet's and each taskforce's totals are left out, since they are not those of any legal fleet.
 */
export function fleetReport(fleet: Fleet, totals = true): string[] {
  const lines: string[] = [];
  const limit = fleet.pointsLimit === null ? "no points limit" : `limit ${fleet.pointsLimit}`;
  if (totals) lines.push(`Fleet "${fleet.name}": ${fleet.points} points (${limit}), ${fleet.taskforces.length} taskforce(s)`);
  else lines.push(`What could be priced of "${fleet.name}" (${limit}), part by part:`);
  for (const tf of fleet.taskforces) {
    const ships = tf.squadrons.reduce((t, s) => t + s.ships, 0);
    const pts = tf.squadrons.reduce((t, s) => t + (s.cost ?? 0), 0);
    const flag = tf.flagship ? `, flagship in "${tf.flagship}"` : "";
    lines.push(
      totals
        ? `  Taskforce "${tf.name}": ${tf.squadrons.length} squadron(s), ${ships} ships, ${pts} points${flag}`
        : `  Taskforce "${tf.name}": ${tf.squadrons.length} squadron(s)${flag}`,
    );
    for (const sq of tf.squadrons) {
      const s = squadronSummary(fleet, sq);
      const d = fleet.designs[sq.design];
      if (!totals && (sq.ships < 1 || s.lines.length < (sq.mixed ?? [sq]).length)) {
        lines.push(`    Squadron "${sq.name}": not priced (see its faults)`);
        continue;
      }
      const thresholds = d && !sq.mixed ? `, threshold ${d.hull}, total damage ${d.hull * sq.ships}` : "";
      lines.push(`    Squadron "${sq.name}": ${sq.ships} ship(s), ${s.units} size units, ${s.cost} points${thresholds}`);
      for (const l of s.lines) lines.push(`      ${l}`);
    }
  }
  for (const d of fleet.defenses ?? []) {
    lines.push(`  Defended ${d.kind} "${d.name}": defense size ${d.defense.size}, ${d.diameter}" across, ${d.cost} points`);
    for (const q of d.defense.quadrants) {
      const w = Object.entries(q.weapons).map(([k, n]) => `${n} ${k}`);
      lines.push(`    Quadrant ${q.id}: ${w.length ? w.join(", ") : "no installations"}; ${q.assault} assault unit(s)`);
    }
  }
  for (const st of fleet.stations ?? []) lines.push(`  Station "${st.name}" (${st.design}) in sector ${st.sector}: ${st.cost} points`);
  const used = Object.entries(fleet.designs).sort(([a], [b]) => a.localeCompare(b));
  if (used.length) {
    lines.push("  Ships, one of each design:");
    for (const [key, d] of used) {
      lines.push(`    ${key}: ${describeDesign(d)}`);
      lines.push(`      ${shipCostLine(d)}`);
    }
  }
  return lines;
}

export const fleetCheckTool: InputTool = {
  kind: "input",
  id: "fleet-check",
  input: "fleet",
  schema: fleetFileSchema,
  summary: "validate and price a fleet file: every fault at once, a cost breakdown per ship",
  help: `The input is a fleet file (YAML or JSON): name, points, options, taskforces with squadrons
(design and ships, or mixed lists), defended planets, stations (docs/formats.md, docs/schemas/battleshift.fleet.schema.json).
A legal fleet is priced taskforce by taskforce, squadron by squadron and ship by ship. A fleet with faults
lists every fault first (each part of the file is checked, whatever faults the others have), then what could
be priced, without totals.
Examples: examples/battleshift/fleets/terran-home-fleet.yaml, examples/battleshift/fleets/faulty-fleet.yaml`,
  options: [
    { name: "points", description: "the agreed point total (overrides the file's points:)", kind: "integer", min: 1, max: 1_000_000 },
  ],
  run(input, options, source = "the fleet"): ToolOutput {
    const r = parseFleet(input, options.points !== undefined ? { points: Number(options.points) } : {});
    const lines: string[] = [];
    if (r.ok) {
      lines.push(...fleetReport(r.value));
      lines.push(`Valid: ${source} is a legal fleet of ${r.value.points} points.`);
    } else {
      lines.push(`Invalid: ${source} has ${r.error.length} fault(s):`);
      for (const p of r.error) lines.push(faultLine(p));
      const v = r.value;
      if (v && v.taskforces.length + (v.defenses?.length ?? 0) + (v.stations?.length ?? 0) > 0) lines.push("", ...fleetReport(v, false));
    }
    return { ok: r.ok, text: lines.join("\n"), json: { ok: r.ok, fleet: r.value ?? null, problems: r.ok ? [] : r.error } };
  },
};

export const oddsTool: InputTool = {
  kind: "input",
  id: "odds",
  input: "odds input",
  schema: oddsInputSchema,
  summary: "odds of one attack on one squadron, from the engine's own combat code (sampled, or exact)",
  help: `The input (JSON or YAML):
  { "attack": { weapon, dice, targeting }, "target": { ships, size, shieldsPerShip, hardness, hull, damageTaken, hullRule } }
Example: examples/battleshift/volley.json`,
  options: [
    {
      name: "exact",
      description: "compute the odds exactly by enumerating the dice (no sampling)",
      kind: "boolean",
      default: false,
      conflicts: ["runs", "seed"],
    },
    { name: "runs", description: "number of sampled attacks", kind: "integer", min: 1, max: MAX_ODDS_RUNS, default: 100_000 },
    { name: "seed", description: "seed of the sampled attacks", kind: "integer", min: -2147483648, max: 4294967295, default: 1 },
  ],
  run(input, options): ToolOutput {
    const parsed = parseOddsInput(input);
    if (!parsed.ok)
      return {
        ok: false,
        refused: true,
        text: parsed.error.map((p) => `  ${p.message}`).join("\n"),
        json: { ok: false, problems: parsed.error },
      };
    const { attack, target } = parsed.value;
    const runs = Number(options.runs ?? 100_000);
    const seed = Number(options.seed ?? 1);
    const odds = options.exact === true ? exactOdds(attack, target) : monteCarloOdds(attack, target, runs, seed);
    return {
      ok: true,
      text: formatOdds(parsed.value, odds, options.exact === true ? "exact" : `${runs} sampled attacks, seed ${seed}`),
      json: oddsJson(odds),
    };
  },
};

export const replayTool: GameTool<BattleState, BsEvent> = {
  kind: "game",
  id: "replay",
  summary: "the battle drawn step by step: an SVG sheet (one panel per activation) or a self-contained HTML file",
  help: "--format svg|html (the CLI takes it from --out FILE.svg or FILE.html).",
  options: [{ name: "format", description: "svg or html", kind: "string", default: "html" }],
  async run(game: GameAccess<BattleState, BsEvent>, options): Promise<ToolOutput> {
    const format = String(options.format ?? "html");
    if (format !== "svg" && format !== "html") {
      const text = `the replay is drawn as svg or html, not "${format}"`;
      return { ok: false, text, json: { ok: false, message: text } };
    }
    const frames = await replayFrames(game);
    const content = format === "svg" ? renderReplaySvg(frames) : renderReplayHtml(frames);
    return { ok: true, text: `${frames.length} step(s)`, json: { steps: frames.length }, file: { extension: format, content } };
  },
};

/** Frames of a game: the state before its first step, then the state after each step with that step's events. */
export async function replayFrames(game: GameAccess<BattleState, BsEvent>): Promise<ReplayFrame[]> {
  const steps = game.steps;
  const first = steps[0];
  if (first === undefined) return [{ step: 0, state: game.state, events: [] }];
  const frames: ReplayFrame[] = [{ step: 0, state: (await game.stepAt(first)).state, events: [] }];
  for (let i = 0; i < steps.length; i++) {
    const k = steps[i] as number;
    const next = steps[i + 1];
    const { events } = await game.stepAt(k);
    const after = next !== undefined ? (await game.stepAt(next)).state : game.state;
    frames.push({ step: k, state: after, events });
  }
  return frames;
}
