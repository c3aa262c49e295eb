/**
 * A form made from one of the seat's menus (GET .../options: rules' presentation/legal-orders.ts): only what the menu
 * offers can be chosen, and "Add to the draft" puts the order in; the server's check then says what it will do or
 * why it fails. As the Sathar War's form (sathar-war/OrderForm.tsx), with this ruleset's two other fields: a point on
 * the table as x and y in inches, and a design's modules typed as their abbreviations ("E E SB L L/rear"), since a
 * design repeats modules.
 */
import { type FormEvent, useId, useState } from "react";
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import { type DraftOrder, missing, orderFrom, type SxFieldValue } from "./sx-draft.js";

function Field(props: { name: string; field: OptionField; value: SxFieldValue; set: (v: SxFieldValue) => void; id: string }) {
  const { name, field, value, set, id } = props;
  if (field.kind === "choice")
    return (
      <div className="sx-field">
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
  if (field.kind === "choices")
    return (
      <div className="sx-field">
        <label htmlFor={id}>
          {name} ({field.values.map((v) => v.value).join(" ")}; repeat as needed, an arc after a slash: L/rear)
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
  if (field.kind === "number")
    return (
      <div className="sx-field">
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
  if (field.kind === "text")
    return (
      <div className="sx-field">
        <label htmlFor={id}>{name}</label>
        <input id={id} maxLength={field.maxLength} value={typeof value === "string" ? value : ""} onChange={(e) => set(e.target.value)} />
      </div>
    );
  const p = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  const axis = (k: "x" | "y", max: number) => (
    <span className="sx-axis">
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
    <fieldset className="sx-point">
      <legend>{name}: a point on the table, in inches</legend>
      {axis("x", field.xMax)}
      {axis("y", field.yMax)}
    </fieldset>
  );
}

export function OrderForm(props: {
  menu: OrderOption;
  initial: Record<string, SxFieldValue>;
  add: (order: DraftOrder) => void;
  disabled: boolean;
  /** What the form is called (its accessible name). */
  label: string;
}) {
  const { menu, add, disabled } = props;
  const [values, setValues] = useState<Record<string, SxFieldValue>>(props.initial);
  const id = useId();
  const lack = missing(menu, values);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (lack !== null) return;
    add(orderFrom(menu, values));
    setValues(props.initial);
  };
  return (
    <form className="sx-order-form" aria-label={props.label} onSubmit={submit}>
      <p className="hint">{menu.summary}</p>
      <div className="sx-fields">
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
