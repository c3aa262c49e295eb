/**
 * Chapter 4, "Searches Happen" (and chapter 5, "Cloaking"): units with a search
 * order scour their sector for cloaked foreign units in every phase until they
 * travel ("Search takes up a whole turn", FAQ).
 */
import { own } from "../../core/ids.js";
import { shipType } from "./catalog.js";
import type { TurnContext } from "./context.js";
import { compareUnitIds, INDEPENDENT, type SectorId, type Unit } from "./model.js";
import { type MovementRun, sectorLabel, unitsBySector } from "./movement.js";

/**
 * "For each starship in a unit performing the Search action, there is a chance of
 * successfully searching and finding each foreign starfleet. For example,
 * starfleet#1 has 3 ships in it, each with a 10% chance of success ... for each
 * foreign starfleet in the same location as starfleet#1, there will be 3 searches."
 * Only units of empires at war or neutral with the searcher are found, never
 * friendly or allied ones; independents never search (chapter 5, "Cloaking").
 *
 * Dice are drawn searcher by searcher (unit id order), target by target (unit id
 * order), starship by starship (stack order); a target's rolls stop once found.
 */
export function searchesHappen(ctx: TurnContext, run: MovementRun): void {
  if (run.searchers.size === 0) return;
  // Units by sector, taken once: searches only decloak, they never move, add or
  // remove a unit, so the grouping holds for the whole step (issue 3, speed).
  let bySector: Map<SectorId, Unit[]> | null = null;
  for (const id of [...run.searchers.keys()].sort(compareUnitIds)) {
    const unit = own(ctx.state.units, id);
    const io = run.searchers.get(id);
    if (!unit || !io || unit.owner !== io.empire) continue;
    if (unit.owner === INDEPENDENT) continue;
    // FAQ: a unit that has committed a movement cannot search.
    if (ctx.moved.has(id)) continue;
    run.searched.add(id);
    const p = ctx.preview;
    if (p && ctx.previewing(unit.owner) && !p.said.has(`search ${id}`)) {
      // The check: cloaked foreign units are not in the state it runs on.
      p.said.add(`search ${id}`);
      const where = sectorLabel(ctx.sector(unit.sector), unit.sector);
      ctx.cannotVerify(
        io,
        `what ${id}'s search in ${where} finds cannot be verified from what you know: cloaked units are hidden from you; each of its starships finds one with its search value in % (chapter 7)`,
      );
      ctx.uncertain(`what ${id}'s search finds`, [`unit:${id}`, `sector:${unit.sector}`]);
    }
    bySector ??= unitsBySector(ctx);
    const targets = (bySector.get(unit.sector) ?? []).filter((t) => {
      if (!t.cloaked || t.owner === unit.owner) return false;
      const r = ctx.relation(unit.owner, t.owner);
      return r === "war" || r === "neutral";
    });
    for (const target of targets) {
      let found = false;
      for (const stack of unit.ships) {
        const chance = shipType(stack.type).search;
        for (let i = 0; i < stack.count && !found; i++) found = ctx.rng.chance(chance);
        if (found) break;
      }
      if (!found) continue;
      target.cloaked = false;
      // Chapter 5, "Cloaking": "if decloaked on 1 turn, they can cloak the next" -
      // a unit found by a search cannot cloak again in the same turn.
      ctx.cloakChanged.add(target.id);
      const where = sectorLabel(ctx.sector(unit.sector), unit.sector);
      ctx.message([unit.owner], `${unit.id}'s search in ${where} found and decloaked ${target.owner}'s ${target.id}`);
      ctx.message([target.owner], `your ${target.id} in ${where} was found by a search and is no longer cloaked`);
    }
  }
}
