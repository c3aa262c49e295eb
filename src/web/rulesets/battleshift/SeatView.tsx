/**
 * A Battleshift side: the table drawn to scale from its view (Table.tsx), its results, and its orders (the secret
 * activation sheet, then each activation) written by pointing and forms and checked as they are written (Play.tsx).
 * The replay comes in a later step of issue 11.
 */
import { ReportText } from "../../shell/ReportText.js";
import type { SeatViewProps } from "../../shell/views.js";
import { BattleshiftPlay } from "./Play.js";

export default function BattleshiftSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <BattleshiftPlay {...props} />
      <ReportText {...props} title="Battle report" />
    </div>
  );
}
