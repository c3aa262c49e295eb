/** Test support: the Squadron Action's battle (l.880-892) for hand-placed craft, as several tests build it. */
import type { Battle, Craft } from "../../src/rules/space-war/model.js";

/**
 * A two-seat Squadron Action battle with these craft: blue's planet west at (6, 24), red's east at (66, 24), blue
 * to play, each seat's tally started with `started` craft.
 */
export function squadronActionBattle(craft: Craft[], started: { blue: number; red: number }, turn = 1): Battle {
  return {
    scenario: "squadron-action",
    turn,
    order: ["blue", "red"],
    active: "blue",
    table: { width: 72, depth: 48 },
    planets: [
      { at: { x: 6, y: 24 }, diameter: 3 },
      { at: { x: 66, y: 24 }, diameter: 3 },
    ],
    craft,
    gaveUp: [],
    tally: {
      blue: { started: started.blue, lost: 0, destroyed: [], captured: [], tasks: [] },
      red: { started: started.red, lost: 0, destroyed: [], captured: [], tasks: [] },
    },
    homes: { blue: { planet: 0, edge: "west" }, red: { planet: 1, edge: "east" } },
  };
}
