/**
 * The battle-odds command's default print-out (odds.ts runs the battles): a table per side, then the
 * starships lost by type.
 */
import { starshipType } from "../catalog.js";
import type { OddsResult, OddsSetup } from "../odds.js";

/** The default print-out: a table per side, then losses by type. */
export function oddsText(setup: OddsSetup, r: OddsResult): string {
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const b = setup.battle;
  const d = b.defence;
  const where =
    b.kind === "cross-border"
      ? "a cross-border battle"
      : d && d.level > 0
        ? `a sector battle, level ${d.level} sector defence${d.damage > 0 ? ` with ${d.damage} damage` : ""} protecting ${setup.sides.find((s) => d.protects.includes(s.owner))?.name ?? "no side"}`
        : "a sector battle, no sector defence";
  const rows: string[][] = [["Side", "Holds the field", "± s.e.", "Starships lost", "± s.e."]];
  for (const s of r.sides) {
    rows.push([
      s.name,
      pct(s.winRate),
      pct(s.winRateStdErr),
      `${s.meanShipsLost.toFixed(2)} of ${s.ships}`,
      s.meanShipsLostStdErr.toFixed(3),
    ]);
  }
  rows.push(["Neither side", pct(r.neitherRate), pct(r.neitherRateStdErr), "", ""]);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join("  ")
      .trimEnd();
  const out: string[] = [];
  out.push(`Battle odds: ${r.runs} runs, seed ${r.seed}, ${where}.`);
  out.push("");
  out.push(line(rows[0]!));
  out.push(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows.slice(1)) out.push(line(row));
  out.push("");
  out.push(`Mean rounds: ${r.meanRounds.toFixed(2)}`);
  out.push("");
  out.push("Starships lost per battle, by type (mean):");
  for (let i = 0; i < r.sides.length; i++) {
    const s = r.sides[i]!;
    out.push(`  ${s.name}`);
    const types = setup.sides[i]!.ships;
    const labels = types.map((t) => {
      const data = starshipType(t.type);
      return data ? `${data.name} (${data.builder})` : t.type;
    });
    const w = Math.max(0, ...labels.map((l) => l.length));
    types.forEach((t, k) => {
      out.push(`    ${labels[k]!.padEnd(w)}  ${(s.lostByType[t.type] ?? 0).toFixed(2).padStart(7)} of ${t.count}`);
    });
    if (s.meanAdmiralsLost > 0) out.push(`    ${"Admirals".padEnd(w)}  ${s.meanAdmiralsLost.toFixed(2).padStart(7)}`);
  }
  return out.join("\n");
}
