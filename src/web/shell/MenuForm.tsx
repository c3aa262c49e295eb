/**
 * A form made from one of the seat's menus (GET .../options, core/ruleset.ts `OrderOption`): only what the menu offers
 * can be chosen (a choice as a list, choices as boxes to tick or, for a ruleset whose choices repeat, typed as words;
 * a number, text, a point as x and y), and "Add to the draft" hands the order on; the server's check then says what it
 * will do or why it fails. `OtherOrders` is every menu of the step behind one list. `prefix` is the ruleset's class
 * and id prefix (its stylesheet and tests name the parts by it); nothing here names a ruleset.
 */
import { type FormEvent, useId, useState } from "react";
import type { OptionField, Options, OrderOption } from "../../core/ruleset.js";
import { type DraftOrder, type FieldValue, missing, orderFrom, type TypedChoices } from "./menu-draft.js";

interface FieldProps {
  name: string;
  field: OptionField;
  value: FieldValue;
  set: (v: FieldValue) => void;
  id: string;
  prefix: string;
  typed?: TypedChoices;
}

function Choices(props: FieldProps & { field: Extract<OptionField, { kind: "choices" }> }) {
  const { name, field, value, set, id, prefix, typed } = props;
  if (typed)
    return (
      <div className={`${prefix}-field`}>
        <label htmlFor={id}>
          {name} ({field.values.map((v) => v.value).join(" ")}; {typed.hint})
        </label>
        <input
          id={id}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => set(e.target.value)}
          spellCheck={false}
          autoCapitalize="characters"
        />
      </div>
    );
  const chosen = new Set((Array.isArray(value) ? value : []).map(String));
  const toggle = (v: string | number, on: boolean) =>
    set(field.values.map((x) => x.value).filter((x) => (String(x) === String(v) ? on : chosen.has(String(x)))));
  return (
    <fieldset className={`${prefix}-choices`}>
      <legend>
        {name}
        {field.max !== undefined && field.max < field.values.length ? ` (at most ${field.max})` : ""}
      </legend>
      <button type="button" onClick={() => set(field.values.map((x) => x.value).slice(0, field.max ?? field.values.length))}>
        All
      </button>
      <button type="button" onClick={() => set([])}>
        None
      </button>
      {field.values.map((v) => (
        <label key={String(v.value)} className={`${prefix}-choice`}>
          <input type="checkbox" checked={chosen.has(String(v.value))} onChange={(e) => toggle(v.value, e.target.checked)} />
          {String(v.value)}
          {v.label !== String(v.value) ? ` ${v.label}` : ""}
        </label>
      ))}
    </fieldset>
  );
}

function PointField(props: FieldProps & { field: Extract<OptionField, { kind: "point" }> }) {
  const { name, field, value, set, id, prefix } = props;
  const p = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  const axis = (k: "x" | "y", max: number) => (
    <span className={`${prefix}-axis`}>
      <label htmlFor={`${id}-${k}`}>
        {name} {k} (0 to {max}")
      </label>
      <input
        id={`${id}-${k}`}
        type="number"
        min={0}
        max={max}
        step="any"
        value={p[k] ?? ""}
        onChange={(e) => set({ ...p, [k]: e.target.value === "" ? undefined : Number(e.target.value) })}
      />
    </span>
  );
  return (
    <fieldset className={`${prefix}-point`}>
      <legend>{name}: a point on the table, in inches</legend>
      {axis("x", field.xMax)}
      {axis("y", field.yMax)}
    </fieldset>
  );
}

function Field(props: FieldProps) {
  const { name, field, value, set, id, prefix } = props;
  if (field.kind === "choices") return <Choices {...props} field={field} />;
  if (field.kind === "point") return <PointField {...props} field={field} />;
  if (field.kind === "choice")
    return (
      <div className={`${prefix}-field`}>
        <label htmlFor={id}>{name}</label>
        <select
          id={id}
          value={value === undefined ? "" : String(value)}
          onChange={(e) => {
            const i = e.target.selectedIndex - 1;
            set(i < 0 ? undefined : field.values[i]?.value);
          }}
        >
          <option value="">{field.optional ? "(none)" : "(choose)"}</option>
          {field.values.map((v) => (
            <option key={String(v.value)} value={String(v.value)}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
    );
  if (field.kind === "number")
    return (
      <div className={`${prefix}-field`}>
        <label htmlFor={id}>
          {name} ({field.min} to {field.max}
          {field.optional ? ", optional" : ""})
        </label>
        <input
          id={id}
          type="number"
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : "any"}
          value={typeof value === "number" ? value : ""}
          onChange={(e) => set(e.target.value === "" ? undefined : Number(e.target.value))}
        />
      </div>
    );
  return (
    <div className={`${prefix}-field`}>
      <label htmlFor={id}>{name}</label>
      <input
        id={id}
        maxLength={field.maxLength}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => set(e.target.value || undefined)}
      />
    </div>
  );
}

export function MenuForm(props: {
  menu: OrderOption;
  initial: Record<string, FieldValue>;
  add: (order: DraftOrder) => void;
  disabled: boolean;
  /** What the form is called (its accessible name). */
  label: string;
  prefix: string;
  typed?: TypedChoices;
}) {
  const { menu, add, disabled, prefix, typed } = props;
  const [values, setValues] = useState<Record<string, FieldValue>>(props.initial);
  const id = useId();
  const lack = missing(menu, values, typed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (lack !== null) return;
    add(orderFrom(menu, values, typed));
    // The next order starts afresh (two placements are two sets of ships).
    setValues(props.initial);
  };
  return (
    <form className={`${prefix}-order-form`} aria-label={props.label} onSubmit={submit}>
      <p className="hint">{menu.summary}</p>
      <div className={`${prefix}-fields`}>
        {Object.entries(menu.fields).map(([name, field]) => (
          <Field
            key={name}
            name={name}
            field={field}
            id={`${id}-${name}`}
            prefix={prefix}
            typed={typed}
            value={values[name]}
            set={(v) => setValues((old) => ({ ...old, [name]: v }))}
          />
        ))}
      </div>
      <button type="submit" disabled={disabled || lack !== null}>
        Add {menu.type} to the draft
      </button>
      {lack !== null && <span className="hint"> ({lack})</span>}
    </form>
  );
}

/** Every menu of the step behind one list ("Order"), its form below it. */
export function OtherOrders(props: { options: Options; add: (o: DraftOrder) => void; prefix: string; typed?: TypedChoices }) {
  const { options, add, prefix, typed } = props;
  const [type, setType] = useState(0);
  const menus = options.orders;
  const menu = menus[type];
  return (
    <section aria-labelledby={`${prefix}-other-h`} className={`${prefix}-other`}>
      <h3 id={`${prefix}-other-h`}>Orders of the step</h3>
      {menus.length === 0 ? (
        <p>{options.note ?? "Nothing to order now."}</p>
      ) : (
        <>
          <label htmlFor={`${prefix}-menu`}>Order</label>{" "}
          <select id={`${prefix}-menu`} value={type} onChange={(e) => setType(Number(e.target.value))}>
            {menus.map((m, i) => (
              <option key={`${m.type}-${String(i)}`} value={i}>
                {m.type}: {m.summary.slice(0, 90)}
              </option>
            ))}
          </select>
          {menu && (
            <MenuForm
              key={type}
              menu={menu}
              initial={{}}
              add={add}
              disabled={false}
              label="Add an order of the step"
              prefix={prefix}
              typed={typed}
            />
          )}
        </>
      )}
    </section>
  );
}
