/**
 * Medals (optional) (seed 001 l.729-805): "awarded to crews surviving the action. They need not have been the crew
 * who did the act." The MEDALS table (l.741-787), read with ruling C.17 (Valour's bonus is Wingman, l.793):
 *
 * | Medal       | During the game your squadron:                        | Bonus                          |
 * | Ace         | Destroys five or more enemy Craft.                    | Better when firing Lasers.     |
 * | Valour      | Destroys every enemy Craft!                           | Wingman!                       |
 * | Star        | Destroys a Craft of the largest enemy Design.         | Count as having extra Armour.  |
 * | Corporation | Achieve the Corporation Task.                         | Count as having extra Armour.  |
 * | Saboteur    | Achieve the Saboteur Task.                            | Counts as an extra Self-Repair.|
 * | Tek         | Capture an enemy Fighter.                             | Counts as an extra Electronics.|
 * | Bravery     | Forcing the enemy to give up while they have Craft remaining! | Just for show!         |
 *
 * "An individual crew cannot get two of same Medal" (l.801). Allocating and losing medals are the next sessions';
 * `medalsEarned` is what a squadron earns from one game's facts (the l.789 example is a test).
 */

export const MEDALS = ["ace", "valour", "star", "corporation", "saboteur", "tek", "bravery"] as const;
export type Medal = (typeof MEDALS)[number];

export interface MedalData {
  id: Medal;
  name: string;
  /** What earns it (l.747-785). */
  earnedBy: string;
  /** What it gives its crew's craft (l.751-787). */
  bonus: string;
}

export const MEDAL_DATA: Readonly<Record<Medal, MedalData>> = {
  ace: {
    id: "ace",
    name: "Ace",
    earnedBy: "Destroys five or more enemy Craft. (l.749)",
    bonus: "Better when firing Lasers (the Ace row). (l.751)",
  },
  valour: {
    id: "valour",
    name: "Valour",
    earnedBy: "Destroys every enemy Craft! (l.755)",
    bonus:
      "Wingman: while a surviving fighter crew holds it and two or more fighters are left, every fighter counts one extra Armour. (l.757, l.793)",
  },
  star: {
    id: "star",
    name: "Star",
    earnedBy: "Destroys a Craft of the largest enemy Design. (l.761)",
    bonus: "Count as having extra Armour. (l.763)",
  },
  corporation: {
    id: "corporation",
    name: "Corporation",
    earnedBy: "Achieve the Corporation Task. (l.767)",
    bonus: "Count as having extra Armour. (l.769)",
  },
  saboteur: {
    id: "saboteur",
    name: "Saboteur",
    earnedBy: "Achieve the Saboteur Task. (l.773)",
    bonus: "Counts as an extra Self-Repair. (l.775)",
  },
  tek: { id: "tek", name: "Tek", earnedBy: "Capture an enemy Fighter. (l.779)", bonus: "Counts as an extra Electronics. (l.781)" },
  bravery: {
    id: "bravery",
    name: "Bravery",
    earnedBy: "Forcing the enemy to give up while they have Craft remaining! (l.785)",
    bonus: "Just for show! (l.787)",
  },
};

/** Enemy craft destroyed that earn the Ace (l.749). */
export const ACE_KILLS = 5;

/** What one game came to for a squadron, as the medal rules read it (military craft only: l.805, ruling C.23). */
export interface GameFacts {
  /** Enemy military craft destroyed (stations and civilian transports not counted). */
  enemyCraftDestroyed: number;
  /** Every enemy military craft was destroyed. */
  everyEnemyCraftDestroyed: boolean;
  /** A craft of the largest enemy design was destroyed (ruling C.24: most modules). */
  largestDesignCraftDestroyed: boolean;
  corporationTask: boolean;
  saboteurTask: boolean;
  enemyFightersCaptured: number;
  /** The enemy gave up while it still had craft. */
  enemyGaveUpWithCraft: boolean;
  /** The squadron still has a vessel (l.733: no vessels, no crews; ruling C.22). */
  vesselsLeft: boolean;
  /** Machine forces never receive medals (l.977). */
  machine: boolean;
  /**
   * The Wall of Battle (l.1033-1035): each enemy squadron's own Valour and Star ("In fleet actions it is awarded for
   * destroying every enemy craft of a single squadron ... the largest Craft in each enemy squadron"); given, these
   * replace `everyEnemyCraftDestroyed` and `largestDesignCraftDestroyed`.
   */
  enemySquadrons?: { seat: string; everyCraftDestroyed: boolean; largestDesignCraftDestroyed: boolean }[];
}

/**
 * The medals a squadron may parcel out after a game (l.741-789), one of each earned; in the Wall of Battle a Valour
 * and a Star per enemy squadron ("So it is possible for a single squadron to gain more than one of a particular
 * Medal", l.1035), each still to a different crew (l.801).
 */
export function medalsEarned(f: GameFacts): Medal[] {
  if (f.machine || !f.vesselsLeft) return [];
  const out: Medal[] = [];
  if (f.enemyCraftDestroyed >= ACE_KILLS) out.push("ace");
  if (f.enemySquadrons !== undefined) {
    for (const e of f.enemySquadrons) if (e.everyCraftDestroyed) out.push("valour");
    for (const e of f.enemySquadrons) if (e.largestDesignCraftDestroyed) out.push("star");
  } else {
    if (f.everyEnemyCraftDestroyed) out.push("valour");
    if (f.largestDesignCraftDestroyed) out.push("star");
  }
  if (f.corporationTask) out.push("corporation");
  if (f.saboteurTask) out.push("saboteur");
  if (f.enemyFightersCaptured > 0) out.push("tek");
  if (f.enemyGaveUpWithCraft) out.push("bravery");
  return out;
}
