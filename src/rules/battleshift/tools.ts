/**
 * Battleshift's tools, registered with the ruleset so the CLI and the API expose
 * them without naming the ruleset: the fleet check ("Building a Fleet": priced,
 * one message per fault), volley odds ("Basic Combat Resolution", sampled or
 * exact) and the replay of a battle (every activation, fire, damage and loss).
 */
import type { Problem } from "../../core/result.js";
import type { GameAccess, GameTool, InputTool, ToolOutput } from "../../core/ruleset.js";
import { exactOdds, monteCarloOdds, oddsJson, parseOddsInput } from "./combat/odds.js";
import type { BsEvent } from "./events.js";
import { type Fleet, parseFleet, squadronSummary } from "./fleet/fleet.js";
import { describeDesign } from "./fleet/ship-building.js";
import type { BattleState } from "./model.js";
import { formatOdds } from "./presentation/odds-text.js";
import { type ReplayFrame, renderReplayHtml, renderReplaySvg } from "./presentation/replay.js";

/** The most sampled attacks one odds request may make (a host can state it). */
export const MAX_ODDS_RUNS = 10_000_000;

const faultLine = (p: Problem): string => `  ${p.order}: ${p.message} (${p.code})`;

/** The priced fleet, taskforce by taskforce and squadron by squadron. */
export function fleetReport(fleet: Fleet): string[] {
  const lines: string[] = [];
  const limit = fleet.pointsLimit === null ? "no points limit" : `limit ${fleet.pointsLimit}`;
  lines.push(`Fleet "${fleet.name}": ${fleet.points} points (${limit}), ${fleet.taskforces.length} taskforce(s)`);
  for (const tf of fleet.taskforces) {
    const ships = tf.squadrons.reduce((t, s) => t + s.ships, 0);
    const pts = tf.squadrons.reduce((t, s) => t + (s.cost ?? 0), 0);
    lines.push(
      `  Taskforce "${tf.name}": ${tf.squadrons.length} squadron(s), ${ships} ships, ${pts} points${tf.flagship ? `, flagship in "${tf.flagship}"` : ""}`,
    );
    for (const sq of tf.squadrons) {
      const s = squadronSummary(fleet, sq);
      const d = fleet.designs[sq.design];
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
    lines.push("  Designs:");
    for (const [key, d] of used) lines.push(`    ${key}: ${describeDesign(d)}`);
  }
  return lines;
}

export const fleetCheckTool: InputTool = {
  kind: "input",
  id: "fleet-check",
  input: "fleet",
  summary: "validate and price a fleet file: one message per fault",
  help: `The input is a fleet file (YAML or JSON): name, points, options, taskforces with squadrons
(design and ships, or mixed lists), defended planets, stations.
Examples: examples/battleshift/fleets/terran-home-fleet.yaml, examples/battleshift/fleets/faulty-fleet.yaml`,
  options: [
    { name: "points", description: "the agreed point total (overrides the file's points:)", kind: "integer", min: 1, max: 1_000_000 },
  ],
  run(input, options, source = "the fleet"): ToolOutput {
    const r = parseFleet(input, options.points !== undefined ? { points: Number(options.points) } : {});
    const problems = r.ok ? [] : r.error;
    const value = r.value;
    const lines = value ? fleetReport(value) : [];
    if (r.ok) lines.push(`Valid: ${source} is a legal fleet of ${r.value.points} points.`);
    else {
      lines.push(`Invalid: ${source} has ${problems.length} fault(s):`);
      for (const p of problems) lines.push(faultLine(p));
    }
    return { ok: r.ok, text: lines.join("\n"), json: { ok: r.ok, fleet: value ?? null, problems } };
  },
};

export const oddsTool: InputTool = {
  kind: "input",
  id: "odds",
  input: "odds input",
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
