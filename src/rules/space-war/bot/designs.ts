/**
 * The normal bot's designs (l.19-57, l.74-256) and its redesign after a game (l.45).
 *
 * Why these three. The budget is 100 M€ and at most 16 craft (l.7); a vessel of n modules costs n², a fighter n³
 * (l.160-256, ruling C.1), so module for module the smallest vessels are the cheapest: two modules for 4 M€, three
 * for 9, four for 16. Every module is a point of damage the enemy must do before the craft is destroyed (l.396-404)
 * and every weapon module is a shot each turn (reference E.6), so a squadron wants as many modules as the budget
 * buys within 16 craft: Σn is largest under Σn² ≤ 100 when the sizes are as equal as possible, 7 craft of three
 * modules and 9 of two (99 M€, 39 modules, 23 weapons). Larger craft pay twice for the same module; fighters pay
 * n³ and need a Shuttle Bay vessel (l.51): a 2-module fighter costs as much as two 2-module vessels and brings one
 * weapon, only harder to hit (a laser needs a 6 against it, l.577).
 *
 * - Armour does not pay at this size: one Armour module turns a hit's damage from automatic to 2+ (l.365-371), a
 *   sixth of the hits saved, where a weapon module in its place shoots every turn.
 * - Lasers reach 12" and hit a powered vessel on 5,6; Missiles reach 6" and hit on 4,5,6 in any direction
 *   (l.571-601): the lasers shoot first as squadrons close, the missiles hit harder once they have. The squadron
 *   carries both, so Electronics on the enemy (l.603-615) blunt only half of it.
 * - One Engine each: 6" a turn (l.480) is enough to close a 72" table in four turns; a second Engine is a module
 *   that never shoots.
 *
 * So: Striker (Vessel E+L+M, 9 M€), Lancer (Vessel E+L, 4 M€) and Dart (Vessel E+M, 4 M€); the purchase
 * (purchase.ts) buys 7 Strikers and 9 of the small ones. `CANDIDATES` are the designs a redesign may bring in.
 */
import type { SeatId } from "../../../core/ids.js";
import { type Design, design } from "../designing-craft/design.js";
import type { SpaceWarState } from "../model.js";
import type { DesignOrder, Order } from "../orders.js";
import { squadronOf } from "./knowledge.js";

export const STRIKER: Design = design("Striker", "vessel", ["E", "L", "M"]);
export const LANCER: Design = design("Lancer", "vessel", ["E", "L"]);
export const DART: Design = design("Dart", "vessel", ["E", "M"]);

/** The first three are the squadron's; the rest replace one that did badly, in this order. */
export const CANDIDATES: readonly Design[] = [
  STRIKER,
  LANCER,
  DART,
  design("Gunship", "vessel", ["E", "L", "L"]),
  design("Sprinter", "vessel", ["E", "E", "M"]),
  design("Warden", "vessel", ["E", "EL", "L"]),
];

export function designOrder(d: Design, replaces?: string): DesignOrder {
  return {
    type: "design",
    name: d.name,
    craft: d.type,
    modules: d.modules.map((m) => (m.arc === undefined || m.arc === "front" ? m.module : { module: m.module, arc: m.arc })),
    ...(replaces === undefined ? {} : { replaces }),
  };
}

/** At the campaign's start: the three designs (l.19). A machine force designs the same (l.969-975, 120 M€ buys more). */
export function designOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const q = squadronOf(known, seat);
  if (!q || q.designs.length > 0) return [];
  return CANDIDATES.slice(0, 3).map((d) => designOrder(d));
}

/**
 * After a game (l.45, l.57): one design scrapped for a new one when it did badly: of the craft of that design that
 * fought, four in five or more were lost while the squadron as a whole lost fewer than half. It is replaced by the
 * first candidate not among the squadron's designs. Only one a game, and never a design the bot does not know.
 */
export function redesignOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const q = squadronOf(known, seat);
  const b = known.campaign.battle;
  if (!q || !b || q.redesigned || q.machine) return [];
  const mine = b.craft.filter((c) => c.owner === seat && !c.civilian && !c.station);
  if (mine.length === 0) return [];
  const lost = (cs: typeof mine) => cs.filter((c) => c.where.kind === "gone" && c.where.how !== "fled" && c.where.how !== "exited").length;
  if (lost(mine) * 2 >= mine.length) return [];
  for (const d of q.designs) {
    const of = mine.filter((c) => c.design === d.name);
    if (of.length < 2 || lost(of) * 5 < of.length * 4) continue;
    const next = CANDIDATES.find((c) => !q.designs.some((x) => x.name === c.name));
    return next ? [designOrder(next, d.name)] : [];
  }
  return [];
}
