/**
 * What a seat sees: the table is open (both fleets are on it), but the other
 * side's order sheet is secret ("This is not revealed to the other player until the
 * turn they battleshift back into play"): its activation sequence (only the
 * taskforces already activated are known), its planned battleshifts and where and
 * when its ships in hyperspace will come back.
 */
import type { BsEvent } from "../events.js";
import { visibleTo } from "../events.js";
import { type BattleState, designOfSquadron, type Flight, type SideId, sideIds, squadronList } from "../model.js";
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

/** A squadron as a side sees it on the table (issue 9 item 16): what a player plans by. */
export interface SeenSquadron {
  id: string;
  side: SideId;
  name: string;
  design: string;
  taskforce: string | null;
  /** "table", or "hyperspace" (shifted out: where and when it returns is its side's secret). */
  location: "table" | "hyperspace";
  facing: number;
  /** Every ship on the table, with its position (inches from the west and north edges). */
  ships: { id: string; x: number; y: number; disabled: boolean }[];
  /** The squadron's centre (the mean of its ships). */
  centre: { x: number; y: number } | null;
  shipsBought: number;
  damage: number;
  suppression: number;
  station: boolean;
}

/** A flight as the other side sees it: where it is and how strong, not when it last moved. */
export type SeenFlight = Pick<Flight, "id" | "side" | "carrier" | "wings" | "x" | "y">;

/**
 * What `seat` can see of one side's forces: every squadron on the table (position of each ship, facing, ships,
 * damage, suppression) or in hyperspace (no return point: "This is not revealed to the other player until the turn
 * they battleshift back into play"), and every flight. Squadrons not yet arrived are not listed (their arrival is
 * secret). Missiles are never in flight between steps: they fly and hit in the activation that launches them
 * (Missile Resolution), so there are none to list. RULINGS "What a side sees of the enemy".
 */
export function forcesSeen(state: BattleState, seat: SideId, side: SideId): { squadrons: SeenSquadron[]; flights: SeenFlight[] } {
  const squadrons: SeenSquadron[] = [];
  for (const sq of squadronList(state)) {
    if (sq.side !== side || (sq.location !== "table" && sq.location !== "hyperspace")) continue;
    const onTable = sq.location === "table";
    const ships = onTable ? sq.ships.map((x) => ({ id: x.id, x: round(x.x), y: round(x.y), disabled: x.disabled })) : [];
    const n = sq.ships.length;
    squadrons.push({
      id: sq.id,
      side: sq.side,
      name: sq.name,
      design: designOfSquadron(state, sq).name,
      taskforce: sq.taskforce,
      location: sq.location,
      facing: round(sq.facing),
      ships,
      centre:
        onTable && n > 0
          ? { x: round(sq.ships.reduce((t, x) => t + x.x, 0) / n), y: round(sq.ships.reduce((t, x) => t + x.y, 0) / n) }
          : null,
      shipsBought: sq.initialShips,
      damage: sq.damage,
      suppression: sq.suppression,
      station: sq.station,
    });
  }
  void seat;
  const flights = Object.values(state.flights)
    .filter((f) => f.side === side)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((f) => ({ id: f.id, side: f.side, carrier: f.carrier, wings: f.wings, x: round(f.x), y: round(f.y) }));
  return { squadrons, flights };
}

/** The lines of a side's forces for a template (`# `) or a report: one per squadron and flight. */
function forceLines(seen: { squadrons: SeenSquadron[]; flights: SeenFlight[] }, prefix: string): string[] {
  const out: string[] = [];
  for (const q of seen.squadrons) {
    const ships = q.ships.map((x) => `${x.id.slice(q.id.length + 1)} (${x.x}, ${x.y})${x.disabled ? " disabled" : ""}`).join(", ");
    const where =
      q.location === "hyperspace"
        ? "in hyperspace (where and when it returns is secret)"
        : `at (${q.centre?.x}, ${q.centre?.y}) facing ${q.facing}; ships ${ships}`;
    out.push(
      `${prefix}${q.id}: ${q.design}${q.station ? " (station)" : ""} ${q.ships.length || "?"} of ${q.shipsBought} ship(s)${q.taskforce ? ` in ${q.taskforce}` : " (detached)"}, ${where}; damage ${q.damage}, suppression ${q.suppression}`,
    );
  }
  for (const f of seen.flights) out.push(`${prefix}${f.id}: flight of ${f.wings} wing(s) from ${f.carrier} at (${f.x}, ${f.y})`);
  if (out.length === 0) out.push(`${prefix}(none)`);
  return out;
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
  const enemies = sideIds(state).filter((side) => side !== seat);
  const mine = forcesSeen(state, seat, seat);
  const seenOf = Object.fromEntries(enemies.map((side) => [side, forcesSeen(state, seat, side)]));
  lines.push("", "Your forces (squadron: design, ships left of those bought, centre and facing, each ship, damage, suppression):");
  lines.push(...forceLines(mine, "  "));
  for (const side of enemies) {
    lines.push(
      "",
      `Enemy forces you see, ${state.sides[side]?.name ?? side} (${side}); missiles fly and hit within an activation, so none are in flight:`,
    );
    lines.push(...forceLines(seenOf[side] as ReturnType<typeof forcesSeen>, "  "));
  }
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
    forces: mine,
    enemy: seenOf,
    // In plain sight, as in the view (RULINGS "Planets and moons in play"): so a replay of the steps shows each
    // quadrant and prize as it stood after that step, not as it stands now.
    prizes: state.prizes,
    ...(state.planets ? { planets: state.planets } : {}),
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
  out.push("# Your squadrons (id: design, ships left of those bought, centre and facing, each ship, damage, suppression):");
  for (const sq of squadronList(state)) {
    if (sq.side !== seat || sq.location === "gone" || sq.location === "table" || sq.location === "hyperspace") continue;
    const d = designOfSquadron(state, sq);
    out.push(`#   ${sq.id}: ${d.name} x${sq.ships.length}${sq.taskforce ? ` in ${sq.taskforce}` : " (detached)"}, ${sq.location}`);
  }
  out.push(...forceLines(forcesSeen(state, seat, seat), "#   "));
  for (const side of sideIds(state).filter((x) => x !== seat)) {
    out.push("#");
    out.push(
      `# Enemy forces you see, ${state.sides[side]?.name ?? side} (${side}) (missiles fly and hit within an activation: none in flight):`,
    );
    out.push(...forceLines(forcesSeen(state, seat, side), "#   "));
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
