/**
 * Issue 3, "Bots": "over at least 50 seeded games, the normal bot beats a bot that
 * issues random legal orders and a passive bot in at least 90% of games".
 *
 * Each matchup is 50 games of the `frontier` scenario (6 empires, 80 sectors, turn
 * limit 30), seeds 1..50. In game g the normal bot holds seat (g - 1) mod 6 - each
 * empire in turn - and every other seat is the opponent's level. A game is played
 * until its outcome (victory conditions, RULINGS.md "Victory") or 30 turns.
 * "Beats" (match.ts `verdict`): at the end the normal bot's empire owns more
 * sectors than every other empire; a draw is as many as the best of them; else a
 * loss. For scale, the same with the easy bot as the hero and as the opponent.
 *
 *   npx tsx bench/run.ts ge-bots
 */

import { measure, type Tally } from "../src/host/match.js";
import type { BotLevel } from "../src/rules/galactic-empires/bot/index.js";
import { verdict } from "../src/rules/galactic-empires/bot/verdict.js";
import { galacticEmpires } from "../src/rules/galactic-empires/index.js";
import type { GameState } from "../src/rules/galactic-empires/model.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const GAMES = 50;
const TURNS = 30;
const SCENARIO = "frontier";

export async function run(): Promise<Figure[]> {
  const rows: { hero: BotLevel; opponent: BotLevel; t: Tally; s: number }[] = [];
  for (const [hero, opponent] of [
    ["normal", "random"],
    ["normal", "passive"],
    ["normal", "easy"],
    ["easy", "normal"],
  ] as [BotLevel, BotLevel][]) {
    const started = performance.now();
    const t = measure(galacticEmpires, SCENARIO, hero, opponent, GAMES, TURNS, (s, seat) => verdict(s as GameState, seat));
    rows.push({ hero, opponent, t, s: (performance.now() - started) / 1000 });
  }
  console.log(`${SCENARIO}, ${GAMES} games per matchup (one hero seat against 5 opponents), up to ${TURNS} turns:`);
  console.log("| hero | opponents | wins | draws | losses | time |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  for (const r of rows) console.log(`| ${r.hero} | ${r.opponent} | ${r.t.win} | ${r.t.draw} | ${r.t.loss} | ${r.s.toFixed(1)} s |`);
  const out: Figure[] = [];
  for (const r of rows.slice(0, 2)) {
    out.push({
      name: `normal vs ${r.opponent}: games not won (of ${GAMES})`,
      value: (100 * (r.t.draw + r.t.loss)) / GAMES,
      unit: "%",
      budget: 10,
    });
  }
  for (const r of rows.slice(2))
    out.push({ name: `${r.hero} vs ${r.opponent}: games won (of ${GAMES})`, value: (100 * r.t.win) / GAMES, unit: "%" });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run()) console.log(`${f.name}: ${f.value.toFixed(1)} ${f.unit}`);
}
