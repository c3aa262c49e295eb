/** A seat's results of a step as the ruleset words them (the same text a mail player receives). */
import type { Report } from "./api.js";
import { useGet } from "./useGet.js";
import type { SeatViewProps } from "./views.js";

export function useReport(p: SeatViewProps): { report: Report | null; error: string | null; loading: boolean } {
  const q = p.reportStep === null ? "" : `?step=${p.reportStep}`;
  const { data, error, loading } = useGet<Report>(`/api/games/${p.game.id}/seats/${p.seat}/report${q}`, p.version);
  return { report: data, error, loading };
}

export function ReportText(props: SeatViewProps & { title?: string }) {
  const { report, error, loading } = useReport(props);
  const h = `report-${props.seat}`;
  return (
    <section aria-labelledby={h} aria-busy={loading} className="report">
      <h3 id={h}>
        {props.title ?? "Results"}
        {report ? `: ${report.step === null ? "the start" : report.label}` : ""}
      </h3>
      {error && <p role="alert">{error}</p>}
      {report && (
        // Focusable so that keyboard users can scroll a long report (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section className="report-text" tabIndex={0} aria-label={`Results of ${props.seat}, ${report.label}`}>
          <pre>{report.text}</pre>
        </section>
      )}
    </section>
  );
}
