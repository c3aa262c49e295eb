/**
 * HQ Plans (seed 003 chapter 2): every order planned so far for the turn, each with Undo, the treasury and what the
 * plans use ("Used ... You may use more than you have"), and beside each order the check's ruling on it, step by
 * step as the check reports them (First Events, each phase of Movement Events, Final Events). It reads the one
 * draft (OrdersDraft.tsx), so it can stand beside any area of the view.
 */
import { useId, useMemo } from "react";
import { useDraft } from "./OrdersDraft.js";
import { orderText, plannedSpending, type Ruling, removeOrder, rulingsByOrder } from "./orders-plan.js";

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

export function HqPlans() {
  const draft = useDraft();
  const id = useId();
  const { view, read, reply } = draft;
  const plan = read?.plan ?? null;
  const turn = draft.props.game.step;
  const rulings = useMemo(() => (reply ? rulingsByOrder(reply) : new Map<number, Ruling[]>()), [reply]);
  const used = useMemo(() => (plan && view ? plannedSpending(view, plan) : 0), [plan, view]);
  return (
    <section className="hq-plans" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>HQ Plans for turn {turn}</h4>
      {read?.error && <p className="error">The orders text cannot be read as plans ({read.error}): fix it in the "As text" tab.</p>}
      {plan && view && (
        <p className="plans-money">
          Treasury {fmt(view.me.treasury)}; used by these plans {fmt(used)}
          {used > view.me.treasury ? " (more than you have: some orders will fail)" : ""}.
        </p>
      )}
      {plan && plan.orders.length === 0 && <p>No orders planned yet.</p>}
      {plan && plan.orders.length > 0 && (
        <ol className="plans" start={0}>
          {plan.orders.map((o, i) => {
            const rs = draft.checking ? [] : (rulings.get(i) ?? []);
            const failed = rs.some((r) => !r.ok);
            const text = orderText(o);
            return (
              // The list is written afresh from the text at each change: an order's place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={i} className={failed ? "plan fail" : "plan"}>
                <div className="plan-head">
                  <span className="plan-order">
                    #{i} {text}
                  </span>
                  <button
                    type="button"
                    disabled={!draft.awaited}
                    aria-label={`Undo #${i} ${text}`}
                    onClick={() => draft.update((p) => removeOrder(p, i))}
                  >
                    Undo
                  </button>
                </div>
                {rs.length > 0 && (
                  <ul className="rulings" aria-label={`The check on #${i}`}>
                    {rs.map((r) => (
                      <li key={`${r.step}\u0000${r.text}`} className={r.ok ? "pass" : "fail"}>
                        <span className="mark">{r.ok ? (r.certainty === "chance" ? "odds" : "ok") : "fails"}</span> {r.step}: {r.text}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {draft.checking && plan && plan.orders.length > 0 && <p className="hint">Checking…</p>}
    </section>
  );
}
