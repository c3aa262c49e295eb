/**
 * The Battleshift game state (seed 004): two sides, their Taskforces of
 * Squadrons on a Battlespace measured in inches, with damage and Suppression
 * tracked per squadron ("A squadron of ships takes damage as a single entity"),
 * fighter Flights on the table, ships in Hyperspace, the turn's secret activation
 * sequences and the Victory Points scored. Plain data only: it is saved as JSON.
 */

import { own } from "../../core/ids.js";
import type { Battlespace, Sector } from "./battlespace/battlespace.js";
import { fightersAboardShips } from "./combat/combat.js";
import { SHIP_SYSTEM_NAMES, type ShipDesign } from "./fleet/ship-building.js";
import type { Point } from "./geometry.js";
import type { PlanetDefense, Quadrant, QuadrantId } from "./planets/planet.js";

export type SideId = string;

export interface Settings {
  /** The game ends after this turn if no side has won before (Victory: see RULINGS). */
  turnLimit: number;
  /** "A Taskforce can have up to five squadrons" (3 in the playtester note, 5 by default). */
  squadronsPerTaskforce: number;
  /** Inches: "within 8" of the Taskforce Flagship". */
  commandRange: number;
  /** Inches: "within 6" of each other". */
  coherency: number;
  /** Inches: "no ships more than 2" distant from another ship". */
  chain: number;
  /** Radius of a ship's base in inches: lines of fire within it pass through the ship; contact is touching bases. */
  shipRadius: number;
  /** Broadside range: "Broadside heavy weapons may only be fired in a 90 degree arc to the sides of the ship, but with a 24" range." */
  broadsideRange: number;
  /** When an emergency shift gives half VP: "damaged" (any damage), "over-threshold" (more damage than one ship's hull) or "over-total". */
  emergencyHalfVp: "damaged" | "over-threshold" | "over-total";
  /** Planets and moons: "block" lines of fire through them, or only "obscure" them (-1). */
  massiveBodies: "block" | "obscure";
  /** "Formations (experimental rules)": cone and ring formations may be ordered (off by default; RULINGS "Formations"). */
  formations?: boolean;
  /**
   * The full-taskforce cone's wider aperture ("widens its aperture and can affect a wider area of space"):
   * "strip" (default) a straight line as wide as the whole taskforce; "wedge" that line opening 45 degrees.
   */
  taskforceCone?: "strip" | "wedge";
  /** "Experience": squadrons may carry experience traits (off by default; RULINGS "Experience"). */
  experience?: boolean;
  /** "Planets (Extremely experimental)", "Moonbases": defended planets and moons in play (RULINGS "Planets and moons in play"). */
  planets?: boolean;
  /** With `planets`: the defender names each quadrant's target in its planet's activation (RULINGS "The defender's orders"); off: nearest first. */
  planetOrders?: boolean;
  /** With `planets`: assault units move to an "adjacent" quadrant (default) or "any" quadrant of their planet (RULINGS "Assault forces from quadrant to quadrant"). */
  assaultMoves?: "adjacent" | "any";
  /**
   * A fighter wing intercepting missiles shoots one down on this or less: 3 (default, the Quick Reference's "Fighters need
   * 3's to destroy a missile") or 4 ("Missile Resolution": "needing a 4 or less"); RULINGS "Fighters shooting down missiles".
   */
  fighterMissileTargeting?: 3 | 4;
  /** "combat tractor beam": every ship may capture a disabled enemy ship in contact (off by default; RULINGS "Combat tractor beams"). */
  tractorBeams?: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  turnLimit: 10,
  squadronsPerTaskforce: 5,
  commandRange: 8,
  coherency: 6,
  chain: 2,
  shipRadius: 0.5,
  broadsideRange: 24,
  emergencyHalfVp: "over-threshold",
  massiveBodies: "block",
};

export interface Ship {
  id: string;
  x: number;
  y: number;
  /** "Disabled ships are unable to move or fire any weapons until they make a repair roll." */
  disabled: boolean;
  /** Mixed squadrons only: this ship's own design (key into state.designs). */
  design?: string;
}

/**
 * "New rules for mixed ships in a Squadron": the squadron's written list, "in the order they will
 * take destruction tests" (least hull first), with the tests each ship has taken (the dots), whether
 * it is crossed out, and the next ship in line for shields and tests.
 */
export interface MixedRoster {
  roster: { ship: string; design: string; tests: number; destroyed: boolean }[];
  /** Index into `roster` of the next ship to test. */
  next: number;
}

export type Location = "table" | "hyperspace" | "reserve" | "gone";
export type GoneReason = "destroyed" | "shifted" | "emergency" | "abandoned" | "captured";

export interface Squadron {
  id: string;
  side: SideId;
  name: string;
  /** Key into state.designs. */
  design: string;
  /** The Taskforce it belongs to, or null when detached. */
  taskforce: string | null;
  ships: Ship[];
  /** Ships it started the battle with (fighter bays, reports). */
  initialShips: number;
  /** Compass degrees; every ship of a squadron has the same facing. */
  facing: number;
  /** Damage taken, tracked as one number for the squadron. */
  damage: number;
  suppression: number;
  location: Location;
  goneReason: GoneReason | null;
  /** When it comes (back) onto the table: turn, sector and facing. */
  arrival: { turn: number; sector: string; facing: number } | null;
  /** The turn it last entered the battlespace ("Ships cannot battleshift out ... on the same turn they battleshifted in"). */
  arrivedTurn: number | null;
  /** The turn it last activated (with its TF or as a detached squadron). */
  activatedTurn: number;
  /** Fighter wings aboard, and the initial complement. */
  fighters: number;
  fightersMax: number;
  /** Activation number (state.activationNo) of the last suppression marker it got ("one counter per enemy TF activation"). */
  suppressedAt: number;
  /** Activation number of its last interceptor fire ("once per enemy task force activation"). */
  interceptAt: number;
  /** Activation number when its destroyers last used light batteries (as batteries or as interceptors). */
  lightAt: number;
  /** Station: immobile, +1 to enemy targeting, heavy batteries fire 360 degrees. */
  station: boolean;
  /** A mixed squadron (fleet option `mixedSquadrons`): `design` is then its largest design. */
  mixed?: MixedRoster;
  /** "Formations (experimental rules)": the formation it holds, if any (setting `formations`). */
  formation?: "cone" | "ring" | null;
  /** "Experience": its traits (setting `experience`; see experience.ts). */
  experience?: string[];
  /** Assault units no longer aboard: lost in ground assaults or left on a quadrant as its garrison (planet-play.ts). */
  assaultLost?: number;
}

export interface Taskforce {
  id: string;
  side: SideId;
  name: string;
  /** The Flagship: one of the largest ships in one of its squadrons. Null once destroyed (the TF is dissolved). */
  flagship: { squadron: string; ship: string } | null;
  /** False once its flagship died before command was transferred. */
  alive: boolean;
  /** "A full taskforce may also adopt this formation": the taskforce cone (RULINGS "The full-taskforce cone"). */
  formation?: "cone" | null;
}

export interface Flight {
  id: string;
  side: SideId;
  /** Carrier squadron. */
  carrier: string;
  wings: number;
  x: number;
  y: number;
  /** Turn it last moved (a flight moves up to 24" a turn). */
  movedTurn: number;
  /** Activation number of its last intercept move ("once per enemy TF activation"). */
  interceptAt: number;
  /** The flight it is dogfighting (it stopped there), if any. */
  dogfighting: string | null;
  /** On the surface of this planet or moon (terrain id) after attacking a quadrant or launching from one (planet-air.ts). */
  grounded?: string;
}

export interface Prize {
  id: string;
  /** Side that captured it. */
  side: SideId;
  fromSide: SideId;
  design: string;
  /** Captor squadron (towing it when a ship there is as large). */
  squadron: string;
  x: number;
  y: number;
  engulfed: boolean;
  /** The ship that engulfed it ("If the ship that engulfed them is destroyed, they must make a destruction test"). */
  engulfer?: string | null;
  /** "A captured ship cannot fight, but it can be moved once it is repaired": a repair roll of 1 at its captor's activation. */
  repaired?: boolean;
  /** A friendly engulfed ship: its own ship id (it keeps it when released: RULINGS "Releasing a friendly engulfed ship"). */
  ship?: string;
}

export interface Side {
  id: SideId;
  name: string;
  points: number;
  vp: number;
  /** What the VP were scored for. */
  vpLog: { turn: number; vp: number; why: string }[];
}

export interface PlannedShift {
  /** Taskforce id or detached squadron id. */
  unit: string;
  /** Null: leaves the battle for good. */
  returnTurn: number | null;
  sector: string | null;
  facing: number | null;
}

export interface ActivationSlot {
  side: SideId;
  /** Taskforce id, or null for a detached-squadron slot (any not yet activated). */
  taskforce: string | null;
}

export interface TurnState {
  phase: "sequences" | "activation" | "over";
  /** Secret until activated: each side's written activation sequence. */
  sequences: Record<SideId, string[]>;
  /** Secret: planned battleshifts written this turn. */
  planned: Record<SideId, PlannedShift[]>;
  initiative: { rolls: Record<SideId, number[]>; winner: SideId; first: SideId } | null;
  /** The alternating taskforce activations of this turn. */
  queue: ActivationSlot[];
  index: number;
  /** Detached phase: whose activation is next (null when not in that phase). */
  detachedNext: SideId | null;
  /** Taskforces that have activated this turn, per side, in order (public). */
  activated: Record<SideId, string[]>;
}

/** A defended planet or moon in play: "Planets are their own task force for determining initiative and when they activate". */
export interface PlanetInPlay {
  /** The terrain feature's id (also its activation slot's id). */
  id: string;
  kind: "planet" | "moon";
  /** The defending side. */
  side: SideId;
  defense: PlanetDefense;
  activatedTurn: number;
}

export interface BattleState {
  ruleset: "battleshift";
  version: 1;
  seed: number;
  scenario: string;
  /** Resolve steps so far (Ruleset.turn: increases every step). */
  step: number;
  /** The game turn (all activations of both sides). */
  turn: number;
  /** Activations so far (keys the "once per enemy TF activation" limits). */
  activationNo: number;
  settings: Settings;
  battlespace: Battlespace;
  sides: Record<SideId, Side>;
  designs: Record<string, ShipDesign>;
  taskforces: Record<string, Taskforce>;
  squadrons: Record<string, Squadron>;
  flights: Record<string, Flight>;
  prizes: Record<string, Prize>;
  /** Defended planets and moons (only with `settings.planets`), keyed by their terrain id (planet-play.ts). */
  planets?: Record<string, PlanetInPlay>;
  nextId: number;
  turnState: TurnState;
  outcome: { winners: SideId[]; reason: string } | null;
}

/** What a design can do, read from its systems (names as the Ship Building table writes them). */
export interface Capabilities {
  light: number;
  heavy: number;
  broadside: number;
  superHeavy: number;
  missiles: number;
  fighterBays: number;
  interceptors: number;
  ion: number;
  heavyIon: number;
  assault: number;
  engulfing: number;
  repair: number;
}

/** The capability a system's name counts toward, whatever its spelling ("Light Battery", "lightBatteries", "light"), or null. */
function capabilityOfName(name: string): keyof Capabilities | null {
  const k = name.toLowerCase().replace(/[^a-z]/g, "");
  if (k.includes("broadside")) return "broadside";
  if (k.includes("superheavy")) return "superHeavy";
  if (k.includes("heavyion")) return "heavyIon";
  if (k.startsWith("ion")) return "ion";
  if (k.startsWith("heavy")) return "heavy";
  if (k.startsWith("light")) return "light";
  if (k.startsWith("missile")) return "missiles";
  if (k.startsWith("fighter") || k.startsWith("carrier") || k.includes("bay") || k.includes("wing")) return "fighterBays";
  if (k.startsWith("interceptor")) return "interceptors";
  if (k.startsWith("assault")) return "assault";
  if (k.startsWith("engulf")) return "engulfing";
  if (k.startsWith("repair")) return "repair";
  return null;
}

/** The names `buildShip` writes (ShipSystems), read once at load: the engine's hot path reads no regular expression. */
const CAPABILITY_OF_BUILT_NAME: ReadonlyMap<string, keyof Capabilities | null> = new Map(
  SHIP_SYSTEM_NAMES.map((name) => [name, capabilityOfName(name)]),
);

/** Map a design's `systems` record (whatever spelling: "Light Battery", "lightBatteries", "light") to counts. */
export function capabilitiesOf(d: ShipDesign): Capabilities {
  const c: Capabilities = {
    light: 0,
    heavy: 0,
    broadside: 0,
    superHeavy: 0,
    missiles: 0,
    fighterBays: 0,
    interceptors: 0,
    ion: 0,
    heavyIon: 0,
    assault: 0,
    engulfing: 0,
    repair: 0,
  };
  const systems: Readonly<Record<string, unknown>> = d.systems ?? {};
  for (const name in systems) {
    if (!Object.hasOwn(systems, name)) continue;
    const n = systems[name];
    if (typeof n !== "number" || !(n > 0)) continue;
    const k = CAPABILITY_OF_BUILT_NAME.get(name);
    const cap = k === undefined ? capabilityOfName(name) : k;
    if (cap) c[cap] += n;
  }
  return c;
}

export function designOfSquadron(state: BattleState, sq: Squadron): ShipDesign {
  const d = state.designs[sq.design];
  if (!d) throw new Error(`battleshift: squadron ${sq.id} has unknown design ${sq.design}`);
  return d;
}

/** The design of one ship: its own in a mixed squadron, else the squadron's. */
export function shipDesignOf(state: BattleState, sq: Squadron, ship: Ship): ShipDesign {
  return (ship.design && state.designs[ship.design]) || designOfSquadron(state, sq);
}

/**
 * The first of the largest ships among `ships` (default the squadron's), each by its own design's size: the
 * flagship of a mixed squadron ("One of the largest ships in the Taskforce becomes the Taskforce Flagship"), the
 * ship that tows or shifts out a prize ("towed by an equal sized or larger ship").
 */
export function largestShip(state: BattleState, sq: Squadron, ships: readonly Ship[] = sq.ships): Ship | undefined {
  let best: Ship | undefined;
  for (const s of ships) if (!best || shipDesignOf(state, sq, s).size > shipDesignOf(state, sq, best).size) best = s;
  return best;
}

/** The size of the largest ship among `ships` (0 when there is none). */
export function largestShipSize(state: BattleState, sq: Squadron, ships: readonly Ship[] = sq.ships): number {
  const s = largestShip(state, sq, ships);
  return s ? shipDesignOf(state, sq, s).size : 0;
}

/** "the largest ship in the Squadron naturally limits maneuver": a mixed squadron moves at its slowest ship's speed. */
export function squadronMove(state: BattleState, sq: Squadron): number {
  const base = designOfSquadron(state, sq).move;
  if (!sq.mixed) return base;
  return Math.min(base, ...sq.ships.map((s) => shipDesignOf(state, sq, s).move));
}

/**
 * A squadron's capabilities per ship. A mixed squadron: the most any of its ships has of each system. Used
 * to tell whether a squadron has a system at all (orders, bots); the counts that roll dice go ship by ship
 * (`systemsOf`: RULINGS "Mixed squadrons in play").
 */
export function capsOf(state: BattleState, sq: Squadron): Capabilities {
  const own = capabilitiesOf(designOfSquadron(state, sq));
  if (!sq.mixed) return own;
  const out: Capabilities = { ...own };
  for (const ship of sq.ships) {
    const c = capabilitiesOf(shipDesignOf(state, sq, ship));
    for (const k of Object.keys(out) as (keyof Capabilities)[]) out[k] = Math.max(out[k], c[k]);
  }
  return out;
}

/** One ship's own systems (its design's: a mixed squadron's ships differ). */
export function shipCaps(state: BattleState, sq: Squadron, ship: Ship): Capabilities {
  return capabilitiesOf(shipDesignOf(state, sq, ship));
}

/** A system counted ship by ship over `ships` (e.g. the active ones), each ship its own design's. */
export function systemsOf(state: BattleState, sq: Squadron, ships: readonly Ship[], count: (c: Capabilities) => number): number {
  // The squadron's own design is read once however many of its ships share it (the bots ask this very often).
  let shared: number | undefined;
  let total = 0;
  for (const s of ships) {
    const own = s.design && state.designs[s.design];
    total += own ? count(capabilitiesOf(own)) : (shared ??= count(capabilitiesOf(designOfSquadron(state, sq))));
  }
  return total;
}

/**
 * A carrier squadron's fighter complement, the most wings it may hold ("A fighter wing comes with every carrier
 * bay"; recovery and repair checks never go above it): the bays of every ship still in it, each its own design's
 * (a disabled carrier still holds its share), never above the wings it entered the battle with. A squadron of one
 * design: bays x ships (RULINGS "Mixed squadrons: fighter repair checks and recovery").
 */
export function fighterComplement(state: BattleState, sq: Squadron): number {
  return Math.min(
    sq.fightersMax,
    systemsOf(state, sq, sq.ships, (c) => c.fighterBays),
  );
}

/** The carriers that roll fighter repair checks ("each carrier may roll"): the active ships with bays of their own. */
export function activeCarriers(state: BattleState, sq: Squadron): number {
  return activeShips(sq).filter((s) => shipCaps(state, sq, s).fighterBays > 0).length;
}

/**
 * The fighter wings aboard the ships of `sq` that `which` picks, out of `fighters` aboard the squadron: "Assume
 * even fighter distribution across the squadron, rounding down", each carrier its own bays' share
 * (combat.ts `fightersAboardShips`).
 */
export function wingsAboard(state: BattleState, sq: Squadron, fighters: number, which: (s: Ship) => boolean): number {
  const bays = sq.ships.map((s) => shipCaps(state, sq, s).fighterBays);
  return fightersAboardShips(
    fighters,
    bays,
    bays.filter((_, i) => which(sq.ships[i] as Ship)),
  );
}

/**
 * Assault units still aboard `ships` of the squadron: each ship's own units (its design's), less those lost
 * or landed (`assaultLost`; RULINGS "Assault units lost from the landing ships").
 */
export function assaultAboard(state: BattleState, sq: Squadron, ships: readonly Ship[]): number {
  const assault = (c: Capabilities) => c.assault;
  return Math.max(0, Math.min(systemsOf(state, sq, ships, assault), systemsOf(state, sq, sq.ships, assault) - (sq.assaultLost ?? 0)));
}

export function activeShips(sq: Squadron): Ship[] {
  return sq.ships.filter((s) => !s.disabled);
}

export function onTable(sq: Squadron): boolean {
  return sq.location === "table" && sq.ships.length > 0;
}

export function otherSide(state: BattleState, side: SideId): SideId {
  const ids = Object.keys(state.sides).sort();
  return ids[0] === side ? (ids[1] as SideId) : (ids[0] as SideId);
}

/** The quadrant named "<planet id>:<N|E|S|W>" (a quadrant target, or a quadrant flight's carrier), with the option `planets` on. */
export function quadrantRef(state: BattleState, ref: string): { planet: PlanetInPlay; quadrant: Quadrant } | null {
  if (!state.settings.planets || !state.planets) return null;
  const m = /^(.+):([NESW])$/.exec(ref);
  if (!m) return null;
  const planet = own(state.planets, m[1] as string);
  const quadrant = planet?.defense.quadrants.find((q) => q.id === (m[2] as QuadrantId));
  return planet && quadrant ? { planet, quadrant } : null;
}

export function sideIds(state: BattleState): SideId[] {
  return Object.keys(state.sides).sort();
}

/** Squadrons sorted by id (the stable order every loop uses). */
export function squadronList(state: BattleState): Squadron[] {
  return Object.keys(state.squadrons)
    .sort(compareIds)
    .map((k) => state.squadrons[k] as Squadron);
}

/**
 * Why an order's squadron id is not one of `side`'s: someone else's, a taskforce or ship id given
 * for a squadron, or no such id at all (with the ids that would be valid). Order messages say what
 * would be valid (brief, "Bad input is expected").
 */
export function notYourSquadron(state: BattleState, side: SideId, id: string): string {
  const sq = own(state.squadrons, id);
  if (sq && sq.side !== side) return `${id} is ${sq.side}'s squadron, not yours (you command ${side})`;
  const tf = own(state.taskforces, id);
  if (tf && tf.side === side) {
    const members = squadronsOfTaskforce(state, id).map((s) => s.id);
    return `${id} is a taskforce; name one of its squadrons (${members.join(", ") || "none left"})`;
  }
  if (tf) return `${id} is ${tf.side}'s taskforce, not yours (you command ${side})`;
  const owner = Object.values(state.squadrons).find((s) => s.ships.some((ship) => ship.id === id));
  if (owner) return `${id} is a ship of squadron ${owner.id}; orders name squadrons${owner.side === side ? ` (${owner.id})` : ""}`;
  const mine = squadronList(state).filter((s) => s.side === side && onTable(s));
  const shown = mine.slice(0, 8).map((s) => s.id);
  return `no squadron ${id}; yours on the table: ${shown.join(", ") || "none"}${mine.length > shown.length ? `, ... (${mine.length} in all)` : ""}`;
}

export function squadronsOfTaskforce(state: BattleState, tf: string): Squadron[] {
  return squadronList(state).filter((s) => s.taskforce === tf && s.location === "table" && s.ships.length > 0);
}

/** Ids like "b-tf10" sort after "b-tf9": compare digit runs numerically. */
export function compareIds(a: string, b: string): number {
  const re = /(\d+)|(\D+)/g;
  const pa = a.match(re) ?? [];
  const pb = b.match(re) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

export function flagshipPoint(state: BattleState, tf: Taskforce): Point | null {
  if (!tf.flagship) return null;
  const sq = state.squadrons[tf.flagship.squadron];
  const ship = sq?.ships.find((s) => s.id === tf.flagship?.ship);
  return ship && sq?.location === "table" ? { x: ship.x, y: ship.y } : null;
}

/** Movement arc width and facing change allowed after a move ("Ship Size | Movement Arc | Facing Change"). */
export function movementLimits(size: number): { arc: number; facingChange: number } {
  if (size <= 1) return { arc: 360, facingChange: 360 };
  if (size <= 3) return { arc: 180, facingChange: 360 };
  if (size <= 7) return { arc: 90, facingChange: 90 };
  return { arc: 90, facingChange: 45 };
}

export type SectorRef = Sector;

/**
 * RULINGS "Bases": the tolerance of touching. Two bases whose centres are from `basesTouch - BASE_TOLERANCE` to
 * `basesTouch` apart touch: that is contact (boarding, engulfing, tractor beams, releasing: within 1"), and not an
 * overlap. A hundredth of an inch, the precision positions are printed in, so that an order written from a report (or
 * rounded to a thousandth, as the bots write them) can end in contact, and float rounding cannot make contact
 * impossible. A move into contact aims at the middle of that band (`contactAim`).
 */
export const BASE_TOLERANCE = 0.01;

/**
 * Centre to centre, in inches, at which two bases touch: a base's width (`2 x shipRadius`, 1" by default), but never
 * more than contact (1", `CONTACT` in boarding.ts), so that contact without overlap is always possible.
 */
export function basesTouch(state: BattleState): number {
  return Math.min(2 * state.settings.shipRadius, 1);
}

/** The centre-to-centre distance a move into contact ends at: inside the touching band by half its width. */
export function contactAim(state: BattleState): number {
  return basesTouch(state) - BASE_TOLERANCE / 2;
}

/** Where a ship of one squadron would overlap the base of a ship of another. */
export interface BaseOverlap {
  /** The ship of the squadron placed or moved. */
  ship: string;
  at: Point;
  /** The ship of another squadron whose base it overlaps, and that squadron. */
  other: string;
  squadron: string;
  /** Centre to centre, in inches. */
  distance: number;
  /** The other ship's position. */
  otherAt: Point;
}

/**
 * RULINGS "Bases": a ship stands on a base 1" across (setting `shipRadius` 0.5"), and the bases of ships of different
 * squadrons may not overlap: centres at least `basesTouch` apart, less `BASE_TOLERANCE` (touching is contact, as for
 * boarding). The first overlap, closest first, of `ships` (positions of squadron `own`) with a ship of another
 * squadron on the table, or null. Ships of one squadron are placed by their own player and are not checked. `tolerance`
 * 0: not even touching (where the host places squadrons itself, as arrivals).
 */
export function baseOverlap(
  state: BattleState,
  own: string,
  ships: readonly { id: string; x: number; y: number }[],
  tolerance = BASE_TOLERANCE,
): BaseOverlap | null {
  const limit = basesTouch(state) - tolerance;
  let worst: BaseOverlap | null = null;
  for (const sq of Object.values(state.squadrons)) {
    if (sq.id === own || sq.location !== "table") continue;
    for (const o of sq.ships) {
      for (const s of ships) {
        const d = Math.hypot(s.x - o.x, s.y - o.y);
        if (d < limit && (!worst || d < worst.distance))
          worst = { ship: s.id, at: { x: s.x, y: s.y }, other: o.id, squadron: sq.id, distance: d, otherAt: { x: o.x, y: o.y } };
      }
    }
  }
  return worst;
}
