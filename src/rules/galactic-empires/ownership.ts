/**
 * Chapter 4, "Sector Ownership Changes": after each phase's battles, sectors held
 * only by hostile forces change hands.
 */
import { own } from "../../core/ids.js";
import type { TurnContext } from "./context.js";
import { type EmpireId, garrisonId, INDEPENDENT, type Sector, type Unit } from "./model.js";
import { sectorLabel, unitsBySector } from "./movement.js";

/** A unit that can hold or take a sector: not cloaked, with starships or admirals. */
function present(ctx: TurnContext, u: Unit): boolean {
  return !u.cloaked && (ctx.starshipCount(u) > 0 || u.admirals.length > 0);
}

/**
 * A sector changes hands when units of empires hostile to its owner (at war, or
 * the owner is independent and they lack its Special Permission) are there, not
 * cloaked, and no unit with starships or admirals of the owner or its allies is
 * left. The invading empire with the greatest number of starships and admirals
 * there takes it - "quantity rules!" (Vulcan and Federation at Ro' Schala) - if
 * its total combat, cloak-capable starships counting a tenth, is at least 10
 * ("a lone siege machine cannot conquer a sector").
 */
export function sectorOwnershipChanges(ctx: TurnContext): void {
  const bySector = unitsBySector(ctx);
  for (const s of ctx.state.sectors) {
    const units = (bySector.get(s.id) ?? []).filter((u) => present(ctx, u));
    if (units.length === 0) continue;
    if (units.some((u) => ctx.friendly(u.owner, s.owner))) continue;
    const count = new Map<EmpireId, number>();
    const combat = new Map<EmpireId, number>();
    for (const u of units) {
      // Independent forces take back only sectors still annexed to them (annexedTo null: "local control"):
      // chapter 8, Local Forces "will only attack sectors that are annexed to it" (rulings-bots.md).
      if (u.owner === INDEPENDENT && s.annexedTo !== null && s.annexedTo !== INDEPENDENT) continue;
      if (!ctx.hostileIn(u.owner, s.owner, s.id)) continue;
      count.set(u.owner, (count.get(u.owner) ?? 0) + ctx.starshipCount(u) + u.admirals.length);
      combat.set(u.owner, (combat.get(u.owner) ?? 0) + ctx.conquestCombat(u));
    }
    if (count.size === 0) continue;
    // The check: whether it changes hands is about the sector and the units there (not about the empires'
    // treasuries); the empires it passes between are touched when it is in doubt (preview.ts).
    ctx.about = [`sector:${s.id}`, ...units.map((u): `unit:${string}` => `unit:${u.id}`)];
    const most = Math.max(...count.values());
    let leaders = [...count.keys()].filter((e) => count.get(e) === most).sort();
    if (leaders.length > 1) {
      // A tie in numbers: the stronger force takes it, and a tie in both is decided by lot (RULINGS).
      const best = Math.max(...leaders.map((e) => combat.get(e) ?? 0));
      leaders = leaders.filter((e) => (combat.get(e) ?? 0) === best);
    }
    if (leaders.length > 1)
      ctx.uncertain(`who takes ${sectorLabel(s, s.id)}, drawn by lot among ${leaders.length} empires of equal strength`, ctx.about);
    const winner = leaders.length === 1 ? (leaders[0] as EmpireId) : ctx.rng.pick(leaders);
    const strength = combat.get(winner) ?? 0;
    if (strength < 10) {
      if (ctx.toldTooWeak.has(`${s.id}|${winner}`)) continue;
      ctx.toldTooWeak.add(`${s.id}|${winner}`);
      ctx.message(
        [winner],
        `your forces in ${sectorLabel(s, s.id)} are too weak to take it: total combat ${round2(strength)} (cloak-capable starships count a tenth), at least 10 is needed`,
      );
      continue;
    }
    const was = s.owner;
    changeOwner(ctx, s, winner);
    ctx.preview?.spread(`sector:${s.id}`, [`empire:${was}`, `empire:${winner}`], ctx.events.length);
  }
  ctx.about = null;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The effects of a conquest (chapter 4, "Sector Ownership Changes"). */
export function changeOwner(ctx: TurnContext, s: Sector, owner: EmpireId): void {
  const from = s.owner;
  s.owner = owner;
  // "No empire will have Special Permission with that sector."
  s.permission = [];
  // "any garrison for that sector will now be owned by the new sector owner".
  const g = own(ctx.state.units, garrisonId(s.id));
  if (g && g.kind === "garrison" && g.owner !== owner) g.owner = owner;
  // Move cost 2 for the rest of the turn, no revenue, +1 damage in Final Events.
  ctx.changedOwner.add(s.id);
  ctx.events.push({ kind: "ownership", to: "all", step: ctx.stepLabel(), sector: s.id, from, owner, how: "conquest" });
  ctx.message("all", `${sectorLabel(s, s.id)} was taken by ${owner} from ${from}`);
}
