/**
 * A battle report printed in the layout of seed 003 chapter 6, "Battle reports", as one empire
 * sees it. The report itself is data (battle.ts `BattleReport`); this only renders it.
 */
import { round } from "../../../core/json.js";
import { showPlain } from "../../../core/text.js";
import { type BattleReport, defaultOwnerName } from "../battle.js";
import type { EmpireId, UnitId } from "../model.js";

const num = (x: number): string => String(round(x, 1));

/** "Patrol Force 2 (Our Starfleet #2)" for the viewer's own units, "Romulan Starfleet #20" for others'. */
export function unitLabel(u: BattleReport["units"][number] | undefined, id: UnitId, viewer: EmpireId): string {
  const number = id.replace(/^\D+/, "") || id;
  const kind = u?.kind === "garrison" ? "Garrison" : "Starfleet";
  if (!u) return `Unit ${id}`;
  if (u.owner === viewer) return `${u.name} (Our ${kind} #${number})`;
  return `${u.ownerName ?? defaultOwnerName(u.owner)} ${kind} #${number}`;
}

/** Prints a battle report in the layout of chapter 6, "Battle reports", as seen by `viewer`. */
export function battleReportText(report: BattleReport, viewer: EmpireId): string {
  const byId = new Map(report.units.map((u) => [u.id, u]));
  const label = (id: UnitId) => unitLabel(byId.get(id), id, viewer);
  const out: string[] = [];
  out.push(`A ${report.kind === "sector" ? "sector" : "cross-border"} battle occurred at:${report.where}`);
  out.push("The following units were involved:");
  for (const u of report.units) {
    const own = u.owner === viewer;
    const mods = u.modifiers !== "" ? u.modifiers : own ? "without any modifiers" : "";
    out.push(
      `${label(u.id)}, ${mods === "" ? "" : `${mods} `}(Total Combat: ${num(u.totalCombat)}, Total Hit Points: ${num(u.totalHits)})`,
    );
  }
  if (report.defence) {
    for (const s of report.siege) {
      out.push(
        `${label(s.unit)} made ${s.attempts} siege attempt${s.attempts === 1 ? "" : "s"}, causing ${s.hits} damage to the sector defences`,
      );
    }
    const d = report.defence;
    if (d.level > 0) {
      out.push(
        `Sector defence: level ${d.level}, damage ${d.damageAfter}${d.damageAfter !== d.damageBefore ? ` (was ${d.damageBefore})` : ""}`,
      );
    }
  }
  for (const r of report.rounds) {
    out.push("");
    out.push(`The events for Round #${r.round}:`);
    for (const f of r.fire) {
      out.push(`${label(f.unit)} (Retreat Level ${f.retreatLevel}):`);
      for (const l of f.lines) out.push(`${l.count} ${l.starship} Caused ${l.damage} Damage`);
    }
    out.push(`Unit Status for the End of this Round: #${r.round}:`);
    for (const s of r.status) {
      out.push(
        `${label(s.unit)} suffered ${num(s.suffered)} damage (Total Hit Points: ${num(s.totalHits)}, Total Damage Taken: ${num(s.totalDamage)})`,
      );
    }
    if (r.casualties.length === 0) {
      out.push("Casualties: None (this is not a casualty round)");
    } else {
      out.push(`Casualties for Round #${r.round}:`);
      for (const c of r.casualties) {
        out.push(`${label(c.unit)} suffered ${num(c.suffered)} damage, with these losses:`);
        if (c.losses.length === 0) out.push("none");
        for (const l of c.losses) {
          out.push(
            `1 ${l.starship} (Hit Points: ${num(l.hits)}) is ${l.killed ? "killed" : "damaged"}, ${num(l.remaining)} more Damage remains`,
          );
        }
      }
    }
    for (const t of r.retreats) out.push(`${label(t.unit)} retreats${t.to ? ` to ${t.to}` : ""}.`);
  }
  out.push("");
  out.push("The battle has ended.");
  for (const w of report.wounded) {
    out.push(
      `1 wounded ${w.starship} of ${label(w.unit)} (Damage: ${num(w.damage)}, Hit Points: ${num(w.hits)}) ${w.destroyed ? "is destroyed" : "survives"}`,
    );
  }
  if (report.holders.length > 0) {
    const names = report.holders.map((h) =>
      h === viewer ? "us" : (report.units.find((u) => u.owner === h)?.ownerName ?? defaultOwnerName(h)),
    );
    out.push(`The field is held by ${names.join(" and ")}.`);
  } else {
    out.push("No one holds the field.");
  }
  // One line per entry: a name holding a line break or a terminal control is shown, never obeyed (core/text.ts).
  return out.map(showPlain).join("\n");
}
