/** Any ruleset's seat, with nothing of its own: the results as text and the orders editor (not when only watched). */
import { OrdersEditor } from "./OrdersEditor.js";
import { ReportText } from "./ReportText.js";
import type { SeatViewProps } from "./views.js";

export function GenericSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <ReportText {...props} />
      {!props.readOnly && <OrdersEditor {...props} />}
    </div>
  );
}
