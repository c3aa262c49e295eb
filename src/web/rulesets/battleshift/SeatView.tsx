/**
 * A Battleshift side: the table drawn to scale from its view (Table.tsx), its results, and its orders (the secret
 * activation sheet, then each activation) checked as they are written. The replay comes in a later step of issue 11.
 */
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import { OrdersEditor } from "../../shell/OrdersEditor.js";
import { ReportText } from "../../shell/ReportText.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
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
    </div>
  );
}
