/**
 * The replay of a battle as this side saw it (issue 11): every step run (an activation, or the order sheets), and in
 * each every volley and every roll of the dice, forwards and back by the buttons or the keys. The table is the rules'
 * own drawing (presentation/replay.ts renderTable, as the live table and the CLI's replay use it) of a frame made
 * from this side's reports only (replay-steps.ts), with the labels placed by this page so that none covers another
 * (replay-labels.ts). The camera starts on the part of the table the whole battle used and moves only when the
 * player pans or zooms: stepping never moves it.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState, type WheelEvent } from "react";
import type { BsEvent } from "../../../rules/battleshift/events.js";
import { battleBox, frameSummary, frameTitle, renderTable } from "../../../rules/battleshift/presentation/replay.js";
import { colour } from "../../../rules/battleshift/presentation/replay-marks.js";
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import { call, errorText, type Report, type SeatHistory } from "../../shell/api.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { clampCamera, panCamera, viewBoxOf, zoomCamera } from "./replay-camera.js";
import { type Box, frameLabels, layoutLabels } from "./replay-labels.js";
import { type Beat, beatOfStep, beatsOf, diceOf, eventsAt, type Move, type SeatFrame, seatFrames, stepBeat } from "./replay-steps.js";
import { SCALE } from "./Table.js";
import { stateOfView } from "./table-state.js";
import "./replay.css";

/** Reports fetched at once while loading (the server answers each from its history). */
const PARALLEL = 4;

/** Every report of the steps run, as this seat reads them, kept by step: a past step's report never changes. */
function useFrames(props: SeatViewProps, open: boolean) {
  const base = `/api/games/${props.game.id}/seats/${props.seat}`;
  const { data: view } = useGet<{ view: BattleView }>(open ? `${base}/view` : null, props.version);
  const { data: history } = useGet<SeatHistory>(open ? `${base}/history` : null, props.version);
  const cache = useRef(new Map<number, Report>());
  const [loaded, setLoaded] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!history) return;
    let live = true;
    // Step 0 first: the start, the fleets as deployed (seatFrames' first frame), once a step has run.
    const todo = (history.steps.length ? [0, ...history.steps.map((s) => s.step)] : []).filter((n) => !cache.current.has(n));
    const next = async (): Promise<void> => {
      const n = todo.shift();
      if (n === undefined || !live) return;
      const r = await call<Report>("GET", `${base}/report?step=${n}`);
      cache.current.set(n, r);
      if (live) setLoaded((k) => k + 1);
      return next();
    };
    Promise.all(Array.from({ length: PARALLEL }, next)).catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [history, base]);
  const frames = useMemo(() => {
    void loaded;
    if (!view || !history) return null;
    return seatFrames(stateOfView(view.view), history.steps, cache.current);
  }, [view, history, loaded]);
  const total = history?.steps.length ? history.steps.length + 1 : 0;
  return { frames, error, progress: `${Math.min(loaded, total)} of ${total}` };
}

function DiceOf({ e }: { e: BsEvent }) {
  const groups = diceOf(e);
  if (groups.length === 0) return null;
  return (
    <ul className="bs-dice">
      {groups.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one event, in the order rolled, never reordered.
        <li key={i}>
          <span className="bs-dice-what">{`${g.what} (${g.rule}):`}</span>{" "}
          {g.dice.map((d, k) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: dice in the order rolled.
              key={k}
              className={`bs-die ${d.result}`}
              role="img"
              aria-label={`${d.value}${d.result === "rolled" ? "" : d.result === "success" ? " (succeeds)" : " (fails)"}`}
            >
              {d.value}
            </span>
          ))}{" "}
          <span className="bs-dice-sum">{g.summary}</span>
        </li>
      ))}
    </ul>
  );
}

/** What happened at the beat: the step's events (the current volley marked), each with its dice. */
function EventList({ frame, beat }: { frame: SeatFrame; beat: Beat }) {
  const shown = frame.events.map((e, k) => ({ e, k })).filter(({ e }) => e.kind !== "problem");
  return (
    <ol className="bs-events">
      {shown.map(({ e, k }) => {
        const current = beat.event === k;
        const later = beat.event !== null && k > beat.event && (e.kind === "fire" || e.kind === "missiles" || !!e.rolled?.length);
        return (
          <li key={k} className={current ? "current" : later ? "later" : ""} aria-current={current ? "step" : undefined}>
            {e.text}
            <DiceOf e={e} />
          </li>
        );
      })}
    </ol>
  );
}

export function Replay(props: SeatViewProps) {
  const [open, setOpen] = useState(false);
  const { frames, error, progress } = useFrames(props, open);
  return (
    <section aria-labelledby={`bs-replay-${props.seat}`} className="bs-replay map">
      <h3 id={`bs-replay-${props.seat}`}>Replay</h3>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide the replay" : "Show the replay"}
      </button>
      {open && error && <p role="alert">{error}</p>}
      {open && !frames && !error && <p role="status">Loading the steps run: {progress}…</p>}
      {open && frames && frames.length === 0 && <p>No step has run yet.</p>}
      {open && frames && frames.length > 0 && <Player frames={frames} seat={props.seat} reportStep={props.reportStep} />}
    </section>
  );
}

function Player({ frames, seat, reportStep }: { frames: SeatFrame[]; seat: string; reportStep: number | null }) {
  const beats = useMemo(() => beatsOf(frames), [frames]);
  const [at, setAt] = useState(() => (reportStep === null ? stepBeat(beats, 0, "last") : beatOfStep(beats, frames, reportStep)));
  // The shell's history names a step: the replay goes to it.
  useEffect(() => {
    if (reportStep !== null) setAt(beatOfStep(beats, frames, reportStep));
  }, [reportStep, beats, frames]);
  const here = Math.min(at, beats.length - 1);
  const beat = beats[here]!;
  const frame = frames[beat.frame]!;
  const first = frames[0]!;
  const table: Box = useMemo(
    () => ({ x: 0, y: 0, w: first.state.battlespace.widthFt * 12 * SCALE, h: first.state.battlespace.depthFt * 12 * SCALE }),
    [first],
  );
  // The camera's first place: the whole battle's box, the same for every step, so stepping has no reason to move it.
  const home = useMemo(() => {
    const b = battleBox(frames, 6, 36);
    return clampCamera({ x: b.x * SCALE, y: b.y * SCALE, w: b.w * SCALE, h: b.h * SCALE }, table);
  }, [frames, table]);
  const [camera, setCamera] = useState<Box | null>(null);
  const cam = camera ?? home;
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  const events = useMemo(() => eventsAt(frame, beat), [frame, beat]);
  const drawn = useMemo(
    () => renderTable({ step: frame.step, state: frame.state, events }, SCALE, 0, 0, { labels: false }),
    [frame, events],
  );
  const labels = useMemo(() => {
    const { wanted, obstacles, bounds, lines } = frameLabels(frame.state, events, SCALE);
    return layoutLabels(wanted, obstacles, bounds, lines);
  }, [frame, events]);
  const current = beat.event === null ? undefined : frame.events[beat.event];

  const go = (m: Move) => setAt((a) => stepBeat(beats, a, m));
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, Move> = {
      ArrowRight: "next",
      ArrowLeft: "previous",
      PageDown: "next-step",
      PageUp: "previous-step",
      Home: "first",
      End: "last",
    };
    let m = moves[e.key];
    if (e.shiftKey && e.key === "ArrowRight") m = "next-step";
    if (e.shiftKey && e.key === "ArrowLeft") m = "previous-step";
    if (m) {
      e.preventDefault();
      go(m);
    } else if (e.key === "+" || e.key === "=") zoom(1.25);
    else if (e.key === "-") zoom(0.8);
  };
  const zoom = (f: number, px = cam.x + cam.w / 2, py = cam.y + cam.h / 2) => setCamera(zoomCamera(cam, f, px, py, table));
  const pan = (dx: number, dy: number) => setCamera(panCamera(cam, dx * cam.w, dy * cam.h, table));
  // Pointer position in the drawing's pixels.
  const toDrawing = (clientX: number, clientY: number) => {
    const r = svgRef.current?.getBoundingClientRect();
    if (!r || r.width === 0) return { x: cam.x + cam.w / 2, y: cam.y + cam.h / 2, k: 1 };
    const k = cam.w / r.width;
    return { x: cam.x + (clientX - r.left) * k, y: cam.y + (clientY - r.top) * k, k };
  };
  const onWheel = (e: WheelEvent) => {
    const p = toDrawing(e.clientX, e.clientY);
    zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
  };
  const onDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY };
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (!drag.current) return;
    const { k } = toDrawing(e.clientX, e.clientY);
    const dx = (drag.current.x - e.clientX) * k;
    const dy = (drag.current.y - e.clientY) * k;
    drag.current = { x: e.clientX, y: e.clientY };
    if (dx || dy) setCamera((c) => panCamera(c ?? home, dx, dy, table));
  };
  const onUp = () => {
    drag.current = null;
  };

  const volleys = frame.events.filter((e) => e.kind === "fire" || e.kind === "missiles" || !!e.rolled?.length).length;
  const volleyNo = beat.event === null ? 0 : beats.slice(0, here + 1).filter((b) => b.frame === beat.frame && b.event !== null).length;
  const where = `Step ${beat.frame + 1} of ${frames.length} (${frame.label}): ${frameTitle(frame)}.${
    current ? ` Volley or roll ${volleyNo} of ${volleys}: ${current.text}` : ` ${volleys} volley(s) or roll(s) in it.`
  }`;

  return (
    <div className="bs-player">
      <div className="bs-controls" role="toolbar" aria-label="Replay steps">
        <button type="button" onClick={() => go("first")} disabled={here === 0}>
          First
        </button>
        <button type="button" onClick={() => go("previous-step")} disabled={here === 0}>
          Previous step
        </button>
        <button type="button" onClick={() => go("previous")} disabled={here === 0}>
          Previous volley
        </button>
        <button type="button" onClick={() => go("next")} disabled={here === beats.length - 1}>
          Next volley
        </button>
        <button type="button" onClick={() => go("next-step")} disabled={here === beats.length - 1}>
          Next step
        </button>
        <button type="button" onClick={() => go("last")} disabled={here === beats.length - 1}>
          Last
        </button>
        <label>
          Step{" "}
          <input
            type="range"
            min={0}
            max={frames.length - 1}
            value={beat.frame}
            onChange={(e) =>
              setAt(
                Math.max(
                  0,
                  beats.findIndex((b) => b.frame === Number(e.target.value)),
                ),
              )
            }
            aria-valuetext={frame.label}
          />
        </label>
      </div>
      <p role="status" className="bs-where">
        {where}
      </p>
      <p className="bs-summary">{frameSummary(frame)}</p>
      <div className="bs-camera" role="toolbar" aria-label="Replay camera">
        <button type="button" onClick={() => zoom(1.25)}>
          Zoom in
        </button>
        <button type="button" onClick={() => zoom(0.8)}>
          Zoom out
        </button>
        <button type="button" onClick={() => pan(0, -0.2)}>
          Pan north
        </button>
        <button type="button" onClick={() => pan(0, 0.2)}>
          Pan south
        </button>
        <button type="button" onClick={() => pan(-0.2, 0)}>
          Pan west
        </button>
        <button type="button" onClick={() => pan(0.2, 0)}>
          Pan east
        </button>
        <button type="button" onClick={() => setCamera(null)}>
          Reset the view
        </button>
      </div>
      <div className="bs-replay-body">
        <section
          className="map-frame bs-replay-frame"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the table takes the replay's keys (arrows, Page Up/Down, Home, End, + and -).
          tabIndex={0}
          aria-label={`Replay table as ${seat} saw it: arrows step volley by volley, Page Up and Page Down (or Shift and an arrow) step by step, + and - zoom, drag to pan`}
          onKeyDown={onKey}
        >
          <svg
            ref={svgRef}
            viewBox={viewBoxOf(cam)}
            onWheel={onWheel}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onUp}
            data-camera={viewBoxOf(cam)}
          >
            <title>{`${frameTitle(frame)}, as ${seat} saw it`}</title>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: drawn in this page by the rules' replay code, which escapes every text it writes. */}
            <g dangerouslySetInnerHTML={{ __html: drawn }} />
            {current?.kind === "fire" &&
              (current.fromPos.length ? current.fromPos : [current.targetPos]).map((p, i) => (
                <line
                  // biome-ignore lint/suspicious/noArrayIndexKey: the firing ships of one volley.
                  key={i}
                  className="bs-current-volley"
                  x1={p.x * SCALE}
                  y1={p.y * SCALE}
                  x2={current.targetPos.x * SCALE}
                  y2={current.targetPos.y * SCALE}
                />
              ))}
            {current?.kind === "missiles" && (
              <line
                className="bs-current-volley"
                x1={current.from.x * SCALE}
                y1={current.from.y * SCALE}
                x2={current.targetPos.x * SCALE}
                y2={current.targetPos.y * SCALE}
              />
            )}
            <g className="bs-labels">
              {labels.map((l) => {
                const side = l.id.startsWith("sq:") ? frame.state.squadrons[l.id.slice(3)]?.side : undefined;
                const fill = side ? colour(side).text : l.id.startsWith("loss:") ? "#ff7070" : "#ffffff";
                const cx = Math.max(l.box.x, Math.min(l.box.x + l.box.w, l.anchor.x));
                const cy = Math.max(l.box.y, Math.min(l.box.y + l.box.h, l.anchor.y));
                return (
                  <g key={l.id} data-label={l.id}>
                    {l.leader && <line x1={l.anchor.x} y1={l.anchor.y} x2={cx} y2={cy} stroke={fill} strokeOpacity={0.5} />}
                    <rect x={l.box.x} y={l.box.y} width={l.box.w} height={l.box.h} fill="#0b1020" fillOpacity={0.6} />
                    <text x={l.box.x + 1} y={l.box.y + l.box.h * 0.8} fill={fill} fontSize={l.size}>
                      {l.text}
                    </text>
                  </g>
                );
              })}
            </g>
          </svg>
        </section>
        {/* It scrolls on its own (a step of many volleys): focusable, so the keyboard scrolls it too (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys. */}
        <section className="bs-replay-events" aria-label="What happened, with every die rolled" tabIndex={0}>
          <h4>{frameTitle(frame)}</h4>
          <EventList frame={frame} beat={beat} />
        </section>
      </div>
    </div>
  );
}
