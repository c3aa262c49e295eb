/**
 * A Galactic Empires empire: the galaxy as it sees it (drawn in the browser by the rules' own map code from the
 * seat's view, so it shows nothing the view does not hold), its results, and its orders checked as they are
 * written.
 */
import { useMemo } from "react";
import { viewMapSvg } from "../../../rules/galactic-empires/presentation/map-svg.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { OrdersEditor } from "../../shell/OrdersEditor.js";
import { ReportText } from "../../shell/ReportText.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";

function GalaxyMap(props: SeatViewProps) {
  const { data, error } = useGet<{ view: EmpireView }>(`/api/games/${props.game.id}/seats/${props.seat}/view`, props.version);
  const svg = useMemo(() => (data ? viewMapSvg(data.view) : null), [data]);
  const h = `map-${props.seat}`;
  return (
    <section aria-labelledby={h} className="map">
      <h3 id={h}>The galaxy as {props.seat} sees it</h3>
      {error && <p role="alert">{error}</p>}
      {svg && (
        // Focusable: the map may be larger than its frame, and keyboard users scroll it (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section className="map-frame" tabIndex={0} aria-label={`Map of the galaxy as ${props.seat} sees it (scrolls)`}>
          <div
            role="img"
            aria-label={`Map of the galaxy as ${props.seat} sees it`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is made in this page by the rules' map code, which escapes every text it writes.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        </section>
      )}
    </section>
  );
}

export default function GalacticEmpiresSeatView(props: SeatViewProps) {
  return (
    <div className="seat-view">
      <GalaxyMap {...props} />
      <ReportText {...props} />
      <OrdersEditor {...props} />
    </div>
  );
}
