/**
 * A check ("the scroll") as plain text, the same wherever a player reads it: the
 * command line, a mail reply, the API's text form.
 */
import type { Check } from "../core/ruleset.js";
import { problemLines } from "./games.js";

/** The check's lines under their steps, with a mark each, then the verdict. */
export function checkText(check: Pick<Check, "lines" | "problems">): string {
  const out: string[] = [];
  let last = "";
  for (const line of check.lines) {
    if (line.step !== last) {
      out.push("", line.step);
      last = line.step;
    }
    // "odds": dice decide (the text says how often); "??": cannot be verified from what the seat knows.
    const mark = line.certainty === "unknown" ? " ?? " : line.certainty === "chance" ? "odds" : line.ok ? "ok  " : "FAIL";
    out.push(`  ${mark} ${line.order ? `${line.order}: ` : ""}${line.text}`);
  }
  out.push("");
  if (check.problems.length === 0) out.push("No problems found: every order is expected to succeed.");
  else {
    out.push(`${check.problems.length} problem(s):`);
    for (const l of problemLines(check.problems)) out.push(`  ${l}`);
  }
  return out.join("\n");
}
