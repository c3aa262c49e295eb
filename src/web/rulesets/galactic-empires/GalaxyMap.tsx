/**
 * The galaxy as a seat sees it, to explore: the rules' own map picture (presentation/map-picture.ts, made from the
 * seat's view only, so it shows nothing the view does not hold) painted on a canvas (map-paint.ts), which one can
 * pan and zoom (drag, wheel, buttons, +/- and Shift with the arrows) and ask about: a click on a sector, or Enter
 * on the sector cursor (moved by the arrow keys, or to a sector named in the "Sector" field), shows its location
 * report, made from the same view, and tells `onPick` (the path planner).
 *
 * Why a canvas and not the SVG (issue 11's budgets, bench/web-map.bench.ts): at 5,000 sectors the SVG is some 4 MB
 * and 60,000 elements, which took 3 s to put in the page, and Chromium drew all of it again at every frame of a pan
 * or zoom, under one frame a second. The canvas is painted once per settled view with only what is in sight and
 * only the words legible at that zoom. While the map moves, the painted bitmap itself is moved and scaled (a CSS
 * transform of the canvas, which the compositor does without painting), and painted again sharp once the view
 * settles; a view of a few sectors (a small galaxy, or one zoomed in far) is painted again at every frame instead.
 * The canvas is larger than the frame by a margin each side, so a short pan shows no blank edge.
 *
 * Clicks are found by geometry (map-geometry.ts: the cell holding the point, over a grid of buckets), not by the
 * page's elements. What needs elements stays in a small SVG over the canvas, panned and zoomed with it: the planned
 * travels' arrows (`arrows`), the selected sector's outline and the cursor's. React renders nothing while the map
 * moves: the transform is written once a frame through refs.
 *
 * Without a mouse: the map takes focus; the arrow keys move a sector cursor to the nearest sector that way (the view
 * follows it), its description is in a status line (a live region), Enter shows its report. The "Sector" field goes
 * to any sector by id or name.
 */
import { type FormEvent, type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { INDEPENDENT } from "../../../rules/galactic-empires/model.js";
import { gridBounds, mapPicture, type PictureSector } from "../../../rules/galactic-empires/presentation/map-picture.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { type LocationReport, locationReport } from "./location.js";
import { type Direction, type Fit, fitMap, nextSector, sectorAt, sectorIndex, toPicture, toScreen, type Viewport } from "./map-geometry.js";
import { painter } from "./map-paint.js";
import "./map.css";

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 40;
/** A press that moves less than this (CSS pixels) is a click, not a drag. */
const DRAG_SLOP = 4;
/** After the last pan or zoom step, this long (ms) until the map is painted again sharp at its new view. */
const SETTLE_MS = 160;
/** ... and at least this many frames drawn without a move. */
const SETTLE_FRAMES = 3;
/**
 * A view with at most this many sectors in sight is painted again at every frame of a move, not only once it
 * settles (a small galaxy, or a large one zoomed in far): a few hundred cells paint well within a frame. Counted, not
 * timed: the canvas rasterizes after the paint call returns, so the call's own time says little.
 */
const LIVE_PAINT_SECTORS = 150;
/** The canvas reaches this fraction of the frame beyond each of its sides (where the map does). */
const MARGIN = 0.5;
/** The backing store's pixels per CSS pixel at most (a phone's 3 would triple the paint for little). */
const MAX_DPR = 2;

/** A planned travel drawn on the map (PathPlanner.tsx): from one sector to a bordering one, with its move points. */
export interface MapArrow {
  from: number;
  to: number;
  label: string;
  /** False where the travel cannot be made as planned: drawn dashed, in red. */
  ok: boolean;
  /** The path being planned now: drawn bolder. */
  current: boolean;
}

export interface GalaxyMapProps {
  view: EmpireView;
  seat: string;
  /** Called once the map is first painted (the bench times the first render by it). */
  onReady?: () => void;
  /** Called with the sector a click or Enter picks (besides showing its report): a fleet's path is planned so. */
  onPick?: (sector: number) => void;
  /** Planned travels to draw over the picture. */
  arrows?: readonly MapArrow[];
  /** The seat is watched (a spectator's), not played: its empire is not "you" in the legend. */
  watched?: boolean;
}

/** What a sector's cell says, in one line: its tooltip's lines (map-picture.ts), for the cursor's status. */
const describe = (s: PictureSector) => `Sector ${s.tip.replace(/\n/g, "; ")}`;

/** The last paint: at which view and fit, and how much it painted. */
interface Painted {
  v: Viewport;
  fit: Fit;
  /** Sectors in sight when it was painted. */
  shown: number;
}

/** Drawn again only when its props change: the seat view around it re-renders at every check of the orders. */
export const GalaxyMap = memo(function GalaxyMap({ view, seat, onReady, onPick, arrows, watched }: GalaxyMapProps) {
  const picture = useMemo(() => mapPicture(view), [view]);
  const art = useMemo(() => painter(picture), [picture]);
  const index = useMemo(() => sectorIndex(picture), [picture]);
  const byId = useMemo(() => new Map(picture.sectors.map((s) => [s.id, s])), [picture]);
  const frame = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<SVGSVGElement>(null);
  const zoomOut = useRef<HTMLOutputElement>(null);
  const vp = useRef<Viewport>({ x: 0, y: 0, k: 1 });
  const painted = useRef<Painted | null>(null);
  const pending = useRef(0);
  const settle = useRef(0);
  const still = useRef({ since: 0, frames: 0 });
  const [selected, setSelected] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const h = `map-${seat}`;
  const help = `map-help-${seat}`;
  const latest = useRef({ art, onReady, onPick });
  latest.current = { art, onReady, onPick };

  /** Paint the map sharp at the current view, the canvas put back where it belongs. */
  const paintNow = useCallback(() => {
    const box = frame.current;
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!box || !el || !ctx) return;
    const width = box.clientWidth;
    const height = box.clientHeight;
    const v = { ...vp.current };
    const fit = fitMap(latest.current.art.picture, width, height);
    const t = toScreen(fit, v);
    // The canvas covers the frame and a margin round it, but only where the map is: at first the whole galaxy is in
    // the frame, and pixels beyond it would be painted for nothing (a fill's cost is its pixels, in software).
    const margin = Math.round(Math.max(width, height) * MARGIN);
    const box0 = latest.current.art.picture.map;
    const left = Math.floor(Math.max(-margin, Math.min(0, t.ax + t.m * box0.x)));
    const top = Math.floor(Math.max(-margin, Math.min(0, t.ay + t.m * box0.y)));
    const right = Math.ceil(Math.min(width + margin, Math.max(width, t.ax + t.m * (box0.x + box0.width))));
    const bottom = Math.ceil(Math.min(height + margin, Math.max(height, t.ay + t.m * (box0.y + box0.height))));
    const dpr = Math.min(MAX_DPR, window.devicePixelRatio || 1);
    const cw = right - left;
    const ch = bottom - top;
    if (el.width !== Math.round(cw * dpr) || el.height !== Math.round(ch * dpr)) {
      el.width = Math.round(cw * dpr);
      el.height = Math.round(ch * dpr);
      el.style.width = `${cw}px`;
      el.style.height = `${ch}px`;
    }
    el.style.left = `${left}px`;
    el.style.top = `${top}px`;
    // Moved and scaled about the frame's corner, as the view is.
    el.style.transformOrigin = `${-left}px ${-top}px`;
    const shown = latest.current.art.paint(ctx, {
      ax: (t.ax - left) * dpr,
      ay: (t.ay - top) * dpr,
      m: t.m * dpr,
      width: el.width,
      height: el.height,
    });
    el.style.transform = "";
    painted.current = { v, fit, shown };
    // The overlay's layer, let go for a frame, is drawn again at the new scale: its arrows and outlines sharp.
    const over = overlay.current;
    if (over && over.style.willChange !== "auto") {
      over.style.willChange = "auto";
      requestAnimationFrame(() => requestAnimationFrame(() => (over.style.willChange = "")));
    }
  }, []);

  // One write of the transforms per frame, however many events asked for it.
  const apply = useCallback(() => {
    if (pending.current) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = 0;
      const { x, y, k } = vp.current;
      // The overlay (arrows, outlines) is the map's own size and follows the view exactly.
      if (overlay.current) overlay.current.style.transform = `translate(${x.toFixed(2)}px, ${y.toFixed(2)}px) scale(${k.toFixed(4)})`;
      // Written here, not through React: nothing is rendered while the map moves.
      const zoom = `${Math.round(k * 100)}%`;
      // Only when it changes: a text written at every frame of a pan would lay out the page at every frame.
      if (zoomOut.current && zoomOut.current.textContent !== zoom) zoomOut.current.textContent = zoom;
      const done = painted.current;
      const el = canvas.current;
      if (!done || !el) return;
      if (done.shown <= LIVE_PAINT_SECTORS) {
        paintNow();
        return;
      }
      // The bitmap painted at view d, moved and scaled to view v: a point at d.x + d.k q goes to v.x + v.k q.
      const s = k / done.v.k;
      el.style.transform = `translate(${(x - s * done.v.x).toFixed(2)}px, ${(y - s * done.v.y).toFixed(2)}px) scale(${s.toFixed(5)})`;
      // Painted sharp once the view has settled: no move for SETTLE_MS and for a few frames running. Counted in
      // frames too, not by a timer alone: a slow frame (a busy machine) must not start a paint in the middle of a
      // drag, which would make the next frame slower still.
      still.current = { since: performance.now(), frames: 0 };
      if (settle.current) return;
      const watch = () => {
        const st = still.current;
        st.frames++;
        if (st.frames >= SETTLE_FRAMES && performance.now() - st.since >= SETTLE_MS) {
          settle.current = 0;
          paintNow();
          return;
        }
        settle.current = requestAnimationFrame(watch);
      };
      settle.current = requestAnimationFrame(watch);
    });
  }, [paintNow]);
  useEffect(
    () => () => {
      cancelAnimationFrame(pending.current);
      cancelAnimationFrame(settle.current);
      // Else a frame cancelled here would block every later one (the effect may be run again: StrictMode).
      pending.current = 0;
      settle.current = 0;
    },
    [],
  );

  const panBy = useCallback(
    (dxPx: number, dyPx: number) => {
      vp.current.x += dxPx;
      vp.current.y += dyPx;
      apply();
    },
    [apply],
  );

  /** Zoom by a factor about a point of the frame, in its CSS pixels (default: the frame's middle). */
  const zoomBy = useCallback(
    (factor: number, at?: { x: number; y: number }) => {
      const box = frame.current;
      const p = at ?? { x: (box?.clientWidth ?? 0) / 2, y: (box?.clientHeight ?? 0) / 2 };
      const v = vp.current;
      const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.k * factor));
      // The point under the cursor stays put: p = x + k * q before and after.
      v.x = p.x - ((p.x - v.x) * k) / v.k;
      v.y = p.y - ((p.y - v.y) * k) / v.k;
      v.k = k;
      apply();
    },
    [apply],
  );

  const reset = useCallback(() => {
    vp.current = { x: 0, y: 0, k: 1 };
    apply();
  }, [apply]);

  /** Pan so a sector is in sight (centred), if it is not well inside the frame now. */
  const reveal = useCallback(
    (s: PictureSector) => {
      const box = frame.current;
      const fit = painted.current?.fit;
      if (!box || !fit) return;
      const t = toScreen(fit, vp.current);
      const x = t.ax + t.m * s.cx;
      const y = t.ay + t.m * s.cy;
      const w = box.clientWidth;
      const hh = box.clientHeight;
      const edge = Math.min(60, w / 4, hh / 4);
      if (x >= edge && x <= w - edge && y >= edge && y <= hh - edge) return;
      panBy(w / 2 - x, hh / 2 - y);
    },
    [panBy],
  );

  // Once per picture (a new view is a new picture: the seat's map after a turn): the whole galaxy, painted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new picture is painted from the refs, which hold it.
  useEffect(() => {
    vp.current = { x: 0, y: 0, k: 1 };
    if (overlay.current) overlay.current.style.transform = "translate(0.00px, 0.00px) scale(1.0000)";
    if (zoomOut.current) zoomOut.current.textContent = "100%";
    paintNow();
    latest.current.onReady?.();
  }, [art, paintNow]);

  // A frame that changes size (a window resized, a phone turned) is painted again to fit.
  useEffect(() => {
    const box = frame.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    let last = `${box.clientWidth}x${box.clientHeight}`;
    const ro = new ResizeObserver(() => {
      const now = `${box.clientWidth}x${box.clientHeight}`;
      if (now === last) return;
      last = now;
      requestAnimationFrame(paintNow);
    });
    ro.observe(box);
    return () => ro.disconnect();
  }, [paintNow]);

  // The cursor starts on the selected sector, else the first of your own, else the first.
  const cursorSector = useMemo(() => {
    const at = cursor ?? selected;
    if (at !== null && byId.has(at)) return byId.get(at) ?? null;
    return picture.sectors.find((s) => s.owner === view.empire) ?? picture.sectors[0] ?? null;
  }, [cursor, selected, byId, picture, view.empire]);

  const pick = useCallback((id: number) => {
    setSelected(id);
    setCursor(id);
    latest.current.onPick?.(id);
  }, []);

  // Pointer: drag pans, a press that did not move picks the sector under it; the wheel zooms about the cursor.
  // Listeners are the DOM's own: the wheel must be able to keep the page from scrolling (React's is passive).
  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    let drag: { id: number; x: number; y: number; moved: boolean } | null = null;
    /** A point of the window in the frame's CSS pixels (the frame itself never moves with the map). */
    const inFrame = (cx: number, cy: number) => {
      const r = box.getBoundingClientRect();
      return { x: cx - r.left - box.clientLeft, y: cy - r.top - box.clientTop };
    };
    const down = (e: PointerEvent) => {
      if (e.button !== 0) return;
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    };
    const move = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
      // Captured so a drag that leaves the frame still pans; a pointer already gone (lifted, or an event made by
      // a script) cannot be captured, and the drag goes on without.
      if (!drag.moved)
        try {
          box.setPointerCapture(e.pointerId);
        } catch {}
      drag.moved = true;
      drag.x = e.clientX;
      drag.y = e.clientY;
      panBy(dx, dy);
    };
    const up = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      const wasDrag = drag.moved;
      drag = null;
      if (box.hasPointerCapture(e.pointerId)) box.releasePointerCapture(e.pointerId);
      const fit = painted.current?.fit;
      if (wasDrag || !fit) return;
      // The sector whose cell holds the point, whatever is drawn over it there (its id, a badge).
      const p = inFrame(e.clientX, e.clientY);
      const q = toPicture(fit, vp.current, p.x, p.y);
      const hit = sectorAt(index, q.x, q.y);
      if (hit) {
        pick(hit.id);
        box.focus({ preventScroll: true });
      }
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomBy(Math.exp(-e.deltaY * 0.0015), inFrame(e.clientX, e.clientY));
    };
    box.addEventListener("pointerdown", down);
    box.addEventListener("pointermove", move);
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    box.addEventListener("wheel", wheel, { passive: false });
    return () => {
      box.removeEventListener("pointerdown", down);
      box.removeEventListener("pointermove", move);
      box.removeEventListener("pointerup", up);
      box.removeEventListener("pointercancel", up);
      box.removeEventListener("wheel", wheel);
    };
  }, [panBy, zoomBy, index, pick]);

  const STEP = 60;
  const WAYS: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const way = WAYS[e.key];
    if (way && e.shiftKey) {
      // Shift and an arrow pan the map a step: the picture moves the other way, as a drag does.
      e.preventDefault();
      const steps: Record<Direction, [number, number]> = { left: [STEP, 0], right: [-STEP, 0], up: [0, STEP], down: [0, -STEP] };
      const [dx, dy] = steps[way];
      panBy(dx, dy);
      return;
    }
    if (way) {
      e.preventDefault();
      const next = cursorSector && nextSector(picture.sectors, cursorSector, way);
      if (next) {
        setCursor(next.id);
        reveal(next);
      }
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && cursorSector) {
      e.preventDefault();
      pick(cursorSector.id);
      return;
    }
    const keys: Record<string, () => void> = { "+": () => zoomBy(1.25), "=": () => zoomBy(1.25), "-": () => zoomBy(0.8), "0": reset };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };

  const [goTo, setGoTo] = useState("");
  const [goError, setGoError] = useState<string | null>(null);
  const onGo = (e: FormEvent) => {
    e.preventDefault();
    const q = goTo.trim().toLowerCase();
    const s = view.sectors.find((x) => String(x.id) === q) ?? view.sectors.find((x) => x.name.toLowerCase() === q);
    const drawn = s && byId.get(s.id);
    if (!s || !drawn) {
      setGoError(`No sector "${goTo.trim()}" on this map.`);
      return;
    }
    setGoError(null);
    pick(s.id);
    reveal(drawn);
    // The map takes the keys from there: the arrows walk on from the sector found.
    frame.current?.focus({ preventScroll: true });
  };

  const report = useMemo(() => (selected === null ? null : locationReport(view, selected)), [view, selected]);
  const legend = useMemo(() => {
    const count = new Map<string, number>();
    for (const s of view.sectors) count.set(s.owner, (count.get(s.owner) ?? 0) + 1);
    return [
      { id: view.me.id, name: `${view.me.name} (${watched ? "watched" : "you"})`, colour: view.me.colour },
      ...view.empires.map((e) => ({ id: e.id, name: e.name, colour: e.colour })),
    ].map((e) => ({ ...e, sectors: count.get(e.id) ?? 0 }));
  }, [view, watched]);
  // A test hook, and what a script may ask: each sector's middle in the overlay's own units ("id x y", comma-separated).
  const centres = useMemo(() => picture.sectors.map((s) => `${s.id} ${s.cx.toFixed(1)} ${s.cy.toFixed(1)}`).join(","), [picture]);
  const box = picture.map;
  const sel = selected === null ? undefined : byId.get(selected);

  return (
    <section aria-labelledby={h} className="map ge-map">
      <h3 id={h}>The galaxy as {seat} sees it</h3>
      <p id={help} className="map-help">
        Drag, or Shift with the arrow keys, to pan; the wheel or + and - to zoom, 0 to reset. Click a sector for its location report; on the
        focused map the arrow keys move the sector cursor and Enter shows its report.
      </p>
      <div className="map-tools" role="toolbar" aria-label="Map view">
        <button type="button" onClick={() => zoomBy(1.25)}>
          Zoom in
        </button>
        <button type="button" onClick={() => zoomBy(0.8)}>
          Zoom out
        </button>
        <button type="button" onClick={() => panBy(STEP, 0)} aria-label="Pan left">
          ←
        </button>
        <button type="button" onClick={() => panBy(0, STEP)} aria-label="Pan up">
          ↑
        </button>
        <button type="button" onClick={() => panBy(0, -STEP)} aria-label="Pan down">
          ↓
        </button>
        <button type="button" onClick={() => panBy(-STEP, 0)} aria-label="Pan right">
          →
        </button>
        <button type="button" onClick={reset}>
          Reset view
        </button>
        <output ref={zoomOut} aria-live="polite" aria-label="Zoom" />
      </div>
      <form className="map-goto" onSubmit={onGo}>
        <label htmlFor={`goto-${seat}`}>Sector (id or name)</label>
        <input id={`goto-${seat}`} value={goTo} onChange={(e) => setGoTo(e.target.value)} />
        <button type="submit">Show report</button>
        {goError && <span role="alert">{goError}</span>}
      </form>
      <div className="map-body">
        <div className="map-main">
          {/* The frame takes the keys (arrows, +/-, Enter) for the whole map. */}
          <section
            ref={frame}
            className="map-frame ge-map-frame"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the map is panned, zoomed and walked from the keyboard, so it must take focus.
            tabIndex={0}
            aria-label={`Map of the galaxy as ${seat} sees it`}
            aria-describedby={`${help} cursor-${seat}`}
            onKeyDown={onKey}
          >
            <canvas ref={canvas} className="map-canvas" />
            <svg
              ref={overlay}
              className="map-picture"
              viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
              preserveAspectRatio="xMidYMid meet"
              aria-hidden="true"
              data-sector-centres={centres}
            >
              <Outline sector={sel} className="map-selected" />
              <Outline sector={cursorSector ?? undefined} className="map-cursor" />
              <Arrows arrows={arrows} byId={byId} seat={seat} />
            </svg>
          </section>
          <p id={`cursor-${seat}`} className="map-cursor-line" role="status">
            {cursorSector ? describe(cursorSector) : ""}
          </p>
        </div>
        <aside className="map-side" aria-label="Map legend and location report">
          <Overview view={view} seat={seat} />
          <Report report={report} />
          <h4>Owners</h4>
          <ul className="map-legend">
            {legend.map((e) => (
              <li key={e.id}>
                <span className="swatch" style={{ background: e.colour }} aria-hidden="true" />
                {e.name}: {e.sectors} sector{e.sectors === 1 ? "" : "s"}
              </li>
            ))}
            <li>
              <span className="swatch swatch-independent" aria-hidden="true" />
              Independent: {view.sectors.filter((s) => s.owner === INDEPENDENT).length} sectors
            </li>
          </ul>
          <p className="map-help">
            Solid fill: annexed; hatched: owned, not annexed; stippled: not seen this turn. Over each sector's id its tax revenue (orange
            pips: damage); a planet: an industrial centre; a shield: its defence level; a blue badge: your starships, red: foreign ones,
            with their number; a dark bar: a barrier; a burst: a battle last turn. Ids and counts are written once they are legible: zoom
            in.
          </p>
        </aside>
      </div>
    </section>
  );
});

/** A sector's cell outlined over the map: the selected one, or the cursor. */
function Outline({ sector, className }: { sector: PictureSector | undefined; className: string }) {
  if (!sector || sector.cell.length < 6) return null;
  const pts: string[] = [];
  for (let k = 0; k < sector.cell.length; k += 2)
    pts.push(`${(sector.cell[k] as number).toFixed(1)},${(sector.cell[k + 1] as number).toFixed(1)}`);
  return <polygon className={className} points={pts.join(" ")} data-sector={sector.id} vectorEffect="non-scaling-stroke" />;
}

/**
 * Planned travels: arrows over the map (so they pan and zoom with it), between the middles of the sectors' cells,
 * each labelled with its phase and move points.
 */
function Arrows({
  arrows,
  byId,
  seat,
}: {
  arrows: readonly MapArrow[] | undefined;
  byId: ReadonlyMap<number, PictureSector>;
  seat: string;
}) {
  if (!arrows || arrows.length === 0) return null;
  const head = `plan-head-${seat}`;
  return (
    <g className="plan-arrows">
      <defs>
        {(
          [
            ["ok", "#0b3d91"],
            ["bad", "#b00020"],
          ] as const
        ).map(([suffix, colour]) => (
          <marker
            key={suffix}
            id={`${head}-${suffix}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto-start-reverse"
          >
            <path d="M0,0L10,5L0,10Z" fill={colour} />
          </marker>
        ))}
      </defs>
      {arrows.map((a) => {
        const p = byId.get(a.from);
        const q = byId.get(a.to);
        if (!p || !q) return null;
        // Stop short of the middles, so consecutive arrows do not cover each other's heads.
        const dx = q.cx - p.cx;
        const dy = q.cy - p.cy;
        const len = Math.hypot(dx, dy) || 1;
        const cut = Math.min(12, len / 5);
        const colour = a.ok ? "#0b3d91" : "#b00020";
        return (
          <g key={`${a.from}-${a.to}-${a.label}`}>
            <line
              x1={p.cx + (dx / len) * cut}
              y1={p.cy + (dy / len) * cut}
              x2={q.cx - (dx / len) * cut}
              y2={q.cy - (dy / len) * cut}
              stroke={colour}
              strokeWidth={a.current ? 5 : 3}
              strokeDasharray={a.ok ? undefined : "8,5"}
              markerEnd={`url(#${head}-${a.ok ? "ok" : "bad"})`}
              data-arrow={`${a.from}-${a.to}`}
            />
            <text
              x={(p.cx + q.cx) / 2}
              y={(p.cy + q.cy) / 2 - 6}
              textAnchor="middle"
              fontSize="13"
              fontWeight="bold"
              fill={colour}
              stroke="#ffffff"
              strokeWidth="3"
              paintOrder="stroke"
            >
              {a.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function Report({ report }: { report: LocationReport | null }) {
  if (!report)
    return (
      <section className="location-report" aria-label="Location report">
        <h4>Location report</h4>
        <p>Select a sector on the map.</p>
      </section>
    );
  const list = (title: string, items: string[], none: string) => (
    <>
      <h5>{title}</h5>
      {items.length ? (
        <ul>
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : (
        <p>{none}</p>
      )}
    </>
  );
  return (
    <section className="location-report" aria-label="Location report" aria-live="polite">
      <h4>Location report: {report.title}</h4>
      <dl>
        {report.facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {list("Your forces", report.yourForces, "None.")}
      {list("Foreign forces", report.foreignForces, "None seen.")}
      {list("Borders", report.neighbours, "None.")}
      {report.battles.length > 0 && list("Battles last turn", report.battles, "")}
    </section>
  );
}

/**
 * The whole galaxy at a glance, whatever the big map shows: a point a sector in its owner's colour, yours ringed.
 * A canvas, drawn once per view: thousands of points cost a few milliseconds and no elements. It is the map's
 * picture for screen readers (the big map's sectors are its buttons), so it is labelled with what it shows.
 */
function Overview({ view, seat }: { view: EmpireView; seat: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const W = 240;
  const { H, owned } = useMemo(() => {
    const { x0, x1, y0, y1 } = gridBounds(view.sectors);
    const aspect = x1 > x0 ? (y1 - y0 + 1) / (x1 - x0 + 1) : 1;
    return { H: Math.max(60, Math.min(360, Math.round(W * aspect))), owned: view.sectors.filter((s) => s.owner === view.empire).length };
  }, [view]);
  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const colour = new Map<string, string>([[view.me.id, view.me.colour], ...view.empires.map((e) => [e.id, e.colour] as const)]);
    const { x0, x1, y0, y1 } = gridBounds(view.sectors);
    const k = Math.min((W - 12) / Math.max(1, x1 - x0), (H - 12) / Math.max(1, y1 - y0));
    const r = Math.max(1.2, Math.min(5, k * 0.35 * Math.sqrt(((x1 - x0) * (y1 - y0)) / Math.max(1, view.sectors.length))));
    ctx.clearRect(0, 0, W, H);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, W, H);
    for (const s of view.sectors) {
      const cx = 6 + (s.x - x0) * k;
      const cy = 6 + (s.y - y0) * k;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fillStyle = s.owner === INDEPENDENT ? "#d8d2bf" : (colour.get(s.owner) ?? "#999999");
      ctx.fill();
      if (s.owner === view.empire) {
        ctx.strokeStyle = "#1d1d1d";
        ctx.lineWidth = 1;
        ctx.stroke();
      }
    }
  }, [view, H]);
  return (
    <canvas
      ref={canvas}
      className="map-overview"
      width={W}
      height={H}
      role="img"
      aria-label={`Map of the galaxy as ${seat} sees it, at a glance: ${view.sectors.length} sectors, ${owned} of them yours (ringed), each in its owner's colour`}
    />
  );
}
