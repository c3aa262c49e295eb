/**
 * The Game area: how the game is won (victory.ts, RULINGS.md "Victory"), what every empire holds as the map shows it
 * to all (sectors and industrial centres are public, seed 003 chapter 3, "Sectors"), and your history as charts.
 */
import type { Results } from "../../../rules/galactic-empires/presentation/report.js";
import type { SeatViewProps } from "../../shell/views.js";
import { Charts } from "./Charts.js";
import { Help } from "./Help.js";

export function GameArea(props: SeatViewProps & { results: Results }) {
  const v = props.results.view;
  const s = v.settings;
  const o = props.results.outcome;
  const name = (id: string) => (id === v.empire ? v.me.name : (v.empires.find((e) => e.id === id)?.name ?? id));
  const empires = [
    { id: v.empire, name: `${v.me.name} (${props.readOnly ? "watched" : "you"})`, ruler: v.me.ruler, defeated: v.me.defeated },
    ...v.empires,
  ];
  const wins = [
    s.victorySectorShare !== null ? `${s.victorySectorShare}% of the sectors` : null,
    s.victoryIndustryShare !== null ? `${s.victoryIndustryShare}% of the industrial centres` : null,
  ].filter((x) => x !== null);
  return (
    <div className="ge-game">
      <Help>
        <p>
          The game as a whole: how it is won, what each empire holds on the map (sectors and industrial centres, which every empire can
          see), and charts of your sectors, starships and treasury turn by turn. Other empires' starships and treasuries stay secret until
          the game is over; then the charts show everyone's.
        </p>
      </Help>
      {o && (
        <p className="ge-outcome">
          <strong>The game is over.</strong> {o.winners.length === 0 ? "No one won" : `${o.winners.map(name).join(" and ")} won`}:{" "}
          {o.reason}.
        </p>
      )}
      <h4>How the game is won</h4>
      <ul>
        {wins.length > 0 && (
          <li>
            An empire{s.victoryAllianceSize > 1 ? ` or an alliance of up to ${s.victoryAllianceSize}` : ""} that holds {wins.join(" and ")}{" "}
            wins.
          </li>
        )}
        <li>The last empire standing wins{s.victoryAllianceSize > 1 ? ", as do the last empires all allied together" : ""}.</li>
        {s.turnLimit !== null && <li>After turn {s.turnLimit}, the empire with most sectors (then most industrial centres) wins.</li>}
      </ul>
      <table>
        <caption>The empires on the map</caption>
        <thead>
          <tr>
            <th scope="col">Empire</th>
            <th scope="col">Ruler</th>
            <th scope="col">Sectors</th>
            <th scope="col">Industrial centres</th>
          </tr>
        </thead>
        <tbody>
          {empires.map((e) => {
            const owned = v.sectors.filter((x) => x.owner === e.id);
            return (
              <tr key={e.id}>
                <th scope="row">
                  {e.name}
                  {e.defeated ? " (defeated)" : ""}
                </th>
                <td>{e.ruler}</td>
                <td>{owned.length}</td>
                <td>{owned.filter((x) => x.industrialCentre).length}</td>
              </tr>
            );
          })}
          <tr>
            <th scope="row">Independent</th>
            <td />
            <td>{v.sectors.filter((x) => x.owner === "independent").length}</td>
            <td>{v.sectors.filter((x) => x.owner === "independent" && x.industrialCentre).length}</td>
          </tr>
        </tbody>
      </table>
      <h4>Your history, turn by turn</h4>
      <Charts {...props} view={v} />
    </div>
  );
}
