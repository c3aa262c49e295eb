/**
 * What a seat sees: the table is open (both fleets are on it), but the other
 * side's order sheet is secret ("This is not revealed to the other player until the
 * turn they battleshift back into play"): its activation sequence (only the
 * taskforces already activated are known), its planned battleshifts and where and
 * when its ships in hyperspace will come back.
 */
import type { BsEvent } from "../events.js";
import { visibleTo } from "../events.js";
import { type BattleState, designOfSquadron, type SideId, sideIds, squadronList } from "../model.js";
import type { Order, Orders } from "../orders.js";
import { awaitingSides, currentSlot } from "../turn/turn.js";

export interface BattleView {
  seat: SideId;
  step: number;
  turn: number;
  phase: string;
  awaiting: SideId[];
  /** Whose activation is next, and which taskforce (own only) or "detached". */
  next: { side: SideId; unit: string | null } | null;
  sides: BattleState["sides"];
  battlespace: BattleState["battlespace"];
  settings: BattleState["settings"];
  designs: BattleState["designs"];
  taskforces: BattleState["taskforces"];
  squadrons: Record<string, unknown>;
  flights: BattleState["flights"];
  prizes: BattleState["prizes"];
  /** Planets and moons in play (their quadrants are in plain sight: RULINGS "Planets and moons in play"). */
  planets?: BattleState["planets"];
  /** This seat's order sheet for the turn. */
  mySequence: string[];
  myShifts: BattleState["turnState"]["planned"][string];
  /** Taskforces each side has activated this turn. */
  activated: BattleState["turnState"]["activated"];
  initiative: BattleState["turnState"]["initiative"];
  outcome: BattleState["outcome"];
  events: BsEvent[];
}

export function viewFor(state: BattleState, seat: SideId, events: readonly BsEvent[]): BattleView {
  const ts = state.turnState;
  const squadrons: Record<string, unknown> = {};
  for (const sq of squadronList(state)) {
    if (sq.side === seat) squadrons[sq.id] = sq;
    else {
      const { arrival: _hidden, ...rest } = sq;
      squadrons[sq.id] = { ...rest, arrival: null };
    }
  }
  const slot = currentSlot(state);
  return {
    seat,
    step: state.step,
    turn: state.turn,
    phase: ts.phase,
    awaiting: awaitingSides(state),
    next: slot ? { side: slot.side, unit: slot.side === seat ? slot.taskforce : slot.taskforce ? "taskforce" : "detached" } : null,
    sides: state.sides,
    battlespace: state.battlespace,
    settings: state.settings,
    designs: state.designs,
    taskforces: state.taskforces,
    squadrons,
    flights: state.flights,
    prizes: state.prizes,
    ...(state.planets ? { planets: state.planets } : {}),
    mySequence: ts.sequences[seat] ?? [],
    myShifts: ts.planned[seat] ?? [],
    activated: ts.activated,
    initiative: ts.initiative,
    outcome: state.outcome,
    events: events.filter((e) => visibleTo(e, seat)),
  };
}

/** Ships left per side. */
function forces(state: BattleState, side: SideId): string {
  let ships = 0;
  let hyper = 0;
  for (const sq of Object.values(state.squadrons)) {
    if (sq.side !== side) continue;
    if (sq.location === "table") ships += sq.ships.length;
    if (sq.location === "hyperspace") hyper += sq.ships.length;
  }
  return `${ships} ship(s) on the table${hyper ? `, ${hyper} in hyperspace` : ""}, ${state.sides[side]?.vp ?? 0} VP`;
}

export function reportFor(state: BattleState, seat: SideId, events: readonly BsEvent[]): { json: unknown; text: string } {
  const seen = events.filter((e) => visibleTo(e, seat));
  const lines: string[] = [];
  lines.push(`Battleshift - ${state.sides[seat]?.name ?? seat} (${seat}) - step ${state.step - 1} results, now turn ${state.turn}`);
  lines.push("");
  for (const e of seen) lines.push(`${e.kind === "problem" ? "PROBLEM " : ""}${e.text}`);
  lines.push("");
  for (const side of sideIds(state)) lines.push(`${state.sides[side]?.name ?? side} (${side}): ${forces(state, side)}`);
  if (state.outcome) {
    const over = `The battle is over: ${state.outcome.reason}.`;
    // Said once: the step that ended the battle already told it among its events.
    if (!seen.some((e) => e.text === over)) lines.push(`\n${over}`);
  } else {
    const aw = awaitingSides(state);
    lines.push(
      `\nNext: ${state.turnState.phase === "sequences" ? `the order sheets for turn ${state.turn}` : `an activation by ${aw.join(", ")}`}.`,
    );
  }
  const json = {
    seat,
    step: state.step,
    turn: state.turn,
    events: seen,
    vp: Object.fromEntries(sideIds(state).map((s) => [s, state.sides[s]?.vp ?? 0])),
    outcome: state.outcome,
  };
  return { json, text: `${lines.join("\n")}\n` };
}

/** A commented orders file to start from: the seat's units and the sensible bot's orders as an example. */
export function templateFor(state: BattleState, seat: SideId, example: Orders): string {
  const ts = state.turnState;
  const out: string[] = [];
  out.push(`# Battleshift orders for ${seat} (${state.sides[seat]?.name ?? ""}), step ${state.step}, turn ${state.turn}`);
  const slot = currentSlot(state);
  if (ts.phase === "sequences") {
    out.push("# The order sheet: sequence (your taskforces in activation order), shift (planned battleshifts),");
    out.push("# place (arriving squadrons within their sector), initiative (first or second).");
  } else if (slot?.side === seat) {
    out.push(`# Your activation: ${slot.taskforce ? `taskforce ${slot.taskforce}` : "a detached squadron (name it in your first order)"}.`);
    out.push("# Orders: missiles, heavy, emergencyShift, move, light, detach, flight, recover, board, engulf, release, join, command.");
  } else {
    out.push("# No orders are needed from you at this step.");
  }
  out.push("#");
  out.push("# Your squadrons (id: design, ships, position of the first ship, facing, damage, suppression):");
  for (const sq of squadronList(state)) {
    if (sq.side !== seat || sq.location === "gone") continue;
    const d = designOfSquadron(state, sq);
    const s0 = sq.ships[0];
    out.push(
      `#   ${sq.id}: ${d.name} x${sq.ships.length}${sq.taskforce ? ` in ${sq.taskforce}` : " (detached)"}, ${sq.location}${s0 ? ` at (${round(s0.x)}, ${round(s0.y)})` : ""}, facing ${round(sq.facing)}, damage ${sq.damage}, suppression ${sq.suppression}`,
    );
  }
  out.push(`side: ${seat}`);
  out.push(`step: ${state.step}`);
  out.push("orders:");
  if (example.orders.length === 0) out.push("  []");
  for (const o of example.orders as Order[]) out.push(`  - ${JSON.stringify(o)}`);
  return `${out.join("\n")}\n`;
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
