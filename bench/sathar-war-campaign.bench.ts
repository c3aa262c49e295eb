/**
 * Sathar War campaigns played by bots (issue 12 "Play" and "Budgets"):
 * - "A whole campaign, bots on both sides, quick battles, to victory: at most 5 s": the mean and the slowest of the
 *   normal-against-normal campaigns, seeds 1-50.
 * - "Measured over 50 seeded campaigns: each side's bot beats a random-legal opponent in at least 90%; report bot
 *   against bot results": the table of wins, draws and losses (test/sathar-war/bots.test.ts plays 10 of each in CI).
 *
 *   npx tsx bench/run.ts sathar-war-campaign        (SW_CAMPAIGNS=10 for fewer)
 */
import { type Campaign, playCampaign, row, TABLE_HEAD, tally } from "../test/sathar-war/bots-support.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const GAMES = Number(process.env.SW_CAMPAIGNS ?? 50);
const seeds = Array.from({ length: GAMES }, (_, i) => i + 1);

export async function run(): Promise<Figure[]> {
  const both: Campaign[] = seeds.map((s) => playCampaign(s, "normal", "normal"));
  const satharVsRandom = seeds.map((s) => playCampaign(s, "normal", "random"));
  const upfVsRandom = seeds.map((s) => playCampaign(s, "random", "normal"));
  const satharVsPassive = seeds.map((s) => playCampaign(s, "normal", "passive"));
  console.log(`Sathar War, ${GAMES} seeded campaigns per matchup (seeds 1-${GAMES}), quick battles, up to 3000 steps:`);
  console.log(TABLE_HEAD);
  console.log(row("normal Sathar vs random UPF", "sathar", satharVsRandom));
  console.log(row("normal UPF vs random Sathar", "upf", upfVsRandom));
  console.log(row("normal Sathar vs passive UPF", "sathar", satharVsPassive));
  console.log(row("normal Sathar vs normal UPF (Sathar's view)", "sathar", both));
  const secs = both.map((c) => c.ms / 1000);
  const won = (cs: Campaign[], side: "sathar" | "upf") => (100 * tally(cs)[side]) / cs.length;
  return [
    { name: "campaign, normal bots both sides: mean time", value: secs.reduce((a, b) => a + b, 0) / GAMES, unit: "s", budget: 5 },
    { name: "campaign, normal bots both sides: slowest", value: Math.max(...secs), unit: "s", budget: 5 },
    { name: `normal Sathar vs random UPF: not won (of ${GAMES})`, value: 100 - won(satharVsRandom, "sathar"), unit: "%", budget: 10 },
    { name: `normal UPF vs random Sathar: not won (of ${GAMES})`, value: 100 - won(upfVsRandom, "upf"), unit: "%", budget: 10 },
    { name: `normal Sathar vs normal UPF: Sathar won (of ${GAMES})`, value: won(both, "sathar"), unit: "%" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run()) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit}`);
}
