/**
 * After a game (l.41-45, l.729-805): the medals the squadron earned go to the crews of its strongest surviving craft
 * ("They need not have been the crew who did the act", l.731), never a second of the same medal to one crew (l.801);
 * no vessel left, no crews left (l.733, ruling C.22); machines get none (l.977). Then a design that did badly is
 * replaced (designs.ts `redesignOrders`).
 */
import type { SeatId } from "../../../core/ids.js";
import type { Medal } from "../medals/medals.js";
import type { Craft, SpaceWarState } from "../model.js";
import type { Order } from "../orders.js";
import { redesignOrders } from "./designs.js";
import { craftValue, squadronOf } from "./knowledge.js";

/** Survived the battle: still on the table or aboard, or fled with the squadron (l.1027). */
const survived = (c: Craft): boolean => c.where.kind !== "gone" || c.where.how === "fled";

/** The medals the seat has to give out: the after-game's awards (campaign-sequence/after-game.ts), else the last result's. */
function earnedBy(known: SpaceWarState, seat: SeatId): readonly Medal[] {
  const award = known.campaign.awards?.find((a) => a.seat === seat);
  if (award) return award.medals;
  return known.campaign.results.at(-1)?.medals[seat] ?? [];
}

export function medalOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const q = squadronOf(known, seat);
  const b = known.campaign.battle;
  if (!q || q.machine || !b) return [];
  const earned = earnedBy(known, seat);
  const alive = b.craft.filter((c) => c.owner === seat && survived(c) && !c.civilian && !c.station);
  if (!alive.some((c) => c.type === "vessel")) return [];
  const strongest = [...alive].sort((a, c) => craftValue(c) - craftValue(a) || a.id.localeCompare(c.id));
  const held = new Map<string, Set<Medal>>();
  for (const c of strongest) held.set(c.id, new Set(q.crews.find((k) => k.id === c.crew)?.medals ?? []));
  const out: Order[] = [];
  for (const m of earned) {
    const c = strongest.find((x) => !held.get(x.id)?.has(m));
    if (!c) continue;
    held.get(c.id)?.add(m);
    out.push(c.crew === undefined ? { type: "medal", medal: m, craft: c.id } : { type: "medal", medal: m, crew: c.crew });
  }
  return out;
}

/** The medals a penalty takes first: those that do least in battle (Bravery is "just for show", l.787). */
export const STRIP_FIRST: readonly Medal[] = ["bravery", "saboteur", "tek", "valour", "corporation", "star", "ace"];

/** A penalty's medal (l.797, l.876, l.956): each crew named loses the one it misses least. */
export function stripOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const q = squadronOf(known, seat);
  const award = known.campaign.awards?.find((a) => a.seat === seat);
  if (!q || !award) return [];
  const out: Order[] = [];
  for (const s of award.strip) {
    const medals = q.crews.find((k) => k.id === s.crew)?.medals ?? [];
    const m = STRIP_FIRST.find((x) => medals.includes(x));
    if (m) out.push({ type: "strip", crew: s.crew, medal: m });
  }
  return out;
}

export function afterGameOrders(known: SpaceWarState, seat: SeatId): Order[] {
  return [...medalOrders(known, seat), ...stripOrders(known, seat), ...redesignOrders(known, seat)];
}
