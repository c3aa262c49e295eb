/**
 * One battle report in the layout of seed 003 chapter 6, "Battle reports": the units involved with their
 * modifiers, total combat and hit points; then each round (who fired and the damage caused, each unit's status
 * at the round's end, the casualties, the retreats); then the aftermath and who holds the field. Tables with
 * headers where the book prints columns of figures; the rounds fold away, as a long battle has many.
 */
import { round } from "../../../core/json.js";
import { type BattleReport, defaultOwnerName } from "../../../rules/galactic-empires/battle.js";
import { unitLabel } from "../../../rules/galactic-empires/presentation/battle-report.js";
import { battleTitle } from "./results.js";

const num = (x: number): string => String(round(x, 1));

export function BattleReportView(props: { report: BattleReport; viewer: string; step: string; index: number }) {
  const r = props.report;
  const byId = new Map(r.units.map((u) => [u.id, u]));
  const label = (id: string) => unitLabel(byId.get(id), id, props.viewer);
  const h = `battle-${props.viewer}-${props.index}`;
  const holders = r.holders.map((x) =>
    x === props.viewer ? "us" : (r.units.find((u) => u.owner === x)?.ownerName ?? defaultOwnerName(x)),
  );
  return (
    <article className="ge-battle" aria-labelledby={h}>
      <h5 id={h}>{battleTitle(r)}</h5>
      <p className="ge-step">{props.step}</p>
      <table>
        <caption>The units involved</caption>
        <thead>
          <tr>
            <th scope="col">Unit</th>
            <th scope="col">Modifiers</th>
            <th scope="col">Total combat</th>
            <th scope="col">Total hit points</th>
          </tr>
        </thead>
        <tbody>
          {r.units.map((u) => (
            <tr key={u.id} className={u.owner === props.viewer ? "ge-ours" : undefined}>
              <th scope="row">{label(u.id)}</th>
              <td>{u.modifiers || (u.owner === props.viewer ? "without any modifiers" : "")}</td>
              <td>{num(u.totalCombat)}</td>
              <td>{num(u.totalHits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.defence && (r.siege.length > 0 || r.defence.level > 0) && (
        <ul>
          {r.siege.map((s) => (
            <li key={s.unit}>
              {label(s.unit)} made {s.attempts} siege attempt{s.attempts === 1 ? "" : "s"}, causing {s.hits} damage to the sector defences
            </li>
          ))}
          {r.defence.level > 0 && (
            <li>
              Sector defence: level {r.defence.level}, damage {r.defence.damageAfter}
              {r.defence.damageAfter !== r.defence.damageBefore ? ` (was ${r.defence.damageBefore})` : ""}
            </li>
          )}
        </ul>
      )}
      {r.rounds.map((rd) => (
        <details key={rd.round} className="ge-round">
          <summary>
            Round #{rd.round}
            {rd.casualties.length > 0 ? ", casualties" : ""}
            {rd.retreats.length > 0 ? ", retreats" : ""}
          </summary>
          <table>
            <caption>The events for round #{rd.round}</caption>
            <thead>
              <tr>
                <th scope="col">Unit (retreat level)</th>
                <th scope="col">Starships firing</th>
                <th scope="col">Damage caused</th>
              </tr>
            </thead>
            <tbody>
              {rd.fire.flatMap((f) =>
                f.lines.map((l, i) => (
                  <tr key={`${f.unit}-${l.starship}-${String(i)}`}>
                    <th scope="row">{i === 0 ? `${label(f.unit)} (Retreat Level ${f.retreatLevel})` : ""}</th>
                    <td>
                      {l.count} {l.starship}
                    </td>
                    <td>{l.damage}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
          <table>
            <caption>Unit status at the end of round #{rd.round}</caption>
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">Damage suffered</th>
                <th scope="col">Total hit points</th>
                <th scope="col">Total damage taken</th>
              </tr>
            </thead>
            <tbody>
              {rd.status.map((s) => (
                <tr key={s.unit}>
                  <th scope="row">{label(s.unit)}</th>
                  <td>{num(s.suffered)}</td>
                  <td>{num(s.totalHits)}</td>
                  <td>{num(s.totalDamage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rd.casualties.length === 0 ? (
            <p>Casualties: none (this is not a casualty round).</p>
          ) : (
            <ul className="ge-casualties" aria-label={`Casualties for round #${rd.round}`}>
              {rd.casualties.map((c) => (
                <li key={c.unit}>
                  {label(c.unit)} suffered {num(c.suffered)} damage, with {c.losses.length === 0 ? "no losses." : "these losses:"}
                  {c.losses.length > 0 && (
                    <ul>
                      {c.losses.map((l, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: losses are listed in the order they were taken.
                        <li key={i}>
                          1 {l.starship} (Hit Points: {num(l.hits)}) is {l.killed ? "killed" : "damaged"}, {num(l.remaining)} more Damage
                          remains
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
          {rd.retreats.map((t) => (
            <p key={t.unit}>
              {label(t.unit)} retreats{t.to ? ` to ${t.to}` : ""}.
            </p>
          ))}
        </details>
      ))}
      <p>
        <strong>The battle has ended.</strong>{" "}
        {holders.length > 0 ? `The field is held by ${holders.join(" and ")}.` : "No one holds the field."}
      </p>
      {r.wounded.length > 0 && (
        <ul>
          {r.wounded.map((w, i) => (
            <li key={`${w.unit}-${String(i)}`}>
              1 wounded {w.starship} of {label(w.unit)} (damage {num(w.damage)}, hit points {num(w.hits)}){" "}
              {w.destroyed ? "is destroyed" : "survives"}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
