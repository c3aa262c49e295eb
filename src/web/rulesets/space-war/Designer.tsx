/**
 * The Space War squadron designer (issue 13: "the designer with live prices"; seed 001 "DESIGNING CRAFT", l.74-256):
 * up to three designs built module by module, the craft bought of each, crews with medals and the budget option,
 * priced and checked in the browser as you edit by the rules' own code (designer.ts: parseSquadron and checkSquadron,
 * the design check's words), each fault shown beside what it is about. The squadron is kept in this browser as a
 * draft and written as the squadron file (YAML) that `starhost space-war design-check --input FILE` takes; a file
 * may be pasted back in.
 */
import { type FormEvent, useMemo, useState } from "react";
import type { Problem } from "../../../core/result.js";
import { ARCS, type Arc, MODULE_DATA, MODULES } from "../../../rules/space-war/designing-craft/modules.js";
import { MEDAL_DATA, MEDALS } from "../../../rules/space-war/medals/medals.js";
import { Faults, numberOf, parsePasted, useStoredDraft, useYamlHref } from "../../shell/page-parts.js";
import { CraftCard } from "./CraftCard.js";
import {
  addable,
  addCrew,
  addDesign,
  addModule,
  arcChoosable,
  BUDGET_CHOICES,
  checkDraft,
  type DesignDraft,
  designsCounted,
  draftOfFile,
  faultPlace,
  faultsAt,
  fileName,
  MACHINE_BUDGET,
  MAX_DESIGNS,
  newSquadron,
  type PurchaseDraft,
  purchasesOf,
  removeCrew,
  removeDesign,
  removeModule,
  removePurchase,
  renameCrew,
  renameDesign,
  type SquadronChecked,
  type SquadronDraft,
  setArc,
  setCount,
  setMedal,
  setPrisoner,
  setPurchaseCount,
  setSetting,
  setType,
  settingOn,
  squadronYaml,
  strayPurchases,
  summaryLine,
} from "./designer.js";
import "./designer.css";

/** A stored draft this page can edit. */
const isDraft = (v: unknown): v is SquadronDraft => {
  const d = v as SquadronDraft | null;
  return (
    typeof d === "object" &&
    d !== null &&
    typeof d.name === "string" &&
    Array.isArray(d.designs) &&
    Array.isArray(d.craft) &&
    typeof d.settings === "object"
  );
};

const DRAFT_KEY = "starhost:space-war-designer";

interface EditProps {
  s: SquadronDraft;
  checked: SquadronChecked;
  onChange: (s: SquadronDraft) => void;
}

/** The crews with medals aboard one purchase's craft (l.29, l.741-801): a name and the medals, one of each. */
function Crews(props: EditProps & { k: number; p: PurchaseDraft }) {
  const { s, k, p } = props;
  return (
    <div className="sx-crews">
      {p.crews.map((c, j) => {
        const who = `${p.design} crew ${j + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: crews are edited in place; names may repeat while typed.
          <div key={j} className="sx-crew">
            <div className="sx-row">
              <label>
                {`${who}: name`} <input value={c.name} onChange={(e) => props.onChange(renameCrew(s, k, j, e.target.value))} />
              </label>
              <button type="button" onClick={() => props.onChange(removeCrew(s, k, j))}>
                {`Remove crew ${c.name}`}
              </button>
            </div>
            <fieldset className="sx-medals">
              <legend>{`Medals of ${c.name || who}`}</legend>
              {MEDALS.map((m) => (
                <label key={m} title={`${MEDAL_DATA[m].earnedBy} ${MEDAL_DATA[m].bonus}`}>
                  <input
                    type="checkbox"
                    checked={c.medals.includes(m)}
                    aria-describedby={`sx-medal-${m}`}
                    onChange={(e) => props.onChange(setMedal(s, k, j, m, e.target.checked))}
                  />{" "}
                  {MEDAL_DATA[m].name}
                </label>
              ))}
            </fieldset>
            <Faults
              className="sx-faults"
              faults={faultsAt(props.checked, s, { at: "purchase", purchase: k, crew: j })}
              label={`Faults of crew ${c.name}`}
            />
          </div>
        );
      })}
      <button type="button" onClick={() => props.onChange(addCrew(s, k))}>
        {`Add a crew with medals to ${p.design}`}
      </button>
    </div>
  );
}

/** One entry of the file's craft list: its count, crews and faults. */
function Purchase(props: EditProps & { k: number; p: PurchaseDraft; first: boolean; stray?: boolean }) {
  const { s, k, p } = props;
  const label = props.first ? `${p.design}: craft bought` : `${p.design}: craft bought (entry ${k + 1} of the craft list)`;
  return (
    <div className="sx-purchase">
      <div className="sx-row">
        <label>
          {label}{" "}
          <input
            type="number"
            min={0}
            max={100}
            value={p.count}
            onChange={(e) => props.onChange(setPurchaseCount(s, k, numberOf(e.target.value)))}
          />
        </label>
        {(!props.first || props.stray) && (
          <button type="button" onClick={() => props.onChange(removePurchase(s, k))}>
            {`Remove entry ${k + 1} (${p.design})`}
          </button>
        )}
      </div>
      <Faults
        className="sx-faults"
        faults={faultsAt(props.checked, s, { at: "purchase", purchase: k })}
        label={`Faults of the craft bought of ${p.design}`}
      />
      <Crews {...props} />
    </div>
  );
}

function DesignEditor(props: EditProps & { d: DesignDraft; i: number }) {
  const { s, d, i, checked } = props;
  const price = checked.prices[i];
  const entries = purchasesOf(s, d.name);
  const faultyModules = d.modules.flatMap((_, j) => (faultsAt(checked, s, { at: "design", design: i, module: j }).length > 0 ? [j] : []));
  const id = `sx-design-${i}`;
  const each = price?.each === undefined ? "no price (2 to 10 modules, l.170-256)" : `${price.each} M€ each`;
  return (
    <fieldset className="sx-design" aria-describedby={`${id}-price`}>
      <legend>{`Design ${i + 1}: ${d.name || "(no name)"}`}</legend>
      <div className="sx-row">
        <label>
          Name <input value={d.name} onChange={(e) => props.onChange(renameDesign(s, i, e.target.value))} />
        </label>
        <label>
          {`${d.name}: type`}{" "}
          <select value={d.type} onChange={(e) => props.onChange(setType(s, i, e.target.value === "fighter" ? "fighter" : "vessel"))}>
            <option value="vessel">Vessel</option>
            <option value="fighter">Fighter</option>
          </select>
        </label>
        {(d.type === "fighter" || d.prisoner) && (
          <label>
            <input type="checkbox" checked={d.prisoner} onChange={(e) => props.onChange(setPrisoner(s, i, e.target.checked))} />{" "}
            {`${d.name} is a prisoner (a captured fighter, above the 3 design limit, l.454)`}
          </label>
        )}
        <button type="button" onClick={() => props.onChange(removeDesign(s, i))}>
          {`Scrap design ${d.name}`}
        </button>
      </div>
      <Faults className="sx-faults" faults={faultsAt(checked, s, { at: "design", design: i })} label={`Faults of design ${d.name}`} />
      <div className="sx-design-body">
        <div>
          <CraftCard design={d} faulty={faultyModules} />
          <p id={`${id}-price`} className="sx-price">
            {`${d.name}: ${d.modules.length} module(s), ${each}${price && price.count > 0 ? ` × ${price.count} bought = ${price.subtotal ?? "?"} M€` : ""}`}
          </p>
          <h4 id={`${id}-modules`}>{`Modules of ${d.name}`}</h4>
          {d.modules.length === 0 ? (
            <p>None yet: add an Engine first (l.104).</p>
          ) : (
            <ol className="sx-modules" aria-labelledby={`${id}-modules`}>
              {d.modules.map((m, j) => {
                const what = `${MODULE_DATA[m.module].name} (module ${j + 1} of ${d.name})`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a module's place in the design is its identity.
                  <li key={j}>
                    <span>{MODULE_DATA[m.module].name}</span>{" "}
                    {arcChoosable(s, d, m) && (
                      <label>
                        {`arc of ${what}`}{" "}
                        <select value={m.arc ?? "front"} onChange={(e) => props.onChange(setArc(s, i, j, e.target.value as Arc))}>
                          {ARCS.map((a) => (
                            <option key={a} value={a}>
                              {a}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}{" "}
                    <button type="button" onClick={() => props.onChange(removeModule(s, i, j))} aria-label={`Remove ${what}`}>
                      Remove
                    </button>
                    <Faults
                      className="sx-faults"
                      faults={faultsAt(checked, s, { at: "design", design: i, module: j })}
                      label={`Faults of ${what}`}
                    />
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        <div>
          <h4 id={`${id}-palette`}>{`Add a module to ${d.name}`}</h4>
          <ul className="sx-palette" aria-labelledby={`${id}-palette`}>
            {MODULES.map((m) => {
              const data = MODULE_DATA[m];
              const ok = addable(d.type, m);
              const only = data.on.length === 1 ? ` (${data.on[0] === "vessel" ? "Vessel" : "Fighter"} only)` : "";
              return (
                <li key={m}>
                  <button
                    type="button"
                    disabled={!ok}
                    aria-describedby={`${id}-note-${m}`}
                    onClick={() => props.onChange(addModule(s, i, m))}
                  >
                    {`Add ${data.name} (${m}) to ${d.name}`}
                  </button>
                  <span id={`${id}-note-${m}`} className="sx-note">
                    {`${data.note}${only}`}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      {entries.length === 0 ? (
        <div className="sx-row">
          <label>
            {`${d.name}: craft bought`}{" "}
            <input
              type="number"
              min={0}
              max={100}
              value={0}
              onChange={(e) => props.onChange(setCount(s, d.name, numberOf(e.target.value)))}
            />
          </label>
        </div>
      ) : (
        entries.map(({ purchase, k }, n) => <Purchase key={k} {...props} k={k} p={purchase} first={n === 0} />)
      )}
    </fieldset>
  );
}

/** Paste a squadron file (YAML or JSON) to edit it here; the file's shape is read by parseSquadron, its faults given. */
function LoadFile(props: { onLoad: (s: SquadronDraft) => void }) {
  const [text, setText] = useState("");
  const [said, setSaid] = useState<{ text: string; problems: Problem[]; bad: boolean }>({ text: "", problems: [], bad: false });
  const load = (e: FormEvent) => {
    e.preventDefault();
    const pasted = parsePasted(text);
    if (!pasted.ok) {
      setSaid({ text: pasted.text, problems: [], bad: true });
      return;
    }
    const raw = pasted.raw;
    const r = draftOfFile(raw);
    if (!r.ok) {
      setSaid({ text: "Not loaded: the file is not a squadron file.", problems: r.problems, bad: true });
      return;
    }
    props.onLoad(r.draft);
    const c = checkDraft(r.draft);
    setSaid({
      text: `Loaded "${r.draft.name}": ${c.ok ? "a legal squadron" : `${c.problems.length} fault(s), each shown beside what it is about`}.`,
      problems: [],
      bad: false,
    });
  };
  return (
    <form onSubmit={load} aria-labelledby="sx-load-h">
      <h3 id="sx-load-h">Paste a squadron file</h3>
      <label className="sx-file">
        Squadron file to load (YAML or JSON)
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={8} />
      </label>
      <button type="submit" disabled={!text.trim()}>
        Load it
      </button>
      <div role={said.bad ? "alert" : "status"}>
        {said.text && <p>{said.text}</p>}
        {said.problems.length > 0 && (
          <ul className="sx-faults" aria-label="Problems of the pasted file">
            {said.problems.map((p, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the problems in the parser's order.
              <li key={k}>{`${p.order}: ${p.message} (${p.code})`}</li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}

export default function Designer() {
  const [s, setS] = useStoredDraft(DRAFT_KEY, isDraft, newSquadron);
  const [copied, setCopied] = useState("");
  const checked = useMemo(() => checkDraft(s), [s]);
  const yaml = useMemo(() => squadronYaml(s), [s]);
  const href = useYamlHref(yaml);
  const file = fileName(s);
  const full = designsCounted(s) >= MAX_DESIGNS;
  const stray = strayPurchases(s);
  const placed = new Set(checked.problems.filter((p) => faultPlace(p, s).at === "squadron"));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(yaml);
      setCopied("Copied the squadron file.");
    } catch {
      setCopied("The browser refused to copy: select the text of the file and copy it.");
    }
  };

  return (
    <div className="sx-designer">
      <h1>Space War squadron designer</h1>
      <p>
        Design up to three craft from modules (2 to 10 each, at least one Engine), buy at most 16 craft within the budget, and give crews
        their medals. Prices and faults are the design check's own, worked out as you edit; the squadron is kept in this browser and saved
        as a squadron file.
      </p>
      <section aria-labelledby="sx-squadron-h">
        <h2 id="sx-squadron-h">The squadron</h2>
        <div className="sx-row">
          <label>
            Squadron name <input value={s.name} onChange={(e) => setS({ ...s, name: e.target.value })} />
          </label>
          <label>
            Budget{" "}
            <select
              value={s.budget}
              onChange={(e) => {
                const b = BUDGET_CHOICES.find((x) => x.id === e.target.value);
                if (b) setS({ ...s, budget: b.id });
              }}
            >
              {BUDGET_CHOICES.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input type="checkbox" checked={s.machine} onChange={(e) => setS({ ...s, machine: e.target.checked })} />{" "}
            {`A machine force (${MACHINE_BUDGET} M€ whatever the budget, no medals, l.975-977)`}
          </label>
        </div>
        <div className="sx-row">
          <label>
            <input
              type="checkbox"
              checked={settingOn(s, "fighterArcs")}
              onChange={(e) => setS(setSetting(s, "fighterArcs", e.target.checked))}
            />{" "}
            Fighters may turn their arcs too (setting fighterArcs, ruling C.31)
          </label>
          <label>
            <input
              type="checkbox"
              checked={settingOn(s, "prisonersFree")}
              onChange={(e) => setS(setSetting(s, "prisonersFree", e.target.checked))}
            />{" "}
            Prisoners cost nothing (setting prisonersFree, ruling C.36)
          </label>
        </div>
        <p role="status" className={`sx-summary${checked.ok ? "" : " bad"}`}>
          {summaryLine(checked, s)}
        </p>
        <Faults className="sx-faults" faults={[...placed]} label="Faults of the squadron" />
        {checked.prices.length > 0 && (
          <table className="sx-prices">
            <caption>Price list</caption>
            <thead>
              <tr>
                <th scope="col">Design</th>
                <th scope="col">Modules</th>
                <th scope="col">Each</th>
                <th scope="col">Bought</th>
                <th scope="col">Cost</th>
              </tr>
            </thead>
            <tbody>
              {checked.prices.map((p, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one row a design, in the file's order.
                <tr key={k}>
                  <th scope="row">{p.name}</th>
                  <td>{p.text}</td>
                  <td className="num">{p.each === undefined ? "—" : `${p.each} M€`}</td>
                  <td className="num">{p.count}</td>
                  <td className="num">{p.subtotal === undefined ? "—" : `${p.subtotal} M€`}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="num">{checked.craft}</td>
                <td className="num">{checked.total === undefined ? "—" : `${checked.total} of ${checked.budget} M€`}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </section>
      <section aria-labelledby="sx-designs-h">
        <h2 id="sx-designs-h">Designs</h2>
        <Faults className="sx-faults" faults={faultsAt(checked, s, { at: "designs" })} label="Faults of the designs" />
        {s.designs.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: designs are edited in place; names may repeat while typed.
          <DesignEditor key={i} s={s} d={d} i={i} checked={checked} onChange={setS} />
        ))}
        <div className="sx-row">
          <button type="button" disabled={full} onClick={() => setS(addDesign(s, "vessel"))}>
            Add a vessel design
          </button>
          <button type="button" disabled={full} onClick={() => setS(addDesign(s, "fighter"))}>
            Add a fighter design
          </button>
          {full && <span>{`"You may never have more than ${MAX_DESIGNS} Designs" (l.57): scrap one to make another.`}</span>}
        </div>
        {stray.length > 0 && (
          <section aria-labelledby="sx-stray-h">
            <h3 id="sx-stray-h">Craft of no design in the file</h3>
            {stray.map(({ purchase, k }) => (
              <Purchase key={k} s={s} checked={checked} onChange={setS} k={k} p={purchase} first={false} stray />
            ))}
          </section>
        )}
      </section>
      {/* What each medal is for and gives (l.741-787), once for every crew's checkboxes to point at. */}
      <ul className="sr-only">
        {MEDALS.map((m) => (
          <li key={m} id={`sx-medal-${m}`}>{`${MEDAL_DATA[m].earnedBy} ${MEDAL_DATA[m].bonus}`}</li>
        ))}
      </ul>
      <section aria-labelledby="sx-file-h">
        <h2 id="sx-file-h">The squadron file</h2>
        <p>
          <a href={href} download={file}>
            Download {file}
          </a>{" "}
          <button type="button" onClick={copy}>
            Copy the squadron file
          </button>{" "}
          (check it with <code>starhost space-war design-check --input {file}</code>).
        </p>
        <p role="status">{copied}</p>
        <label className="sx-file">
          Squadron file (YAML)
          <textarea readOnly value={yaml} rows={12} />
        </label>
        <LoadFile onLoad={setS} />
        <p>
          <button type="button" onClick={() => setS(newSquadron())}>
            Start again
          </button>
        </p>
      </section>
    </div>
  );
}
