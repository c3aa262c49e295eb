/**
 * A Battleshift side: the table drawn to scale from its view (Table.tsx), its orders (the secret activation sheet,
 * then each activation) written by pointing and forms and checked as they are written (Play.tsx), its results, and
 * the replay of every step run (Replay.tsx). Watched (readOnly: a spectator), the table without the pointing tools
 * or the orders, the results and the replay.
 */
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import { ReportText } from "../../shell/ReportText.js";
import { rulesetPageHref } from "../../shell/route.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { BattleshiftPlay } from "./Play.js";
import { Replay } from "./Replay.js";
import { BattleTable } from "./Table.js";

/** The side's table as its player sees it, with nothing to point with (no `play`): only its view is read. */
function WatchedTable(props: SeatViewProps) {
  const { data, error } = useGet<{ view: BattleView }>(`/api/games/${props.game.id}/seats/${props.seat}/view`, props.version);
  if (error) return <p role="alert">{error}</p>;
  return data ? <BattleTable view={data.view} /> : <p>Loading the table…</p>;
}

export default function BattleshiftSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      {props.readOnly ? <WatchedTable {...props} /> : <BattleshiftPlay {...props} />}
      <ReportText {...props} title="Battle report" />
      <Replay {...props} />
      <p>
        <a href={rulesetPageHref("battleshift", "fleet-builder")}>Open the fleet builder</a> to design ships and squadrons for another
        battle.
      </p>
    </div>
  );
}
