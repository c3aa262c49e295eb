/**
 * The Battleshift fleet builder (issue 11): design ships system by system and gather them in squadrons and taskforces,
 * with each design's price and faults, and the fleet's, shown as you edit (fleet-builder.ts: the rules' own "Ship
 * Building" and "Building a Fleet" code, the fleet check's words), with the fleet's options, each taskforce's flagship, a
 * defended planet and moon ("Planets") and space stations ("Space Stations"), each priced and checked by the same fleet
 * check as it is edited. The fleet is kept in this browser as a draft and
 * exported as the ruleset's fleet file (YAML), which `starhost new battleshift --fleet FILE` and the fleet check take.
 */
import { type FormEvent, useMemo, useState } from "react";
import { describeDesign, SYSTEM_KINDS } from "../../../rules/battleshift/fleet/ship-building.js";
import { Faults, numberOf, parsePasted, useStoredDraft, useYamlHref } from "../../shell/page-parts.js";
import {
  CATALOGUE_CHOICES,
  checkFleet,
  type DefenseDraft,
  type DesignDraft,
  DUAL_SYSTEMS,
  defensePoints,
  draftOfFile,
  type FleetChecked,
  type FleetDraft,
  faultsAt,
  fleetYaml,
  isOnOff,
  LAYOUT_KINDS,
  LAYOUT_LABELS,
  newDefense,
  newDesign,
  newFleet,
  newStation,
  OPTION_CONTROLS,
  optionValue,
  priceDesign,
  removeAt,
  renameDesign,
  replaceAt,
  type SquadronDraft,
  STATION_CHOICES,
  type StationDraft,
  SYSTEM_LABELS,
  setOption,
  setSystem,
  squadronPoints,
  stationPoints,
  type TaskforceDraft,
} from "./fleet-builder.js";
import "./replay.css";

/** A stored draft this page can edit. */
const isDraft = (v: unknown): v is FleetDraft => {
  const d = v as FleetDraft | null;
  return typeof d === "object" && d !== null && typeof d.name === "string" && Array.isArray(d.designs) && Array.isArray(d.taskforces);
};

const DRAFT_KEY = "starhost:battleshift-fleet-builder";

/** The fleet's options (fleet.ts FleetOptions), each with the file schema's own words; both fleets of a battle should agree. */
function OptionsEditor(props: { f: FleetDraft; checked: FleetChecked; onChange: (f: FleetDraft) => void }) {
  const { f } = props;
  return (
    <fieldset className="bs-options">
      <legend>Options (both fleets of a battle should agree on them)</legend>
      {OPTION_CONTROLS.map((c) => {
        const v = optionValue(f, c.key);
        const id = `bs-option-${c.key}`;
        const label = `${c.key}: ${c.help}`;
        if (c.kind === "boolean")
          return (
            <label key={c.key} className="bs-option">
              <input type="checkbox" checked={v === true} onChange={(e) => props.onChange(setOption(f, c.key, e.target.checked))} /> {label}
            </label>
          );
        if (c.kind === "choice")
          return (
            <label key={c.key} htmlFor={id} className="bs-option">
              {label}{" "}
              <select
                id={id}
                value={String(v)}
                onChange={(e) => {
                  const choice = c.choices?.find((x) => String(x) === e.target.value);
                  if (choice !== undefined) props.onChange(setOption(f, c.key, choice));
                }}
              >
                {(c.choices ?? []).map((x) => (
                  <option key={String(x)} value={String(x)}>
                    {String(x)}
                  </option>
                ))}
              </select>
            </label>
          );
        return (
          <label key={c.key} htmlFor={id} className="bs-option">
            {`${label}${c.nullable ? " (empty: none)" : ""}`}{" "}
            <input
              id={id}
              type="number"
              min={c.min}
              max={c.max}
              value={v === null ? "" : String(v)}
              onChange={(e) =>
                props.onChange(setOption(f, c.key, e.target.value.trim() === "" ? (c.nullable ? null : 0) : numberOf(e.target.value)))
              }
            />
          </label>
        );
      })}
      <Faults className="bs-faults" faults={faultsAt(props.checked, "fleet.options")} label="Faults of the options" />
    </fieldset>
  );
}

/** A defended planet or moon: "like buying a ship", a defense size and what each quadrant holds, priced by the check. */
function DefenseEditor(props: {
  d: DefenseDraft;
  i: number;
  checked: FleetChecked;
  onChange: (d: DefenseDraft) => void;
  onRemove: () => void;
}) {
  const { d, i } = props;
  const points = defensePoints(props.checked, d);
  const label = `${d.kind === "planet" ? "Planet" : "Moon"} ${d.name}`;
  return (
    <fieldset className="bs-design">
      <legend>{`Defended ${d.kind} ${i + 1}: ${d.name || "(no name)"}`}</legend>
      <div className="bs-row">
        <label>
          {`${label}: kind`}{" "}
          <select value={d.kind} onChange={(e) => props.onChange({ ...d, kind: e.target.value === "moon" ? "moon" : "planet" })}>
            <option value="planet">planet</option>
            <option value="moon">moon</option>
          </select>
        </label>
        <label>
          {`${label}: name`} <input value={d.name} onChange={(e) => props.onChange({ ...d, name: e.target.value })} />
        </label>
        <label>
          {`${label}: defense size`}{" "}
          <input
            type="number"
            min={1}
            max={100}
            value={d.size}
            onChange={(e) => props.onChange({ ...d, size: numberOf(e.target.value) })}
          />
        </label>
        <label>
          {`${label}: inches across (empty: ${d.kind === "planet" ? 12 : 4})`}{" "}
          <input
            type="number"
            min={1}
            max={1000}
            value={d.diameter ?? ""}
            onChange={(e) => props.onChange({ ...d, diameter: e.target.value.trim() === "" ? null : numberOf(e.target.value) })}
          />
        </label>
        <button type="button" onClick={props.onRemove}>
          Remove {label}
        </button>
      </div>
      {d.quadrants !== undefined ? (
        <p>Quadrant by quadrant as the loaded file lays them out (kept as written).</p>
      ) : (
        <table className="bs-systems">
          <caption>{`What each of the four quadrants of ${d.name} holds`}</caption>
          <tbody>
            {LAYOUT_KINDS.map((k) => (
              <tr key={k}>
                <th scope="row">{LAYOUT_LABELS[k]}</th>
                <td>
                  <input
                    type="number"
                    min={0}
                    max={1000}
                    aria-label={`${label}: ${LAYOUT_LABELS[k]} a quadrant`}
                    value={d.quadrant[k] ?? 0}
                    onChange={(e) => props.onChange({ ...d, quadrant: { ...d.quadrant, [k]: numberOf(e.target.value) } })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="bs-price">{`${label}: ${points === null ? "not priced (see its faults)" : `${points} points`}`}</p>
      <Faults className="bs-faults" faults={faultsAt(props.checked, `fleet.defenses[${i}]`)} label={`Faults of ${label}`} />
    </fieldset>
  );
}

/** A space station: a design from "Sample Space Stations", its name and the sector of the fleet's own half it stands in. */
function StationRow(props: {
  st: StationDraft;
  i: number;
  checked: FleetChecked;
  onChange: (s: StationDraft) => void;
  onRemove: () => void;
}) {
  const { st, i } = props;
  const label = `Station ${i + 1}`;
  const faults = faultsAt(props.checked, `fleet.stations[${i}]`);
  return (
    <tr>
      <td>
        <input aria-label={`${label}: name`} value={st.name} onChange={(e) => props.onChange({ ...st, name: e.target.value })} />
      </td>
      <td>
        <select aria-label={`${label}: design`} value={st.design} onChange={(e) => props.onChange({ ...st, design: e.target.value })}>
          {STATION_CHOICES.map((c) => (
            <option key={c.id} value={c.id}>{`${c.name} (${c.cost} points)`}</option>
          ))}
          {!STATION_CHOICES.some((c) => c.id === st.design) && <option value={st.design}>{`${st.design} (unknown)`}</option>}
        </select>
      </td>
      <td>
        <input
          aria-label={`${label}: sector`}
          value={st.sector}
          size={4}
          maxLength={20}
          onChange={(e) => props.onChange({ ...st, sector: e.target.value })}
        />
      </td>
      <td>{stationPoints(st) ?? "?"}</td>
      <td>
        <Faults className="bs-faults" faults={faults} label={`Faults of ${label}`} />
        <button type="button" onClick={props.onRemove}>
          Remove {label}
        </button>
      </td>
    </tr>
  );
}

function DesignEditor(props: {
  d: DesignDraft;
  f: FleetDraft;
  i: number;
  onChange: (d: DesignDraft) => void;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
  const { d, i } = props;
  const priced = useMemo(() => priceDesign(d, props.f), [d, props.f]);
  const id = `bs-design-${i}`;
  return (
    <fieldset className="bs-design" aria-describedby={`${id}-price`}>
      <legend>{`Design ${i + 1}: ${d.name || "(no name)"}`}</legend>
      <div className="bs-row">
        <label>
          Name <input value={d.name} onChange={(e) => props.onRename(e.target.value)} />
        </label>
        <label>
          Size{" "}
          <input type="number" min={1} max={20} value={d.size} onChange={(e) => props.onChange({ ...d, size: numberOf(e.target.value) })} />
        </label>
        <button type="button" onClick={props.onRemove}>
          Remove design {d.name}
        </button>
      </div>
      <table className="bs-systems">
        <caption className="sr-only">{`Systems and weaknesses of ${d.name}`}</caption>
        <thead>
          <tr>
            <th scope="col">System or weakness</th>
            <th scope="col">Bought</th>
            <th scope="col">Of those, paid with points</th>
          </tr>
        </thead>
        <tbody>
          {SYSTEM_KINDS.map((k) => (
            <tr key={k}>
              <th scope="row">{SYSTEM_LABELS[k]}</th>
              <td>
                {isOnOff(k) ? (
                  <input
                    type="checkbox"
                    aria-label={`${d.name}: ${SYSTEM_LABELS[k]}`}
                    checked={(d.systems[k] ?? 0) > 0}
                    onChange={(e) => props.onChange(setSystem(d, k, e.target.checked ? 1 : 0))}
                  />
                ) : (
                  <input
                    type="number"
                    min={0}
                    max={50}
                    aria-label={`${d.name}: ${SYSTEM_LABELS[k]}`}
                    value={d.systems[k] ?? 0}
                    onChange={(e) => props.onChange(setSystem(d, k, numberOf(e.target.value)))}
                  />
                )}
              </td>
              <td>
                {DUAL_SYSTEMS.includes(k) && (
                  <input
                    type="number"
                    min={0}
                    max={50}
                    aria-label={`${d.name}: ${SYSTEM_LABELS[k]} paid with points`}
                    value={d.byCost[k] ?? 0}
                    onChange={(e) => props.onChange(setSystem(d, k, numberOf(e.target.value), true))}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div id={`${id}-price`} className="bs-price">
        <p>
          <strong>{describeDesign(priced.design)}</strong>
        </p>
        <p>{priced.costLine}</p>
        {priced.faults.length > 0 && (
          <ul className="bs-faults" aria-label={`Faults of ${d.name}`}>
            {priced.faults.map((f, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the faults in the rules' order, replaced wholesale on each edit.
              <li key={k}>{`${f.message} (${f.code})`}</li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

function SquadronRow(props: {
  s: SquadronDraft;
  tf: string;
  designs: DesignDraft[];
  points: number | null;
  onChange: (s: SquadronDraft) => void;
  onRemove: () => void;
}) {
  const { s } = props;
  const factions = [...new Set(CATALOGUE_CHOICES.map((c) => c.faction))];
  return (
    <tr>
      <td>
        <input aria-label={`${props.tf}: squadron name`} value={s.name} onChange={(e) => props.onChange({ ...s, name: e.target.value })} />
      </td>
      <td>
        <select aria-label={`${s.name}: design`} value={s.design} onChange={(e) => props.onChange({ ...s, design: e.target.value })}>
          {props.designs.length > 0 && (
            <optgroup label="Your designs">
              {props.designs.map((d, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two designs may share a name while being edited.
                <option key={k} value={d.name}>
                  {d.name}
                </option>
              ))}
            </optgroup>
          )}
          {factions.map((f) => (
            <optgroup key={f} label={`Catalogue: ${f}`}>
              {CATALOGUE_CHOICES.filter((c) => c.faction === f).map((c) => (
                <option key={c.id} value={c.id}>{`${c.name} (size ${c.size})`}</option>
              ))}
            </optgroup>
          ))}
          {!props.designs.some((d) => d.name === s.design) && !CATALOGUE_CHOICES.some((c) => c.id === s.design) && (
            <option value={s.design}>{`${s.design} (unknown)`}</option>
          )}
        </select>
      </td>
      <td>
        <input
          type="number"
          min={1}
          max={21}
          aria-label={`${s.name}: ships`}
          value={s.ships}
          onChange={(e) => props.onChange({ ...s, ships: numberOf(e.target.value) })}
        />
      </td>
      <td>{props.points ?? "?"}</td>
      <td>
        <button type="button" onClick={props.onRemove}>
          Remove {s.name}
        </button>
      </td>
    </tr>
  );
}

function TaskforceEditor(props: {
  tf: TaskforceDraft;
  i: number;
  designs: DesignDraft[];
  fleet: FleetDraft;
  checked: FleetChecked;
  onChange: (tf: TaskforceDraft) => void;
  onRemove: () => void;
}) {
  const { tf } = props;
  return (
    <fieldset className="bs-taskforce">
      <legend>{`Taskforce ${props.i + 1}: ${tf.name}`}</legend>
      <div className="bs-row">
        <label>
          Taskforce name <input value={tf.name} onChange={(e) => props.onChange({ ...tf, name: e.target.value })} />
        </label>
        <label>
          {`${tf.name}: flagship`}{" "}
          <select
            value={tf.flagship ?? ""}
            onChange={(e) => {
              const { flagship: _old, ...rest } = tf;
              props.onChange(e.target.value ? { ...rest, flagship: e.target.value } : rest);
            }}
          >
            <option value="">(the first squadron of the largest ships)</option>
            {tf.squadrons.map((s, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat while typed.
              <option key={k} value={s.name}>
                {s.name}
              </option>
            ))}
            {tf.flagship && !tf.squadrons.some((s) => s.name === tf.flagship) && (
              <option value={tf.flagship}>{`${tf.flagship} (not a squadron of ${tf.name})`}</option>
            )}
          </select>
        </label>
        <button type="button" onClick={props.onRemove}>
          Remove taskforce {tf.name}
        </button>
      </div>
      <Faults
        className="bs-faults"
        faults={faultsAt(props.checked, `fleet.taskforces[${props.i}]`, ["unknown-flagship", "small-flagship"])}
        label={`Faults of ${tf.name}'s flagship`}
      />
      <table className="bs-squadrons">
        <caption className="sr-only">{`Squadrons of ${tf.name}`}</caption>
        <thead>
          <tr>
            <th scope="col">Squadron</th>
            <th scope="col">Design</th>
            <th scope="col">Ships</th>
            <th scope="col">Points</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tf.squadrons.map((s, k) => (
            <SquadronRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; names may repeat while typed.
              key={k}
              s={s}
              tf={tf.name}
              designs={props.designs}
              points={squadronPoints(props.fleet, s)}
              onChange={(x) => props.onChange({ ...tf, squadrons: replaceAt(tf.squadrons, k, x) })}
              onRemove={() => props.onChange({ ...tf, squadrons: removeAt(tf.squadrons, k) })}
            />
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() =>
          props.onChange({
            ...tf,
            squadrons: [...tf.squadrons, { name: `${tf.name} ${tf.squadrons.length + 1}`, design: "generic/fleet-destroyer", ships: 3 }],
          })
        }
      >
        Add a squadron to {tf.name}
      </button>
    </fieldset>
  );
}

/** Load a fleet file (pasted, YAML or JSON) to edit it here. */
function LoadFile(props: { onLoad: (f: FleetDraft) => void }) {
  const [text, setText] = useState("");
  const [said, setSaid] = useState("");
  const load = (e: FormEvent) => {
    e.preventDefault();
    const pasted = parsePasted(text);
    if (!pasted.ok) {
      setSaid(pasted.text);
      return;
    }
    const raw = pasted.raw;
    const r = draftOfFile(raw);
    if (!r) {
      setSaid("Not a fleet file: it needs a name and a list of taskforces.");
      return;
    }
    props.onLoad(r.draft);
    setSaid(`Loaded "${r.draft.name}".${r.dropped.length ? ` Left out (the builder does not edit them): ${r.dropped.join(", ")}.` : ""}`);
  };
  return (
    <form onSubmit={load} aria-labelledby="bs-load-h">
      <h3 id="bs-load-h">Load a fleet file</h3>
      <label className="bs-file">
        Fleet file to load (YAML or JSON)
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={6} className="orders-text" />
      </label>
      <button type="submit" disabled={!text.trim()}>
        Load it
      </button>
      <p role="status">{said}</p>
    </form>
  );
}

export default function FleetBuilder() {
  const [f, setF] = useStoredDraft(DRAFT_KEY, isDraft, newFleet);
  const checked = useMemo(() => checkFleet(f), [f]);
  const yaml = useMemo(() => fleetYaml(f), [f]);
  const href = useYamlHref(yaml);
  const file = `${
    f.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "fleet"
  }.yaml`;

  return (
    <div className="bs-builder">
      <h1>Battleshift fleet builder</h1>
      <p>
        Design ships from their size and systems ("Ship Building"), then gather them in squadrons of 1 to 7 ships and taskforces ("Building
        a Fleet"). Prices and faults are the fleet check's own, worked out as you type; the fleet is kept in this browser and saved as a
        fleet file.
      </p>
      <section aria-labelledby="bs-fleet-h" className="bs-fleet-summary">
        <h2 id="bs-fleet-h">The fleet</h2>
        <div className="bs-row">
          <label>
            Fleet name <input value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
          </label>
          <label>
            Points limit (empty: none){" "}
            <input
              type="number"
              min={1}
              value={f.points ?? ""}
              onChange={(e) => setF({ ...f, points: e.target.value.trim() === "" ? null : numberOf(e.target.value) })}
            />
          </label>
        </div>
        <p role="status" className="bs-fleet-price">
          {checked.ok
            ? `Price: ${checked.points} points${f.points !== null ? ` of ${f.points}` : ""}. A legal fleet.`
            : `Price so far: ${checked.points ?? "not priced"}${checked.points !== null ? " points" : ""}${f.points !== null ? ` (limit ${f.points})` : ""}. ${checked.faults.length} fault(s).`}
        </p>
        {checked.faults.length > 0 && (
          <ul className="bs-faults" aria-label="Faults of the fleet">
            {checked.faults.map((p, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the faults in the rules' order, replaced wholesale on each edit.
              <li key={k}>{`${p.order}: ${p.message} (${p.code})`}</li>
            ))}
          </ul>
        )}
        <details>
          <summary>The fleet check, part by part</summary>
          <pre className="bs-report">{checked.lines.join("\n")}</pre>
        </details>
      </section>
      <section aria-labelledby="bs-options-h">
        <h2 id="bs-options-h">Options</h2>
        <OptionsEditor f={f} checked={checked} onChange={setF} />
      </section>
      <section aria-labelledby="bs-designs-h">
        <h2 id="bs-designs-h">Your ship designs</h2>
        {f.designs.map((d, i) => (
          <DesignEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: designs are edited in place; names may repeat while typed.
            key={i}
            d={d}
            f={f}
            i={i}
            onChange={(x) => setF({ ...f, designs: replaceAt(f.designs, i, x) })}
            onRename={(name) => setF(renameDesign(f, i, name))}
            onRemove={() => setF({ ...f, designs: removeAt(f.designs, i) })}
          />
        ))}
        <button type="button" onClick={() => setF({ ...f, designs: [...f.designs, newDesign(`Design ${f.designs.length + 1}`)] })}>
          Add a design
        </button>
      </section>
      <section aria-labelledby="bs-tf-h">
        <h2 id="bs-tf-h">Taskforces and squadrons</h2>
        {f.taskforces.map((tf, i) => (
          <TaskforceEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: taskforces are edited in place.
            key={i}
            tf={tf}
            i={i}
            designs={f.designs}
            fleet={f}
            checked={checked}
            onChange={(x) => setF({ ...f, taskforces: replaceAt(f.taskforces, i, x) })}
            onRemove={() => setF({ ...f, taskforces: removeAt(f.taskforces, i) })}
          />
        ))}
        <button
          type="button"
          onClick={() => setF({ ...f, taskforces: [...f.taskforces, { name: `Taskforce ${f.taskforces.length + 1}`, squadrons: [] }] })}
        >
          Add a taskforce
        </button>
      </section>
      <section aria-labelledby="bs-planets-h">
        <h2 id="bs-planets-h">Defended planet and moon</h2>
        <p>
          A planet's defense is bought "like buying a ship": 10 points a size, 3 a garrison assault unit; at most one planet and one moon,
          the moon's defense at most half the planet's.
        </p>
        {(f.defenses ?? []).map((d, i) => (
          <DefenseEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: edited in place.
            key={i}
            d={d}
            i={i}
            checked={checked}
            onChange={(x) => setF({ ...f, defenses: replaceAt(f.defenses ?? [], i, x) })}
            onRemove={() => setF({ ...f, defenses: removeAt(f.defenses ?? [], i) })}
          />
        ))}
        <div className="buttons">
          <button type="button" onClick={() => setF({ ...f, defenses: [...(f.defenses ?? []), newDefense("planet")] })}>
            Add a defended planet
          </button>
          <button type="button" onClick={() => setF({ ...f, defenses: [...(f.defenses ?? []), newDefense("moon")] })}>
            Add a defended moon
          </button>
        </div>
      </section>
      <section aria-labelledby="bs-stations-h">
        <h2 id="bs-stations-h">Space stations</h2>
        {(f.stations ?? []).length > 0 && (
          <table className="bs-squadrons">
            <caption className="sr-only">Space stations of the fleet</caption>
            <thead>
              <tr>
                <th scope="col">Station</th>
                <th scope="col">Design</th>
                <th scope="col">Sector (of your own half)</th>
                <th scope="col">Points</th>
                <th scope="col">
                  <span className="sr-only">Faults and remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(f.stations ?? []).map((st, i) => (
                <StationRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: edited in place.
                  key={i}
                  st={st}
                  i={i}
                  checked={checked}
                  onChange={(x) => setF({ ...f, stations: replaceAt(f.stations ?? [], i, x) })}
                  onRemove={() => setF({ ...f, stations: removeAt(f.stations ?? [], i) })}
                />
              ))}
            </tbody>
          </table>
        )}
        <button type="button" onClick={() => setF({ ...f, stations: [...(f.stations ?? []), newStation()] })}>
          Add a space station
        </button>
      </section>
      <section aria-labelledby="bs-file-h">
        <h2 id="bs-file-h">The fleet file</h2>
        <p>
          <a href={href} download={file}>
            Download {file}
          </a>{" "}
          (check it with <code>starhost fleet check {file}</code>; play it with{" "}
          <code>starhost new battleshift --fleet {file} --fleet OTHER</code>).
        </p>
        <label className="bs-file">
          Fleet file (YAML)
          <textarea readOnly value={yaml} rows={12} className="orders-text" />
        </label>
        <LoadFile onLoad={setF} />
        <p>
          <button type="button" onClick={() => setF(newFleet())}>
            Start again
          </button>
        </p>
      </section>
    </div>
  );
}
