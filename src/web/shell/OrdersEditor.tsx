/**
 * A seat's orders as text (the ruleset's YAML or JSON file), checked as the player types: the text goes to
 * POST /api/games/ID/check half a second after the last key, and the check's lines (what each order will do,
 * what will fail and why) are shown beside it. The server keeps nothing until "Submit orders"; this browser keeps
 * the text as a draft of the step. It starts from that draft, else the seat's last revision for the due step,
 * else the ruleset's commented template. A ruleset's own orders view (forms over the same file) reuses the draft
 * and verdict helpers exported here, so both keep one draft per seat and step.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type CheckReply, call, errorText, type SeatHistory } from "./api.js";
import type { SeatViewProps } from "./views.js";

const DEBOUNCE_MS = 500;

/** Where this browser keeps the text being written for a seat and step, so a reload or a closed tab loses nothing. */
export function draftKey(game: string, seat: string, step: number): string {
  return `starhost:draft:${game}:${seat}:${step}`;
}

export function readDraft(key: string): string | null {
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
  const draft = readDraft(draftKey(game, seat, step));
  if (draft !== null) return draft;
  const h = await call<SeatHistory>("GET", `/api/games/${game}/seats/${seat}/history`);
  const last = h.due.revisions.at(-1);
  if (last) return JSON.stringify(last.orders, null, 2);
  const t = await call<string>("GET", `/api/games/${game}/seats/${seat}/template`);
  return typeof t === "string" ? t : JSON.stringify(t, null, 2);
}

export function failing(reply: CheckReply): number {
  return new Set([
    ...reply.check.lines.filter((l) => !l.ok).map((l) => l.order),
    ...reply.check.problems.map((p) => p.order),
    ...reply.skipped.map((p) => p.order),
  ]).size;
}

export function verdict(failed: number): string {
  return failed === 0 ? "Every order is expected to succeed." : `${failed} order${failed === 1 ? "" : "s"} will fail or be skipped.`;
}

/** The check as lines: skipped orders, orders that fail, then what each order will do. */
function CheckResult(props: { reply: CheckReply }) {
  const { check, skipped } = props.reply;
  // A failing order has its check line and its problem: each order is counted, and shown, once.
  const lined = new Set(check.lines.map((l) => l.order));
  const failed = failing(props.reply);
  const items = [
    ...skipped.map((p) => ({ ok: false, mark: "skipped", text: `${p.order}: ${p.message}` })),
    ...check.problems.filter((p) => !lined.has(p.order)).map((p) => ({ ok: false, mark: "fails", text: `${p.order}: ${p.message}` })),
    ...check.lines.map((l) => ({
      ok: l.ok,
      mark: l.ok ? (l.certainty === "chance" ? "odds" : "ok") : "fails",
      text: `${l.step}: ${l.order}: ${l.text}`,
    })),
  ];
  return (
    <>
      <p className={`verdict ${failed === 0 ? "ok" : "error"}`}>{verdict(failed)}</p>
      <ul className="check">
        {items.map((x, i) => (
          // The list is made afresh from each check and never reordered: its place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={i} className={x.ok ? "pass" : "fail"}>
            <span className="mark">{x.mark}</span> {x.text}
          </li>
        ))}
      </ul>
    </>
  );
}

export function OrdersEditor(props: SeatViewProps) {
  const { game, seat, version } = props;
  const step = game.step;
  const [text, setText] = useState<string | null>(null);
  const [reply, setReply] = useState<CheckReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const base = `/api/games/${game.id}`;
  const query = `?seat=${encodeURIComponent(seat)}&step=${game.step}`;
  const awaited = game.started && !game.over && (game.seats.find((s) => s.id === seat)?.awaited ?? false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a step has run: the new step starts from its own template.
  useEffect(() => {
    let live = true;
    // Until the new step's text is here, nothing stale is shown, checked or submitted.
    setText(null);
    setReply(null);
    startingText(game.id, seat, step)
      .then((t) => {
        if (live) setText(t);
      })
      .catch((e) => {
        if (!live) return;
        setText("");
        setProblem(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [game.id, seat, step, version]);

  useEffect(() => {
    if (text === null || !awaited) return;
    const n = ++asked.current;
    const t = setTimeout(async () => {
      try {
        const r = await call<CheckReply>("POST", `${base}/check${query}`, text);
        if (n !== asked.current) return;
        setReply(r);
        setProblem(null);
      } catch (e) {
        if (n !== asked.current) return;
        setReply(null);
        setProblem(errorText(e));
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, awaited, base, query]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (text === null) return;
    setBusy(true);
    setStatus("");
    try {
      const r = await call<CheckReply>("POST", `${base}/orders${query}`, text);
      setReply(r);
      setProblem(null);
      setStatus(
        `Submitted revision ${r.revision} for ${r.label}.` + (r.advanced ? ` Every awaited seat had submitted: ${r.label} has run.` : ""),
      );
    } catch (x) {
      setProblem(errorText(x));
    } finally {
      setBusy(false);
    }
  };

  const id = `orders-${seat}`;
  return (
    <section aria-labelledby={`${id}-h`} className="orders">
      <h3 id={`${id}-h`}>Orders for {game.label}</h3>
      {!awaited && (
        <p>
          {game.over
            ? "The game is over."
            : !game.started
              ? "Orders are taken once the game master starts the game."
              : `${game.label} does not await this seat.`}
        </p>
      )}
      <form onSubmit={submit}>
        <label htmlFor={`${id}-text`}>Orders file (YAML or JSON)</label>
        <p className="hint" id={`${id}-hint`}>
          Checked as you type; kept in this browser as a draft until you submit. Submit again to replace your orders: the last submission
          before the step runs counts.
        </p>
        <textarea
          id={`${id}-text`}
          className="orders-text"
          spellCheck={false}
          rows={18}
          value={text ?? ""}
          disabled={text === null}
          aria-describedby={`${id}-hint ${id}-check`}
          onChange={(e) => {
            setText(e.target.value);
            keepDraft(draftKey(game.id, seat, step), e.target.value);
          }}
        />
        <button type="submit" disabled={busy || !awaited || text === null}>
          Submit orders
        </button>
        <p role="status" className="status">
          {status}
        </p>
      </form>
      <section id={`${id}-check`} className="check-panel" aria-label="The check of these orders">
        <h4>Check</h4>
        {/* Only the verdict is announced as it changes (this element stays, so readers hear each change): the
            whole list at every key would drown a screen reader. */}
        <p className="sr-only" aria-live="polite">
          {problem ?? (reply ? verdict(failing(reply)) : "")}
        </p>
        {problem && <p className="error">{problem}</p>}
        {!problem && reply && <CheckResult reply={reply} />}
        {!problem && !reply && awaited && <p>Checking…</p>}
      </section>
    </section>
  );
}
