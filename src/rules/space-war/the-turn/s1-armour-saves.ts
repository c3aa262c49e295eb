/**
 * S1 - Make Armour saves (seed 001 l.351-387): "Effects of Hits are calculated at the start of the players turn. The
 * target Crafts Armour must be beaten in order for the Hit to Damage a Module". Each of the seat's craft with hits
 * pending (put on it since its last turn, ruling C.20) rolls each hit against its effective armour (the Protection
 * table, `armour.ts`): operating Armour modules, the Better Armour card (l.692-694), the crew's Star and Corporation
 * medals (l.759-769) and, for a fighter, Wingman (l.793). The armour is counted once, before any of these hits does
 * damage (reference E.4); the damaging hits wait for S2 in `Craft.pendingDamage`.
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, othersThan, type StepContext } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import { crewMedals, wingman } from "../medals/in-play.js";
import { type Craft, operating } from "../model.js";
import { holds, useCard } from "../technology-cards/in-play.js";
import { effectiveArmour, toDamage } from "./armour.js";
import { needText, reaches } from "./dice.js";
import { seenBy } from "./losses.js";

/** The craft's armour now (l.357-387, l.692-694, l.759-769, l.793); the Better Armour card is revealed by its use. */
export function armourOf(ctx: StepContext, c: Craft): number {
  const medals = crewMedals(ctx.state, c);
  const base = effectiveArmour({
    armourModules: operating(c, "A"),
    betterArmour: false,
    star: medals.includes("star"),
    corporation: medals.includes("corporation"),
    wingman: c.type === "fighter" && wingman(ctx.state, battleOf(ctx.state), c.owner),
  });
  // "Reveal them the first time you want their bonuses" (l.672): the card is wanted only when a hit is to be saved.
  const better = holds(ctx.state, c.owner, "better-armour") && useCard(ctx, c.owner, "better-armour");
  return base + (better ? 1 : 0);
}

/** S1 for `seat`: every pending hit on its craft rolled against its armour; the damage kept for S2. */
export function makeArmourSaves(ctx: StepContext, seat: SeatId): void {
  const b = battleOf(ctx.state);
  for (const c of b.craft) {
    if (c.owner !== seat || c.pendingHits <= 0) continue;
    if (c.where.kind === "gone") {
      c.pendingHits = 0;
      continue;
    }
    const hits = c.pendingHits;
    const armour = armourOf(ctx, c);
    const need = toDamage(armour);
    const rolls: Roll[] = [];
    // Rear shots (setting `rearShots`, C.5): the first `rearHits` of the hits came from the target's rear; after S1
    // `rearHits` holds how many of the damage they did, for S2 to put on Engines and Thrusters first.
    const rear = Math.min(c.rearHits ?? 0, hits);
    let damage = 0;
    let rearDamage = 0;
    if (need === "automatic") {
      damage = hits;
      rearDamage = rear;
    } else
      for (let i = 1; i <= hits; i++) {
        const value = ctx.rng.d6();
        rolls.push({
          die: "d6",
          value,
          for: `hit ${i} of ${hits} on ${c.id}${i <= rear ? " (from the rear)" : ""} through armour ${armour}`,
          ...(need === null ? {} : { need }),
        });
        if (reaches(value, need)) {
          damage++;
          if (i <= rear) rearDamage++;
        }
      }
    c.pendingHits = 0;
    c.pendingDamage = (c.pendingDamage ?? 0) + damage;
    if (rearDamage > 0) c.rearHits = rearDamage;
    else delete c.rearHits;
    const how = need === "automatic" ? "no armour: every hit damages" : `armour ${armour}: ${needText(need)} to damage`;
    const text = `${c.id} makes its armour saves against ${hits} hit${hits === 1 ? "" : "s"} (${how}): ${damage} damage.`;
    const to = seenBy(c);
    if (to === undefined) ctx.emit("hits-resolved", text, { craft: [c.id], rolls });
    else {
      // A face-down counter's armour is hidden information (l.659-665): its owner sees the rolls, the rest the outcome.
      ctx.emit("hits-resolved", text, { craft: [c.id], rolls, to });
      ctx.emit("hits-resolved", `${c.id} (face down) takes ${hits} hit${hits === 1 ? "" : "s"}: ${damage} damage.`, {
        craft: [c.id],
        to: othersThan(ctx.state, c.owner),
      });
    }
  }
}
