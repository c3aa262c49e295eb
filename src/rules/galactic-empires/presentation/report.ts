/**
 * An empire's results for one turn (the ".new" file of seed 003 chapter 1): its
 * own state, foreign forces only where it sees them, messages, failed orders,
 * battle reports in chapter 6's layout, proclamations and espionage. Built from
 * the empire's view only, so it cannot hold anything the empire may not see; and
 * line by line, so no name or proclamation can forge a line or a section of it.
 */
import { round } from "../../../core/json.js";
import type { Outcome } from "../../../core/ruleset.js";
import { showPlain } from "../../../core/text.js";
import { starshipType } from "../catalog.js";
import type { GeEvent } from "../events.js";
import type { EmpireId, GameState } from "../model.js";
import { outcomeOf } from "../victory.js";
import { type EmpireView, viewFor } from "../view.js";
import { battleReportText } from "./battle-report.js";

export interface Results {
  /** The turn these results report (the turn just adjudicated). */
  turn: number;
  empire: EmpireId;
  view: EmpireView;
  /** Who won and why, once this turn has ended the game (victory.ts); null while it goes on. */
  outcome: Outcome | null;
}

export function resultsFor(state: GameState, empire: EmpireId, events: readonly GeEvent[]): Results {
  return { turn: state.turn - 1, empire, view: viewFor(state, empire, events), outcome: outcomeOf(state) };
}

const typeName = (id: string): string => starshipType(id)?.name ?? id;

/** The readable text of the results. */
export function resultsText(r: Results): string {
  const v = r.view;
  const out: string[] = [];
  const me = v.me;
  const sectorName = (id: number) => {
    const s = v.sectors.find((x) => x.id === id);
    return s ? `${s.id} ${s.name}` : String(id);
  };
  const owned = v.sectors.filter((s) => s.owner === v.empire);
  const annexed = owned.filter((s) => s.annexedTo === v.empire);
  let starships = 0;
  for (const u of v.units) for (const s of u.ships) starships += s.count;
  out.push(`GALACTIC EMPIRES: ${v.game}`);
  // Before the first turn there are no results yet: the report is the starting position.
  const start = r.turn === 0;
  out.push(
    start
      ? `Starting position of ${me.name} (${v.empire}), ruled by ${me.ruler}: no turn has been run yet. ${nextLine(r)}`
      : `Results of turn ${r.turn} for ${me.name} (${v.empire}), ruled by ${me.ruler}. ${nextLine(r)}`,
  );
  out.push("");
  out.push(
    `Treasury: ${round(me.treasury, 2)}   Sectors: ${owned.length} owned, ${annexed.length} annexed   Starships: ${starships}   Admirals: ${v.admirals.length}   Status: ${me.status}`,
  );
  section(out, "Messages");
  const messages = v.events.filter((e) => e.kind === "message");
  if (messages.length === 0) out.push("(none)");
  for (const e of messages) out.push(`[${e.step}] ${e.text}`);
  section(out, "Orders that failed");
  const problems = v.events.filter((e) => e.kind === "problem");
  if (problems.length === 0) out.push(start ? "(none: no orders have been adjudicated yet)" : "(none: every order was carried out)");
  for (const e of problems) out.push(`[${e.step}] ${e.problem.order}: ${e.problem.message} (${e.problem.code})`);
  section(out, "Battle reports");
  const battles = v.events.filter((e) => e.kind === "battle");
  if (battles.length === 0) out.push("(no battles involved your forces)");
  for (const e of battles) {
    out.push(`[${e.step}]`);
    out.push(...battleReportText(e.report, v.empire).split("\n"));
    out.push("");
  }
  section(out, "Proclamations");
  const procs = v.events.filter((e) => e.kind === "proclamation");
  if (procs.length === 0) out.push("(none)");
  for (const e of procs) {
    const who = v.empires.find((x) => x.id === e.from)?.name ?? (e.from === v.empire ? me.name : e.from);
    // A proclamation may hold line breaks: its later lines are indented, so none can pass for a line of the report.
    const lines = e.text.split("\n");
    for (const [i, l] of lines.entries()) out.push(`${i === 0 ? `${who} proclaims: "` : "    "}${l}${i === lines.length - 1 ? '"' : ""}`);
  }
  const spies = v.events.filter((e) => e.kind === "espionage");
  if (spies.length > 0) {
    section(out, "Espionage");
    for (const e of spies) {
      const fields = Object.entries(e.fields).map(([k, x]) => `${k}: ${x === null ? "unknown" : x}`);
      out.push(`${e.target}: ${fields.join(", ")}`);
    }
  }
  section(out, "Diplomacy");
  for (const e of v.empires) {
    out.push(
      `${e.name} (${e.id}): ${e.relation}${e.defeated ? " (defeated)" : ""}; we grant passage ${yes(e.ours.passage)}, accept gifts ${yes(e.ours.accept)}, share info ${yes(e.ours.share)}; they grant us passage ${yes(e.theirs.passage)}`,
    );
  }
  section(out, "Your forces");
  for (const u of v.units) {
    const ships = u.ships.map((s) => `${s.count} ${typeName(s.type)} (rank ${s.rank})`).join(", ") || "no starships";
    const adm = u.admirals.map((id) => v.admirals.find((a) => a.id === id)).filter((a) => a !== undefined);
    const admText =
      adm.length > 0
        ? `; admirals: ${adm.map((a) => `${a.name} (${a.id}${u.leader === a.id ? ", leader" : ""}) T${a.tactics}/S${a.siegecraft}`).join(", ")}`
        : "";
    const opts =
      u.kind === "starfleet"
        ? `; retreat level ${u.retreatLevel}${u.follow ? `, follows ${u.follow}` : ""}${u.defendDefences ? ", defends defences" : ""}${u.cloaked ? ", CLOAKED" : ""}`
        : "";
    out.push(`${u.id} ${u.name} at ${sectorName(u.sector)}: ${ships}${admText}${opts}`);
  }
  section(out, "Foreign forces seen");
  if (v.foreignUnits.length === 0) out.push("(none)");
  for (const u of v.foreignUnits) {
    const ships = u.ships.map((s) => `${s.count} ${typeName(s.type)}`).join(", ") || "no starships";
    out.push(`${u.owner} ${u.id} ${u.name} at ${sectorName(u.sector)}: ${ships}${u.admirals > 0 ? `; ${u.admirals} admiral(s)` : ""}`);
  }
  section(out, "Your sectors");
  for (const s of owned) {
    const bits = [`revenue ${s.revenue}`, `damage ${s.damage ?? "?"}`];
    if (s.annexedTo !== v.empire) bits.push(s.annexedTo ? `annexed to ${s.annexedTo}` : "not annexed");
    if (s.defenceLevel > 0) bits.push(`defences level ${s.defenceLevel} (damage ${s.defenceDamage ?? "?"})`);
    if (s.industry) bits.push(`industrial centre: builds up to ${s.industry.maxBuild} of ${s.industry.builds.map(typeName).join(", ")}`);
    if (s.permission.length > 0) bits.push(`special permission: ${s.permission.join(", ")}`);
    out.push(`${s.id} ${s.name}: ${bits.join("; ")}`);
  }
  out.push("");
  // Every entry is one line: a name, a message or an echo of refused input that holds a line break or a
  // terminal control (from before names were checked) is shown as code points, never obeyed (core/text.ts).
  return out.map(showPlain).join("\n");
}

/** What comes next: the next turn's orders, or, once the game is over, who won and why (RULINGS.md, "Victory"). */
function nextLine(r: Results): string {
  const o = r.outcome;
  if (!o) return `Orders are now due for turn ${r.view.turn}.`;
  const name = (id: string) => (id === r.empire ? r.view.me.name : (r.view.empires.find((e) => e.id === id)?.name ?? id));
  const won =
    o.winners.length === 0
      ? "No one won"
      : `${o.winners.map(name).join(" and ")} ${o.winners.length === 1 ? "won" : "won together"}${o.winners.includes(r.empire) ? " (you are among the victors)" : ""}`;
  return `The game is over after turn ${r.turn}. ${won}: ${o.reason}. No more orders are taken.`;
}

function section(out: string[], title: string): void {
  out.push("");
  out.push(`== ${title} ==`);
}

const yes = (b: boolean): string => (b ? "yes" : "no");
