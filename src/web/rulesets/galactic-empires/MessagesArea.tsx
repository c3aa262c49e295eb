/**
 * The Messages area (seed 003 chapter 1, "Messages Menu"; chapter 6, "Battle reports"): the turn's results in
 * sections rather than one text (results.ts sorts them): messages by step, announcements, orders that failed and
 * why, battle reports, proclamations, espionage; the diplomacy with other players (the shell's Messages); the
 * battle odds page; and the whole report as text, as a mail player receives it.
 */
import type { Results } from "../../../rules/galactic-empires/presentation/report.js";
import { Messages } from "../../shell/Messages.js";
import { ReportText } from "../../shell/ReportText.js";
import type { SeatViewProps } from "../../shell/views.js";
import { BattleReportView } from "./BattleReport.js";
import { Help } from "./Help.js";
import { Odds } from "./Odds.js";
import { resultSections } from "./results.js";

function Section(props: { id: string; title: string; count: number; children: React.ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="ge-section">
      <h4 id={props.id}>
        {props.title} <span className="ge-count">({props.count})</span>
      </h4>
      {props.children}
    </section>
  );
}

export function MessagesArea(props: SeatViewProps & { results: Results; open: boolean }) {
  const v = props.results.view;
  const s = resultSections(v);
  const start = props.results.turn === 0;
  const p = `ge-msg-${props.seat}`;
  return (
    <div className="ge-messages">
      <Help>
        <p>
          What happened in the turn just run, as your empire learned it: the messages of each step of the turn, news for everyone, the
          orders that failed and why, every battle your forces fought (round by round, as chapter 6 prints them), proclamations and your
          agents' reports. Below them, your letters with the other players, the battle odds calculator and the whole report as text.
        </p>
      </Help>
      <Section id={`${p}-m`} title="Messages" count={s.messages.reduce((n, m) => n + m.lines.length, 0)}>
        {s.messages.length === 0 && <p>{start ? "No turn has run yet." : "None."}</p>}
        {s.messages.map((m) => (
          <section key={m.step} aria-label={m.step} className="ge-step-messages">
            <h5>{m.step}</h5>
            <ul>
              {m.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the turn's messages do not change order.
                <li key={i}>{l}</li>
              ))}
            </ul>
          </section>
        ))}
      </Section>
      <Section id={`${p}-f`} title="Orders that failed" count={s.failed.length}>
        {s.failed.length === 0 ? (
          <p>{start ? "No orders have been adjudicated yet." : "None: every order was carried out."}</p>
        ) : (
          <table>
            <caption className="sr-only">Orders that failed and why</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Why it failed</th>
                <th scope="col">Step</th>
              </tr>
            </thead>
            <tbody>
              {s.failed.map((f, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the turn's failures do not change order.
                <tr key={i}>
                  <th scope="row">{f.order}</th>
                  <td>
                    {f.why} <span className="ge-code">({f.code})</span>
                  </td>
                  <td>{f.step}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section id={`${p}-b`} title="Battle reports" count={s.battles.length}>
        {s.battles.length === 0 && <p>No battles involved your forces.</p>}
        {s.battles.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the turn's battles do not change order.
          <BattleReportView key={i} report={b.report} viewer={v.empire} step={b.step} index={i} />
        ))}
      </Section>
      <Section id={`${p}-p`} title="Proclamations and announcements" count={s.proclamations.length + s.announcements.length}>
        {s.proclamations.length + s.announcements.length === 0 && <p>None.</p>}
        <ul>
          {s.proclamations.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the turn's proclamations do not change order.
            <li key={`p${i}`}>
              <strong>{x.from}</strong> proclaims: <q className="ge-proclamation">{x.text}</q>
            </li>
          ))}
          {s.announcements.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the turn's announcements do not change order.
            <li key={`a${i}`}>{x}</li>
          ))}
        </ul>
      </Section>
      <Section id={`${p}-e`} title="Espionage" count={s.espionage.length}>
        {s.espionage.length === 0 && <p>No reports from your agents.</p>}
        {s.espionage.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the turn's reports do not change order.
          <table key={i}>
            <caption>Report on {x.target}</caption>
            <tbody>
              {x.fields.map((f) => (
                <tr key={f.name}>
                  <th scope="row">{f.name}</th>
                  <td>{f.value === null ? "unknown" : f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </Section>
      {/* The shell's own diplomacy panel, reused: mounted only while this area is shown (the page keeps its own below). */}
      {props.open && <Messages game={props.game} version={props.version + (props.messages ?? 0)} title="Diplomacy with other players" />}
      <Odds view={v} />
      <ReportText {...props} title="The whole report as text" />
    </div>
  );
}
