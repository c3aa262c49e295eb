/**
 * What a bot reads from the state its seat knows (`knownState`): its own squadron and craft, the enemy craft it can
 * see, and rough weights for comparing craft. An enemy's face-down counter (l.659-665) may come with its modules
 * hidden: such a counter is weighed as an average craft and is never shot at ("You may not fire at a face down enemy
 * counter", l.665).
 */
import type { SeatId } from "../../../core/ids.js";
import type { Module } from "../designing-craft/modules.js";
import { crewMedals } from "../medals/in-play.js";
import { type Battle, type Craft, operating, type Point, type SpaceWarState, type Squadron } from "../model.js";
import type { Card } from "../technology-cards/cards.js";

/** A craft on the table (face down or up) with its place. */
export type Placed = Craft & { where: { kind: "hidden" | "table"; at: Point; heading: number } };

export const isPlaced = (c: Craft): c is Placed => c.where.kind === "hidden" || c.where.kind === "table";

export function squadronOf(known: SpaceWarState, seat: SeatId): Squadron | undefined {
  return known.campaign.squadrons.find((s) => s.seat === seat);
}

/** The seat holds the card this game and it is not cancelled (its own cards it always knows, l.674). */
export function holdsCard(known: SpaceWarState, seat: SeatId, card: Card): boolean {
  return squadronOf(known, seat)?.cards.some((c) => c.card === card && !c.cancelled) ?? false;
}

/** An enemy's card the bot may count on: revealed and not cancelled (l.674). */
export function shownCard(known: SpaceWarState, seat: SeatId, card: Card): boolean {
  return squadronOf(known, seat)?.cards.some((c) => c.card === card && c.revealed && !c.cancelled) ?? false;
}

/** The seat's own craft on the table. */
export const ownPlaced = (b: Battle, seat: SeatId): Placed[] => b.craft.filter((c): c is Placed => c.owner === seat && isPlaced(c));

/** Enemy craft on the table, face down or up. */
export const enemyPlaced = (b: Battle, seat: SeatId): Placed[] => b.craft.filter((c): c is Placed => c.owner !== seat && isPlaced(c));

/** Do we know what the craft is? A face-down enemy counter may carry no modules in the known state. */
export const known = (c: Craft): boolean => c.modules.length > 0;

/** Operating weapon modules: lasers, missiles, unexpended expendables and nuclear warheads. */
export function weapons(c: Craft): { L: number; M: number; EM: number; N: number } {
  const ready = (m: Module) => c.modules.filter((x) => x.module === m && !x.damaged && !x.expended).length;
  return { L: ready("L"), M: ready("M"), EM: ready("EM"), N: ready("N") };
}

/** How dangerous a craft is: its ready weapons (an unknown counter: one and a half, an average craft). */
export function threat(c: Craft): number {
  if (!known(c)) return 1.5;
  const w = weapons(c);
  return w.L + 1.5 * w.M + 2 * w.EM + w.N;
}

/**
 * What destroying a craft is worth to the side that does it: its threat, plus a little for each surviving module
 * (it can be repaired), a vessel more than a fighter (a side with no vessels has lost, ruling C.19), a station or
 * transport by the scenario (high: they are what those battles are about).
 */
export function craftValue(c: Craft): number {
  if (!known(c)) return 2.5;
  const surviving = c.modules.filter((m) => !m.damaged).length;
  const base = threat(c) + 0.3 * surviving + (c.type === "vessel" ? 0.5 : 0);
  return c.station || c.civilian ? base + 3 : base;
}

/** What an enemy Space Station is worth when it is what the seat fights for: the game (l.921, l.1008). */
export const STATION_WIN_VALUE = 15;

/**
 * What destroying an enemy craft is worth to the seat: `craftValue`, but an enemy Space Station by what it brings.
 * For the CT's (l.921) and the Machine Wars II machine (l.1008) it wins the game; with the Corporation task card it
 * earns the Corporation Medal (l.716-718); otherwise destroying "any Franchise (friendly or enemy) when not carrying
 * the Corporation Technology Card" strips a Medal from every crew (l.1050), and the machines of 4.0 gain nothing
 * (they earn no medals, l.977): nothing, and the bot never fires at it.
 */
export function targetValue(knownState: SpaceWarState, seat: SeatId, c: Craft): number {
  if (!c.station) return craftValue(c);
  const role = knownState.campaign.roles?.[seat];
  if (role === "ct" || (role === "machine" && knownState.campaign.scenario === "machine-wars-ii")) return STATION_WIN_VALUE;
  return holdsCard(knownState, seat, "task-corporation") ? craftValue(c) : 0;
}

/** A side's fighting strength on the table and aboard (fighters in bays count). */
export function sideStrength(b: Battle, seat: SeatId): number {
  return b.craft
    .filter((c) => c.owner === seat && c.where.kind !== "gone" && c.where.kind !== "entering" && !c.civilian && !c.station)
    .reduce((t, c) => t + threat(c) + 0.3 * (known(c) ? c.modules.filter((m) => !m.damaged).length : 2.5), 0);
}

/** The armour a shot must beat on the craft, as far as the shooter can tell (l.357-387, l.692-694, l.759-769). */
export function armourOf(knownState: SpaceWarState, c: Craft): number {
  const medals = crewMedals(knownState, c);
  return (
    operating(c, "A") +
    (shownCard(knownState, c.owner, "better-armour") ? 1 : 0) +
    (medals.includes("star") ? 1 : 0) +
    (medals.includes("corporation") ? 1 : 0)
  );
}

/** The target's Electronics for missiles: its operating modules and the Tek medal (l.603-615, l.777-781). */
export function electronicsOf(knownState: SpaceWarState, c: Craft): number {
  return operating(c, "EL") + (crewMedals(knownState, c).includes("tek") ? 1 : 0);
}

/** The point of the seat's home planet, or of the enemy's, when the battle names them (l.884-888). */
export function homePoint(b: Battle, seat: SeatId): Point | undefined {
  const h = b.homes[seat];
  return h === undefined ? undefined : b.planets[h.planet]?.at;
}
