/**
 * Forms for every order type of the Galactic Empires orders schema (seed 003 chapter 4, and chapter 2's
 * Headquarters orders), made from the seat's options (GET .../options: each order type with the values each field
 * may take, src/rules/galactic-empires/legal-orders.ts) and narrowed with the seat's view to what fits the order
 * being written: the diplomatic orders one's relation with an empire allows (chapter 2, "Not all orders will be
 * available"), the starships the giving unit carries, the units in the same sector, the sectors bordering a
 * fleet's last planned position, the build list of the centre and the room left in its build box (chapter 5,
 * "Building starships": "0/13"). Whether the order will succeed is the check's to say, beside it in HQ Plans.
 */
import { type FormEvent, useId, useMemo, useState } from "react";
import type { OrderOption } from "../../../core/ruleset.js";
import { shipType } from "../../../rules/galactic-empires/catalog.js";
import { TableBox } from "../../shell/TableBox.js";
import { useDraft } from "./OrdersDraft.js";
import { countMax, isRequired, legalValues, type Narrowing, NULLABLE, toOrder } from "./order-choices.js";
import { addOrder, buildBoxes, diplomaticOrders, isHeadquartersOrder, orderText, summaryOf } from "./orders-plan.js";

const FIELD_LABELS: Readonly<Record<string, string>> = {
  unit: "Unit",
  empire: "Empire",
  sector: "Sector",
  admiral: "Admiral",
  starship: "Starship type",
  count: "How many",
  rank: "Rank",
  toRank: "To rank",
  fromRank: "From rank",
  level: "Level",
  levels: "Levels",
  leader: "Leader",
  from: "From unit",
  to: "To",
  at: "At unit",
  ref: "New fleet's name in orders",
  name: "Name",
  text: "Text",
  amount: "Resources",
  grant: "Grant",
  accept: "Accept",
  value: "Defend",
};

function fieldLabel(type: string, field: string): string {
  if (type === "retreatLevel" && field === "level") return "Retreat at the loss of rank";
  if (type === "travel" && field === "to") return "To sector";
  if (type === "formFleet" && field === "name") return "Fleet name";
  return FIELD_LABELS[field] ?? field;
}

/** One order type's form: a labelled control a field, only legal values offered, and a button to plan it. */
export function OrderForm(props: { option: OrderOption; sector?: number; preset?: Record<string, string>; legend?: string }) {
  const draft = useDraft();
  const { option } = props;
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(props.preset ?? {});
  const [said, setSaid] = useState("");
  const view = draft.view;
  const plan = draft.read?.plan ?? null;
  if (!view) return null;
  const n: Narrowing = { view, plan, ...(props.sector !== undefined ? { sector: props.sector } : {}) };
  // The values shown: a required choice defaults to its first legal value, so what is seen is what is planned.
  const shown: Record<string, string> = { ...values };
  const fields = Object.entries(option.fields).map(([field, f]) => {
    const legal = legalValues(option.type, field, f, shown, n);
    const required = isRequired(option.type, field, f);
    if (legal && required && !legal.some((c) => String(c.value) === shown[field])) shown[field] = legal[0] ? String(legal[0].value) : "";
    if (legal && !required && shown[field] && !legal.some((c) => String(c.value) === shown[field])) shown[field] = "";
    return { field, f, legal, required };
  });
  const empty = fields.some((x) => x.required && x.legal && x.legal.length === 0);
  const set = (field: string, v: string) => setValues({ ...shown, [field]: v });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!plan) return;
    const order = toOrder(option, shown);
    draft.update((p) => addOrder(p, order));
    setSaid(`Planned #${plan.orders.length}: ${orderText(order)}.`);
  };
  return (
    <form className="order-form" onSubmit={onSubmit} aria-labelledby={`${id}-t`}>
      <p id={`${id}-t`} className="order-form-title">
        <strong>{props.legend ?? option.type}</strong>: {option.summary}
      </p>
      {fields.map(({ field, f, legal, required }) => {
        const fid = `${id}-${field}`;
        const label = fieldLabel(option.type, field);
        if (legal) {
          return (
            <div key={field} className="field">
              <label htmlFor={fid}>{label}</label>
              <select id={fid} value={shown[field] ?? ""} required={required} onChange={(e) => set(field, e.target.value)}>
                {!required && <option value="">{NULLABLE.has(`${option.type}.${field}`) ? "none" : "(not given)"}</option>}
                {legal.map((c) => (
                  <option key={String(c.value)} value={String(c.value)}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        if (f.kind === "number") {
          const max = field === "count" ? countMax(option.type, shown, n, f.max) : f.max;
          return (
            <div key={field} className="field">
              <label htmlFor={fid}>
                {label}
                {field === "count" && max < f.max ? ` (at most ${max})` : ""}
              </label>
              <input
                id={fid}
                type="number"
                inputMode="numeric"
                min={f.min}
                max={max}
                step={f.integer ? 1 : "any"}
                required={required}
                value={shown[field] ?? ""}
                onChange={(e) => set(field, e.target.value)}
              />
            </div>
          );
        }
        if (f.kind === "text") {
          const long = option.type === "proclaim";
          return (
            <div key={field} className="field">
              <label htmlFor={fid}>{label}</label>
              {long ? (
                <textarea
                  id={fid}
                  rows={3}
                  maxLength={f.maxLength}
                  required={required}
                  value={shown[field] ?? ""}
                  onChange={(e) => set(field, e.target.value)}
                />
              ) : (
                <input
                  id={fid}
                  maxLength={f.maxLength}
                  required={required}
                  value={shown[field] ?? ""}
                  onChange={(e) => set(field, e.target.value)}
                />
              )}
            </div>
          );
        }
        return null;
      })}
      <button type="submit" disabled={!plan || !draft.awaited || empty}>
        Plan {props.legend ?? option.type}
      </button>
      {empty && <p className="hint">Nothing to give this order to now.</p>}
      <p role="status" className="status">
        {said}
      </p>
    </form>
  );
}

/** Pick an order type of a group, then its form. */
function AnyOrder(props: { title: string; types: (t: string) => boolean }) {
  const draft = useDraft();
  const id = useId();
  const offered = useMemo(() => (draft.options?.orders ?? []).filter((o) => props.types(o.type)), [draft.options, props.types]);
  const [type, setType] = useState("");
  const option = offered.find((o) => o.type === type) ?? offered[0];
  if (!option) return <p>{draft.options?.note ?? "No orders can be given now."}</p>;
  return (
    <section className="any-order" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>{props.title}</h4>
      <label htmlFor={`${id}-type`}>Order</label>
      <select id={`${id}-type`} value={option.type} onChange={(e) => setType(e.target.value)}>
        {offered.map((o) => (
          <option key={o.type} value={o.type}>
            {o.type}: {summaryOf(o.type)}
          </option>
        ))}
      </select>
      <OrderForm key={option.type} option={option} />
    </section>
  );
}

const isHq = (t: string) => isHeadquartersOrder(t);
const isUnitOrder = (t: string) => !isHeadquartersOrder(t);

/**
 * The Headquarters (chapter 2): the foreign empires with one's relations, and beside each only the diplomatic orders
 * that relation allows; then every other Headquarters order (resources, annexation, permission, proclamation...).
 */
export function HeadquartersOrders() {
  const draft = useDraft();
  const id = useId();
  const [said, setSaid] = useState("");
  const view = draft.view;
  if (!view) return null;
  const rivals = view.empires.filter((e) => !e.defeated && e.id !== "independent");
  const plan = draft.read?.plan ?? null;
  return (
    <>
      <section aria-labelledby={`${id}-dip`}>
        <h4 id={`${id}-dip`}>Diplomatic orders</h4>
        <TableBox label="Diplomatic orders, scrollable">
          <table className="diplomacy">
            <caption>Your relations with each empire, and the orders they allow (chapter 2)</caption>
            <thead>
              <tr>
                <th scope="col">Empire</th>
                <th scope="col">Relation</th>
                <th scope="col">You grant</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {rivals.map((e) => (
                <tr key={e.id}>
                  <th scope="row">{e.name}</th>
                  <td>{e.relation}</td>
                  <td>
                    {[
                      e.ours.passage ? "passage" : "",
                      e.ours.share ? "info sharing" : "",
                      e.ours.accept ? "accepts gifts" : "refuses gifts",
                    ]
                      .filter(Boolean)
                      .join(", ")}
                  </td>
                  <td className="actions">
                    {diplomaticOrders(e.relation, e.ours).map((d) => (
                      <button
                        key={d.label}
                        type="button"
                        disabled={!plan || !draft.awaited}
                        aria-label={`${d.label}: ${e.name}`}
                        onClick={() => {
                          const order = { ...d.order, empire: e.id };
                          draft.update((p) => addOrder(p, order));
                          setSaid(`Planned: ${d.label}, ${e.name}.`);
                        }}
                      >
                        {d.label}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
        <p role="status" className="status">
          {said}
        </p>
      </section>
      <AnyOrder title="Other Headquarters orders" types={isHq} />
    </>
  );
}

/** Orders for units (chapter 4's First, Movement and Final Events): ranks, retreat level, follow, transfers and the rest. */
export function UnitOrders() {
  return <AnyOrder title="Orders for a unit" types={isUnitOrder} />;
}

/**
 * Building (chapter 5, "Building starships"): each industrial centre with its build box, built and still buildable
 * this turn ("2/8"), and a form to build there that offers its build list and no more than the room left.
 */
export function BuildingOrders() {
  const draft = useDraft();
  const id = useId();
  const view = draft.view;
  const plan = draft.read?.plan ?? null;
  const build = draft.options?.orders.find((o) => o.type === "build");
  if (!view || !plan) return null;
  const boxes = buildBoxes(view, plan);
  return (
    <section aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>Industrial centres</h4>
      {boxes.length === 0 && <p>You hold no industrial centre.</p>}
      {boxes.map((b) => (
        <section key={b.sector} className="build-box" aria-label={`Build box of ${b.name}`}>
          <h5>
            {b.sector} {b.name}: <span className="box-count">{`${b.built}/${b.max}`}</span> built this turn
          </h5>
          <p className="hint">
            Builds: {b.builds.map((t) => shipType(t).name).join(", ")}. New starships join a unit there at the end of the turn (Final
            Events).
          </p>
          {build && b.units.length > 0 && <OrderForm option={build} sector={b.sector} legend={`build at ${b.name}`} />}
        </section>
      ))}
    </section>
  );
}
