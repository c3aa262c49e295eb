/**
 * A turn's results sorted into the sections of the Messages menu (seed 003 chapter 1, "Messages Menu"; the text
 * report of presentation/report.ts has the same sections): messages by the step of chapter 4 they happened in,
 * public announcements, orders that failed and why, battle reports (chapter 6, "Battle reports"), proclamations
 * and espionage reports. Built from the empire's own results only; plain data for MessagesArea.tsx.
 */
import type { BattleReport } from "../../../rules/galactic-empires/battle.js";
import type { GeEvent } from "../../../rules/galactic-empires/events.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";

export interface StepMessages {
  /** The named step of chapter 4, e.g. "Phase 2: Starfleets Travel". */
  step: string;
  lines: string[];
}

export interface ResultSections {
  /** Messages for this empire alone, grouped by step in the order the turn ran them. */
  messages: StepMessages[];
  /** Messages to every empire (news everyone reads): sectors changing hands, defeats. */
  announcements: string[];
  failed: { step: string; order: string; why: string; code: string }[];
  battles: { step: string; report: BattleReport }[];
  proclamations: { from: string; text: string; income: number }[];
  espionage: { target: string; fields: { name: string; value: number | null }[] }[];
}

/** The sections of one turn's results (the events of `view`, already only those for this empire). */
export function resultSections(view: EmpireView): ResultSections {
  const name = (id: string) => (id === view.empire ? view.me.name : (view.empires.find((e) => e.id === id)?.name ?? id));
  const out: ResultSections = { messages: [], announcements: [], failed: [], battles: [], proclamations: [], espionage: [] };
  for (const e of view.events as GeEvent[]) {
    switch (e.kind) {
      case "message": {
        if (e.to === "all") {
          out.announcements.push(e.text);
          break;
        }
        const last = out.messages.at(-1);
        if (last && last.step === e.step) last.lines.push(e.text);
        else out.messages.push({ step: e.step, lines: [e.text] });
        break;
      }
      case "problem":
        out.failed.push({ step: e.step, order: e.problem.order, why: e.problem.message, code: e.problem.code });
        break;
      case "battle":
        out.battles.push({ step: e.step, report: e.report });
        break;
      case "proclamation":
        out.proclamations.push({ from: name(e.from), text: e.text, income: e.income });
        break;
      case "espionage":
        out.espionage.push({
          target: name(e.target),
          fields: Object.entries(e.fields).map(([k, v]) => ({ name: k, value: v })),
        });
        break;
      default:
        // The starship ledger and ownership changes are told by the messages and the map.
        break;
    }
  }
  return out;
}

/** "A sector battle occurred at: 224 Tranome Sar" (chapter 6), as a heading. */
export function battleTitle(r: BattleReport): string {
  return `A ${r.kind === "sector" ? "sector" : "cross-border"} battle at ${r.where}`;
}
