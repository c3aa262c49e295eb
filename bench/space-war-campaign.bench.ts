/**
 * Space War campaigns played by bots (issue 13 "Budgets" and "Win rates"):
 * - "a ten-game campaign, bots on every seat: at most 5 s": the normal bot on both seats, the Scenario Roll (l.818),
 *   seeds 1-5; the mean and the slowest.
 * - "over 50 seeded games (1.0 Squadron Action, a single game each), the normal bot beats a random-legal bot in at
 *   least 90% as each seat; report bot against bot": the table (test/space-war/bots.test.ts plays a few in CI).
 *
 *   npx tsx bench/run.ts space-war-campaign        (SX_GAMES=10 for fewer)
 */
import { play, row, TABLE_HEAD, tally } from "../test/space-war/bots-support.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const GAMES = Number(process.env.SX_GAMES ?? 50);
const CAMPAIGNS = Number(process.env.SX_CAMPAIGNS ?? 5);

export async function run(): Promise<Figure[]> {
  const seeds = Array.from({ length: GAMES }, (_, i) => i + 1);
  const blueVsRandom = seeds.map((s) => play(s, "normal", "random"));
  const redVsRandom = seeds.map((s) => play(s, "random", "normal"));
  const both = seeds.map((s) => play(s, "normal", "normal"));
  console.log(`Space War, 1.0 Squadron Action, ${GAMES} seeded games per matchup (seeds 1-${GAMES}):`);
  console.log(TABLE_HEAD);
  console.log(row("normal blue v random red", "blue", blueVsRandom));
  console.log(row("normal red v random blue", "red", redVsRandom));
  console.log(row("normal blue v normal red (blue's view)", "blue", both));
  const problems = [...blueVsRandom.map((g) => g.problems.blue ?? []), ...redVsRandom.map((g) => g.problems.red ?? [])].flat();
  console.log(
    `normal bot's orders refused in those games: ${problems.length}${problems.length ? `, e.g. ${problems.slice(0, 5).join(" | ")}` : ""}`,
  );
  const campaigns = Array.from({ length: CAMPAIGNS }, (_, i) =>
    play(i + 1, "normal", "normal", { games: 10, scenario: "roll", budget: "normal" }, 20000),
  );
  const secs = campaigns.map((c) => c.ms / 1000);
  console.log(
    `ten-game campaigns, normal v normal, seeds 1-${CAMPAIGNS}: steps ${campaigns.map((c) => c.steps).join(" ")}, finished ${campaigns.filter((c) => c.finished).length}/${CAMPAIGNS}`,
  );
  const won = (gs: typeof both, seat: string) => (100 * tally(gs, seat).wins) / gs.length;
  return [
    { name: "ten-game campaign, normal bots: mean time", value: secs.reduce((a, b) => a + b, 0) / CAMPAIGNS, unit: "s", budget: 5 },
    { name: "ten-game campaign, normal bots: slowest", value: Math.max(...secs), unit: "s", budget: 5 },
    { name: `normal blue v random red: not won (of ${GAMES})`, value: 100 - won(blueVsRandom, "blue"), unit: "%", budget: 10 },
    { name: `normal red v random blue: not won (of ${GAMES})`, value: 100 - won(redVsRandom, "red"), unit: "%", budget: 10 },
    { name: `normal v normal: blue won (of ${GAMES})`, value: won(both, "blue"), unit: "%" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run()) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit}`);
}
