/**
 * A Galactic Empires empire, laid out as the Diploware's areas (seed 003 chapters 2 and 3): Headquarters, Map,
 * Messages and Game, switched by a tab list (the WAI-ARIA tabs pattern: arrow keys, Home and End), with the
 * turn shown above them all. Each area reads the seat's own results (its report's data) or view through the API;
 * an area is drawn when first opened and then stays mounted when hidden, so the map keeps its zoom and a form its
 * input. The orders are written below the areas (OrdersDesk.tsx: forms, a fleet's path on the map, the text, HQ
 * Plans and the check), one draft shared with the map through OrdersDraft.tsx.
 */
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
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
import { DESK_TABS, type DeskTab, OrdersDesk } from "./OrdersDesk.js";
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

/** A phone's width (the shell's styles.css lays pages out for one below it). */
const PHONE = "(max-width: 600px)";

/** Whether the window matches a media query now, following it as it changes (a phone turned, a window resized). */
function useNarrow(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === "function" && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const m = matchMedia(query);
    const on = () => setMatches(m.matches);
    on();
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, [query]);
  return matches;
}

/** One tab of the view's one tab list: an area, or (on a phone) one of the orders' tabs. */
interface NavTab {
  key: string;
  id: string;
  controls: string;
  label: string;
  selected: boolean;
  choose(): void;
}

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
  return data ? <GalaxyMap view={data.view} seat={props.seat} watched /> : <p>Loading…</p>;
}

export default function GalacticEmpiresSeatView(props: SeatViewProps) {
  const [area, setShown] = useState<Area>("hq");
  // An area is drawn the first time it is opened (the map and the charts fetch only then), then kept.
  const [opened, setOpened] = useState<ReadonlySet<Area>>(() => new Set(["hq"]));
  // On a phone the orders' own tabs join the areas' in one tab list (see `nav` below): which of the two is shown.
  const narrow = useNarrow(PHONE) && !props.readOnly;
  const [deskTab, setDeskTab] = useState<DeskTab>("hq");
  const [ordersShown, setOrdersShown] = useState(false);
  const setArea = (a: Area) => {
    setShown(a);
    setOrdersShown(false);
    setOpened((o) => (o.has(a) ? o : new Set([...o, a])));
  };
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const { report, error } = useReport(props);
  // The report's data is the empire's results (presentation/report.ts `Results`): only what it may see.
  const results = (report?.json ?? null) as Results | null;
  const p = `ge-${props.seat}`;
  const deskIds = { tab: (t: DeskTab) => `${p}-orders-${t}-tab`, panel: (t: DeskTab) => `${p}-orders-${t}` };

  // One list of tabs: the areas, and on a phone the orders' tabs after them (seed 003 chapter 2: the Diploware's
  // main parts and HQ Plans "available from all main parts"), so a phone shows one navigation, not two far apart.
  const nav: NavTab[] = [
    ...AREAS.map((a) => ({
      key: `area-${a.id}`,
      id: `${p}-${a.id}-tab`,
      controls: `${p}-${a.id}`,
      label: a.label,
      selected: !(narrow && ordersShown) && area === a.id,
      choose: () => setArea(a.id),
    })),
    ...(narrow
      ? DESK_TABS.map((t) => ({
          key: `orders-${t.id}`,
          id: deskIds.tab(t.id),
          controls: deskIds.panel(t.id),
          label: t.label,
          selected: ordersShown && deskTab === t.id,
          choose: () => {
            setDeskTab(t.id);
            setOrdersShown(true);
          },
        }))
      : []),
  ];

  const onKey = (e: KeyboardEvent) => {
    const i = nav.findIndex((t) => t.selected);
    const to =
      e.key === "ArrowRight"
        ? (i + 1) % nav.length
        : e.key === "ArrowLeft"
          ? (i + nav.length - 1) % nav.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? nav.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = nav[to]!;
    next.choose();
    tabs.current.get(next.key)?.focus();
  };

  const panel = (id: Area, children: React.ReactNode) => {
    const hidden = area !== id || (narrow && ordersShown);
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel focusable, so Tab reaches it from its tab.
      <div role="tabpanel" id={`${p}-${id}`} aria-labelledby={`${p}-${id}-tab`} hidden={hidden} tabIndex={0} className="ge-panel">
        {opened.has(id) && children}
      </div>
    );
  };

  const areas = (
    <div className={narrow ? "seat-view ge-seat ge-seat-one" : "seat-view ge-seat"}>
      <div className="ge-areas">
        <div className="ge-turn">
          <h3>Results: {report ? (report.step === null ? "the start" : report.label) : "…"}</h3>
          <p>
            {props.game.over ? "The game is over." : `Orders are due for ${props.game.label}.`}
            {results && ` Treasury: ${resources(results.view.me.treasury)}.`}
          </p>
        </div>
        {error && <p role="alert">{error}</p>}
        <div
          role="tablist"
          aria-label={`Areas of ${results?.view.me.name ?? props.seat}`}
          className={narrow ? "ge-tabs ge-tabs-one" : "ge-tabs"}
          onKeyDown={onKey}
        >
          {nav.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={t.id}
              aria-controls={t.controls}
              aria-selected={t.selected}
              tabIndex={t.selected ? 0 : -1}
              ref={(el) => {
                if (el) tabs.current.set(t.key, el);
                else tabs.current.delete(t.key);
              }}
              onClick={t.choose}
            >
              {t.label}
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
      {!props.readOnly && <OrdersDesk {...(narrow ? { nav: { tab: deskTab, open: ordersShown, ids: deskIds } } : {})} />}
    </div>
  );
  // A watched seat has no draft: nothing of the orders routes (template, options, check) is asked for.
  return props.readOnly ? areas : <DraftProvider {...props}>{areas}</DraftProvider>;
}
