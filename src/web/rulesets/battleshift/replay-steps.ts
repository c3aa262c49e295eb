/**
 * The replay of a battle as one side saw it, made from nothing but that side's own reports (one per step run: the
 * events it may see, the forces on the table after the step) over the rules' state of its current view: so a seat
 * replays an unfinished battle without any secret of the other side (no order sheet, no return point from hyperspace)
 * reaching the page. Then the stepping: every activation (a step), and inside it every volley and every roll of the
 * dice, forwards and back. Pure: plain data in and out.
 */
import type { BsEvent, Roll } from "../../../rules/battleshift/events.js";
import type { BattleState, Flight, Squadron } from "../../../rules/battleshift/model.js";
import type { ReplayFrame } from "../../../rules/battleshift/presentation/replay.js";
import type { SeenFlight, SeenSquadron } from "../../../rules/battleshift/presentation/view.js";

/** A step's report as the seat reads it (`GET /api/games/ID/seats/S/report?step=N`), its json part. */
export interface ReportJson {
  step: number;
  turn: number;
  events: BsEvent[];
  vp: Record<string, number>;
  outcome: BattleState["outcome"];
  forces: { squadrons: SeenSquadron[]; flights: SeenFlight[] };
  enemy: Record<string, { squadrons: SeenSquadron[]; flights: SeenFlight[] }>;
  /** After the step (reports made before they were added lack them: the view's current ones stand in). */
  prizes?: BattleState["prizes"];
  planets?: BattleState["planets"];
}

export interface SeatFrame extends ReplayFrame {
  /** The step's name ("turn 2, red activation 14"). */
  label: string;
}

function isReportJson(x: unknown): x is ReportJson {
  return (
    typeof x === "object" &&
    x !== null &&
    "events" in x &&
    Array.isArray(x.events) &&
    "forces" in x &&
    typeof x.forces === "object" &&
    x.forces !== null &&
    "enemy" in x &&
    typeof x.enemy === "object"
  );
}

/**
 * The table after step `step` as the seat saw it: the squadrons and flights of its report put over `now` (the state of
 * its current view, which carries what does not change or is not in a report: designs, the battlespace, settings,
 * taskforces; planets and prizes come from the report when it has them). A squadron the report does not list was not on the table nor in hyperspace then (still to arrive, or
 * gone): it is left off.
 */
export function frameOfReport(now: BattleState, step: number, label: string, json: unknown): SeatFrame | null {
  if (!isReportJson(json)) return null;
  const seen = new Map<string, SeenSquadron>();
  const flightsSeen: SeenFlight[] = [...json.forces.flights];
  for (const q of json.forces.squadrons) seen.set(q.id, q);
  for (const side of Object.values(json.enemy)) {
    for (const q of side.squadrons) seen.set(q.id, q);
    flightsSeen.push(...side.flights);
  }
  const squadrons: Record<string, Squadron> = {};
  for (const [id, sq] of Object.entries(now.squadrons)) {
    const q = seen.get(id);
    squadrons[id] = q
      ? {
          ...sq,
          location: q.location,
          facing: q.facing,
          ships: q.ships.map((s) => ({ ...(sq.ships.find((x) => x.id === s.id) ?? {}), id: s.id, x: s.x, y: s.y, disabled: s.disabled })),
          damage: q.damage,
          suppression: q.suppression,
        }
      : { ...sq, location: sq.location === "gone" ? "gone" : "reserve", ships: [] };
  }
  const flights: Record<string, Flight> = {};
  for (const f of flightsSeen)
    flights[f.id] = { movedTurn: 0, interceptAt: 0, dogfighting: null, ...(now.flights[f.id] ?? {}), ...f } as Flight;
  const sides: BattleState["sides"] = {};
  for (const [id, s] of Object.entries(now.sides)) sides[id] = { ...s, vp: json.vp[id] ?? s.vp };
  return {
    step,
    label,
    events: json.events,
    state: {
      ...now,
      step: json.step,
      turn: json.turn,
      squadrons,
      flights,
      sides,
      outcome: json.outcome,
      prizes: json.prizes ?? now.prizes,
      ...(json.planets ? { planets: json.planets } : {}),
    },
  };
}

/** The first frame's name: the start (report step 0), the fleets as deployed before the first step ran. */
export const START_LABEL = "the start, as deployed";

/**
 * Every frame of the seat's replay: first the start (its report of step 0: the fleets as deployed, before the order
 * sheets and the first activation; seed 004 "Sectors": task forces are deployed by sector), then one per step run, in
 * order. Null while a report is still to come; none at all before a step has run (nothing to replay yet).
 */
export function seatFrames(
  now: BattleState,
  steps: readonly { step: number; label: string }[],
  reports: ReadonlyMap<number, { json: unknown }>,
): SeatFrame[] | null {
  if (steps.length === 0) return [];
  const out: SeatFrame[] = [];
  for (const s of [{ step: 0, label: START_LABEL }, ...steps]) {
    const r = reports.get(s.step);
    if (!r) return null;
    const f = frameOfReport(now, s.step, s.label, r.json);
    if (f) out.push(f);
  }
  return out;
}

/** Does this event stop the replay on its own: a volley (fire, missiles) or any roll of the dice? */
export function isBeat(e: BsEvent): boolean {
  return e.kind === "fire" || e.kind === "missiles" || (e.rolled?.length ?? 0) > 0;
}

/** A place in the replay: a step (frame) as a whole (`event` null), or one of its volleys or rolls. */
export interface Beat {
  frame: number;
  event: number | null;
}

export function beatsOf(frames: readonly ReplayFrame[]): Beat[] {
  const out: Beat[] = [];
  frames.forEach((f, i) => {
    out.push({ frame: i, event: null });
    f.events.forEach((e, k) => {
      if (isBeat(e)) out.push({ frame: i, event: k });
    });
  });
  return out;
}

export type Move = "next" | "previous" | "next-step" | "previous-step" | "first" | "last";

/** Where a move from beat `at` lands: volley by volley, or step by step (to a step's start), never past either end. */
export function stepBeat(beats: readonly Beat[], at: number, move: Move): number {
  const last = beats.length - 1;
  if (last < 0) return 0;
  const here = Math.max(0, Math.min(last, at));
  switch (move) {
    case "first":
      return 0;
    case "last":
      return last;
    case "next":
      return Math.min(last, here + 1);
    case "previous":
      return Math.max(0, here - 1);
    case "next-step": {
      const frame = beats[here]!.frame;
      const k = beats.findIndex((b, i) => i > here && b.frame > frame);
      return k < 0 ? last : k;
    }
    case "previous-step": {
      // From inside a step, back to its start; from a step's start, to the start of the one before.
      const frame = beats[here]!.frame;
      const start = beats.findIndex((b) => b.frame === frame);
      if (start < here) return start;
      const before = beats[here - 1]?.frame;
      return before === undefined ? 0 : beats.findIndex((b) => b.frame === before);
    }
  }
}

/** The first beat of the frame of `step` (a step number), or of the last frame before it. */
export function beatOfStep(beats: readonly Beat[], frames: readonly ReplayFrame[], step: number): number {
  let frame = 0;
  frames.forEach((f, i) => {
    if (f.step <= step) frame = i;
  });
  return Math.max(
    0,
    beats.findIndex((b) => b.frame === frame),
  );
}

/**
 * The events drawn at a beat: a step as a whole shows all its events; a volley shows the step's moves and notes, the
 * volleys before it and itself (those after it have not happened yet).
 */
export function eventsAt(frame: ReplayFrame, beat: Beat): BsEvent[] {
  if (beat.event === null) return frame.events;
  const upTo = beat.event;
  return frame.events.filter((e, k) => k <= upTo || !isBeat(e));
}

/** One die as the replay shows it. */
export interface Die {
  value: number;
  /** Succeeded (a hit, a save, a dodge), failed, or neither (an opposed roll or a sum: no number decides). */
  result: "success" | "failure" | "rolled";
}

export interface DiceGroup {
  /** What they were rolled for, as the rules name it: "to hit", "shields", "destruction tests", "dodges: blue-f1". */
  what: string;
  /** "d6, succeeds on 4 or less", "d3". */
  rule: string;
  dice: Die[];
  /** "2 of 5 succeed", or the total for rolls no number decides. */
  summary: string;
}

/** Rolls made as attacks are (combat.ts rollToHit: "rolls of 1 always hit"): to hit, interceptors, missile locks. */
const ALWAYS_HITS_ON_1 = /^(to hit|assault units to hit|interceptors|light batteries as interceptors|missile locks)/;

/**
 * The dice of an event, group by group, with what each die did: the rules' own rule of the group (`need`: succeeds on
 * that or less) read as the combat code reads it (seed 004 "Basic Combat Resolution": a to-hit roll of 1 always hits).
 */
export function diceOf(e: BsEvent): DiceGroup[] {
  return (e.rolled ?? []).map((g: Roll) => {
    const faces = g.sides === 3 ? "d3" : "d6";
    const alwaysHits = ALWAYS_HITS_ON_1.test(g.what);
    const dice: Die[] = g.rolls.map((value) => ({
      value,
      result: g.need === undefined ? "rolled" : value <= g.need || (alwaysHits && value === 1) ? "success" : "failure",
    }));
    const ok = dice.filter((d) => d.result === "success").length;
    return {
      what: g.what,
      rule: g.need === undefined ? faces : `${faces}, succeeds on ${g.need} or less${alwaysHits ? " (a 1 always hits)" : ""}`,
      dice,
      summary: g.need === undefined ? `total ${g.rolls.reduce((t, x) => t + x, 0)}` : `${ok} of ${dice.length} succeed`,
    };
  });
}
