/**
 * A Galactic Empires empire, laid out as the Diploware's areas (seed 003 chapters 2 and 3): Headquarters, Map,
 * Messages and Game, switched by a tab list (the WAI-ARIA tabs pattern: arrow keys, Home and End), with the
 * turn shown above them all. Each area reads the seat's own results (its report's data) or view through the API;
 * an area is drawn when first opened and then stays mounted when hidden, so the map keeps its zoom and a form its
 * input. The orders are written below the areas (OrdersDesk.tsx: forms, a fleet's path on the map, the text, HQ
 * Plans and the check), one draft shared with the map through OrdersDraft.tsx.
 */
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from "react";
import type { Results } from "../../../rules/galactic-empires/presentation/report.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { useReport } from "../../shell/ReportText.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { GalaxyMap } from "./GalaxyMap.js";
import { GameArea } from "./Game.js";
import { Help } from "./Help.js";
import { HQ } from "./HQ.js";
import { resources } from "./hq.js";
import { MessagesArea } from "./MessagesArea.js";
import { OrdersDesk } from "./OrdersDesk.js";
import { DraftProvider, useDraft } from "./OrdersDraft.js";
import { planArrows } from "./orders-plan.js";
import { pickForPath } from "./PathPlanner.js";
import "./panels.css";

const AREAS = [
  { id: "hq", label: "Headquarters" },
  { id: "map", label: "Map" },
  { id: "messages", label: "Messages" },
  { id: "game", label: "Game" },
] as const;
type Area = (typeof AREAS)[number]["id"];

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

/** The map of a watched seat (readOnly): its view alone, with no draft, plan or path to draw. */
function WatchedMap(props: SeatViewProps) {
  const { data, error } = useGet<{ view: EmpireView }>(`/api/games/${props.game.id}/seats/${props.seat}/view`, props.version);
  if (error) return <p role="alert">{error}</p>;
  return data ? <GalaxyMap view={data.view} seat={props.seat} arrows={[]} /> : <p>Loading…</p>;
}

export default function GalacticEmpiresSeatView(props: SeatViewProps) {
  const [area, setShown] = useState<Area>("hq");
  // An area is drawn the first time it is opened (the map and the charts fetch only then), then kept.
  const [opened, setOpened] = useState<ReadonlySet<Area>>(() => new Set(["hq"]));
  const setArea = (a: Area) => {
    setShown(a);
    setOpened((o) => (o.has(a) ? o : new Set([...o, a])));
  };
  const tabs = useRef(new Map<Area, HTMLButtonElement>());
  const { report, error } = useReport(props);
  // The report's data is the empire's results (presentation/report.ts `Results`): only what it may see.
  const results = (report?.json ?? null) as Results | null;
  const p = `ge-${props.seat}`;

  const onKey = (e: KeyboardEvent) => {
    const i = AREAS.findIndex((a) => a.id === area);
    const to =
      e.key === "ArrowRight"
        ? (i + 1) % AREAS.length
        : e.key === "ArrowLeft"
          ? (i + AREAS.length - 1) % AREAS.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? AREAS.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = AREAS[to]!.id;
    setArea(next);
    tabs.current.get(next)?.focus();
  };

  const panel = (id: Area, children: React.ReactNode) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel focusable, so Tab reaches it from its tab.
    <div role="tabpanel" id={`${p}-${id}`} aria-labelledby={`${p}-${id}-tab`} hidden={area !== id} tabIndex={0} className="ge-panel">
      {opened.has(id) && children}
    </div>
  );

  const areas = (
    <div className="seat-view ge-seat">
      <div className="ge-areas">
        <div className="ge-turn">
          <h3>Results: {report ? (report.step === null ? "the start" : report.label) : "…"}</h3>
          <p>
            {props.game.over ? "The game is over." : `Orders are due for ${props.game.label}.`}
            {results && ` Treasury: ${resources(results.view.me.treasury)}.`}
          </p>
        </div>
        {error && <p role="alert">{error}</p>}
        <div role="tablist" aria-label={`Areas of ${results?.view.me.name ?? props.seat}`} className="ge-tabs" onKeyDown={onKey}>
          {AREAS.map((a) => (
            <button
              key={a.id}
              type="button"
              role="tab"
              id={`${p}-${a.id}-tab`}
              aria-controls={`${p}-${a.id}`}
              aria-selected={area === a.id}
              tabIndex={area === a.id ? 0 : -1}
              ref={(el) => {
                if (el) tabs.current.set(a.id, el);
                else tabs.current.delete(a.id);
              }}
              onClick={() => setArea(a.id)}
            >
              {a.label}
            </button>
          ))}
        </div>
        {panel("hq", results ? <HQ results={results} /> : <p>Loading…</p>)}
        {panel(
          "map",
          <>
            <Help>
              <p>
                The galaxy as your empire knows it: every sector's owner, annexation, industrial centre and defences; foreign starships only
                where your sectors, forces or scouts see this turn. Drag or use the arrow keys to pan, the buttons or + and − to zoom;
                choose a sector (click, or Enter on it) for its location report.
              </p>
            </Help>
            {props.readOnly ? <WatchedMap {...props} /> : <SeatMap {...props} />}
          </>,
        )}
        {panel("messages", results ? <MessagesArea {...props} results={results} open={area === "messages"} /> : <p>Loading…</p>)}
        {panel("game", results ? <GameArea {...props} results={results} /> : <p>Loading…</p>)}
      </div>
      {/* The orders, planned with forms and on the map or written as text, HQ Plans and the check beside them. */}
      {!props.readOnly && <OrdersDesk />}
    </div>
  );
  // A watched seat has no draft: nothing of the orders routes (template, options, check) is asked for.
  return props.readOnly ? areas : <DraftProvider {...props}>{areas}</DraftProvider>;
}
