/**
 * Space War campaigns played by bots (issue 13 "Budgets" and "Win rates"):
 * - "a ten-game campaign, bots on every seat: at most 5 s": the normal bot on both seats, the Scenario Roll (l.818),
 *   seeds 1-5; the mean and the slowest.
 * - "Bots for every seat, the cultural terrorists and the machines included, that fight sensibly and beat a
 *   random-legal bot in at least 90% of 50 seeded games (report the table)": every scenario, a single game each
 *   (bots-support.ts `matchups`): 1.0 Squadron Action each seat; 2.0-5.0 the normal bot on each side (the CT's and the
 *   defenders, the escort and the attackers, the machines and the humans) against the random-legal bot; 6.0 Wall of
 *   Battle, four squadrons, a normal alliance against a random one, each side; and normal against normal in each (the
 *   side balance). test/space-war/bots.test.ts plays a few of each in CI.
 *
 *   npx tsx bench/run.ts space-war-campaign        (SX_GAMES=10 for fewer; SX_ONLY=convoy for the rows whose label has it)
 */
import { type Matchup, matchups, type Played, play, playLineup, row, TABLE_HEAD, won } from "../test/space-war/bots-support.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const GAMES = Number(process.env.SX_GAMES ?? 50);
const CAMPAIGNS = Number(process.env.SX_CAMPAIGNS ?? 5);
const ONLY = process.env.SX_ONLY;

export async function run(): Promise<Figure[]> {
  const seeds = Array.from({ length: GAMES }, (_, i) => i + 1);
  const figures: Figure[] = [];
  const refused: string[] = [];
  console.log(`Space War, ${GAMES} seeded games per matchup (seeds 1-${GAMES}), a single game each:`);
  console.log(TABLE_HEAD);
  for (const m of matchups()) {
    if (ONLY && !m.label.toLowerCase().includes(ONLY.toLowerCase())) continue;
    const games: Played[] = seeds.map((s) => playLineup(s, m.lineup, m.inputs));
    console.log(row(m.label, m.whose, games));
    const share = (100 * games.filter((g) => won(m, g)).length) / games.length;
    const random = Object.values(m.lineup).includes("random");
    if (random) {
      for (const g of games)
        for (const [seat, ps] of Object.entries(g.problems))
          if (g.bots[seat] === "normal") refused.push(...ps.map((p) => `seed ${g.seed} ${p}`));
      figures.push({ name: `${label(m)}: not won (of ${GAMES})`, value: 100 - share, unit: "%", budget: 10 });
    } else figures.push({ name: `${label(m)}: first side won (of ${GAMES})`, value: share, unit: "%" });
  }
  console.log(
    `normal bot's orders refused in the games against random: ${refused.length}${refused.length ? `, e.g. ${refused.slice(0, 5).join(" | ")}` : ""}`,
  );
  if (!ONLY) {
    const campaigns = Array.from({ length: CAMPAIGNS }, (_, i) =>
      play(i + 1, "normal", "normal", { games: 10, scenario: "roll", budget: "normal" }, 20000),
    );
    const secs = campaigns.map((c) => c.ms / 1000);
    console.log(
      `ten-game campaigns, normal v normal, seeds 1-${CAMPAIGNS}: steps ${campaigns.map((c) => c.steps).join(" ")}, finished ${campaigns.filter((c) => c.finished).length}/${CAMPAIGNS}`,
    );
    figures.unshift(
      { name: "ten-game campaign, normal bots: mean time", value: secs.reduce((a, b) => a + b, 0) / CAMPAIGNS, unit: "s", budget: 5 },
      { name: "ten-game campaign, normal bots: slowest", value: Math.max(...secs), unit: "s", budget: 5 },
    );
  }
  return figures;
}

/** A figure's name: the matchup's label, shortened to fit the report's column. */
const label = (m: Matchup): string => m.label.replace("Wall of Battle (4)", "Wall").replace("Cultural Terrorists", "CT's");

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run()) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit}`);
}
