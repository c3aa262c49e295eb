/**
 * A seat's orders for the due step as one draft, checked as it changes and submitted on demand: what the text
 * editor (OrdersEditor.tsx) and every ruleset's own orders views (forms, pointing) share. The draft starts from this
 * browser's copy, else the seat's last revision, else the ruleset's template (startingText); each change is kept in
 * this browser and checked by POST /api/games/ID/check half a second after the last one; "submit" sends it.
 *
 * The check comes in two answers (issue 11: a 100-order check shown within 100 ms, battles included). The first
 * is asked with ?odds=0: a ruleset whose odds take long to work out (Galactic Empires runs the turn again with other
 * dice, hundreds of simulated battles) leaves them out and says "odds follow" (check.oddsFollow). The page shows it
 * at once and then asks for the same check with odds, which replaces it when it comes. The second is asked after the
 * first is answered, not beside it: a server works on one request at a time, and odds worked out first would hold
 * back the check they are meant not to delay. A ruleset without such odds answers the first request whole, and
 * nothing more is asked. Chosen over making the odds cheaper: they are mostly trial runs of the whole turn, and
 * fewer would change what "in 7 of 20 trial runs" means (the profile and figures: bench/ge-orders-check.bench.ts,
 * `npx tsx bench/run.ts ge-orders-check`).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { type CheckReply, call, errorText, type SeatHistory } from "./api.js";
import type { SeatViewProps } from "./views.js";

/** How long after the last change the draft is checked. */
export const DEBOUNCE_MS = 500;

/** Where this browser keeps the text being written for a seat and step, so a reload or a closed tab loses nothing. */
export function draftKey(game: string, seat: string, step: number): string {
  return `starhost:draft:${game}:${seat}:${step}`;
}

export function keptDraft(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (a private window, a full quota): no draft, the server's copy is used.
    return null;
  }
}

export function keepDraft(key: string, text: string): void {
  try {
    localStorage.setItem(key, text);
  } catch {
    // As above: drafts are a convenience.
  }
}

/** The text to start from: this browser's draft for the step, else the last revision submitted, else the template. */
export async function startingText(game: string, seat: string, step: number): Promise<string> {
  const draft = keptDraft(draftKey(game, seat, step));
  if (draft !== null) return draft;
  const h = await call<SeatHistory>("GET", `/api/games/${game}/seats/${seat}/history`);
  const last = h.due.revisions.at(-1);
  if (last) return JSON.stringify(last.orders, null, 2);
  const t = await call<string>("GET", `/api/games/${game}/seats/${seat}/template`);
  return typeof t === "string" ? t : JSON.stringify(t, null, 2);
}

export interface CheckedDraft {
  /** The draft's text; null until it is loaded (and again when a step has run, until the next step's is). */
  text: string | null;
  /** A change: kept in this browser, then checked. */
  write(text: string): void;
  /** The latest check's reply (or the submission's), and the text it was for. */
  reply: CheckReply | null;
  replyText: string | null;
  /** Why the draft could not be loaded, checked or submitted. */
  problem: string | null;
  /** A check is asked for and not yet answered. */
  checking: boolean;
  /** The check shown left its odds to follow, and they are asked for (its lines say "odds follow"). */
  oddsPending: boolean;
  /** What the last action did ("Submitted revision 2 for turn 3."). */
  status: string;
  setStatus(s: string): void;
  busy: boolean;
  /** The due step awaits this seat (else nothing is checked). */
  awaited: boolean;
  submit(): Promise<void>;
}

/**
 * `start`: the text to start from (default startingText: the ruleset's file as the text editor shows it; a ruleset's
 * own view may turn the last revision into its own draft). `fallback`: the text when none can be loaded (the problem
 * is shown).
 */
export function useCheckedDraft(props: SeatViewProps, opts: { start?: typeof startingText; fallback?: () => string } = {}): CheckedDraft {
  const { game, seat, version } = props;
  const step = game.step;
  const base = `/api/games/${game.id}`;
  const query = `?seat=${encodeURIComponent(seat)}&step=${step}`;
  const awaited = game.started && !game.over && (game.seats.find((s) => s.id === seat)?.awaited ?? false);
  const [text, setText] = useState<string | null>(null);
  const [reply, setReply] = useState<CheckReply | null>(null);
  const [replyText, setReplyText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [oddsPending, setOddsPending] = useState(false);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  // The caller's functions as of its last render, without making the load depend on them.
  const given = useRef(opts);
  given.current = opts;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a step has run: the new step starts from its own text.
  useEffect(() => {
    let live = true;
    // Until the new step's text is here, nothing stale is shown, checked or submitted.
    setText(null);
    setReply(null);
    setReplyText(null);
    (given.current.start ?? startingText)(game.id, seat, step)
      .then((t) => {
        if (live) setText(t);
      })
      .catch((e) => {
        if (!live) return;
        setText(given.current.fallback?.() ?? "");
        setProblem(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [game.id, seat, step, version]);

  useEffect(() => {
    if (text === null || !awaited) return;
    const n = ++asked.current;
    setChecking(true);
    setOddsPending(false);
    const t = setTimeout(async () => {
      try {
        // The check at once, its odds left to follow (see the header).
        const r = await call<CheckReply>("POST", `${base}/check${query}&odds=0`, text);
        if (n !== asked.current) return;
        setReply(r);
        setReplyText(text);
        setProblem(null);
        setChecking(false);
        if (!r.check.oddsFollow) return;
        setOddsPending(true);
        const withOdds = await call<CheckReply>("POST", `${base}/check${query}&odds=1`, text);
        if (n !== asked.current) return;
        setReply(withOdds);
      } catch (e) {
        if (n !== asked.current) return;
        setReply(null);
        setProblem(errorText(e));
      } finally {
        if (n === asked.current) {
          setChecking(false);
          setOddsPending(false);
        }
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, awaited, base, query]);

  const write = useCallback(
    (t: string) => {
      setText(t);
      keepDraft(draftKey(game.id, seat, step), t);
    },
    [game.id, seat, step],
  );

  const submit = useCallback(async () => {
    if (text === null) return;
    setBusy(true);
    setStatus("");
    try {
      const r = await call<CheckReply>("POST", `${base}/orders${query}`, text);
      // A submission's check has its odds: any asked for the same text are not awaited.
      asked.current++;
      setChecking(false);
      setOddsPending(false);
      setReply(r);
      setReplyText(text);
      setProblem(null);
      setStatus(
        `Submitted revision ${r.revision} for ${r.label}.` + (r.advanced ? ` Every awaited seat had submitted: ${r.label} has run.` : ""),
      );
    } catch (x) {
      setProblem(errorText(x));
    } finally {
      setBusy(false);
    }
  }, [text, base, query]);

  return { text, write, reply, replyText, problem, checking, oddsPending, status, setStatus, busy, awaited, submit };
}
