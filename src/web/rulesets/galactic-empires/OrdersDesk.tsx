/**
 * Where a Galactic Empires player writes the turn's orders, by tabs: the empire's orders (chapter 2's Headquarters
 * orders, "for your realm as a whole"), unit orders and building (chapter 4), and the orders file "As text"; HQ
 * Plans beside them all (chapter 2: "available from all main parts"); the check, step by step
 * as it reports; Save draft and Submit. Every tab edits one draft (OrdersDraft.tsx).
 */
import { type KeyboardEvent, useId, useState } from "react";
import { CheckList, failing, OrdersText, verdict } from "../../shell/OrdersEditor.js";
import { HqPlans } from "./HqPlans.js";
import { BuildingOrders, HeadquartersOrders, UnitOrders } from "./OrderForms.js";
import { useDraft } from "./OrdersDraft.js";
import { linesByStep } from "./orders-plan.js";
import { PathPlanner } from "./PathPlanner.js";
import "./orders.css";
import { notAwaitedText } from "../../shell/words.js";

export const DESK_TABS = [
  { id: "hq", label: "Empire orders" },
  { id: "units", label: "Unit orders" },
  { id: "building", label: "Building" },
  { id: "text", label: "As text" },
] as const;
export type DeskTab = (typeof DESK_TABS)[number]["id"];
const TABS = DESK_TABS;
type Tab = DeskTab;

/**
 * On a phone the seat view's one tab list holds these tabs (SeatView.tsx): which is chosen, whether the orders are
 * shown at all (else an area is, and the desk says in a line what is planned), and the ids of the tabs and panels.
 */
export interface DeskNav {
  tab: DeskTab;
  open: boolean;
  ids: { tab(t: DeskTab): string; panel(t: DeskTab): string };
}

/** The check as the server reports it: the verdict, then its lines step by step (Orders, First Events, each phase...). */
function CheckPanel(props: { id: string }) {
  const draft = useDraft();
  const { reply, checkError } = draft;
  const failed = reply ? failing(reply) : 0;
  const lined = new Set(reply?.check.lines.map((l) => l.order) ?? []);
  return (
    <section id={props.id} className="check-panel" aria-label="The check of these orders">
      <h4>Check</h4>
      {/* Only the verdict is announced as it changes: the whole list at every change would drown a screen reader. */}
      <p className="sr-only" aria-live="polite">
        {checkError ?? (reply ? verdict(failed) : "")}
      </p>
      {checkError && <p className="error">{checkError}</p>}
      {!checkError && reply && (
        <>
          <p className={`verdict ${failed === 0 ? "ok" : "error"}`}>{verdict(failed)}</p>
          {(reply.skipped.length > 0 || reply.check.problems.some((p) => !lined.has(p.order))) && (
            <ul className="check">
              {reply.skipped.map((p) => (
                <li key={`s${p.order}`} className="fail">
                  <span className="mark">skipped</span> {p.order}: {p.message}
                </li>
              ))}
              {reply.check.problems
                .filter((p) => !lined.has(p.order))
                .map((p) => (
                  <li key={`p${p.order}${p.code}`} className="fail">
                    <span className="mark">fails</span> {p.order}: {p.message}
                  </li>
                ))}
            </ul>
          )}
          {linesByStep(reply.check.lines).map((g) => (
            <section key={g.step} aria-label={g.step}>
              <h5>{g.step}</h5>
              <CheckList
                items={g.lines.map((l) => ({
                  ok: l.ok,
                  mark: l.ok ? (l.certainty === "chance" ? "odds" : "ok") : "fails",
                  text: `${l.order ? `${l.order}: ` : ""}${l.text}`,
                }))}
              />
            </section>
          ))}
        </>
      )}
      {!checkError && !reply && draft.awaited && <p>Checking…</p>}
      {/* The check comes first, its odds after (useCheckedDraft.ts): said while they are worked out. */}
      <p role="status" className="hint">
        {!checkError && reply && draft.oddsPending ? "Working out the odds: the turn is run again with other dice…" : ""}
      </p>
    </section>
  );
}

export function OrdersDesk(props: { nav?: DeskNav }) {
  const draft = useDraft();
  const { game, seat } = draft.props;
  const base = useId();
  const [own, setTab] = useState<Tab>("hq");
  const { nav } = props;
  const tab = nav ? nav.tab : own;
  const tabId = (t: Tab) => (nav ? nav.ids.tab(t) : `${base}-tab-${t}`);
  const panelId = (t: Tab) => (nav ? nav.ids.panel(t) : `${base}-panel-${t}`);
  const id = `orders-${seat}`;
  const planned = draft.read?.plan?.orders.length ?? 0;
  // Once the game is over there is no step to write for (its label names a turn that never comes): no forms.
  if (game.over)
    return (
      <section aria-labelledby={`${id}-h`} className="orders ge-orders">
        <h3 id={`${id}-h`}>Orders</h3>
        <p>{notAwaitedText(game)} It takes no more orders.</p>
        {/* The last orders' submission ran the last turn: what it did is still said. */}
        {draft.status && (
          <p role="status" className="status">
            {draft.status}
          </p>
        )}
      </section>
    );
  const onTabKey = (e: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const next = e.key === "ArrowRight" ? at + 1 : e.key === "ArrowLeft" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? -1 : null;
    if (next === null) return;
    e.preventDefault();
    const t = TABS.at(next % TABS.length) ?? TABS[0];
    setTab(t.id);
    document.getElementById(tabId(t.id))?.focus();
  };
  return (
    <section aria-labelledby={`${id}-h`} className="orders ge-orders">
      <h3 id={`${id}-h`}>Orders for {game.label}</h3>
      {!draft.awaited && <p>{notAwaitedText(game)}</p>}
      {nav && !nav.open && (
        <p className="ge-orders-line">
          {planned === 0
            ? "No orders planned yet."
            : `${planned} order${planned === 1 ? "" : "s"} planned${draft.reply ? `: ${verdict(failing(draft.reply))}` : "."}`}
          {draft.pathUnit ? ` Planning the path of ${draft.pathUnit}: choose its sectors on the Map.` : ""} The orders' tabs are above,
          after the areas.
        </p>
      )}
      <div className="ge-orders-body" hidden={nav ? !nav.open : false}>
        <div className="ge-orders-main">
          {!nav && (
            <div role="tablist" aria-label="Orders by area" className="tabs">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  id={tabId(t.id)}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  aria-controls={panelId(t.id)}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => setTab(t.id)}
                  onKeyDown={onTabKey}
                >
                  {t.label}
                </button>
              ))}
            </div>
          )}
          <div role="tabpanel" id={panelId("hq")} aria-labelledby={tabId("hq")} hidden={tab !== "hq"}>
            {tab === "hq" && <HeadquartersOrders />}
          </div>
          <div role="tabpanel" id={panelId("units")} aria-labelledby={tabId("units")} hidden={tab !== "units"}>
            {tab === "units" && (
              <>
                <PathPlanner />
                <UnitOrders />
              </>
            )}
          </div>
          <div role="tabpanel" id={panelId("building")} aria-labelledby={tabId("building")} hidden={tab !== "building"}>
            {tab === "building" && <BuildingOrders />}
          </div>
          {/* The text stays in the page (hidden) on every tab: it is the draft the forms write. */}
          <div role="tabpanel" id={panelId("text")} aria-labelledby={tabId("text")} hidden={tab !== "text"}>
            <label htmlFor={`${id}-text`}>Orders file (YAML or JSON)</label>
            <p className="hint" id={`${id}-hint`}>
              The same orders as the forms write: a change here shows in HQ Plans, and a change there rewrites this text (without its
              comments). Checked as you type.
            </p>
            <OrdersText
              id={`${id}-text`}
              rows={18}
              text={draft.text}
              write={(t) => draft.setText(t)}
              describedBy={`${id}-hint ${id}-check`}
            />
          </div>
          <div className="buttons submit-row">
            <button type="button" onClick={draft.save} disabled={draft.text === null}>
              Save draft
            </button>
            <button type="button" onClick={() => void draft.submit()} disabled={draft.busy || !draft.awaited || draft.text === null}>
              Submit orders
            </button>
          </div>
          <p role="status" className="status">
            {draft.status}
          </p>
        </div>
        <div className="ge-orders-side">
          <HqPlans />
          <CheckPanel id={`${id}-check`} />
        </div>
      </div>
    </section>
  );
}
