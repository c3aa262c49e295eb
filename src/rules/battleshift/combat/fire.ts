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
 * their targeting against a station"). Squadrons of a taskforce that synchronise make one attack:
 * each rolls at its own targeting and the hits are added; a squadron of the group that cannot fire
 * is named (RULINGS: "Synchronised fire with different targeting").
 */

import type { Ctx } from "../context.js";
import { hitBonus, suppressionPenalty } from "../formations-and-experience/experience.js";
import { CONE_PENALTY, type ConeLine, coneOf, coneReaches, formationOf } from "../formations-and-experience/formations.js";
import { angleDiff, bearingXY, dist2, inArc, inches, type Point } from "../geometry.js";
import { type Capabilities, designOfSquadron, type Squadron, systemsOf } from "../model.js";
import type { Attack, Weapon } from "./combat.js";
import { coverOf, describeLos, type LosResult, lineOfSight } from "./line-of-sight.js";

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

const CONE_ARC = "cone's line of fire (the straight line ahead of its mouth, as wide as the cone)";

/** Can any ship at this moment bring weapon `w` on any ship of `target`? */
export function bears(ctx: Ctx, sq: Squadron, w: WeaponDef, m: Moment, target: Squadron): Bearing {
  const range = w.range(ctx);
  const r2max = (range + 1e-9) * (range + 1e-9);
  let minD2 = Number.POSITIVE_INFINITY;
  let bestOff = Number.POSITIVE_INFINITY;
  const station = sq.station && w.attack === "heavy";
  // "Formations": a ring has "360 degrees of fire with their heavy weapons"; a cone fires its heavy
  // batteries only along "a straight line directly in front of the mouth of the cone".
  const formation = w.attack === "heavy" ? formationOf(ctx.state, sq) : null;
  if (formation === "cone" && m.ships.length > 0) {
    // A full-taskforce cone "widens its aperture": the line is as wide as the taskforce's cone (formations.ts coneOf).
    const { line } = coneOf(ctx.state, sq, m.ships, (m.ships[0] as Moment["ships"][number]).facing);
    const along = coneReaches(line, target, range);
    if (along !== null) return { ok: true, range: along, offArc: 0, arcText: CONE_ARC };
    const near = Math.min(...m.ships.flatMap((s) => target.ships.map((t) => Math.sqrt(dist2(s.x, s.y, t.x, t.y)))));
    return { ok: false, range: near, offArc: 0, arcText: CONE_ARC };
  }
  const width = station || formation === "ring" ? 360 : w.width;
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
  if (width >= 360) return "360 degrees (station or ring)";
  if (w.arcs.length === 2) return `left or right ${width} degree arcs`;
  return `${width} degree forward arc (+/-${width / 2})`;
}

/** One part of an attack: the dice of the squadrons of one weapon class that roll at one targeting number. */
interface Part {
  attack: Attack;
  firers: Squadron[];
  weapons: string[];
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
 * was fired. `momentOf` gives each squadron's firing position. `focus`: fire
 * focused on that one ship of the target ("Fire Heavy Weapons": "there is no
 * suppression if fire is focused on one ship"); range, arc and line of sight are
 * measured to that ship.
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
  opts: { focus?: string } = {},
): Contribution[] {
  const contributions: Contribution[] = [];
  const reasons: string[] = [];
  const whole = target;
  if (opts.focus && target.mixed) {
    ctx.fail(
      step,
      label,
      "mixed-focus",
      `${target.id} is a mixed squadron: its hits and tests follow its written list ("New rules for mixed ships in a Squadron"); fire at the whole squadron`,
    );
    return [];
  }
  if (opts.focus) {
    const ship = target.ships.find((s) => s.id === opts.focus);
    if (!ship) {
      ctx.fail(
        step,
        label,
        "unknown-ship",
        `${target.id} has no ship ${opts.focus}; its ships are ${target.ships.map((s) => s.id).join(", ")}`,
      );
      return [];
    }
    if (ctx.flagshipShipOf(target) === ship.id && target.ships.length > 1) {
      const others = target.ships.filter((s) => s !== ship).map((s) => s.id);
      ctx.fail(
        step,
        label,
        "flagship-last",
        `${ship.id} is the flagship of ${target.taskforce}: "The Flagship is always the last ship destroyed in its squadron"; focus on ${others.join(" or ")}, or fire at the whole squadron`,
      );
      return [];
    }
    // Range, arc and line of sight to the chosen ship only.
    target = { ...target, ships: [ship] };
  }
  for (const sq of squadrons) {
    const active = sq.ships.filter((s) => !s.disabled);
    for (const key of keys) {
      const w = WEAPONS[key];
      // Each active ship fires its own weapons (a mixed squadron's differ: "The weapons all work the same").
      const per = systemsOf(ctx.state, sq, active, w.count);
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
      // Experience: "Ignores First Suppression Marker", "+1 to hit" (RULINGS "Experience").
      // Formations: a cone's concentrated fire is "at a -1 to hit penalty".
      const cone = w.attack === "heavy" && formationOf(ctx.state, sq) === "cone" ? CONE_PENALTY : 0;
      const targeting = 4 - suppressionPenalty(ctx.state, sq) - los.penalty + (target.station ? 1 : 0) + hitBonus(ctx.state, sq) - cone;
      contributions.push({ sq, weapon: w, dice: per, targeting, los, bearing: b });
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
  // A squadron of a synchronised group that cannot fire (range, arc, line of sight, no such weapon) is named: the
  // others fire without it ("At least one ship in the squadron must have range and Line of Sight to the target").
  for (const sq of squadrons) {
    if (contributions.some((c) => c.sq === sq)) continue;
    const own = reasons.filter((r) => r.startsWith(`${sq.id} `));
    const others = [...new Set(contributions.map((c) => c.sq.id))].join(", ");
    ctx.fail(
      step,
      label,
      "cannot-fire",
      `${sq.id} cannot join this fire (${own.length ? own.join("; ") : `it has no ${keys.map((k) => WEAPONS[k].name).join(" or ")} to fire`}); ${others} fire${others.includes(",") ? "" : "s"} without it`,
    );
  }
  // One attack per class of weapon (heavy+broadside together; super heavy; heavy ion; light; ion), and within a class
  // one part per targeting number: "Roll a die for each attack, needing to roll equal to or less than a particular
  // targeting number ... decreased by 1 for every suppression counter on the firing squadron" ("Basic Combat
  // Resolution" 3): each squadron rolls at its own, and the hits are added (RULINGS "Synchronised fire with
  // different targeting").
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
  // Formations: a ring "cannot cause suppression with any battery weapons" (its fire is not one burst).
  const ring = contributions.some((c) => formationOf(ctx.state, c.sq) === "ring");
  const byClass: Part[][] = [];
  for (const [k, list] of classes) {
    const parts: Part[] = [];
    for (const c of list) {
      const same = parts.find((p) => p.attack.targeting === c.targeting);
      if (same) {
        same.attack.dice += c.dice;
        if (!same.firers.includes(c.sq)) same.firers.push(c.sq);
        if (!same.weapons.includes(c.weapon.name)) same.weapons.push(c.weapon.name);
        continue;
      }
      const ion = k === "ion" || k === "heavyIon";
      parts.push({
        attack: {
          weapon: c.weapon.attack,
          dice: c.dice,
          targeting: c.targeting,
          ...(disable || ion ? { disable: true } : {}),
          ...(k === "ion" ? { ion: true } : {}),
          ...(k === "heavyIon" ? { heavyIon: true, ion: true } : {}),
          ...(k === "superHeavy" ? { superHeavy: true } : {}),
          ...(ring ? { noSuppression: true } : {}),
        },
        firers: [c.sq],
        weapons: [c.weapon.name],
      });
    }
    const figures = list
      .map(
        (c) =>
          `${c.sq.id} ${c.weapon.name} x${c.dice} at ${inches(c.bearing.range)}, ${Math.round(c.bearing.offArc)} deg off centre, ${describeLos(c.los)}, targeting ${c.targeting}`,
      )
      .join("; ");
    ctx.ok(
      step,
      label,
      `${figures} -> ${parts.map((p) => `${p.attack.dice} dice at ${p.attack.targeting}`).join(" + ")} against ${opts.focus ? `${opts.focus} of ` : ""}${whole.id}${opts.focus ? " (focused on one ship: no suppression)" : ""}`,
    );
    byClass.push(parts);
  }
  // Several classes in one order, or several squadrons at different targeting, make one attack: their hits add up
  // for suppression and the shields roll once (combat.ts resolveCombinedAttack; resolveMixedCombinedAttack for a
  // mixed squadron). Fire focused on one ship keeps one attack per class (RULINGS "Fire focused on one ship").
  const attacks = opts.focus ? byClass : [byClass.flat()];
  for (const parts of attacks) {
    if (whole.location !== "table" || whole.ships.length === 0 || parts.length === 0) break;
    const firers = [...new Set(parts.flatMap((p) => p.firers))];
    const name = [...new Set(parts.map((p) => p.weapons.join(" and ")))].join(" + ");
    // Parts are named by their weapons, and by their squadrons when several fire.
    const partNames = parts.map((p) => `${firers.length > 1 ? `${p.firers.map((f) => f.id).join("+")} ` : ""}${p.weapons.join(" and ")}`);
    const atEach = new Set(parts.map((p) => p.attack.targeting)).size > 1;
    const out = ctx.attackSquadron(
      firers,
      whole,
      {
        weapon: (parts[0] as Part).attack.weapon,
        dice: parts.reduce((t, p) => t + p.attack.dice, 0),
        targeting: Math.min(...parts.map((p) => p.attack.targeting)),
      },
      name,
      { ...(opts.focus ? { focus: opts.focus } : {}), combined: parts.map((p) => p.attack), parts: partNames },
    );
    // "Once all heavy weapon attacks have been rolled on the target squadron, determine if the enemy squadron
    // is suppressed"; synchronising squadrons "add up their hits together" (RULINGS "Synchronised fire with
    // different weapon types", "... with different targeting").
    if (parts.length > 1 && !opts.focus) {
      ctx.note(
        "suppression",
        `${whole.id}: the combined fire of ${parts.map((p, i) => `${partNames[i]} x${p.attack.dice}${atEach ? ` at ${p.attack.targeting}` : ""}`).join(" + ")} scores ${out.hits} hits (${out.suppressAt} needed to suppress${ring ? ", none from a ring" : ""}): ${out.suppressed ? "suppressed" : "not suppressed"}; ${out.shieldRolls.length} shield dice once for all`,
        { side: ctx.side, unit: whole.id },
      );
    }
  }
  coneSweep(ctx, step, label, contributions, whole, disable);
  return contributions;
}

/**
 * "Formations", Cone: "This concentration of fire affects ALL squadrons (friend and foe) within
 * this line of fire, though at a -1 to hit penalty." Every other squadron with a ship in a firing
 * cone's line (within range) takes the cone's heavy dice too, at targeting 4 - 1 with the firer's
 * suppression and the victim's cover (RULINGS "Formations": the line is not blocked by what it hits).
 */
function coneSweep(ctx: Ctx, step: string, label: string, contributions: Contribution[], aimed: Squadron, disable: boolean): void {
  const cones = contributions.filter(
    (c) => c.weapon.attack === "heavy" && !c.weapon.flags.superHeavy && !c.weapon.flags.heavyIon && formationOf(ctx.state, c.sq) === "cone",
  );
  if (cones.length === 0) return;
  const firers = new Set(cones.map((c) => c.sq.id));
  // A full-taskforce cone sweeps its wider line; the squadrons that make up a cone are not in its line of fire.
  const lines = new Map(cones.map((c) => [c, coneOf(ctx.state, c.sq, momentNow(c.sq).ships, c.sq.facing)]));
  const members = new Set([...lines.values()].flatMap((l) => [...l.members]));
  for (const id of Object.keys(ctx.state.squadrons).sort()) {
    const other = ctx.state.squadrons[id] as Squadron;
    if (other.id === aimed.id || firers.has(other.id) || members.has(other.id) || other.location !== "table" || other.ships.length === 0)
      continue;
    const hitting = cones.filter((c) => {
      if (momentNow(c.sq).ships.length === 0) return false;
      return coneReaches((lines.get(c) as { line: ConeLine }).line, other, c.weapon.range(ctx)) !== null;
    });
    if (hitting.length === 0) continue;
    const dice = hitting.reduce((t, c) => t + c.dice, 0);
    const targeting = Math.min(
      ...hitting.map(
        (c) =>
          4 -
          suppressionPenalty(ctx.state, c.sq) -
          CONE_PENALTY +
          hitBonus(ctx.state, c.sq) +
          (other.station ? 1 : 0) -
          (coverOf(ctx.state, other) ? 1 : 0),
      ),
    );
    ctx.ok(step, label, `${other.id} is in the line of fire of the cone ${[...firers].join(", ")}: ${dice} dice at ${targeting}`);
    ctx.attackSquadron(
      hitting.map((c) => c.sq),
      other,
      { weapon: "heavy", dice, targeting, ...(disable ? { disable: true } : {}) },
      "cone fire",
    );
  }
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
