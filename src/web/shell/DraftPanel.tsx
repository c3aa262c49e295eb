/**
 * The draft of a seat's orders as a list (useMenuDraft.ts), for a ruleset's own seat view: the step's menus behind one
 * list, the orders in the draft each with its check's lines and a button to remove it, the lines about the orders as a
 * whole, the verdict (also said to screen readers), the orders file to edit as text, and "Submit orders". What a view
 * adds for its step (a button that fills the draft) comes as children, above the menus. `prefix` is the ruleset's
 * class and id prefix (its stylesheet and tests name the parts by it); nothing here names a ruleset.
 */
import { type ReactNode, useState } from "react";
import type { CheckLine, GameSummary } from "./api.js";
import { OtherOrders } from "./MenuForm.js";
import { type DraftOrder, generalLines, type TypedChoices } from "./menu-draft.js";
import { failing, verdict } from "./OrdersEditor.js";
import type { MenuDraft } from "./useMenuDraft.js";
import { notAwaitedText } from "./words.js";

/** A check line's mark: what dice decide is "odds", else "ok" or "fails". */
const mark = (l: CheckLine): string => (l.ok ? (l.certainty === "chance" ? "odds" : "ok") : "fails");

/** The check's lines for one order, under it. */
export function CheckLines(props: { lines: readonly CheckLine[]; className: string }) {
  return (
    <>
      {props.lines.map((l, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are made afresh from each check.
        <p key={j} className={props.className}>
          <span className="mark">{mark(l)}</span> {l.text}
        </p>
      ))}
    </>
  );
}

export function DraftPanel(props: {
  game: GameSummary;
  md: MenuDraft;
  prefix: string;
  /** An order in a few words. */
  describe: (o: DraftOrder) => string;
  /** What stands when the draft is empty. */
  emptyHint: string;
  typed?: TypedChoices;
  children?: ReactNode;
}) {
  const { game, md, prefix, describe } = props;
  const { read, canWrite, fresh, options } = md;
  const { text, write, reply, problem, checking, status, busy, awaited, submit } = md.draft;
  const [asText, setAsText] = useState(false);
  return (
    <section aria-labelledby={`${prefix}-draft-h`} className={`${prefix}-draft-panel`}>
      <h3 id={`${prefix}-draft-h`}>Orders for {game.label}</h3>
      {!awaited && <p>{notAwaitedText(game)}</p>}
      {props.children}
      {canWrite && options && <OtherOrders options={options} add={md.add} prefix={prefix} typed={props.typed} />}
      {read?.problem && <p className="error">{read.problem}</p>}
      {read?.orders && (
        <ol className={`${prefix}-draft`} aria-label="The draft">
          {read.orders.length === 0 && <li className="hint">{props.emptyHint}</li>}
          {read.orders.map((o, i) => {
            const ls = md.lines(i);
            const bad = ls.some((l) => !l.ok);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's place in the file is its label (#i).
              <li key={i} className={bad ? "fail" : ls.length > 0 ? "pass" : ""}>
                <span>
                  #{i} {describe(o)}
                </span>{" "}
                {canWrite && (
                  <button type="button" onClick={() => md.remove(i)}>
                    Remove #{i}
                  </button>
                )}
                <CheckLines lines={ls} className={`${prefix}-line`} />
              </li>
            );
          })}
        </ol>
      )}
      {fresh && reply && generalLines(reply.check.lines).length > 0 && (
        <ul className={`${prefix}-general`}>
          {generalLines(reply.check.lines).map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are made afresh from each check.
            <li key={i} className={l.ok ? "pass" : "fail"}>
              <span className="mark">{mark(l)}</span> {l.order ? `${l.order}: ` : ""}
              {l.text}
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {problem ?? (fresh && reply ? verdict(failing(reply)) : "")}
      </p>
      {problem && <p className="error">{problem}</p>}
      {fresh && reply && <p className={`verdict ${failing(reply) === 0 ? "ok" : "error"}`}>{verdict(failing(reply))}</p>}
      {awaited && !fresh && !problem && <p className="hint">{checking ? "Checking…" : ""}</p>}
      <button type="button" onClick={() => setAsText((t) => !t)} aria-expanded={asText}>
        {asText ? "Hide the orders file" : "Show the orders file"}
      </button>
      {asText && (
        <label className={`${prefix}-text`}>
          Orders file (JSON), the same draft
          <textarea
            rows={12}
            spellCheck={false}
            value={text ?? ""}
            disabled={!awaited || text === null}
            onChange={(e) => write(e.target.value)}
          />
        </label>
      )}
      <button type="button" onClick={() => void submit()} disabled={busy || !awaited || text === null}>
        Submit orders
      </button>
      <p role="status" className="status">
        {status}
      </p>
    </section>
  );
}
