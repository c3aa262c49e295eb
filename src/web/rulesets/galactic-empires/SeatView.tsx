/**
 * A Galactic Empires empire: the galaxy as it sees it (drawn in the browser by the rules' own map code from the
 * seat's view, so it shows nothing the view does not hold; panned, zoomed and asked about in GalaxyMap.tsx), its
 * results, and its orders planned with forms and on the map, or as text, and checked as they are written
 * (OrdersDesk.tsx, one draft shared through OrdersDraft.tsx).
 */
import { useCallback, useMemo } from "react";
import { ReportText } from "../../shell/ReportText.js";
import type { SeatViewProps } from "../../shell/views.js";
import { GalaxyMap } from "./GalaxyMap.js";
import { OrdersDesk } from "./OrdersDesk.js";
import { DraftProvider, useDraft } from "./OrdersDraft.js";
import { pickForPath, planArrows } from "./PathPlanner.js";

function SeatMap(props: SeatViewProps) {
  const draft = useDraft();
  const { view, read, pathUnit, update } = draft;
  const arrows = useMemo(() => planArrows(view, read?.plan ?? null, pathUnit), [view, read, pathUnit]);
  // While a starfleet's path is planned, a picked sector is its next step (PathPlanner.tsx). The same function
  // while the plan is unchanged, so a new check (which changes nothing here) does not draw the map's panel again.
  const planning = pathUnit !== null && draft.awaited;
  const pick = useCallback((s: number) => pathUnit && update((p) => pickForPath(p, pathUnit, s)), [pathUnit, update]);
  if (draft.viewError) return <p role="alert">{draft.viewError}</p>;
  return view ? <GalaxyMap view={view} seat={props.seat} onPick={planning ? pick : undefined} arrows={arrows} /> : null;
}

export default function GalacticEmpiresSeatView(props: SeatViewProps) {
  return (
    <DraftProvider {...props}>
      <div className="seat-view">
        <SeatMap {...props} />
        <ReportText {...props} />
        <OrdersDesk />
      </div>
    </DraftProvider>
  );
}
