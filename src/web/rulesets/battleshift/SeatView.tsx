/**
 * A Battleshift side: the table drawn to scale from its view (Table.tsx), its orders (the secret activation sheet,
 * then each activation) written by pointing and forms and checked as they are written (Play.tsx), its results, and
 * the replay of every step run (Replay.tsx).
 */
import { ReportText } from "../../shell/ReportText.js";
import { rulesetPageHref } from "../../shell/route.js";
import type { SeatViewProps } from "../../shell/views.js";
import { BattleshiftPlay } from "./Play.js";
import { Replay } from "./Replay.js";

export default function BattleshiftSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <BattleshiftPlay {...props} />
      <ReportText {...props} title="Battle report" />
      <Replay {...props} />
      <p>
        <a href={rulesetPageHref("battleshift", "fleet-builder")}>Open the fleet builder</a> to design ships and squadrons for another
        battle.
      </p>
    </div>
  );
}
