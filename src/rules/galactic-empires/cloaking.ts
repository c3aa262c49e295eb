/**
 * Whether a unit may cloak or decloak now: seed 003 chapter 4, "Starfleets Change
 * Cloaking" (a First Event, and again "Starfleet Cloaking Changed" in every
 * movement phase), and chapter 5, "Cloaking". Shared by First Events and Movement
 * Events so both steps give the same answers and the same problem codes.
 */
import { round } from "../../core/json.js";
import { canCloak, shipType } from "./catalog.js";
import type { TurnContext } from "./context.js";
import type { Unit } from "./model.js";

/** Chapter 4: "A unit cannot cloak itself if the weight is more than 10 times the storage". */
export const CLOAK_WEIGHT_FACTOR = 10;

export interface CloakProblem {
  code: string;
  message: string;
}

/**
 * The unit's "weight" and "storage" for the cloaking limit. The catalogue has no
 * weight or storage column; our reading (RULINGS, "Cloaking weight limit") is the
 * total build cost of its starships against their total upkeep.
 */
export function cloakWeight(unit: Unit): { weight: number; storage: number } {
  let weight = 0;
  let storage = 0;
  for (const s of unit.ships) {
    const t = shipType(s.type);
    weight += t.build * s.count;
    storage += t.upkeep * s.count;
  }
  return { weight: round(weight, 2), storage: round(storage, 2) };
}

/**
 * Why `unit` cannot cloak (wantCloak) or decloak (!wantCloak) now, or null when it can.
 * Checks, in order: starfleets only (chapter 3, "Cloak Unit: (For Starfleets)"),
 * once per unit per turn (chapter 5, "Cloaking"), current state, starships present,
 * every starship cloak-capable, and the weight limit (chapter 4).
 */
export function cloakProblem(ctx: TurnContext, unit: Unit, wantCloak: boolean): CloakProblem | null {
  const verb = wantCloak ? "cloak" : "decloak";
  if (unit.kind === "garrison") {
    return {
      code: "garrison-cannot-cloak",
      message: `${unit.id} is a garrison; only starfleets can ${verb} (chapter 3, "Cloak Unit: (For Starfleets)")`,
    };
  }
  if (ctx.cloakChanged.has(unit.id)) {
    return {
      code: "cloak-changed-this-turn",
      message: `${unit.id} already changed its cloaking this turn; a starfleet can only cloak or decloak once per turn (chapter 5, "Cloaking")`,
    };
  }
  if (!wantCloak) {
    if (!unit.cloaked) return { code: "not-cloaked", message: `${unit.id} is not cloaked, so it cannot decloak` };
    return null;
  }
  if (unit.cloaked) return { code: "already-cloaked", message: `${unit.id} is already cloaked` };
  const stacks = unit.ships.filter((s) => s.count > 0);
  if (stacks.length === 0) {
    return {
      code: "no-starships",
      message: `${unit.id} has no starships; only a unit whose starships all have cloaking ability can cloak`,
    };
  }
  const unable = [...new Set(stacks.map((s) => s.type))].filter((id) => !canCloak(shipType(id), ctx.state.settings));
  if (unable.length > 0) {
    return {
      code: "cannot-cloak",
      message: `${unit.id} holds starships without cloaking ability (${unable
        .map((id) => shipType(id).name)
        .join(", ")}); transfer them out first, a unit can only cloak if all its starships can`,
    };
  }
  const { weight, storage } = cloakWeight(unit);
  if (weight > round(CLOAK_WEIGHT_FACTOR * storage, 2)) {
    return {
      code: "too-heavy-to-cloak",
      message: `${unit.id} is too heavy to cloak: weight (total build cost) ${weight} is more than ${CLOAK_WEIGHT_FACTOR} x storage (total upkeep ${storage}) = ${round(
        CLOAK_WEIGHT_FACTOR * storage,
        2,
      )}; add light starships or transfer heavy ones out`,
    };
  }
  return null;
}
