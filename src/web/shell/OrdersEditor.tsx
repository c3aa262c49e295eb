/**
 * A seat's orders as text (the ruleset's YAML or JSON file), checked as the player types: the text goes to
 * POST /api/games/ID/check half a second after the last key, and the check's lines (what each order will do,
 * what will fail and why) are shown beside it. The server keeps nothing until "Submit orders"; this browser keeps
 * the text as a draft of the step. It starts from that draft, else the seat's last revision for the due step,
 * else the ruleset's commented template. The draft, its check and its submission are useCheckedDraft.ts, which a
 * ruleset's own orders views (forms, pointing) use too, so all keep one draft per seat and step; they reuse the
 * verdict helpers exported here.
 */
import type { FormEvent } from "react";
import type { CheckReply } from "./api.js";
import { useCheckedDraft } from "./useCheckedDraft.js";
import type { SeatViewProps } from "./views.js";
import { notAwaitedText } from "./words.js";

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

/** A line of the check: whether it passes, its mark ("ok", "odds", "fails", "skipped") and its text. */
export interface CheckItem {
  ok: boolean;
  mark: string;
  text: string;
}

/** Lines of the check, each marked as passing or failing. */
export function CheckList(props: { items: readonly CheckItem[] }) {
  return (
    <ul className="check">
      {props.items.map((x, i) => (
        // The list is made afresh from each check and never reordered: its place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <li key={i} className={x.ok ? "pass" : "fail"}>
          <span className="mark">{x.mark}</span> {x.text}
        </li>
      ))}
    </ul>
  );
}

/** The orders file as text, the draft a page's forms write too; disabled while the draft is read (`text` null). */
export function OrdersText(props: { id: string; rows: number; text: string | null; write: (text: string) => void; describedBy?: string }) {
  return (
    <textarea
      id={props.id}
      className="orders-text"
      spellCheck={false}
      rows={props.rows}
      value={props.text ?? ""}
      disabled={props.text === null}
      aria-describedby={props.describedBy}
      onChange={(e) => props.write(e.target.value)}
    />
  );
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
      <CheckList items={items} />
    </>
  );
}

export function OrdersEditor(props: SeatViewProps) {
  const { game, seat } = props;
  const { text, write, reply, problem, status, busy, awaited, oddsPending, submit: send } = useCheckedDraft(props);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const id = `orders-${seat}`;
  return (
    <section aria-labelledby={`${id}-h`} className="orders">
      <h3 id={`${id}-h`}>Orders for {game.label}</h3>
      {!awaited && <p>{notAwaitedText(game)}</p>}
      <form onSubmit={submit}>
        <label htmlFor={`${id}-text`}>Orders file (YAML or JSON)</label>
        <p className="hint" id={`${id}-hint`}>
          Checked as you type; kept in this browser as a draft until you submit. Submit again to replace your orders: the last submission
          before the step runs counts.
        </p>
        <OrdersText id={`${id}-text`} rows={18} text={text} write={write} describedBy={`${id}-hint ${id}-check`} />
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
        {/* The check comes first, its odds after (useCheckedDraft.ts): said while they are worked out. */}
        <p role="status" className="hint">
          {!problem && reply && oddsPending ? "Working out the odds…" : ""}
        </p>
      </section>
    </section>
  );
}
