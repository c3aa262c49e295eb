/**
 * A battle fought out in Battleshift, replayed (issue 12 "Battles", way 2: "The Battleshift battle is kept and its
 * replay linked from the campaign's report"). The campaign keeps each such battle's scenario input and seed
 * (`BattleRecord.battleshift`, battleshift-resolver.ts); the replay creates that Battleshift game again and plays it
 * with the very loop that fought it (`playBattleshift`: Battleshift's own steps and its normal bot on both sides, each
 * step's generator drawn from the seed), so the same input and seed give the same battle, step for step, and its
 * end is the end the campaign took its losses from. The frames are drawn as Battleshift's own replay draws a game
 * (presentation/replay.ts): a self-contained HTML file, or an SVG sheet.
 *
 * Every battle is open to every seat (seed 000 "SETTING UP THE GAME": "The contents of the fleets, or any other stacks
 * on the FDM, may be examined freely by all players"; the report names its ships): a seat may replay any battle its
 * known state lists. Mines, seekers and shatter drones are resolved before the Battleshift battle (before-the-battle.ts),
 * so a replay shows none: the battle's report gives them. A battle held to the campaign's break-off rules (kept
 * `breakOff`, `mustFire`) is replayed held to the same.
 */
import { z } from "zod";
import { err, ok, type Problem, problem, type Result } from "../../../../core/result.js";
import type { GameAccess, GameTool, ToolOutput } from "../../../../core/ruleset.js";
import { refusedOutput } from "../../../../core/tool-options.js";
import type { BattleState } from "../../../battleshift/model.js";
import { type ReplayFrame, renderReplayHtml, renderReplaySvg } from "../../../battleshift/presentation/replay.js";
import { esc } from "../../../battleshift/presentation/replay-marks.js";
import type { SwEvent } from "../../events.js";
import type { BattleRecord, SatharWarState } from "../../model.js";
import { knownState } from "../../presentation/known-state.js";
import { battleshiftGameOf, playBattleshift } from "./battleshift-resolver.js";
import { stayingSquadrons } from "./breaking-off.js";

/** The kept input, as `resolveInBattleshift` writes it: `starhost new battleshift --scenario default` with these inputs. */
const keptInput = z.object({
  ruleset: z.literal("battleshift"),
  scenario: z.literal("default"),
  seed: z.number().int(),
  inputs: z.record(z.string(), z.array(z.unknown())),
});

/** A battle replayed: every frame (the deployment, then each step), the end, and what was lost in it. */
export interface BattleReplay {
  frames: ReplayFrame[];
  final: BattleState;
  /** Knight Hawks ships and stations destroyed in the replayed battle (in the kept key's order). */
  lost: { ships: string[]; stations: string[] };
  /** Knight Hawks ships that shifted out (escaped the battle). */
  escaped: string[];
}

const problemOf = (id: string, code: string, message: string): Problem => problem(`battle ${id}`, code, message);

/** The Battleshift ship's squadron ("blue-tf1-s2.3" → "blue-tf1-s2"). */
const squadronOf = (bsShip: string) => bsShip.slice(0, bsShip.lastIndexOf("."));

/**
 * Replay a kept Battleshift battle (pure: the same record, the same frames). A record not fought in Battleshift, or
 * whose kept input Battleshift refuses, is a problem.
 */
export function replayBattle(record: BattleRecord): Result<BattleReplay, Problem[]> {
  const kept = record.battleshift;
  if (!kept)
    return err([
      problemOf(
        record.id,
        "not-fought-in-battleshift",
        `battle ${record.id} was resolved ${record.mode === "table" ? "at the table" : record.mode}, not fought out in Battleshift: there is no Battleshift battle to replay (its report is all there is)`,
      ),
    ]);
  const input = keptInput.safeParse(kept.input);
  if (!input.success)
    return err([problemOf(record.id, "bad-kept-battle", `battle ${record.id}'s kept Battleshift input is not one a replay can read`)]);
  const made = battleshiftGameOf(input.data.inputs, kept.seed);
  if (!made.ok) return err(made.error.map((p) => problemOf(record.id, p.code, `the kept Battleshift input: ${p.order}: ${p.message}`)));
  const frames: ReplayFrame[] = [{ step: 0, state: made.value, events: [] }];
  // The campaign's break-off rules, when the battle was held to them (absent: plain Battleshift with its bots).
  const stay = stayingSquadrons(kept.ships ?? {}, new Set(record.stations));
  const rules = {
    ...(kept.breakOff ? { breakOff: kept.breakOff, ...(stay.length > 0 ? { stay } : {}) } : {}),
    ...(kept.mustFire ? { mustFire: kept.mustFire } : {}),
  };
  const played = playBattleshift(
    made.value,
    kept.seed,
    (step, after, events) => {
      frames.push({ step, state: after, events: [...events] });
    },
    rules,
  );
  const final = played.state;
  const alive = (bsShip: string) => final.squadrons[squadronOf(bsShip)]?.ships.some((s) => s.id === bsShip) ?? false;
  const stationIds = new Set(record.stations);
  const lost = { ships: [] as string[], stations: [] as string[] };
  const escaped: string[] = [];
  for (const [bsShip, kh] of Object.entries(kept.ships ?? {})) {
    if (!alive(bsShip)) {
      // A station that fought as a ship (its side had no ship) is lost with it (battleshift-resolver.ts mapBack).
      (stationIds.has(kh) ? lost.stations : lost.ships).push(kh);
      continue;
    }
    const sq = final.squadrons[squadronOf(bsShip)];
    if (sq && (sq.location === "hyperspace" || (sq.location === "gone" && (sq.goneReason === "shifted" || sq.goneReason === "emergency"))))
      escaped.push(kh);
  }
  for (const [bsSquadron, station] of Object.entries(kept.stations ?? {}))
    if ((final.squadrons[bsSquadron]?.ships.length ?? 0) === 0) lost.stations.push(station);
  return ok({ frames, final, lost, escaped });
}

/** The replay's own heading: which battle of the campaign this is, and how to read its ships' names. */
function battleHeading(state: SatharWarState, record: BattleRecord): string {
  const system = state.map.systems.find((s) => s.id === record.system);
  const planet = system?.planets.find((p) => p.id === record.planet)?.name ?? record.planet;
  const attacker = record.attacker === "sathar" ? "the Sathar" : "the UPF";
  return `Battle ${record.id}: day ${record.day}, ${system?.name ?? record.system} (${planet}), ${attacker} attacking`;
}

/** A table of which Knight Hawks ship or station each Battleshift one stands for, and its fate in the battle. */
function keyTable(state: SatharWarState, record: BattleRecord, replay: BattleReplay): string {
  const kept = record.battleshift;
  const rows: string[] = [];
  const lost = new Set([...replay.lost.ships, ...replay.lost.stations]);
  const escaped = new Set(replay.escaped);
  const nameOf = (id: string) => state.ships[id]?.name ?? state.stations[id]?.name ?? id;
  const fate = (id: string) => (lost.has(id) ? "destroyed" : escaped.has(id) ? "shifted out" : "fought on");
  for (const [bs, kh] of Object.entries(kept?.ships ?? {}))
    rows.push(`<tr><td>${esc(bs)}</td><td>${esc(kh)}</td><td>${esc(nameOf(kh))}</td><td>${fate(kh)}</td></tr>`);
  for (const [bs, kh] of Object.entries(kept?.stations ?? {}))
    rows.push(`<tr><td>${esc(bs)}</td><td>${esc(kh)}</td><td>${esc(nameOf(kh))}</td><td>${fate(kh)}</td></tr>`);
  if (rows.length === 0) return "";
  return `<details style="margin-top:12px"><summary>Which Knight Hawks ship is which Battleshift ship (blue: the UPF, red: the Sathar)</summary>
<table style="border-collapse:collapse;font-size:13px"><caption style="text-align:left">Battle ${esc(record.id)}: ${rows.length} ships and stations</caption>
<thead><tr><th scope="col">Battleshift</th><th scope="col">Knight Hawks</th><th scope="col">Name</th><th scope="col">In the battle</th></tr></thead>
<tbody>${rows.join("")}</tbody></table></details>`;
}

/** The replay's HTML: Battleshift's own page, titled with the campaign's battle and closed by the key of its ships. */
export function battleReplayHtml(state: SatharWarState, record: BattleRecord, replay: BattleReplay): string {
  const heading = battleHeading(state, record);
  const lost = replay.lost.ships.length + replay.lost.stations.length;
  const intro = `<h1 style="font-size:20px">${esc(heading)}</h1>
<p>Fought out in Battleshift by its normal bot on both sides (seed ${record.battleshift?.seed ?? "?"}), replayed from the campaign's kept fleets and seed: ${replay.frames.length - 1} steps, ${lost} ships and stations destroyed.</p>`;
  return renderReplayHtml(replay.frames)
    .replace(/<title>[^<]*<\/title>/, `<title>${esc(`${heading}: Battleshift replay`)}</title>`)
    .replace("<body>", `<body>\n${intro}`)
    .replace("</body>", `${keyTable(state, record, replay)}\n</body>`);
}

/** The campaign's battles a seat may know of: every battle (all are open); without a seat, the referee's. */
function knownBattles(state: SatharWarState, seat: string | undefined): BattleRecord[] {
  return (seat === undefined ? state : knownState(state, seat)).battles;
}

/** The battles that can be replayed, for a refusal's message. */
function replayable(battles: readonly BattleRecord[]): string {
  const ids = battles.filter((b) => b.battleshift).map((b) => b.id);
  if (ids.length === 0) return "no battle of this campaign was fought out in Battleshift yet";
  const shown = ids.slice(-10);
  return `battles fought out in Battleshift: ${shown.join(", ")}${ids.length > shown.length ? ` (the last ${shown.length} of ${ids.length})` : ""}`;
}

/** The id of the last battle fought out in Battleshift, if any. */
function lastFought(battles: readonly BattleRecord[]): string | undefined {
  return battles.findLast((b) => b.battleshift)?.id;
}

/** The answer before any battle was fought out in Battleshift: a page (or sheet) that says so. */
function noBattleYet(format: "svg" | "html"): ToolOutput {
  const text = "No battle of this campaign has been fought out in Battleshift yet: there is nothing to replay.";
  const content =
    format === "svg"
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="60" role="img" aria-label="${text}"><text x="10" y="35" font-family="sans-serif" font-size="16">${text}</text></svg>\n`
      : `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Battleshift replay</title></head><body><h1>Battleshift replay</h1><p>${text}</p></body></html>\n`;
  return { ok: true, text, json: { battle: null, steps: 0 }, file: { extension: format, content } };
}

export const battleReplayTool: GameTool<SatharWarState, SwEvent> = {
  kind: "game",
  id: "battle-replay",
  summary:
    "a campaign battle fought out in Battleshift, replayed from its kept fleets and seed: a self-contained HTML file or an SVG sheet",
  help: `--battle ID names the battle as the campaign keeps it (the report's "Battle ID at ...", e.g. d5-kizk-kar-sathar;
default: the last one fought out in Battleshift);
--seat SEAT replays a battle that seat knows of (every battle is open, seed 000 "SETTING UP THE GAME");
--format svg|html (the CLI takes it from --out FILE.svg or FILE.html).
The battle is fought again by Battleshift's own steps and its normal bot on both sides, from the same seed: the same
battle, step for step, ending in the losses the campaign recorded.`,
  options: [
    {
      name: "battle",
      description: "the battle's id, as the campaign's report names it (default: the last fought out in Battleshift)",
      kind: "string",
    },
    { name: "seat", description: "the seat asking (a battle it knows of; default: the referee)", kind: "seat" },
    { name: "format", description: "svg or html", kind: "string", default: "html" },
  ],
  async run(game: GameAccess<SatharWarState, SwEvent>, options): Promise<ToolOutput> {
    const state = game.state;
    const format = String(options.format ?? "html");
    if (format !== "svg" && format !== "html") return refusedOutput(`the replay is drawn as svg or html, not "${format.slice(0, 40)}"`);
    const seat = options.seat === undefined ? undefined : String(options.seat);
    if (seat !== undefined && !state.seats.some((s) => s.id === seat))
      return refusedOutput(`no seat "${seat.slice(0, 40)}" in this campaign; seats: ${state.seats.map((s) => s.id).join(", ")}`);
    const battles = knownBattles(state, seat);
    // Without a battle named: the campaign's last one fought out in Battleshift, or a page saying there is none yet.
    const id = options.battle === undefined || options.battle === "" ? lastFought(battles) : String(options.battle);
    if (id === undefined) return noBattleYet(format);
    const record = battles.find((b) => b.id === id);
    if (!record) return refusedOutput(`no battle "${id.slice(0, 140)}" in this campaign; ${replayable(battles)}`);
    const replay = replayBattle(record);
    if (!replay.ok) return refusedOutput(replay.error.map((p) => p.message).join("\n"));
    const r = replay.value;
    const steps = r.frames.length - 1;
    const content = format === "svg" ? renderReplaySvg(r.frames) : battleReplayHtml(state, record, r);
    return {
      ok: true,
      text: `battle ${record.id}, ${steps} step(s): destroyed ${[...r.lost.ships, ...r.lost.stations].join(", ") || "none"}`,
      json: { battle: record.id, steps, turns: r.final.turn, lost: r.lost, escaped: r.escaped, seed: record.battleshift?.seed ?? null },
      file: { extension: format, content },
    };
  },
};
