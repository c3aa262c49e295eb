/**
 * Technological Advances (optional) (seed 001 l.668-722): "one is randomly selected AFTER designing your Craft. They
 * only influence the next game. Reveal them the first time you want their bonuses." Each side selects one per game
 * (l.25). Ruling C.25: one copy of each card in one shared deck, drawn without replacement. Drawing, revealing and
 * cancelling are the next sessions'; this is the table.
 */

export const CARDS = [
  "longer-scouting",
  "superior-lasers",
  "superior-expendables",
  "better-armour",
  "better-missiles",
  "emp-nukes",
  "subterfuge",
  "traitor",
  "great-leap-forward",
  "task-corporation",
  "task-saboteur",
] as const;
export type Card = (typeof CARDS)[number];

export interface CardData {
  id: Card;
  /** The seed's name (l.680-720). */
  name: string;
  /** The seed's effect, with its line. */
  effect: string;
}

/** The table, l.676-722, in the seed's order. */
export const CARD_DATA: Readonly<Record<Card, CardData>> = {
  "longer-scouting": { id: "longer-scouting", name: "Longer Scouting distances", effect: '+6" on scouting distances. (l.680-682)' },
  "superior-lasers": { id: "superior-lasers", name: "Superior Lasers", effect: "+1 to shots with Lasers. (l.684-686)" },
  "superior-expendables": { id: "superior-expendables", name: "Superior Expendables", effect: "Throws 9 rather than 6 Shots. (l.688-690)" },
  "better-armour": { id: "better-armour", name: "Better Armour", effect: "Count as having one extra Armour. (l.692-694)" },
  "better-missiles": { id: "better-missiles", name: "Better Missiles", effect: "+1 to shots with missiles. (l.696-698)" },
  "emp-nukes": { id: "emp-nukes", name: "EMP enhanced nukes", effect: 'Widens radius of Nuclear blast to 5". (l.700-702)' },
  subterfuge: { id: "subterfuge", name: "Subterfuge", effect: "Cancel one enemy card when they play it! (l.704-706)" },
  traitor: {
    id: "traitor",
    name: "Traitor",
    effect: "Enemy player must reveal the composition of his or her force before deployment! (l.708-710)",
  },
  "great-leap-forward": {
    id: "great-leap-forward",
    name: "Great Leap Forward",
    effect: "Play and randomly select 2 other cards! (l.712-714)",
  },
  "task-corporation": {
    id: "task-corporation",
    name: "Task - Corporation",
    effect: "Destroy the enemy franchise to gain the Corporation Medal. (l.716-718)",
  },
  "task-saboteur": {
    id: "task-saboteur",
    name: "Task - Saboteur",
    effect: "Get one of your craft to contact the enemy Space Station. (l.720-722)",
  },
};

/** Spotting: counters within 24" are turned face up (l.663), 6" more with Longer Scouting (l.680-682). */
export const SCOUTING_DISTANCE = 24;
export const scoutingDistance = (longerScouting: boolean): number => SCOUTING_DISTANCE + (longerScouting ? 6 : 0);

/** Nuclear blast radius: 3" (l.311, l.462), 5" with EMP enhanced nukes (l.700-702). */
export const NUKE_RADIUS = 3;
export const nukeRadius = (empNukes: boolean): number => (empNukes ? 5 : NUKE_RADIUS);
