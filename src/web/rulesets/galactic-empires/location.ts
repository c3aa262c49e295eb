/**
 * A sector's location report (chapter 3, "Location Report") as the seat knows it: made from the seat's view
 * alone, the same view the map is drawn from, so it can say nothing the view does not hold (foreign forces only
 * where the seat scouted this turn, another empire's permission list only as far as it names the seat).
 */
import { starshipType } from "../../../rules/galactic-empires/catalog.js";
import { INDEPENDENT, type SectorId } from "../../../rules/galactic-empires/model.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";

export interface LocationReport {
  title: string;
  /** Label and value rows, in the order the rulebook's report gives them. */
  facts: { label: string; value: string }[];
  yourForces: string[];
  foreignForces: string[];
  neighbours: string[];
  battles: string[];
}

function ships(list: readonly { type: string; count: number }[]): string {
  const byType = new Map<string, number>();
  for (const s of list) byType.set(s.type, (byType.get(s.type) ?? 0) + s.count);
  if (byType.size === 0) return "no starships";
  return [...byType].map(([t, c]) => `${c} ${starshipType(t)?.name ?? t}`).join(", ");
}

export function locationReport(view: EmpireView, id: SectorId): LocationReport | null {
  const s = view.sectors.find((x) => x.id === id);
  if (!s) return null;
  const names = new Map<string, string>([[view.me.id, `${view.me.name} (you)`], ...view.empires.map((e) => [e.id, e.name] as const)]);
  const who = (e: string) => (e === INDEPENDENT ? "independent" : (names.get(e) ?? e));
  const byId = new Map(view.sectors.map((x) => [x.id, x]));
  const facts = [
    { label: "Owner", value: who(s.owner) },
    { label: "Annexed to", value: s.annexedTo === null ? "local control" : who(s.annexedTo) },
    { label: "Tax revenue", value: String(s.revenue) },
    { label: "Industrial centre", value: s.industrialCentre ? "yes" : "no" },
    {
      label: "Sector defence",
      value: `level ${s.defenceLevel}${s.defenceDamage ? ` (damage ${s.defenceDamage})` : ""}`,
    },
    // Damage is null where the view does not know it (a sector not seen this turn).
    { label: "Sector damage", value: s.damage === null ? "unknown" : String(s.damage) },
    { label: "Seen this turn", value: s.seen ? "yes" : "no (what is shown may be out of date)" },
  ];
  if (s.owner === view.empire) facts.push({ label: "Special permission", value: s.permission.map(who).join(", ") || "none" });
  else if (s.permission.includes(view.empire)) facts.push({ label: "Special permission", value: "you hold it" });
  const admiralName = new Map(view.admirals.map((a) => [a.id, a.name]));
  const yourForces = view.units
    .filter((u) => u.sector === id)
    .map((u) => {
      const adm = u.admirals.map((a) => `${admiralName.get(a) ?? "an admiral"} (${a}${u.leader === a ? ", leader" : ""})`);
      return `${u.id} ${u.name}: ${ships(u.ships)}${adm.length ? `; admirals ${adm.join(", ")}` : ""}${u.cloaked ? " (cloaked)" : ""}`;
    });
  const foreignForces = view.foreignUnits
    .filter((u) => u.sector === id)
    .map((u) => `${u.id} ${u.name} (${who(u.owner)}): ${ships(u.ships)}${u.admirals ? `; ${u.admirals} admiral(s)` : ""}`);
  const neighbours = view.borders
    .filter((b) => b.a === id || b.b === id)
    .map((b) => {
      const o = byId.get(b.a === id ? b.b : b.a);
      return o ? `${o.id} ${o.name}${b.barrier ? " (barrier)" : ""}` : "";
    })
    .filter(Boolean);
  const label = `${s.id} ${s.name}`;
  const battles = view.events
    .filter((e) => e.kind === "battle")
    .filter((e) => e.report.where === label || (e.report.where.startsWith("the border of ") && e.report.where.includes(label)))
    .map((e) => `${e.step}: battle at ${e.report.where}`);
  return { title: label, facts, yourForces, foreignForces, neighbours, battles };
}
