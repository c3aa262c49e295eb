/**
 * A form made from one of the seat's menus (GET .../options: turn/legal-orders.ts, strategic-movement/orders-menu.ts,
 * special-combat/attack-options.ts): only what the menu offers can be chosen (the ships as boxes to tick, the
 * destinations, rates and actions as lists), and "Add to the draft" appends the order; the server's check then says
 * what it will do (the safe-jump chance of a risk jump) or why it fails.
 */
import { type FormEvent, useId, useState } from "react";
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import { type DraftOrder, type FieldValue, missing, orderFrom } from "./draft.js";

function Field(props: { name: string; field: OptionField; value: FieldValue; set: (v: FieldValue) => void; id: string }) {
  const { name, field, value, set, id } = props;
  if (field.kind === "choice")
    return (
      <div className="sw-field">
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
  if (field.kind === "choices") {
    const chosen = new Set((Array.isArray(value) ? value : []).map(String));
    const toggle = (v: string | number, on: boolean) =>
      set(field.values.map((x) => x.value).filter((x) => (String(x) === String(v) ? on : chosen.has(String(x)))));
    return (
      <fieldset className="sw-choices">
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
          <label key={String(v.value)} className="sw-choice">
            <input type="checkbox" checked={chosen.has(String(v.value))} onChange={(e) => toggle(v.value, e.target.checked)} />
            {String(v.value)}
            {v.label !== String(v.value) ? ` ${v.label}` : ""}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.kind === "number")
    return (
      <div className="sw-field">
        <label htmlFor={id}>
          {name} ({field.min} to {field.max})
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
  if (field.kind === "text")
    return (
      <div className="sw-field">
        <label htmlFor={id}>{name}</label>
        <input
          id={id}
          maxLength={field.maxLength}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => set(e.target.value || undefined)}
        />
      </div>
    );
  return null;
}

export function OrderForm(props: {
  menu: OrderOption;
  initial: Record<string, FieldValue>;
  add: (order: DraftOrder) => void;
  disabled: boolean;
  /** What the form is called (its accessible name). */
  label: string;
}) {
  const { menu, add, disabled } = props;
  const [values, setValues] = useState<Record<string, FieldValue>>(props.initial);
  const id = useId();
  const lack = missing(menu, values);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (lack !== null) return;
    add(orderFrom(menu, values));
    // The next order starts afresh (two placements are two sets of ships).
    setValues(props.initial);
  };
  return (
    <form className="sw-order-form" aria-label={props.label} onSubmit={submit}>
      <p className="hint">{menu.summary}</p>
      <div className="sw-fields">
        {Object.entries(menu.fields).map(([name, field]) => (
          <Field
            key={name}
            name={name}
            field={field}
            id={`${id}-${name}`}
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
