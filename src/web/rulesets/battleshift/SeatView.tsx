/**
 * A Battleshift side: the table drawn to scale from its view (Table.tsx), its results, and its orders (the secret
 * activation sheet, then each activation) checked as they are written, and the replay of every step run (Replay.tsx).
 */
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import { OrdersEditor } from "../../shell/OrdersEditor.js";
import { ReportText } from "../../shell/ReportText.js";
import { rulesetPageHref } from "../../shell/route.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { Replay } from "./Replay.js";
import { BattleTable } from "./Table.js";

function TableOfSeat(props: SeatViewProps) {
  const { data, error } = useGet<{ view: BattleView }>(`/api/games/${props.game.id}/seats/${props.seat}/view`, props.version);
  return (
    <>
      {error && <p role="alert">{error}</p>}
      {data && <BattleTable view={data.view} />}
    </>
  );
}

export default function BattleshiftSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <TableOfSeat {...props} />
      <ReportText {...props} title="Battle report" />
      <OrdersEditor {...props} />
      <Replay {...props} />
      <p>
        <a href={rulesetPageHref("battleshift", "fleet-builder")}>Open the fleet builder</a> to design ships and squadrons for another
        battle.
      </p>
    </div>
  );
}
