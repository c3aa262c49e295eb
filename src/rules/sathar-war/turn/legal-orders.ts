/**
 * What a seat can order now, as menus (godip's Options): the order types its phase takes (orders.ts `PHASE_ORDERS`),
 * each with the values its fields may take from what the seat knows. Moves and attacks ask their parts of the rules
 * (strategic movement's `movesFor`, special combat's `attacksFor`).
 */
import type { OptionField, Options, OrderOption } from "../../../core/ruleset.js";
import { resultOptions } from "../battles/table/result-forms.js";
import type { SatharWarState, Ship } from "../model.js";
import { type OrderType, PHASE_ORDERS } from "../orders.js";
import { knownState, sideOfSeat } from "../presentation/known-state.js";
import { whereText } from "../presentation/view.js";
import { replaceableAt, replacementSlots } from "../replacements/replacements.js";
import { attacksFor } from "../special-combat/index.js";
import { layable } from "../special-combat/mines-and-seekers.js";
import { movesFor } from "../strategic-movement/index.js";
import { RETREAT_CONDITIONS } from "../victory/victory.js";
import { PHASE_NAMES, sideOf } from "./turn.js";

const shipChoices = (ships: readonly Ship[], state: SatharWarState, max = 200): Extract<OptionField, { kind: "choices" }> => ({
  kind: "choices",
  values: ships.map((s) => ({ value: s.id, label: `${s.id} ${s.name} (${whereText(state, s)})` })),
  min: 1,
  max: Math.min(max, Math.max(1, ships.length)),
});

export function legalOrders(state: SatharWarState, seat: string): Options {
  const side = sideOfSeat(state, seat);
  const base = { seat, step: state.step };
  if (!side) return { ...base, orders: [], note: `there is no seat ${seat.slice(0, 40)} in this campaign` };
  if (state.outcome) return { ...base, orders: [], note: "the war is over" };
  if (sideOf(state.phase) !== side)
    return { ...base, orders: [], note: `step ${state.step} is the ${PHASE_NAMES[state.phase]}: nothing is asked of your side now` };
  const known = knownState(state, seat);
  const mine = Object.values(known.ships).filter((s) => s.seat === seat && s.location.kind !== "gone");
  const planets = known.map.systems.flatMap((s) => s.planets.map((p) => ({ value: p.id, label: `${p.name} (${s.name})` })));
  const out: OrderOption[] = [];
  const add = (type: OrderType, summary: string, fields: Record<string, OptionField>) => {
    if ((PHASE_ORDERS[state.phase] as readonly string[]).includes(type)) out.push({ type, summary, fields });
  };
  const nonAttached = mine.filter((s) => s.force === "Non-Attached Ships" && s.cls !== "FT");
  if (nonAttached.length > 0)
    add("deploy", "place non-attached ships in any system, or with Strike Force NOVA (000 'UPF Set-Up')", {
      ships: shipChoices(nonAttached, known),
      to: { kind: "choice", values: [...planets, { value: "nova", label: "with Strike Force NOVA, off the map" }] },
    });
  const fighters = mine.filter((s) => s.cls === "FT");
  const carriers = mine.filter((s) => s.cls === "AC");
  // Two menus of one type: a fighter goes aboard a carrier or to a station, never both (orders.ts `base`).
  if (fighters.length > 0 && carriers.length > 0)
    add("base", "fighters aboard an assault carrier at their place, up to its capacity", {
      fighters: shipChoices(fighters, known),
      carrier: { kind: "choice", values: carriers.map((c) => ({ value: c.id, label: `${c.id} ${c.name}` })) },
    });
  const stations = Object.values(known.stations).filter((s) => s.destroyedDay === undefined);
  if (fighters.length > 0 && side === "upf" && stations.length > 0)
    add("base", "fighters based at a station at their planet", {
      fighters: shipChoices(fighters, known),
      station: { kind: "choice", values: stations.map((s) => ({ value: s.id, label: s.name })) },
    });
  if (known.settings.shatterDrones && known.phase.endsWith("setup")) {
    const frigates = mine.filter((s) => s.cls === "FF");
    add("drones", "choose two frigates as shatter drones (000 'SHATTER DRONES (Optional)')", {
      ships: { ...shipChoices(frigates, known), min: 2, max: 2 },
    });
  }
  add("retreat", "choose the secret retreat condition (000 'Sathar Retreat')", {
    condition: { kind: "choice", values: [1, 2, 3, 4, 5].map((n) => ({ value: n, label: `${n}: ${RETREAT_CONDITIONS[n]}` })) },
  });
  const reserve = mine.filter((s) => s.location.kind === "reserve" && s.cls !== "FT");
  if (reserve.length > 0)
    add("place", "ships from the reserve into a start circle: at most half of those placed this turn in one circle (000 'Sathar Set-Up')", {
      ships: shipChoices(reserve, known),
      circle: { kind: "choice", values: known.map.circles.map((c) => ({ value: c.id, label: c.name })) },
    });
  if (mine.some((s) => s.location.kind === "offmap")) add("nova", "place Strike Force NOVA where 1d10 says (000 'Strike Force NOVA')", {});
  if (PHASE_ORDERS[state.phase].some((t) => t === "move")) out.push(...movesFor(known, seat));
  const inCircles = mine.filter((s) => s.location.kind === "circle");
  if (inCircles.length > 0)
    add("void", "enter the Void from a start circle to be repaired, back in six days (000 'Sathar Repair')", {
      ships: shipChoices(inCircles, known),
    });
  const atPlanets = mine.filter((s) => s.location.kind === "system");
  if (atPlanets.length > 0)
    add("dock", "dock at the station of the ships' planet, to be repaired (000 'REPAIR')", { ships: shipChoices(atPlanets, known) });
  const damaged = mine.filter((s) => Object.keys(s.damage).length > 0 && s.location.kind === "system" && s.location.docked);
  if (damaged.length > 0)
    add("repair", "what a docked ship's repair day mends: hull points, or one system wholly (000 'UPF Repairs')", {
      ship: { kind: "choice", values: damaged.map((s) => ({ value: s.id, label: `${s.id} ${s.name}` })) },
      what: {
        kind: "choice",
        values: [...new Set(damaged.flatMap((s) => Object.keys(s.damage)))].sort().map((k) => ({ value: k, label: k })),
      },
    });
  if (PHASE_ORDERS[state.phase].some((t) => t === "attack")) out.push(...attacksFor(known, seat));
  // Battles fought at the table (issue 12 way 3): the attacking side enters each one's result.
  if (PHASE_ORDERS[state.phase].some((t) => t === "result")) out.push(...resultOptions(known, seat));
  // The minelayer's secret choice (000 "Declaring Combat"): one menu a minelayer, its numbers bounded by what it has.
  const here = (s: Ship) => (s.location.kind === "system" ? s.location.system : undefined);
  for (const ml of mine.filter((s) => s.cls === "ML")) {
    const has = layable(known, ml.id);
    const at = here(ml);
    const systems = [...known.map.systems].sort((a, b) => Number(b.id === at) - Number(a.id === at));
    add("mines", `${ml.id}'s mines and seekers, laid should it defend the system (secret; 000 'Declaring Combat')`, {
      minelayer: { kind: "choice", values: [{ value: ml.id, label: `${ml.id} ${ml.name} (${whereText(known, ml)})` }] },
      system: {
        kind: "choice",
        values: systems.map((sys) => ({ value: sys.id, label: sys.id === at ? `${sys.name} (where it is)` : sys.name })),
      },
      mines: { kind: "number", min: 0, max: has.mines, integer: true },
      seekers: { kind: "number", min: 0, max: has.seekers, integer: true },
    });
  }
  // 000 "UPF Replacements": which lost ships each fortress and fortified station replaces (the program's pick otherwise).
  if (known.settings.replacements && side === "upf")
    for (const station of Object.values(known.stations)) {
      const slots = replacementSlots(station);
      if (slots === 0 || station.destroyedDay !== undefined) continue;
      const lost = replaceableAt(known, station).filter((l) => known.ships[l.ship]?.seat === seat);
      if (lost.length === 0) continue;
      add(
        "replace",
        `which lost ships ${station.name} replaces at the next replacement phase (${slots === 1 ? "one, a frigate or larger" : "two assault scouts or fighters"}; 000 'UPF Replacements'); none chosen: the rules pick`,
        {
          station: { kind: "choice", values: [{ value: station.id, label: station.name }] },
          ships: {
            kind: "choices",
            values: lost.map((l) => ({ value: l.ship, label: `${l.ship} ${known.ships[l.ship]?.name ?? ""} (lost day ${l.day})` })),
            min: 0,
            max: Math.min(slots, lost.length),
          },
        },
      );
    }
  add("stance", "how your ships fight until told otherwise: when they break off, and the way you would fight your battles", {
    breakOffAtHullLost: { kind: "number", min: 0, max: 1, integer: false, optional: true },
    breakOffOutgunned: { kind: "number", min: 0, max: 100, integer: false, optional: true },
    battleWay: {
      kind: "choice",
      optional: true,
      values: [
        { value: "quick", label: "quick: auto-resolved on the Knight Hawks tables" },
        { value: "battleshift", label: "fought out in Battleshift" },
        { value: "table", label: "fought at the table, its result entered (when both sides agree)" },
      ],
    },
  });
  return { ...base, orders: out };
}
