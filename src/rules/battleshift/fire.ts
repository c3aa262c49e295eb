/**
 * Firing batteries ("Basic Combat Resolution" 1-3, "Fire Heavy Weapons", "Light
 * Weapons", "Weapons"):
 *
 * - Heavy Batteries: 36", 90 degree forward arc, fired before moving, shield -2.
 * - Broadside heavy batteries: "either to the left or the right 90 degree arcs but
 *   not the forward or rear", "with a 24" range" (setting `broadsideRange`).
 * - Super Heavy (experimental): 48", 90 forward, shield -3, up to 3 damage per
 *   penetrating hit; "Ships which fire Super Heavy batteries may not use other
 *   weapons except interceptors that turn."
 * - Heavy Ion Beams: 18", 90 forward, "fire like Heavy Weapon Batteries", shield -1,
 *   fire to disable without the -1.
 * - Light Batteries: 12", 270 degree forward arc, "at any point during a squadron's
 *   movement", no shield reduction. Ion Beams: 6", 90 forward, during movement.
 *
 * "If any ship in the firing squadron has any member of the target squadron in
 * their forward 90 degree arc and within range, the entire squadron may fire."
 * Targeting is 4, less one per suppression marker of the firer, less the line of
 * sight penalty (partial blocking, obscuring objects, cover); +1 against a station
 * (the -1 for firing to disable, not for ion weapons, is the combat code's) ("Enemy weapons get a +1 to
 * their targeting against a station"). Squadrons of a taskforce that synchronise add
 * their dice into one attack; the group rolls at the worst targeting among them
 * (RULINGS: "Synchronised fire with different targeting").
 */
import type { Weapon } from "./combat.js";
import type { Ctx } from "./context.js";
import { angleDiff, bearingXY, dist2, inArc, inches, type Point } from "./geometry.js";
import { describeLos, type LosResult, lineOfSight } from "./line-of-sight.js";
import { type Capabilities, designOfSquadron, type Squadron } from "./model.js";

export type WeaponKey = "heavy" | "broadside" | "superHeavy" | "heavyIon" | "light" | "ion";

export interface WeaponDef {
  key: WeaponKey;
  name: string;
  range: (ctx: Ctx) => number;
  /** Arc centres relative to the facing, and the arc width. */
  arcs: number[];
  width: number;
  /** The class of attack (shields work per class). */
  attack: Weapon;
  flags: { superHeavy?: boolean; ion?: boolean; heavyIon?: boolean };
  count: (c: Capabilities) => number;
}

export const WEAPONS: Record<WeaponKey, WeaponDef> = {
  heavy: {
    key: "heavy",
    name: "heavy batteries",
    range: () => 36,
    arcs: [0],
    width: 90,
    attack: "heavy",
    flags: {},
    count: (c) => c.heavy,
  },
  broadside: {
    key: "broadside",
    name: "broadside batteries",
    range: (ctx) => ctx.state.settings.broadsideRange,
    arcs: [-90, 90],
    width: 90,
    attack: "heavy",
    flags: {},
    count: (c) => c.broadside,
  },
  superHeavy: {
    key: "superHeavy",
    name: "super heavy batteries",
    range: () => 48,
    arcs: [0],
    width: 90,
    attack: "heavy",
    flags: { superHeavy: true },
    count: (c) => c.superHeavy,
  },
  heavyIon: {
    key: "heavyIon",
    name: "heavy ion beams",
    range: () => 18,
    arcs: [0],
    width: 90,
    attack: "heavy",
    flags: { heavyIon: true, ion: true },
    count: (c) => c.heavyIon,
  },
  light: {
    key: "light",
    name: "light batteries",
    range: () => 12,
    arcs: [0],
    width: 270,
    attack: "light",
    flags: {},
    count: (c) => c.light,
  },
  ion: { key: "ion", name: "ion beams", range: () => 6, arcs: [0], width: 90, attack: "light", flags: { ion: true }, count: (c) => c.ion },
};

/** Where a squadron's ships are (and face) at the moment it fires. */
export interface Moment {
  ships: { id: string; x: number; y: number; facing: number }[];
  label: string;
}

export function momentNow(sq: Squadron): Moment {
  return { ships: sq.ships.filter((s) => !s.disabled).map((s) => ({ id: s.id, x: s.x, y: s.y, facing: sq.facing })), label: "" };
}

export interface Bearing {
  ok: boolean;
  /** Nearest target ship distance from any firing ship. */
  range: number;
  /** Smallest angle off the arc centre seen among in-range pairs (or overall). */
  offArc: number;
  arcText: string;
}

/** Can any ship at this moment bring weapon `w` on any ship of `target`? */
export function bears(ctx: Ctx, sq: Squadron, w: WeaponDef, m: Moment, target: Squadron): Bearing {
  const range = w.range(ctx);
  const r2max = (range + 1e-9) * (range + 1e-9);
  let minD2 = Number.POSITIVE_INFINITY;
  let bestOff = Number.POSITIVE_INFINITY;
  const station = sq.station && w.attack === "heavy";
  const width = station ? 360 : w.width;
  for (const s of m.ships) {
    for (const t of target.ships) {
      const d2 = dist2(s.x, s.y, t.x, t.y);
      if (d2 < minD2) minD2 = d2;
      if (d2 > r2max) continue;
      const b = bearingXY(s.x, s.y, t.x, t.y);
      for (const c of w.arcs) {
        const off = Math.abs(angleDiff(s.facing + c, b));
        if (off < bestOff) bestOff = off;
        if (inArc(s.facing + c, width, b)) {
          return { ok: true, range: Math.sqrt(d2), offArc: off, arcText: arcText(w, width) };
        }
      }
    }
  }
  return { ok: false, range: Math.sqrt(minD2), offArc: bestOff, arcText: arcText(w, width) };
}

function arcText(w: WeaponDef, width: number): string {
  if (width >= 360) return "360 degrees (station)";
  if (w.arcs.length === 2) return `left or right ${width} degree arcs`;
  return `${width} degree forward arc (+/-${width / 2})`;
}

export interface Contribution {
  sq: Squadron;
  weapon: WeaponDef;
  dice: number;
  targeting: number;
  los: LosResult;
  bearing: Bearing;
}

/**
 * Fire a group of squadrons at one target with the given weapons; returns what
 * was fired. `momentOf` gives each squadron's firing position.
 */
export function fireGroup(
  ctx: Ctx,
  step: string,
  label: string,
  squadrons: Squadron[],
  target: Squadron,
  keys: WeaponKey[],
  disable: boolean,
  momentOf: (sq: Squadron, target: Squadron, w: WeaponDef) => Moment,
): Contribution[] {
  const contributions: Contribution[] = [];
  const reasons: string[] = [];
  for (const sq of squadrons) {
    const caps = ctx.caps(sq);
    const active = sq.ships.filter((s) => !s.disabled).length;
    for (const key of keys) {
      const w = WEAPONS[key];
      const per = w.count(caps);
      if (per <= 0) continue;
      const m = momentOf(sq, target, w);
      const b = bears(ctx, sq, w, m, target);
      if (!b.ok) {
        reasons.push(
          b.range > w.range(ctx) + 1e-9
            ? `${sq.id} ${w.name}: ${target.id} is ${inches(b.range)} away (range ${w.range(ctx)}")`
            : `${sq.id} ${w.name}: ${target.id} is ${Math.round(b.offArc)} degrees off the arc centre, outside the ${b.arcText}`,
        );
        continue;
      }
      const los = lineOfSight(ctx.los, sq, target, m.ships);
      if (!los.ok) {
        reasons.push(`${sq.id} ${w.name}: ${describeLos(los)}`);
        continue;
      }
      // The -1 for firing to disable is applied by the combat code (effectiveTargeting).
      const targeting = 4 - sq.suppression - los.penalty + (target.station ? 1 : 0);
      contributions.push({ sq, weapon: w, dice: per * active, targeting, los, bearing: b });
    }
  }
  if (contributions.length === 0) {
    ctx.fail(
      step,
      label,
      "cannot-fire",
      reasons.length ? reasons.join("; ") : `none of ${squadrons.map((s) => s.id).join(", ")} has those weapons`,
    );
    return [];
  }
  // One attack per class of weapon (heavy+broadside together; super heavy; heavy ion; light; ion).
  const classes = new Map<string, Contribution[]>();
  for (const c of contributions) {
    const k = c.weapon.flags.superHeavy
      ? "superHeavy"
      : c.weapon.flags.heavyIon
        ? "heavyIon"
        : c.weapon.flags.ion
          ? "ion"
          : c.weapon.attack;
    const list = classes.get(k) ?? [];
    list.push(c);
    classes.set(k, list);
  }
  for (const [k, list] of classes) {
    if (target.location !== "table" || target.ships.length === 0) break;
    const dice = list.reduce((a, c) => a + c.dice, 0);
    const targeting = Math.min(...list.map((c) => c.targeting));
    const w = (list[0] as Contribution).weapon;
    const firers = [...new Set(list.map((c) => c.sq))];
    const figures = list
      .map(
        (c) =>
          `${c.sq.id} ${c.weapon.name} x${c.dice} at ${inches(c.bearing.range)}, ${Math.round(c.bearing.offArc)} deg off centre, ${describeLos(c.los)}, targeting ${c.targeting}`,
      )
      .join("; ");
    ctx.ok(step, label, `${figures} -> ${dice} dice at ${targeting} against ${target.id}`);
    const ion = k === "ion" || k === "heavyIon";
    ctx.attackSquadron(
      firers,
      target,
      {
        weapon: w.attack,
        dice,
        targeting,
        ...(disable || ion ? { disable: true } : {}),
        ...(k === "ion" ? { ion: true } : {}),
        ...(k === "heavyIon" ? { heavyIon: true, ion: true } : {}),
        ...(k === "superHeavy" ? { superHeavy: true } : {}),
      },
      k === "heavy" ? [...new Set(list.map((c) => c.weapon.name))].join(" and ") : w.name,
    );
  }
  return contributions;
}

/** The weapons a squadron would fire in the heavy phase by default. */
export function defaultHeavyWeapons(caps: Capabilities): WeaponKey[] {
  const out: WeaponKey[] = [];
  if (caps.heavy) out.push("heavy");
  if (caps.broadside) out.push("broadside");
  if (caps.heavyIon) out.push("heavyIon");
  if (out.length === 0 && caps.superHeavy) out.push("superHeavy");
  return out;
}

export function defaultLightWeapons(caps: Capabilities): WeaponKey[] {
  const out: WeaponKey[] = [];
  if (caps.light) out.push("light");
  if (caps.ion) out.push("ion");
  return out;
}

/** Size of the squadron's ships (for movement, suppression). */
export function sizeOf(ctx: Ctx, sq: Squadron): number {
  return designOfSquadron(ctx.state, sq).size;
}

export type { Point };
