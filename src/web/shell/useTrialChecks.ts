/**
 * The check asked of drafts the seat has not written yet (POST /api/games/ID/check, which runs the step on what the
 * seat knows and keeps nothing): a view that offers orders (a ruleset's pointing) shows, beside each offer, what the
 * check says of the draft with that order in it, before the seat chooses one. The trials are checked one after the
 * other (a server works on one request at a time, and the draft's own check should not wait behind them all), without
 * their odds (?odds=0: the quick answer), and a new list of trials drops what was asked for the old one.
 */
import { useEffect, useState } from "react";
import { type CheckLine, type CheckReply, call, errorText } from "./api.js";
import { linesFor } from "./menu-draft.js";

/** A draft to check (the orders file's text) and the place in it of the order offered. */
export interface Trial {
  text: string;
  at: number;
}

/** The check's lines for the offered order, or why it could not be checked; null while it is being checked. */
export type TrialResult = { lines: CheckLine[] } | { error: string } | null;

export function useTrialChecks(game: string, seat: string, step: number, trials: readonly Trial[]): TrialResult[] {
  // The trials by value: a view makes a new list on every render.
  const key = JSON.stringify(trials);
  const [results, setResults] = useState<{ key: string; list: TrialResult[] }>({ key: "", list: [] });
  useEffect(() => {
    const asked = JSON.parse(key) as Trial[];
    let live = true;
    setResults({ key, list: asked.map(() => null) });
    const put = (i: number, r: TrialResult) =>
      setResults((old) => (old.key === key ? { key, list: old.list.map((x, j) => (j === i ? r : x)) } : old));
    const query = `?seat=${encodeURIComponent(seat)}&step=${step}&odds=0`;
    void (async () => {
      for (const [i, t] of asked.entries()) {
        try {
          const r = await call<CheckReply>("POST", `/api/games/${game}/check${query}`, t.text);
          if (!live) return;
          put(i, { lines: linesFor(r.check.lines, t.at) });
        } catch (e) {
          if (!live) return;
          put(i, { error: errorText(e) });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [game, seat, step, key]);
  return results.key === key ? results.list : trials.map(() => null);
}
