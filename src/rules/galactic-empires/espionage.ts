/**
 * Espionage: seed 003 chapter 4, "Espionage Occurs": for 35 resources, agents report
 * vital statistics of another empire, "but you may not gain all of the information
 * available".
 */
import { ESPIONAGE_COST } from "./catalog.js";
import type { TurnContext } from "./context.js";
import { admiralsOwnedBy, fmt, fromCents, otherEmpire, sectorYield, toCents } from "./economy.js";
import type { EmpireId } from "./model.js";

/** Each report field is withheld with this chance, independently (RULINGS: "Espionage report"). */
export const ESPIONAGE_WITHHELD_CHANCE = 40;

/** The report fields, in the order their dice are rolled. */
export const ESPIONAGE_FIELDS = [
  "treasury",
  "sectorsOwned",
  "sectorsAnnexed",
  "starships",
  "admirals",
  "starfleets",
  "revenueExpected",
  "industrialCentres",
] as const;
export type EspionageField = (typeof ESPIONAGE_FIELDS)[number];

/** The true figures of an empire at this moment (cloaked forces included: spies count them). */
export function espionageFacts(ctx: TurnContext, target: EmpireId): Record<EspionageField, number> {
  const owned = ctx.state.sectors.filter((s) => s.owner === target);
  const units = ctx.unitsOf(target);
  let revenue = 0;
  for (const s of owned) if (s.annexedTo === target) revenue += toCents(sectorYield(s));
  return {
    treasury: ctx.treasury(target),
    sectorsOwned: owned.length,
    sectorsAnnexed: ctx.state.sectors.filter((s) => s.annexedTo === target).length,
    starships: units.reduce((n, u) => n + ctx.starshipCount(u), 0),
    admirals: admiralsOwnedBy(ctx, target).length,
    starfleets: units.filter((u) => u.kind === "starfleet").length,
    revenueExpected: fromCents(revenue),
    industrialCentres: owned.filter((s) => s.industry !== null).length,
  };
}

/**
 * Chapter 4, "Espionage Occurs": pay 35; the spy alone receives an EspionageEvent
 * whose fields are each withheld (null) with a 40% chance, rolled in the fixed
 * order of ESPIONAGE_FIELDS.
 */
export function espionageOccurs(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("espionage")) {
    const target = otherEmpire(ctx, io, io.order.empire, "espionage");
    if (!target) continue;
    const have = ctx.treasury(io.empire);
    if (!ctx.pay(io.empire, ESPIONAGE_COST)) {
      ctx.fail(io, "cannot-afford", `espionage costs ${ESPIONAGE_COST} but your treasury holds ${fmt(have)}`);
      continue;
    }
    if (ctx.previewing(io.empire)) {
      // The check: what the agents learn is the target's secret and the dice's.
      ctx.message(
        [io.empire],
        `Agents will report on ${target.name} for ${ESPIONAGE_COST}: each of ${ESPIONAGE_FIELDS.length} figures (${ESPIONAGE_FIELDS.join(", ")}) reaches you with ${100 - ESPIONAGE_WITHHELD_CHANCE}% chance.`,
      );
      continue;
    }
    const facts = espionageFacts(ctx, target.id);
    const fields: Record<string, number | null> = {};
    for (const f of ESPIONAGE_FIELDS) fields[f] = ctx.rng.chance(ESPIONAGE_WITHHELD_CHANCE) ? null : facts[f];
    ctx.events.push({ kind: "espionage", to: [io.empire], step: ctx.stepLabel(), target: target.id, fields });
  }
}
