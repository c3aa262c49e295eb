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
 *   (l.571-601): the lasers shoot first as squadrons close, the missiles hit half as often again once they have, and
 *   need no facing (l.631).
 * - One Engine each: 6" a turn (l.480) is enough to close a 72" table in four turns; a second Engine is a module
 *   that never shoots.
 *
 * Measured (bot against bot, the normal bot on both seats, 1.0 Squadron Action, seeds 1-25 each way, RULINGS.md
 * "Bots"): squadrons of 2- and 3-module vessels with Missiles beat the same with Lasers and Missiles mixed one to one
 * (Striker E+L+M, Lancer E+L, Dart E+M) 31 games to 19; all Missiles (Brawler E+M+M, Dart E+M) and the set kept here
 * did equally well against it (31-19 each) and tied each other (21-19 of 40); Armour (E+A+L+M), Electronics
 * (E+EL+M), four-module Missile boats (E+M+M+M) and two Engines (E+E+M, which lost all 24) did no better.
 *
 * So: Brawler (Vessel E+M+M, 9 M€), Dart (Vessel E+M, 4 M€) and Gunship (Vessel E+L+L, 9 M€), whose Lasers reach
 * what the Missiles cannot and still hit a craft with two Electronics (against which Missiles need a 6, l.617); the
 * purchase (purchase.ts) buys 9 Darts and 7 of the larger two (99 M€, 16 craft). `CANDIDATES` after the first three
 * are the designs a redesign brings in.
 */
import type { SeatId } from "../../../core/ids.js";
import { type Design, design } from "../designing-craft/design.js";
import type { SpaceWarState } from "../model.js";
import type { DesignOrder, Order } from "../orders.js";
import { squadronOf } from "./knowledge.js";

export const BRAWLER: Design = design("Brawler", "vessel", ["E", "M", "M"]);
export const DART: Design = design("Dart", "vessel", ["E", "M"]);
export const GUNSHIP: Design = design("Gunship", "vessel", ["E", "L", "L"]);
export const STRIKER: Design = design("Striker", "vessel", ["E", "L", "M"]);
export const LANCER: Design = design("Lancer", "vessel", ["E", "L"]);

/** The first three are the squadron's; the rest replace one that did badly, in this order. */
export const CANDIDATES: readonly Design[] = [BRAWLER, DART, GUNSHIP, STRIKER, design("Shield", "vessel", ["E", "EL", "M"]), LANCER];

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
