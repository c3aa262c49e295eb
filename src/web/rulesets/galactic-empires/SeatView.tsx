/**
 * A Galactic Empires empire: the galaxy as it sees it (drawn in the browser by the rules' own map code from the
 * seat's view, so it shows nothing the view does not hold; panned, zoomed and asked about in GalaxyMap.tsx), its
 * results, and its orders checked as they are written.
 */
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { OrdersEditor } from "../../shell/OrdersEditor.js";
import { ReportText } from "../../shell/ReportText.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { GalaxyMap } from "./GalaxyMap.js";

function SeatMap(props: SeatViewProps) {
  const { data, error } = useGet<{ view: EmpireView }>(`/api/games/${props.game.id}/seats/${props.seat}/view`, props.version);
  if (error) return <p role="alert">{error}</p>;
  return data ? <GalaxyMap view={data.view} seat={props.seat} /> : null;
}

export default function GalacticEmpiresSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <SeatMap {...props} />
      <ReportText {...props} />
      <OrdersEditor {...props} />
    </div>
  );
}
