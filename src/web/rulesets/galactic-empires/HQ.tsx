/**
 * The Headquarters (seed 003 chapter 2): the empire and its ruler, its Finances (treasury, upkeep, the orders'
 * expenses when known, the expected surplus or shortfall and next season's revenue), its Holdings, and the List
 * of Foreign Empires with every diplomatic status both ways. Tables, so each figure has its row and column
 * header for a screen reader. The figures come from the seat's own results (hq.ts derives them).
 */

import type { Results } from "../../../rules/galactic-empires/presentation/report.js";
import { TableBox } from "../../shell/TableBox.js";
import { Help } from "./Help.js";
import { diplomacyOf, financesOf, holdingsOf, resources } from "./hq.js";

const yes = (b: boolean) => (b ? "yes" : "no");
const RELATION: Readonly<Record<string, string>> = { war: "War", neutral: "Neutral", alliance: "Alliance" };

export function HQ(props: { results: Results; ordersCost?: number | null }) {
  const v = props.results.view;
  const f = financesOf(v, props.ordersCost ?? null);
  const h = holdingsOf(v);
  const rows = diplomacyOf(v);
  return (
    <div className="ge-hq">
      <Help>
        <p>
          Your empire at a glance, as your advisors report it after the last turn: the treasury and what this turn will cost (upkeep of
          starships and admirals{f.ordersCost === null ? "" : ", and the orders written so far"}), what is left (a negative figure is a
          shortfall: some orders will fail for want of resources), and the revenue expected next turn, which cannot be spent this turn. Then
          your holdings and your relations with each foreign empire. Figures are rounded: leave a couple of resources spare (seed 003,
          chapter 2).
        </p>
      </Help>
      <p className="ge-ruler">
        <strong>{v.me.name}</strong>, ruled by {v.me.ruler} ({v.me.status})
      </p>
      <div className="ge-hq-tables">
        <table className="ge-figures">
          <caption>Finances</caption>
          <tbody>
            <tr>
              <th scope="row">Treasury</th>
              <td>{resources(f.treasury)}</td>
            </tr>
            <tr>
              <th scope="row">Upkeep of starships</th>
              <td>{resources(f.shipUpkeep)}</td>
            </tr>
            <tr>
              <th scope="row">Upkeep of admirals</th>
              <td>{resources(f.admiralUpkeep)}</td>
            </tr>
            {f.ordersCost !== null && (
              <tr>
                <th scope="row">Orders written so far</th>
                <td>{resources(f.ordersCost)}</td>
              </tr>
            )}
            <tr className={f.surplus < 0 ? "ge-shortfall" : undefined}>
              <th scope="row">{f.surplus < 0 ? "Expected shortfall" : "Expected surplus"}</th>
              <td>{resources(f.surplus)}</td>
            </tr>
            <tr>
              <th scope="row">Expected revenues (next turn)</th>
              <td>{resources(f.expectedRevenue)}</td>
            </tr>
          </tbody>
        </table>
        <table className="ge-figures">
          <caption>Holdings</caption>
          <tbody>
            <tr>
              <th scope="row">Sectors</th>
              <td>{h.sectors}</td>
            </tr>
            <tr>
              <th scope="row">Annexed</th>
              <td>{h.annexed}</td>
            </tr>
            <tr>
              <th scope="row">Industrial centres</th>
              <td>{h.industrialCentres}</td>
            </tr>
            <tr>
              <th scope="row">Starfleets</th>
              <td>{h.starfleets}</td>
            </tr>
            <tr>
              <th scope="row">Garrisons</th>
              <td>{h.garrisons}</td>
            </tr>
            <tr>
              <th scope="row">Starships</th>
              <td>{h.starships}</td>
            </tr>
            <tr>
              <th scope="row">Admirals</th>
              <td>{h.admirals}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {f.surplus < 0 && (
        <p className="ge-warning">
          Your spending is more than your treasury by {resources(-f.surplus)}: some upkeep or orders will go unpaid.
        </p>
      )}
      <TableBox label="Diplomacy, scrollable">
        <table className="ge-diplomacy">
          <caption>Diplomacy: the foreign empires</caption>
          <thead>
            <tr>
              <th scope="col">Empire</th>
              <th scope="col">Relation</th>
              <th scope="col">Passage rights we grant</th>
              <th scope="col">Passage rights they grant</th>
              <th scope="col">We accept their gifts</th>
              <th scope="col">They accept ours</th>
              <th scope="col">Info shared with them</th>
              <th scope="col">Permission in our sectors</th>
              <th scope="col">Permission in theirs</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  {r.name}
                  {r.defeated ? " (defeated)" : ""}
                </th>
                <td className={`ge-rel-${r.relation}`}>{RELATION[r.relation] ?? r.relation}</td>
                <td>{yes(r.passageGiven)}</td>
                <td>{yes(r.passageHeld)}</td>
                <td>{yes(r.weAccept)}</td>
                <td>{yes(r.theyAccept)}</td>
                <td>{yes(r.shareGiven)}</td>
                <td>{r.permissionsGiven.join(", ") || "none"}</td>
                <td>{r.permissionsHeld.join(", ") || "none"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}
