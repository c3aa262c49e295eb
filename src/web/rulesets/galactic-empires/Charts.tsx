/**
 * Your history turn by turn: sectors, starships and treasury as SVG line charts, each with a caption in words and
 * its figures as a table (the text alternative). The figures come from the ruleset's standings tool with this
 * seat: its own while the game goes on, every empire's once it is over (tools.ts says why).
 */
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { type Box, describeSeries, type Figure, plot, type Series, type StandingsReply, seriesOf } from "./chart.js";
import { resources } from "./hq.js";

const BOX: Box = { width: 480, height: 220, left: 48, right: 12, top: 12, bottom: 32 };
const FIGURES: { figure: Figure; title: string }[] = [
  { figure: "sectors", title: "Sectors" },
  { figure: "starships", title: "Starships" },
  { figure: "treasury", title: "Treasury" },
];
/** Dashes as well as colours, so the lines differ without colour too (WCAG 1.4.1). */
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"];

function Chart(props: { series: Series[]; figure: Figure; title: string; colour: (empire: string) => string; id: string }) {
  const p = plot(props.series, BOX);
  const words = describeSeries(props.series, props.figure);
  const fmt = (n: number) => (props.figure === "treasury" ? resources(n) : String(n));
  return (
    <figure className="ge-chart" aria-labelledby={`${props.id}-c`}>
      <figcaption id={`${props.id}-c`}>
        <strong>{props.title} by turn.</strong> {words}
      </figcaption>
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={`${props.title} by turn: ${words}`}>
        {p.yTicks.map((t) => (
          <g key={t}>
            <line x1={BOX.left} x2={BOX.width - BOX.right} y1={p.y(t)} y2={p.y(t)} className="ge-grid" />
            <text x={BOX.left - 6} y={p.y(t) + 4} textAnchor="end">
              {fmt(t)}
            </text>
          </g>
        ))}
        {p.turns.map((t) => (
          <text key={t} x={p.x(t)} y={BOX.height - BOX.bottom + 16} textAnchor="middle">
            {t}
          </text>
        ))}
        <text x={(BOX.left + BOX.width - BOX.right) / 2} y={BOX.height - 2} textAnchor="middle">
          turn
        </text>
        {props.series.map((s, i) => (
          <g key={s.empire}>
            <path
              d={p.paths[i]}
              fill="none"
              stroke={props.colour(s.empire)}
              strokeWidth={2.5}
              strokeDasharray={DASHES[i % DASHES.length]}
            />
            {s.points.map((pt) => (
              <circle key={pt.turn} cx={p.x(pt.turn)} cy={p.y(pt.value)} r={3} fill={props.colour(s.empire)} />
            ))}
          </g>
        ))}
      </svg>
      <details>
        <summary>{props.title}: the figures as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Turn</th>
              {props.series.map((s) => (
                <th scope="col" key={s.empire}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.turns.map((t) => (
              <tr key={t}>
                <th scope="row">{t}</th>
                {props.series.map((s) => {
                  const pt = s.points.find((x) => x.turn === t);
                  return <td key={s.empire}>{pt ? fmt(pt.value) : ""}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function Charts(props: SeatViewProps & { view: EmpireView }) {
  const { data, error } = useGet<{ json: StandingsReply }>(
    `/api/games/${props.game.id}/tools/standings?seat=${encodeURIComponent(props.seat)}`,
    props.version,
  );
  const v = props.view;
  const colour = (empire: string) => (empire === v.empire ? v.me.colour : (v.empires.find((e) => e.id === empire)?.colour ?? "#666"));
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p>Loading the figures…</p>;
  const reply = data.json;
  return (
    <div className="ge-charts">
      <p>
        {reply.over
          ? "The game is over: every empire's figures, turn by turn."
          : "Your own figures, turn by turn (every empire's are shown once the game is over)."}
      </p>
      {reply.over && (
        <ul className="ge-key" aria-label="Key">
          {seriesOf(reply, "sectors").map((s, i) => (
            <li key={s.empire}>
              <svg width="32" height="10" aria-hidden="true">
                <line x1="0" x2="32" y1="5" y2="5" stroke={colour(s.empire)} strokeWidth={3} strokeDasharray={DASHES[i % DASHES.length]} />
              </svg>{" "}
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <div className="ge-chart-grid">
        {FIGURES.map((f) => (
          <Chart
            key={f.figure}
            id={`ge-chart-${props.seat}-${f.figure}`}
            series={seriesOf(reply, f.figure)}
            figure={f.figure}
            title={f.title}
            colour={colour}
          />
        ))}
      </div>
    </div>
  );
}
