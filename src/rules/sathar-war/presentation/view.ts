/**
 * What a seat reads: its view (the campaign as it knows it, and the events it may see), its report (the same as
 * text), the standings, and the orders template.
 */

import { isVisibleTo } from "../../../core/events.js";
import type { SwEvent } from "../events.js";
import type { SatharWarState, Ship } from "../model.js";
import { PHASE_ORDERS } from "../orders.js";
import { CLASS_NAMES } from "../orders-of-battle/ship-classes.js";
import { replaceableAt, replacementSlots } from "../replacements/replacements.js";
import { timeRecordText } from "../time-record/time-record.js";
import { PHASE_NAMES } from "../turn/turn.js";
import { knownState, sideOfSeat } from "./known-state.js";

/** A day of the war with the Time Record Track's reading once past the first tenday: "day 11 (the track: day 1, tenday 10)". */
export function dayText(day: number): string {
  return day <= 10 ? `day ${day}` : `day ${day} (the track: ${timeRecordText(day)})`;
}

export interface SwView {
  seat: string;
  side: string;
  day: number;
  timeRecord: string;
  phase: string;
  step: number;
  state: SatharWarState;
  events: SwEvent[];
}

export function viewFor(state: SatharWarState, seat: string, events: readonly SwEvent[]): SwView {
  return {
    seat,
    side: sideOfSeat(state, seat) ?? "spectator",
    day: state.day,
    timeRecord: dayText(state.day),
    phase: PHASE_NAMES[state.phase],
    step: state.step,
    state: knownState(state, seat),
    events: events.filter((e) => isVisibleTo(e, seat)),
  };
}

/** Where a ship is, in words. */
export function whereText(state: SatharWarState, ship: Ship): string {
  const l = ship.location;
  const sys = (id: string) => state.map.systems.find((s) => s.id === id)?.name ?? id;
  switch (l.kind) {
    case "system": {
      const planet = state.map.systems.find((s) => s.id === l.system)?.planets.find((p) => p.id === l.planet)?.name ?? l.planet;
      return `${sys(l.system)}, at ${planet}${l.docked ? " (docked)" : ""}`;
    }
    case "transit": {
      const r = state.map.routes.find((x) => x.id === l.route);
      const from = r ? (r.a === l.toward ? r.b : r.a) : "?";
      return `transit ${sys(from)} to ${sys(l.toward)}, box ${l.box}${r ? ` of ${r.boxes}` : ""}${l.rate > 1 ? `, RJ${l.rate}` : ""}${l.jumped ? ", jumped" : ""}`;
    }
    case "red":
      return `red box ${l.box} of ${l.circle}${l.outbound ? ", outbound" : ""}`;
    case "circle":
      return `start circle ${l.circle}`;
    case "reserve":
      return "Sathar reserve";
    case "offmap":
      return "off the map (Strike Force NOVA)";
    case "void":
      return `in the Void until day ${l.returnDay}`;
    case "aboard":
      return l.carrier ? `aboard ${l.carrier}` : `based at ${l.station}`;
    case "gone":
      return `${l.how} on day ${l.day}`;
  }
}

/** Ships still in the war, by side and class. */
export function strength(state: SatharWarState, side: string): string {
  const by = new Map<string, number>();
  for (const s of Object.values(state.ships)) {
    if (s.side !== side || s.location.kind === "gone") continue;
    by.set(s.cls, (by.get(s.cls) ?? 0) + 1);
  }
  return (
    [...by.entries()]
      .sort()
      .map(([c, n]) => `${n} ${CLASS_NAMES[c as keyof typeof CLASS_NAMES]}${n === 1 ? "" : "s"}`)
      .join(", ") || "none"
  );
}

export function standings(state: SatharWarState): string {
  const stationsLost = Object.values(state.stations).filter((s) => s.destroyedDay !== undefined);
  const fortressesLeft = Object.values(state.stations).filter((s) => s.type === "fortress" && s.destroyedDay === undefined).length;
  const lines = [
    `Second Sathar War, ${dayText(state.day)}, ${PHASE_NAMES[state.phase]}`,
    `Sathar: ${strength(state, "sathar")}; lost ${state.losses.filter((l) => l.side === "sathar").length}`,
    `UPF: ${strength(state, "upf")}; lost ${state.losses.filter((l) => l.side === "upf").length}`,
    `Stations destroyed: ${stationsLost.length} of ${Object.keys(state.stations).length}; fortresses left ${fortressesLeft} of 4`,
  ];
  if (state.outcome)
    lines.push(
      `Over on day ${state.outcome.day}: ${state.outcome.winner === "draw" ? "a draw" : `${state.outcome.winner.toUpperCase()} victory`}. ${state.outcome.reason}`,
    );
  return lines.join("\n");
}

export function reportFor(state: SatharWarState, seat: string, events: readonly SwEvent[]): { json: unknown; text: string } {
  const view = viewFor(state, seat, events);
  const lines = [standings(view.state), "", ...view.events.map((e) => `[${e.step}] ${e.text}`)];
  return {
    json: { seat, day: state.day, phase: view.phase, events: view.events, outcome: state.outcome ?? null },
    text: `${lines.join("\n")}\n`,
  };
}

const EXAMPLES: Readonly<Record<string, string>> = {
  deploy: "#  - { type: deploy, ships: [NA-DD1, NA-DD2], to: gran-quivera }   # or to: nova",
  base: "#  - { type: base, fighters: [NA-FT1], station: st-gran-quivera }    # or carrier: TFC-AC1",
  drones: "#  - { type: drones, ships: [TFC-FF1, TFC-FF2] }                  # option shatterDrones",
  retreat: "#  - { type: retreat, condition: 4 }                              # secret: 1 to 5",
  place: "#  - { type: place, ships: [S-HC1, S-DD01], circle: ssc-prenglar }",
  nova: "#  - { type: nova }                                               # Strike Force NOVA placed by 1d10",
  move: "#  - { type: move, ships: [TFP-BB1, TFP-LC1], to: cassidine, rate: 2 }   # in transit: action: coast",
  void: "#  - { type: void, ships: [S-HC2] }                               # from a start circle, back in 6 days",
  dock: "#  - { type: dock, ships: [TFC-HC1] }",
  repair: "#  - { type: repair, ship: TFC-HC1, what: hull }                  # or what: ADF",
  attack: "#  - { type: attack, system: prenglar, planet: gran-quivera }",
  stance: "#  - { type: stance, breakOffAtHullLost: 0.5, nearPlanet: true }",
  mines: "#  - { type: mines, minelayer: TFC-ML1, system: dramune, mines: 10, seekers: 2 }   # secret; default system: where it is",
  replace:
    "#  - { type: replace, station: st-pale, ships: [TFC-BB1] }         # option replacements: a fortress replaces 1, a fortified station 2; [] the rules pick",
};

/** What the seat's fortresses and fortified stations could replace now, and what is chosen (000 "UPF Replacements"). */
function replaceLines(state: SatharWarState, seat: string): string[] {
  if (!state.settings.replacements || !(PHASE_ORDERS[state.phase] as readonly string[]).includes("replace")) return [];
  const lines: string[] = [];
  for (const station of Object.values(state.stations)) {
    if (replacementSlots(station) === 0 || station.destroyedDay !== undefined) continue;
    const lost = replaceableAt(state, station).filter((l) => state.ships[l.ship]?.seat === seat);
    if (lost.length === 0) continue;
    const chosen = state.replacementChoices?.[station.id];
    lines.push(
      `#    ${station.id} (${replacementSlots(station)}) may replace: ${lost.map((l) => l.ship).join(", ")}${chosen ? `; chosen: ${chosen.join(", ")}` : ""}`,
    );
  }
  return lines.length > 0 ? ["# Replacements at the next replacement phase (day 20, 40, ...):", ...lines] : [];
}

export function templateFor(state: SatharWarState, seat: string): string {
  const phase = state.phase;
  const types = PHASE_ORDERS[phase];
  return [
    `# Sathar War orders for seat ${seat}, step ${state.step}: ${dayText(state.day)}, ${PHASE_NAMES[phase]}.`,
    `# This step takes: ${types.join(", ")}. Examples (uncomment and edit):`,
    ...types.map((t) => EXAMPLES[t] ?? `#  - { type: ${t} }`),
    ...replaceLines(state, seat),
    `seat: ${seat}`,
    `step: ${state.step}`,
    "orders: []",
    "",
  ].join("\n");
}
