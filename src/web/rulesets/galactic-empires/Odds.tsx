/**
 * The battle odds page: two sides written as a form (odds-form.ts), fought many times by the ruleset's odds tool
 * (POST /api/rulesets/galactic-empires/tools/odds, the adjudicator's own battle code, seed 003 chapter 6), and the
 * answer as a table: how often each side holds the field and the starships it loses.
 */
import { type FormEvent, useId, useMemo, useState } from "react";
import { STARSHIP_TYPES } from "../../../rules/galactic-empires/catalog.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { call, errorText } from "../../shell/api.js";
import { Help } from "./Help.js";
import { initialForm, type OddsForm, oddsInput } from "./odds-form.js";

interface OddsReply {
  json: {
    runs: number;
    sides: { name: string; winRate: number; winRateStdErr: number; meanShipsLost: number }[];
    neitherRate: number;
    meanRounds: number;
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function Odds(props: { view: EmpireView }) {
  const id = useId();
  const [form, setForm] = useState<OddsForm>(() => initialForm(props.view));
  const [answer, setAnswer] = useState<OddsReply["json"] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const builders = useMemo(() => {
    const m = new Map<string, { id: string; name: string }[]>();
    for (const t of STARSHIP_TYPES) m.set(t.builder, [...(m.get(t.builder) ?? []), { id: t.id, name: t.name }]);
    return [...m];
  }, []);
  const ships = (form: OddsForm) => form.sides.map((s) => s.ships.reduce((n, r) => n + r.count, 0));

  const side = (i: 0 | 1, f: (s: OddsForm["sides"][0]) => OddsForm["sides"][0]) =>
    setForm((x) => {
      const sides: OddsForm["sides"] = [x.sides[0], x.sides[1]];
      sides[i] = f(sides[i]);
      return { ...x, sides };
    });

  const run = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      const r = await call<OddsReply>("POST", `/api/rulesets/galactic-empires/tools/odds?runs=${form.runs}&seed=1`, oddsInput(form));
      setAnswer(r.json);
    } catch (x) {
      setAnswer(null);
      setProblem(errorText(x));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}h`} className="ge-odds">
      <h4 id={`${id}h`}>Battle odds</h4>
      <Help>
        <p>
          Try a battle before you fight it: the adjudicator's own battle code fights it as many times as you ask, and tells how often each
          side holds the field and how many starships it loses on average. It starts with your largest force against the largest foreign
          force you can see (their ranks are unknown: assumed the front rank). Nothing here is an order.
        </p>
      </Help>
      <form onSubmit={run}>
        <div className="ge-odds-sides">
          {([0, 1] as const).map((i) => {
            const s = form.sides[i];
            const p = `${id}s${i}`;
            return (
              <fieldset key={i}>
                <legend>Side {i + 1}</legend>
                <label htmlFor={`${p}name`}>Name of side {i + 1}</label>
                <input id={`${p}name`} value={s.name} maxLength={60} onChange={(e) => side(i, (x) => ({ ...x, name: e.target.value }))} />
                <table>
                  <caption>Starships of side {i + 1}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Count</th>
                      <th scope="col">Rank</th>
                      <th scope="col">
                        <span className="sr-only">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.ships.map((r, k) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity.
                      <tr key={k}>
                        <td>
                          <select
                            aria-label={`Side ${i + 1}, row ${k + 1}: starship type`}
                            value={r.type}
                            onChange={(e) =>
                              side(i, (x) => ({ ...x, ships: x.ships.map((y, j) => (j === k ? { ...y, type: e.target.value } : y)) }))
                            }
                          >
                            <option value="">(choose)</option>
                            {builders.map(([b, types]) => (
                              <optgroup key={b} label={b}>
                                {types.map((t) => (
                                  <option key={t.id} value={t.id}>
                                    {t.name} ({b})
                                  </option>
                                ))}
                              </optgroup>
                            ))}
                          </select>
                        </td>
                        <td>
                          <input
                            type="number"
                            min={0}
                            max={10000}
                            aria-label={`Side ${i + 1}, row ${k + 1}: count`}
                            value={r.count}
                            onChange={(e) =>
                              side(i, (x) => ({
                                ...x,
                                ships: x.ships.map((y, j) =>
                                  j === k ? { ...y, count: Math.max(0, Math.floor(Number(e.target.value) || 0)) } : y,
                                ),
                              }))
                            }
                          />
                        </td>
                        <td>
                          <select
                            aria-label={`Side ${i + 1}, row ${k + 1}: rank`}
                            value={r.rank}
                            onChange={(e) =>
                              side(i, (x) => ({
                                ...x,
                                ships: x.ships.map((y, j) => (j === k ? { ...y, rank: Number(e.target.value) } : y)),
                              }))
                            }
                          >
                            {[1, 2, 3, 4, 5].map((n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td>
                          <button
                            type="button"
                            aria-label={`Remove side ${i + 1}, row ${k + 1}`}
                            onClick={() => side(i, (x) => ({ ...x, ships: x.ships.filter((_, j) => j !== k) }))}
                          >
                            ×
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <button type="button" onClick={() => side(i, (x) => ({ ...x, ships: [...x.ships, { type: "", count: 1, rank: 1 }] }))}>
                  Add starships to side {i + 1}
                </button>
                <label htmlFor={`${p}retreat`}>Retreat level of side {i + 1}</label>
                <select
                  id={`${p}retreat`}
                  value={s.retreatLevel}
                  onChange={(e) => side(i, (x) => ({ ...x, retreatLevel: Number(e.target.value) }))}
                >
                  {[1, 2, 3, 4, 5].map((n) => (
                    <option key={n} value={n}>
                      {n === 5 ? "5 (fight to the last)" : n}
                    </option>
                  ))}
                </select>
              </fieldset>
            );
          })}
        </div>
        <fieldset>
          <legend>Where</legend>
          <label>
            <input type="checkbox" checked={form.crossBorder} onChange={(e) => setForm((x) => ({ ...x, crossBorder: e.target.checked }))} />{" "}
            A cross-border battle (no sector defence)
          </label>
          <label htmlFor={`${id}def`}>Sector defence level</label>
          <input
            id={`${id}def`}
            type="number"
            min={0}
            max={12}
            disabled={form.crossBorder}
            value={form.defenceLevel}
            onChange={(e) => setForm((x) => ({ ...x, defenceLevel: Math.max(0, Math.min(12, Math.floor(Number(e.target.value) || 0))) }))}
          />
          <label htmlFor={`${id}defside`}>The defence protects</label>
          <select
            id={`${id}defside`}
            disabled={form.crossBorder || form.defenceLevel === 0}
            value={form.defenceSide}
            onChange={(e) => setForm((x) => ({ ...x, defenceSide: Number(e.target.value) }))}
          >
            <option value={0}>side 1</option>
            <option value={1}>side 2</option>
          </select>
          <label htmlFor={`${id}runs`}>Battles to fight</label>
          <input
            id={`${id}runs`}
            type="number"
            min={1}
            max={100000}
            value={form.runs}
            onChange={(e) => setForm((x) => ({ ...x, runs: Math.max(1, Math.min(100000, Math.floor(Number(e.target.value) || 1))) }))}
          />
        </fieldset>
        <button type="submit" disabled={busy || ships(form).some((n) => n === 0)}>
          Fight it {form.runs} times
        </button>
      </form>
      <div role="status" aria-live="polite">
        {busy ? "Fighting…" : answer ? `Fought ${answer.runs} times.` : ""}
      </div>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {answer && (
        <table className="ge-odds-answer">
          <caption>The odds over {answer.runs} battles</caption>
          <thead>
            <tr>
              <th scope="col">Side</th>
              <th scope="col">Holds the field</th>
              <th scope="col">Starships lost (mean)</th>
            </tr>
          </thead>
          <tbody>
            {answer.sides.map((s, i) => (
              <tr key={`${s.name}-${String(i)}`}>
                <th scope="row">{s.name}</th>
                <td>
                  {pct(s.winRate)} ± {pct(s.winRateStdErr)}
                </td>
                <td>
                  {s.meanShipsLost.toFixed(2)} of {ships(form)[i]}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">Neither side</th>
              <td>{pct(answer.neitherRate)}</td>
              <td />
            </tr>
          </tbody>
        </table>
      )}
      {answer && <p>Mean rounds: {answer.meanRounds.toFixed(2)}</p>}
    </section>
  );
}
