/**
 * The galaxy as a seat sees it, to explore: the rules' own `viewMapSvg` draws it from the seat's view (so it shows
 * nothing the view does not hold), and this component makes that picture a map one can pan and zoom (drag, wheel,
 * buttons, arrows and +/-) and ask about: a click on a sector, or Enter on a focused one, shows its location
 * report, made from the same view.
 *
 * Speed: the SVG is put in the page once per view. Panning and zooming change one transform on one group (the
 * viewport), written at most once a frame; React renders nothing while the map moves, so 5,000 sectors pan as
 * smoothly as 20. Selecting a sector re-renders only the report beside the map.
 */
import { type FormEvent, type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { INDEPENDENT } from "../../../rules/galactic-empires/model.js";
import { viewMapSvg } from "../../../rules/galactic-empires/presentation/map-svg.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { type LocationReport, locationReport } from "./location.js";
import "./map.css";

interface Viewport {
  x: number;
  y: number;
  k: number;
}

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 40;
/** A press that moves less than this (CSS pixels) is a click, not a drag. */
const DRAG_SLOP = 4;
/** After the last zoom step, this long (ms) until the picture is drawn again sharp at its new scale. */
const SETTLE_MS = 250;

/** The picture, put in the page once per SVG text: React never touches it again while the map is explored. */
const Picture = memo(function Picture({ svg }: { svg: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is made in this page by the rules' map code, which escapes every text it writes.
  return <div className="map-picture" dangerouslySetInnerHTML={{ __html: svg }} />;
});

/** The sector id a sector's cell names: its tooltip's first line is "ID Name" (map-svg.ts). */
function sectorIdOf(path: Element): number | null {
  const title = path.querySelector("title")?.textContent ?? "";
  const id = Number.parseInt(title, 10);
  return Number.isFinite(id) ? id : null;
}

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
  /** Called once the picture is in the page and ready (the bench times the first render by it). */
  onReady?: () => void;
  /** Called with the sector a click or Enter picks (besides showing its report): a fleet's path is planned so. */
  onPick?: (sector: number) => void;
  /** Planned travels to draw over the picture. */
  arrows?: readonly MapArrow[];
  /** The seat is watched (a spectator's), not played: its empire is not "you" in the legend. */
  watched?: boolean;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Drawn again only when its props change: the seat view around it re-renders at every check of the orders. */
export const GalaxyMap = memo(function GalaxyMap({ view, seat, onReady, onPick, arrows, watched }: GalaxyMapProps) {
  const svg = useMemo(() => viewMapSvg(view), [view]);
  const frame = useRef<HTMLElement>(null);
  const layer = useRef<HTMLDivElement | null>(null);
  const settle = useRef(0);
  /** The scale the picture was last drawn at. */
  const scaled = useRef(1);
  const cells = useRef(new Map<number, SVGPathElement>());
  const vp = useRef<Viewport>({ x: 0, y: 0, k: 1 });
  const pending = useRef(0);
  const zoomOut = useRef<HTMLOutputElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const h = `map-${seat}`;
  // The setup below runs once per picture; what it reads besides the picture is read through refs.
  const latest = useRef({ view, onReady, onPick, selected: null as number | null });
  latest.current = { view, onReady, onPick, selected };
  const help = `map-help-${seat}`;

  // One write of the transform per frame, however many events asked for it.
  const apply = useCallback(() => {
    if (pending.current) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = 0;
      const { x, y, k } = vp.current;
      const el = layer.current;
      if (!el) return;
      el.style.transform = `translate(${x.toFixed(2)}px, ${y.toFixed(2)}px) scale(${k.toFixed(4)})`;
      // Written here, not through React: nothing is rendered while the map moves.
      if (zoomOut.current) zoomOut.current.textContent = `${Math.round(k * 100)}%`;
      // The picture is a layer of its own (map.css, will-change), moved and scaled by the compositor without
      // being drawn again: a 5,000-sector SVG takes far longer than a frame to draw. Once a zoom stops, the layer
      // is let go for two frames and so drawn once at its new scale: a zoomed map is sharp, not a stretched bitmap.
      if (scaled.current === k) return;
      clearTimeout(settle.current);
      settle.current = window.setTimeout(() => {
        scaled.current = vp.current.k;
        el.style.willChange = "auto";
        requestAnimationFrame(() => requestAnimationFrame(() => (el.style.willChange = "")));
      }, SETTLE_MS);
    });
  }, []);
  useEffect(
    () => () => {
      cancelAnimationFrame(pending.current);
      clearTimeout(settle.current);
      // Else a frame cancelled here would block every later one (the effect may be run again: StrictMode).
      pending.current = 0;
    },
    [],
  );

  // The viewport is in CSS pixels of the frame: no reading of the picture's layout while it moves.
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

  // Once per picture (a new view is a new picture: the seat's map after a turn): each sector's cell becomes a
  // labelled button (one of them in the tab order at a time: the selected one, else your first sector).
  // biome-ignore lint/correctness/useExhaustiveDependencies: svg is read from the page, where Picture has just put it.
  useEffect(() => {
    const el = frame.current?.querySelector("svg");
    if (!el) return;
    const { view, onReady, selected } = latest.current;
    el.removeAttribute("width");
    el.removeAttribute("height");
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", `Galaxy map as ${seat} sees it`);
    const g = el.parentElement instanceof HTMLDivElement ? el.parentElement : null;
    layer.current = g;
    cells.current = new Map();
    const own = new Set(view.sectors.filter((s) => s.owner === view.empire).map((s) => s.id));
    let first: SVGPathElement | null = null;
    for (const path of el.querySelectorAll<SVGPathElement>("#sectors > path")) {
      const id = sectorIdOf(path);
      if (id === null) continue;
      cells.current.set(id, path);
      const tip = path.querySelector("title")?.textContent ?? String(id);
      path.setAttribute("role", "button");
      path.setAttribute("tabindex", "-1");
      path.setAttribute("aria-label", `Sector ${tip.replace(/\n/g, "; ")}`);
      path.dataset.sector = String(id);
      if (!first || (own.has(id) && !own.has(sectorIdOf(first) ?? -1))) first = path;
    }
    // The selection survives a new picture of the same galaxy (a turn ran): outlined again, and in the tab order.
    const kept = selected === null ? undefined : cells.current.get(selected);
    kept?.classList.add("selected");
    (kept ?? first)?.setAttribute("tabindex", "0");
    vp.current = { x: 0, y: 0, k: 1 };
    scaled.current = 1;
    if (g) g.style.transform = "translate(0.00px, 0.00px) scale(1.0000)";
    if (zoomOut.current) zoomOut.current.textContent = "100%";
    onReady?.();
  }, [svg, seat, apply]);

  // The selected sector: outlined, and the one in the tab order.
  useEffect(() => {
    if (selected === null) return;
    const path = cells.current.get(selected);
    if (!path) return;
    for (const p of cells.current.values()) {
      if (p === path) continue;
      p.setAttribute("tabindex", "-1");
      p.classList.remove("selected");
    }
    path.setAttribute("tabindex", "0");
    path.classList.add("selected");
  }, [selected]);

  // Planned travels: arrows in the picture itself (so they pan and zoom with it), between the middles of the
  // sectors' cells, each labelled with its phase and move points. Drawn again only when the arrows change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: svg is read from the page: a new picture needs its arrows again.
  useEffect(() => {
    const el = frame.current?.querySelector("svg");
    if (!el) return;
    el.querySelector("g.plan-arrows")?.remove();
    if (!arrows || arrows.length === 0) return;
    const mid = (id: number) => {
      const b = cells.current.get(id)?.getBBox();
      return b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
    };
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "plan-arrows");
    g.setAttribute("aria-hidden", "true");
    const head = `plan-head-${seat}`;
    const defs = document.createElementNS(SVG_NS, "defs");
    for (const [suffix, colour] of [
      ["ok", "#0b3d91"],
      ["bad", "#b00020"],
    ] as const) {
      const m = document.createElementNS(SVG_NS, "marker");
      m.setAttribute("id", `${head}-${suffix}`);
      m.setAttribute("viewBox", "0 0 10 10");
      m.setAttribute("refX", "9");
      m.setAttribute("refY", "5");
      m.setAttribute("markerWidth", "5");
      m.setAttribute("markerHeight", "5");
      m.setAttribute("orient", "auto-start-reverse");
      const p = document.createElementNS(SVG_NS, "path");
      p.setAttribute("d", "M0,0L10,5L0,10Z");
      p.setAttribute("fill", colour);
      m.append(p);
      defs.append(m);
    }
    g.append(defs);
    for (const a of arrows) {
      const p = mid(a.from);
      const q = mid(a.to);
      if (!p || !q) continue;
      // Stop short of the middles, so consecutive arrows do not cover each other's heads.
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const len = Math.hypot(dx, dy) || 1;
      const cut = Math.min(12, len / 5);
      const line = document.createElementNS(SVG_NS, "line");
      line.setAttribute("x1", String(p.x + (dx / len) * cut));
      line.setAttribute("y1", String(p.y + (dy / len) * cut));
      line.setAttribute("x2", String(q.x - (dx / len) * cut));
      line.setAttribute("y2", String(q.y - (dy / len) * cut));
      line.setAttribute("stroke", a.ok ? "#0b3d91" : "#b00020");
      line.setAttribute("stroke-width", a.current ? "5" : "3");
      if (!a.ok) line.setAttribute("stroke-dasharray", "8,5");
      line.setAttribute("marker-end", `url(#${head}-${a.ok ? "ok" : "bad"})`);
      line.dataset.arrow = `${a.from}-${a.to}`;
      g.append(line);
      const t = document.createElementNS(SVG_NS, "text");
      t.setAttribute("x", String((p.x + q.x) / 2));
      t.setAttribute("y", String((p.y + q.y) / 2 - 6));
      t.setAttribute("text-anchor", "middle");
      t.setAttribute("font-size", "13");
      t.setAttribute("font-weight", "bold");
      t.setAttribute("fill", a.ok ? "#0b3d91" : "#b00020");
      t.setAttribute("stroke", "#ffffff");
      t.setAttribute("stroke-width", "3");
      t.setAttribute("paint-order", "stroke");
      t.textContent = a.label;
      g.append(t);
    }
    el.append(g);
  }, [arrows, svg, seat]);

  // Pointer: drag pans, a press that did not move selects the sector under it; the wheel zooms about the cursor.
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
      if (wasDrag) return;
      // The sector's cell, even where its id, revenue or a badge is drawn over it (those keep their tooltips).
      const target = document
        .elementsFromPoint(e.clientX, e.clientY)
        .find((el): el is SVGPathElement => el instanceof SVGPathElement && el.dataset.sector !== undefined);
      if (target) {
        setSelected(Number(target.dataset.sector));
        latest.current.onPick?.(Number(target.dataset.sector));
        target.focus({ preventScroll: true });
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
  }, [panBy, zoomBy]);

  const STEP = 60;
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(STEP, 0),
      ArrowRight: () => panBy(-STEP, 0),
      ArrowUp: () => panBy(0, STEP),
      ArrowDown: () => panBy(0, -STEP),
      "+": () => zoomBy(1.25),
      "=": () => zoomBy(1.25),
      "-": () => zoomBy(0.8),
      "0": reset,
    };
    const target = e.target instanceof Element ? e.target.closest<SVGPathElement>("path[data-sector]") : null;
    if (target && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      setSelected(Number(target.dataset.sector));
      onPick?.(Number(target.dataset.sector));
      return;
    }
    const act = keys[e.key];
    if (act && !e.altKey && !e.ctrlKey && !e.metaKey) {
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
    if (!s) {
      setGoError(`No sector "${goTo.trim()}" on this map.`);
      return;
    }
    setGoError(null);
    setSelected(s.id);
    onPick?.(s.id);
    cells.current.get(s.id)?.focus({ preventScroll: true });
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

  return (
    <section aria-labelledby={h} className="map ge-map">
      <h3 id={h}>The galaxy as {seat} sees it</h3>
      <p id={help} className="map-help">
        Drag or use the arrow keys to pan, the wheel or + and - to zoom, 0 to reset. Click a sector, or focus it and press Enter, for its
        location report.
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
        {/* The frame takes the keys (arrows, +/-) for the whole map, from itself or a focused sector inside it. */}
        <section
          ref={frame}
          className="map-frame ge-map-frame"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the map is panned and zoomed from the keyboard, so it must take focus.
          tabIndex={0}
          aria-label={`Map of the galaxy as ${seat} sees it`}
          aria-describedby={help}
          onKeyDown={onKey}
        >
          <Picture svg={svg} />
        </section>
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
          <p className="map-help">Solid fill: annexed; hatched: owned, not annexed; stippled: not seen this turn.</p>
        </aside>
      </div>
    </section>
  );
});

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
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const s of view.sectors) {
      x0 = Math.min(x0, s.x);
      x1 = Math.max(x1, s.x);
      y0 = Math.min(y0, s.y);
      y1 = Math.max(y1, s.y);
    }
    const aspect = x1 > x0 ? (y1 - y0 + 1) / (x1 - x0 + 1) : 1;
    return { H: Math.max(60, Math.min(360, Math.round(W * aspect))), owned: view.sectors.filter((s) => s.owner === view.empire).length };
  }, [view]);
  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const colour = new Map<string, string>([[view.me.id, view.me.colour], ...view.empires.map((e) => [e.id, e.colour] as const)]);
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const s of view.sectors) {
      x0 = Math.min(x0, s.x);
      x1 = Math.max(x1, s.x);
      y0 = Math.min(y0, s.y);
      y1 = Math.max(y1, s.y);
    }
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
