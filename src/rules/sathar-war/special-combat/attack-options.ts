/**
 * What a seat may attack now, for menus and checks (seed 000 "Declaring Combat", "Which Rules To Use?"): the
 * systems where an attack would be accepted, what would be in each battle and which rules the table suggests; and,
 * for orders already written, what each would do or why it would be refused. Both run the declaration itself, so
 * they can never disagree with the step.
 */
import { type Choice, orderOptions } from "../../../core/options.js";
import type { CheckLine, OrderOption } from "../../../core/ruleset.js";
import type { SatharWarState, Side } from "../model.js";
import { type Order, orderSchema } from "../orders.js";
import { attackLabel, attackStep, declareAttacks } from "./declaring-combat.js";
import { mayFight, systemOf } from "./where-ships-are.js";
import { RULES_WORDING } from "./which-rules-to-use.js";

interface Target {
  system: string;
  planet: string;
  label: string;
  ships: string[];
}

function targets(state: SatharWarState, seat: string): Target[] {
  const spec = state.seats.find((s) => s.id === seat);
  if (!spec || state.phase !== `${spec.side}-attack`) return [];
  const out: Target[] = [];
  for (const sys of state.map.systems) {
    for (const planet of sys.planets) {
      const order: Order = { type: "attack", system: sys.id, planet: planet.id };
      const d = declareAttacks(state, spec.side, { [seat]: [order] });
      const battle = d.battles[0];
      if (!battle) continue;
      const mine = battle.ships.filter((s) => s.side === spec.side);
      const theirs = battle.ships.filter((s) => s.side !== spec.side);
      const count = battle.ships.length + battle.stations.length;
      out.push({
        system: sys.id,
        planet: planet.id,
        ships: mine.map((s) => s.id),
        label:
          `${sys.name} at ${planet.name}: ${mine.length} of your ships against ${theirs.length} ships and ${battle.stations.length} stations ` +
          `(${count} in the battle: ${RULES_WORDING[battle.rules]})`,
      });
    }
  }
  return out;
}

/**
 * Can any seat of `side` attack anything now (the step pipeline passes over an attack step where it cannot)? Runs
 * the declaration a default attack would make in each system holding both sides, planet by planet.
 */
export function canAttack(state: SatharWarState, side: Side): boolean {
  // One pass over the ships first: only systems holding both sides (or, for the Sathar, a station) are tried.
  const mine = new Set<string>();
  const theirs = new Set<string>();
  for (const ship of Object.values(state.ships)) {
    const at = systemOf(state, ship);
    if (at === undefined || !mayFight(state, ship)) continue;
    if (ship.side === side) mine.add(at);
    else if (!(side === "upf" && state.today.attacked.includes(ship.id))) theirs.add(at);
  }
  if (side === "sathar") for (const st of Object.values(state.stations)) if (st.destroyedDay === undefined) theirs.add(st.system);
  const candidates = state.map.systems.filter((sys) => mine.has(sys.id) && theirs.has(sys.id));
  for (const seat of state.seats.filter((s) => s.side === side))
    for (const sys of candidates)
      for (const planet of sys.planets)
        if (declareAttacks(state, side, { [seat.id]: [{ type: "attack", system: sys.id, planet: planet.id }] }).battles.length > 0)
          return true;
  return false;
}

/** The attack order as a menu in the seat's side's attack step: systems and planets that can be attacked now, and the seat's ships there. */
export function attacksFor(state: SatharWarState, seat: string): OrderOption[] {
  const found = targets(state, seat);
  if (found.length === 0) return [];
  const systems = new Map<string, Choice>();
  for (const t of found) if (!systems.has(t.system)) systems.set(t.system, { value: t.system, label: t.label });
  const planets: Choice[] = found.map((t) => ({ value: t.planet, label: t.label }));
  const ships: Choice[] = [...new Set(found.flatMap((t) => t.ships))].map((id) => ({ value: id, label: state.ships[id]?.name ?? id }));
  return orderOptions(
    orderSchema,
    ["attack"],
    { attack: 'Attack the enemy at a planet of a system (seed 000 "Declaring Combat")' },
    (_type, field) => (field === "system" ? [...systems.values()] : field === "planet" ? planets : field === "ships" ? ships : undefined),
  );
}

/** Each attack order of a seat: what battle it makes, or why it is refused. */
export function checkAttacks(state: SatharWarState, seat: string, orders: readonly Order[]): CheckLine[] {
  const spec = state.seats.find((s) => s.id === seat);
  const side = spec?.side ?? "sathar";
  const declared = declareAttacks(state, side, { [seat]: orders });
  const problems = declared.problems[seat] ?? [];
  const lines: CheckLine[] = [];
  orders.forEach((order, index) => {
    if (order.type !== "attack") return;
    const label = attackLabel(index, order);
    const own = problems.filter((p) => p.order === label);
    if (own.length > 0) {
      for (const p of own)
        lines.push({ step: attackStep(side), order: label, text: `${p.message} (${p.code})`, ok: false, certainty: "certain" });
      return;
    }
    const battle = declared.battles.find((b) => b.system === order.system);
    if (!battle) return;
    const mine = battle.ships.filter((s) => s.side === side).length;
    const theirs = battle.ships.length - mine;
    lines.push({
      step: attackStep(side),
      order: label,
      text:
        `battle ${battle.id} at ${battle.planet}: ${mine} attacking ships against ${theirs} ships and ${battle.stations.length} stations; ` +
        `suggested ${RULES_WORDING[battle.rules]}; its outcome is the battle's`,
      ok: true,
      certainty: "chance",
    });
  });
  return lines;
}
