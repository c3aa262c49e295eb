/**
 * A Battleshift side: its results and its orders (the secret activation sheet, then each activation) checked as
 * they are written. The table drawn to scale and the replay come in later steps of issue 11.
 */
import { OrdersEditor } from "../../shell/OrdersEditor.js";
import { ReportText } from "../../shell/ReportText.js";
import type { SeatViewProps } from "../../shell/views.js";

export default function BattleshiftSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <ReportText {...props} title="Battle report" />
      <OrdersEditor {...props} />
    </div>
  );
}
