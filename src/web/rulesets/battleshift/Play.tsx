/**
 * A Battleshift side plays its step on the table (issue 11): the secret order sheet (QRS Turn Sequence 1-3: the
 * activation sequence, planned battleshifts, arrivals, initiative) or one activation (Activation Sequence 1-7), written
 * by pointing (drag a squadron of the activation where it goes and turn its facing handle, or arrow keys and "[ ]";
 * choose an enemy to measure and fire at it) and by forms built on the seat's menus (GET .../options: only legal
 * choices). The draft is the orders file's text (draft.ts): this browser keeps it (the shell's draft key), the "as text"
 * view edits the same text, and each change is checked (POST /api/games/ID/check, half a second after the last) with
 * every ruling and its measured figure shown beside its order. "Submit orders" sends it and shows the reply.
 */
import { type FormEvent, useCallback, useMemo, useState } from "react";
import type { OptionField, Options, OrderOption } from "../../../core/ruleset.js";
import type { Point } from "../../../rules/battleshift/geometry.js";
import { capsOf } from "../../../rules/battleshift/model.js";
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import { call, type SeatHistory } from "../../shell/api.js";
import { CheckList, OrdersText } from "../../shell/OrdersEditor.js";
import { draftKey, keptDraft, useCheckedDraft } from "../../shell/useCheckedDraft.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import {
  type Draft,
  type DraftOrder,
  draftText,
  emptyDraft,
  lightFireOf,
  orderWords,
  type Ruling,
  readDraft,
  reorder,
  rulingsByOrder,
  withFireAt,
  withMove,
  withOrder,
  withoutOrder,
} from "./draft.js";
import { EXTRA_FIELDS, type FormValues, formOrder } from "./order-form.js";
import { BattleTable, type TablePlay } from "./Table.js";
import { stateOfView, weaponsOf } from "./table-state.js";
import "./play.css";
import { notAwaitedText } from "../../shell/words.js";

/** The text to start from: this browser's draft, else the last revision submitted, else an empty orders file. */
async function startingText(game: string, seat: string, step: number): Promise<string> {
  const kept = keptDraft(draftKey(game, seat, step));
  if (kept !== null) return kept;
  const h = await call<SeatHistory>("GET", `/api/games/${game}/seats/${seat}/history`);
  const last = h.due.revisions.at(-1);
  if (last) {
    const r = readDraft(JSON.stringify(last.orders));
    if ("draft" in r) return draftText(r.draft);
  }
  return draftText(emptyDraft(seat, step));
}

function fieldChoices(o: OrderOption | undefined, field: string): string[] {
  const f = o?.fields[field];
  return f && (f.kind === "choice" || f.kind === "choices") ? f.values.map((v) => String(v.value)) : [];
}

/** Points by pointing: a form's point field asks the table for the next click on it. */
interface Picker {
  /** The field waiting for a click, if one is. */
  now: string | null;
  start(key: string, name: string, put: (p: Point) => void): void;
}

function RulingList({ rulings }: { rulings: readonly Ruling[] }) {
  return rulings.length === 0 ? null : <CheckList items={rulings} />;
}

/** One field of a menu as a control. */
function Field(props: {
  id: string;
  name: string;
  field: OptionField;
  values: FormValues;
  set: (k: string, v: string | string[]) => void;
  /** Point fields: take the point from the next click on the table. */
  pick?: Picker;
}) {
  const { id, name, field: f, values, set, pick } = props;
  const text = (k: string) => {
    const v = values[k];
    return typeof v === "string" ? v : "";
  };
  const optional = "optional" in f && f.optional === true;
  if (f.kind === "choices") {
    const chosen = Array.isArray(values[name]) ? (values[name] as string[]) : [];
    return (
      <fieldset className="bs-choices">
        <legend>{name}</legend>
        {f.values.map((c) => (
          <label key={String(c.value)}>
            <input
              type="checkbox"
              checked={chosen.includes(String(c.value))}
              onChange={(e) => set(name, e.target.checked ? [...chosen, String(c.value)] : chosen.filter((x) => x !== String(c.value)))}
            />{" "}
            {c.label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (f.kind === "choice")
    return (
      <label htmlFor={`${id}-${name}`}>
        {name}
        <select id={`${id}-${name}`} value={text(name)} onChange={(e) => set(name, e.target.value)}>
          <option value="">{optional ? "(not given)" : "(choose)"}</option>
          {f.values.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    );
  if (f.kind === "point")
    return (
      <fieldset className="bs-point">
        <legend>{`${name} (inches from the west and north edges)`}</legend>
        <label htmlFor={`${id}-${name}-x`}>
          x
          <input
            id={`${id}-${name}-x`}
            type="number"
            step="0.1"
            min={0}
            max={f.xMax}
            value={text(`${name}.x`)}
            onChange={(e) => set(`${name}.x`, e.target.value)}
          />
        </label>
        <label htmlFor={`${id}-${name}-y`}>
          y
          <input
            id={`${id}-${name}-y`}
            type="number"
            step="0.1"
            min={0}
            max={f.yMax}
            value={text(`${name}.y`)}
            onChange={(e) => set(`${name}.y`, e.target.value)}
          />
        </label>
        {pick && (
          <button
            type="button"
            aria-pressed={pick.now === `${id}-${name}`}
            onClick={() =>
              pick.start(`${id}-${name}`, name, (p) => {
                set(`${name}.x`, String(p.x));
                set(`${name}.y`, String(p.y));
              })
            }
          >
            {`Pick ${name} on the table`}
          </button>
        )}
      </fieldset>
    );
  return (
    <label htmlFor={`${id}-${name}`}>
      {`${name}${optional ? " (optional)" : ""}`}
      <input
        id={`${id}-${name}`}
        type={f.kind === "number" ? "number" : "text"}
        {...(f.kind === "number" ? { min: f.min, max: f.max, step: f.integer ? 1 : "any" } : { maxLength: f.maxLength })}
        value={text(name)}
        onChange={(e) => set(name, e.target.value)}
      />
    </label>
  );
}

/** An order from the menus: its type, then its fields; only what the menus offer can be chosen. */
function OrderForm(props: { id: string; menus: readonly OrderOption[]; add: (o: DraftOrder) => void; legend: string; pick?: Picker }) {
  const { id, menus, add, pick } = props;
  const [type, setType] = useState(menus[0]?.type ?? "");
  const [values, setValues] = useState<FormValues>({});
  const [why, setWhy] = useState("");
  const menu = menus.find((m) => m.type === type) ?? menus[0];
  if (!menu) return null;
  const set = (k: string, v: string | string[]) => setValues((old) => ({ ...old, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = formOrder(menu.type, menu.fields, values);
    if ("missing" in r) {
      setWhy(`Give ${r.missing} first.`);
      return;
    }
    setWhy("");
    add(r.order);
    setValues({});
  };
  const extras = EXTRA_FIELDS[menu.type] ?? [];
  return (
    <form className="bs-order-form" onSubmit={submit} aria-label={props.legend}>
      <fieldset>
        <legend>{props.legend}</legend>
        <label htmlFor={`${id}-type`}>
          Order
          <select
            id={`${id}-type`}
            value={menu.type}
            onChange={(e) => {
              setType(e.target.value);
              setValues({});
              setWhy("");
            }}
          >
            {menus.map((m) => (
              <option key={m.type} value={m.type}>
                {`${m.type}: ${m.summary}`}
              </option>
            ))}
          </select>
        </label>
        {Object.entries(menu.fields).map(([name, f]) => (
          <Field
            key={`${menu.type}-${name}`}
            id={`${id}-${menu.type}`}
            name={name}
            field={f}
            values={values}
            set={set}
            {...(pick && f.kind === "point" ? { pick } : {})}
          />
        ))}
        {extras.includes("facing") && (
          <Field
            id={`${id}-${menu.type}`}
            name="facing"
            field={{ kind: "text", maxLength: 20, optional: true }}
            values={values}
            set={set}
          />
        )}
        {extras.includes("path") &&
          [0, 1].map((i) => (
            <Field
              key={i}
              id={`${id}-${menu.type}`}
              name={`path.${i}`}
              field={{ kind: "point", xMax: 1000, yMax: 1000 }}
              values={values}
              set={set}
              {...(pick ? { pick } : {})}
            />
          ))}
        {pick && menu.fields.x?.kind === "number" && menu.fields.y?.kind === "number" && (
          // An arriving squadron's place (x and y of its own): picked on the table as a point field is.
          <button
            type="button"
            aria-pressed={pick.now === `${id}-${menu.type}-xy`}
            onClick={() =>
              pick.start(`${id}-${menu.type}-xy`, "x and y", (p) => {
                set("x", String(p.x));
                set("y", String(p.y));
              })
            }
          >
            Pick x and y on the table
          </button>
        )}
        <button type="submit">Add to the draft</button>
        {why && (
          <span role="alert" className="error">
            {why}
          </span>
        )}
      </fieldset>
    </form>
  );
}

/** The secret activation sequence (QRS Turn Sequence 1): every taskforce, in the order they activate. */
function SequenceSheet(props: { menu: OrderOption; draft: Draft; edit: (d: Draft) => void }) {
  const all = fieldChoices(props.menu, "taskforces");
  const labels = new Map(
    props.menu.fields.taskforces?.kind === "choices" ? props.menu.fields.taskforces.values.map((v) => [String(v.value), v.label]) : [],
  );
  const given = props.draft.orders.find((o) => o.type === "sequence");
  const inDraft = Array.isArray(given?.taskforces) ? (given.taskforces as string[]).filter((t) => all.includes(t)) : [];
  const order = [...inDraft, ...all.filter((t) => !inDraft.includes(t))];
  const write = (list: string[]) => props.edit(withOrder(props.draft, { type: "sequence", taskforces: list }));
  return (
    <section aria-labelledby="bs-seq-h" className="bs-sheet">
      <h4 id="bs-seq-h">Activation sequence (secret)</h4>
      <ol>
        {order.map((tf, i) => (
          <li key={tf}>
            <span>{labels.get(tf) ?? tf}</span>{" "}
            <button type="button" disabled={i === 0} onClick={() => write(reorder(order, i, -1))} aria-label={`${tf} earlier`}>
              Earlier
            </button>
            <button type="button" disabled={i === order.length - 1} onClick={() => write(reorder(order, i, 1))} aria-label={`${tf} later`}>
              Later
            </button>
          </li>
        ))}
      </ol>
      {!given && (
        <button type="button" onClick={() => write(order)}>
          Use this sequence
        </button>
      )}
    </section>
  );
}

export function BattleshiftPlay(props: SeatViewProps) {
  const { game, seat, version } = props;
  const step = game.step;
  const base = `/api/games/${game.id}`;
  const { data: viewData, error: viewError } = useGet<{ view: BattleView }>(`${base}/seats/${seat}/view`, version);
  const { data: options } = useGet<Options>(`${base}/seats/${seat}/options`, version);
  const awaited = game.started && !game.over && (game.seats.find((s) => s.id === seat)?.awaited ?? false);
  // The text the reply is about (replyText): until the check of the latest text comes back, the rulings shown are older.
  const {
    text,
    write,
    reply,
    replyText,
    problem,
    status,
    setStatus,
    busy,
    submit: send,
  } = useCheckedDraft(props, {
    start: startingText,
    fallback: () => draftText(emptyDraft(seat, step)),
  });
  const [asText, setAsText] = useState(false);
  const read = useMemo(() => (text === null ? null : readDraft(text)), [text]);
  const draft = read && "draft" in read ? read.draft : null;
  const edit = useCallback((d: Draft) => write(draftText({ side: seat, step, ...d })), [write, seat, step]);
  const state = useMemo(() => (viewData ? stateOfView(viewData.view) : null), [viewData]);
  const menus = options?.step === step ? options.orders : [];
  const menuOf = (type: string) => menus.find((m) => m.type === type);
  const sheet = menus.some((m) => m.type === "sequence");
  const movable = useMemo(
    () =>
      options?.step === step
        ? fieldChoices(
            options.orders.find((m) => m.type === "move"),
            "squadron",
          )
        : [],
    [options, step],
  );
  const targets = new Set(fieldChoices(menuOf("heavy") ?? menuOf("light") ?? menuOf("missiles"), "target"));

  const moves = useMemo(() => {
    const out: Record<string, { to: Point; facing?: number }> = {};
    for (const o of draft?.orders ?? []) {
      if (o.type !== "move" || typeof o.squadron !== "string") continue;
      const to = o.to as Point | undefined;
      if (!to || typeof to.x !== "number" || typeof to.y !== "number") continue;
      out[o.squadron] = { to, ...(typeof o.facing === "number" ? { facing: o.facing } : {}) };
    }
    return out;
  }, [draft]);

  // A point field waiting for a click on the table: its key (for the button's state) and where the point goes.
  const [picking, setPicking] = useState<{ key: string; name: string; put: (p: Point) => void } | null>(null);
  const pick: Picker = {
    now: picking?.key ?? null,
    start: (key, name, put) => {
      if (picking?.key === key) {
        setPicking(null);
        setStatus("");
        return;
      }
      setPicking({ key, name, put });
      setStatus(`Click the table for ${name}.`);
    },
  };

  const add = (o: DraftOrder) => {
    if (!draft) return;
    edit(withOrder(draft, o));
    setStatus(`Added to the draft: ${orderWords(o)}.`);
  };

  const play: TablePlay | undefined =
    awaited && draft
      ? {
          movable: sheet ? [] : movable,
          moves,
          fire: lightFireOf(draft),
          setFireAt: (squadron, at) => {
            const r = withFireAt(draft, squadron, at);
            if (r.changed) edit(r.draft);
            setStatus(
              r.changed
                ? `${squadron}'s light fire set to ${at}" along its move.`
                : `${squadron}'s light batteries would fire from ${at}" along its move: choose an enemy and fire light batteries to order it.`,
            );
          },
          ...(picking
            ? {
                pick: (p: Point) => {
                  const r = { x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 };
                  picking.put(r);
                  setPicking(null);
                  setStatus(`${picking.name} set to (${r.x}, ${r.y}).`);
                },
              }
            : {}),
          setMove: (squadron, to, facing) => {
            const o: DraftOrder = { type: "move", squadron, to };
            if (facing !== undefined) o.facing = facing;
            edit(withMove(draft, o));
          },
          aim: (from, to, at) => {
            if (!state || !movable.includes(from) || !targets.has(to)) return null;
            const sq = state.squadrons[from];
            if (!sq) return null;
            const w = weaponsOf(state, sq);
            const offers: { type: string; label: string; order: DraftOrder }[] = [];
            if (menuOf("missiles") && capsOf(state, sq).missiles > 0)
              offers.push({
                type: "missiles",
                label: `Launch missiles: ${from} at ${to}`,
                order: { type: "missiles", squadron: from, target: to },
              });
            if (menuOf("heavy") && w.some((x) => ["heavy", "broadside", "superHeavy", "heavyIon"].includes(x.key)))
              offers.push({
                type: "heavy",
                label: `Fire heavy batteries: ${from} at ${to}`,
                order: { type: "heavy", squadrons: [from], target: to },
              });
            if (menuOf("light") && w.some((x) => x.key === "light" || x.key === "ion"))
              offers.push({
                type: "light",
                label: `Fire light batteries: ${from} at ${to}${at !== undefined ? `, from ${at}" along its move` : ""}`,
                order: { type: "light", squadrons: [from], target: to, ...(at !== undefined ? { at } : {}) },
              });
            if (menuOf("board"))
              offers.push({ type: "board", label: `Board: ${from} at ${to}`, order: { type: "board", squadrons: [from], target: to } });
            return (
              <div className="buttons bs-aim">
                {offers.map((x) => (
                  <button key={x.type} type="button" onClick={() => add(x.order)}>
                    {x.label}
                  </button>
                ))}
              </div>
            );
          },
        }
      : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const rulings = reply && draft ? rulingsByOrder(reply, draft.orders) : null;
  const stale = awaited && reply !== null && replyText !== text;
  const failed = rulings ? rulings.general.filter((r) => !r.ok).length + rulings.byOrder.filter((l) => l.some((r) => !r.ok)).length : 0;
  const verdict = reply
    ? failed === 0
      ? "Every order is expected to succeed."
      : `${failed} order${failed === 1 ? "" : "s"} will fail or be skipped.`
    : "";
  const id = `bs-orders-${seat}`;
  const formMenus = menus.filter((m) => m.type !== "sequence");

  return (
    <>
      {viewError && <p role="alert">{viewError}</p>}
      {viewData && <BattleTable view={viewData.view} {...(play ? { play } : {})} />}
      {game.over ? (
        // Once the battle is over there is no step to write for (its label names one that never comes): no forms.
        <section aria-labelledby={`${id}-h`} className="orders bs-orders">
          <h3 id={`${id}-h`}>Orders</h3>
          <p>{notAwaitedText(game)} It takes no more orders.</p>
          {/* The last orders' submission may be answered after the steps it set going have ended the battle. */}
          {status && (
            <p role="status" className="status">
              {status}
            </p>
          )}
        </section>
      ) : (
        <section aria-labelledby={`${id}-h`} className="orders bs-orders">
          <h3 id={`${id}-h`}>Orders for {game.label}</h3>
          {!awaited && <p>{notAwaitedText(game, options?.note)}</p>}
          <fieldset className="buttons bs-mode">
            <legend className="sr-only">How to write the orders</legend>
            <button type="button" aria-pressed={!asText} onClick={() => setAsText(false)}>
              By pointing
            </button>
            <button type="button" aria-pressed={asText} onClick={() => setAsText(true)}>
              As text
            </button>
          </fieldset>
          {asText ? (
            <>
              <label htmlFor={`${id}-text`}>Orders file (YAML or JSON), the same draft</label>
              <OrdersText id={`${id}-text`} rows={14} text={text} write={write} />
            </>
          ) : (
            <>
              {read && "error" in read && (
                <p className="error">{`The draft cannot be edited by pointing (${read.error}): fix it as text.`}</p>
              )}
              {awaited && draft && (
                <p className="hint">
                  {sheet
                    ? "The order sheet: put your taskforces in the order they activate; add planned battleshifts, arrivals and your initiative choice."
                    : "Drag a squadron of this activation where it goes (its facing handle turns it), or Tab to it and use the arrow keys and [ ]; choose one of yours, then an enemy, to measure and fire; click a point of a drafted move's path (or , and .) for where along it its light batteries fire."}
                </p>
              )}
              {awaited && draft && sheet && menuOf("sequence") && <SequenceSheet menu={menuOf("sequence")!} draft={draft} edit={edit} />}
              {awaited && draft && formMenus.length > 0 && (
                <OrderForm
                  key={`${step}-${sheet}`}
                  id={`${id}-form`}
                  menus={formMenus}
                  add={add}
                  pick={pick}
                  legend={sheet ? "Add to the order sheet" : "Add an order"}
                />
              )}
              {draft && (
                <section aria-labelledby={`${id}-list-h`}>
                  <h4 id={`${id}-list-h`}>
                    The draft ({draft.orders.length} order{draft.orders.length === 1 ? "" : "s"})
                  </h4>
                  <ol className="bs-draft">
                    {draft.orders.map((o, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: an order is named by its place in the file (#i), as the check names it.
                      <li key={i}>
                        <span className="bs-order">{`#${i} ${orderWords(o)}`}</span>{" "}
                        <button type="button" onClick={() => edit(withoutOrder(draft, i))} aria-label={`Remove order #${i}`}>
                          Remove
                        </button>
                        {rulings && <RulingList rulings={rulings.byOrder[i] ?? []} />}
                      </li>
                    ))}
                  </ol>
                </section>
              )}
            </>
          )}
          <form onSubmit={submit}>
            <button type="submit" disabled={busy || !awaited || text === null}>
              Submit orders
            </button>
            <p role="status" className="status">
              {status}
            </p>
          </form>
          <section className="check-panel" aria-label="The check of these orders">
            <h4>Check</h4>
            <p className="sr-only" aria-live="polite">
              {problem ?? verdict}
            </p>
            {problem && <p className="error">{problem}</p>}
            {!problem && reply && <p className={`verdict ${failed === 0 ? "ok" : "error"}`}>{verdict}</p>}
            {!problem && stale && <p className="bs-stale">Checking the latest change…</p>}
            {!problem && rulings && (
              <RulingList
                rulings={
                  asText
                    ? [...rulings.general, ...rulings.byOrder.flatMap((list, i) => list.map((r) => ({ ...r, text: `#${i}: ${r.text}` })))]
                    : rulings.general
                }
              />
            )}
            {!problem && !reply && awaited && <p>Checking…</p>}
          </section>
        </section>
      )}
    </>
  );
}
