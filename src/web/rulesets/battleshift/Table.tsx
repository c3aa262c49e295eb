/**
 * The Battleshift table drawn to scale from the seat's view: the ruleset's own replay drawing (renderTable) for the
 * table, terrain, planets, stations and ships, with this page's overlays on top (weapon arcs and ranges, command range,
 * coherency) and each squadron a focusable button. Selecting a squadron shows its details; choosing a second one then
 * measures, with the rules' own fire and line-of-sight code, what an order would meet: the distance, the bearing
 * against each weapon's arc and any blocking squadron. Nothing is submitted.
 */
import { type KeyboardEvent, type PointerEvent, type ReactNode, useMemo, useRef, useState } from "react";
import { coherency, dist, offset, type Point } from "../../../rules/battleshift/geometry.js";
import { type BattleState, designOfSquadron, flagshipPoint, type Squadron, squadronList } from "../../../rules/battleshift/model.js";
import { renderTable } from "../../../rules/battleshift/presentation/replay.js";
import { colour } from "../../../rules/battleshift/presentation/replay-marks.js";
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import {
  afterMove,
  alongMove,
  DRAG_THRESHOLD,
  facingToward,
  firePoint,
  handlePoint,
  moveCentre,
  type PlannedMove,
  planMove,
  planText,
  pointerToTable,
  pointOnPath,
  squadronAt,
  turnBy,
} from "./pointing.js";
import { fireText, type Measure, measure, rangeBand, stateOfView, weaponsOf } from "./table-state.js";

/** Pixels per inch: a 6' by 4' table is 1440 by 960 pixels, scaled down to its frame by the SVG's viewBox. */
export const SCALE = 20;
/** How far the arcs are drawn when ranges are off: far enough to read, short enough not to cover the table. */
const ARC_REACH = 6;

type Layer = "arcs" | "ranges" | "command" | "coherency";
const LAYERS: readonly { key: Layer; label: string }[] = [
  { key: "arcs", label: "Weapon arcs" },
  { key: "ranges", label: "Weapon ranges" },
  { key: "command", label: "Command range" },
  { key: "coherency", label: "Coherency" },
];

const px = (x: number) => Math.round(x * SCALE * 10) / 10;

/** An arc of `width` degrees about compass `centre`, `reach` inches from `p`, as an SVG path (a disc when 360). */
function wedge(p: Point, centre: number, width: number, reach: number): string {
  if (width >= 360) {
    const r = px(reach);
    return `M ${px(p.x) - r} ${px(p.y)} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
  }
  const a = offset(p, centre - width / 2, reach);
  const b = offset(p, centre + width / 2, reach);
  const large = width > 180 ? 1 : 0;
  return `M ${px(p.x)} ${px(p.y)} L ${px(a.x)} ${px(a.y)} A ${px(reach)} ${px(reach)} 0 ${large} 1 ${px(b.x)} ${px(b.y)} Z`;
}

function centreOf(sq: Squadron): Point {
  const n = sq.ships.length;
  return { x: sq.ships.reduce((t, s) => t + s.x, 0) / n, y: sq.ships.reduce((t, s) => t + s.y, 0) / n };
}

function Overlays({ state, layers, only }: { state: BattleState; layers: ReadonlySet<Layer>; only: Squadron[] }) {
  const out: ReactNode[] = [];
  for (const sq of only) {
    const c = colour(sq.side);
    const at = centreOf(sq);
    for (const w of weaponsOf(state, sq)) {
      for (const a of w.arcs) {
        if (layers.has("arcs"))
          out.push(
            <path
              key={`a-${sq.id}-${w.key}-${a}`}
              d={wedge(at, sq.facing + a, w.width, ARC_REACH)}
              fill={c.line}
              fillOpacity={0.12}
              stroke="none"
            />,
          );
        if (layers.has("ranges"))
          out.push(
            <path
              key={`r-${sq.id}-${w.key}-${a}`}
              d={wedge(at, sq.facing + a, w.width, w.range)}
              fill="none"
              stroke={c.line}
              strokeOpacity={0.6}
              strokeDasharray="6 4"
            >
              <title>{`${sq.id} ${w.name}: ${w.range}"`}</title>
            </path>,
          );
      }
    }
    if (layers.has("coherency")) {
      const coh = coherency(sq.ships, state.settings.coherency, state.settings.chain);
      out.push(
        <circle
          key={`c-${sq.id}`}
          cx={px(at.x)}
          cy={px(at.y)}
          r={px(state.settings.coherency / 2)}
          fill="none"
          stroke={coh.ok ? "#7fd07f" : "#ff5050"}
          strokeDasharray="3 3"
        >
          <title>{`${sq.id}: ships within ${Math.round(coh.widest * 10) / 10}" of each other (coherency ${state.settings.coherency}")${coh.ok ? "" : ", out of coherency"}`}</title>
        </circle>,
      );
    }
  }
  if (layers.has("command")) {
    for (const tf of Object.values(state.taskforces)) {
      const p = flagshipPoint(state, tf);
      if (!p) continue;
      out.push(
        <circle
          key={`k-${tf.id}`}
          cx={px(p.x)}
          cy={px(p.y)}
          r={px(state.settings.commandRange)}
          fill="none"
          stroke="#f5c542"
          strokeOpacity={0.7}
        >
          <title>{`${tf.id}: command range ${state.settings.commandRange}" from its flagship`}</title>
        </circle>,
      );
    }
  }
  return <g>{out}</g>;
}

function Details({ state, sq }: { state: BattleState; sq: Squadron }) {
  const d = designOfSquadron(state, sq);
  const weapons = weaponsOf(state, sq);
  return (
    <dl className="bs-details">
      <dt>Squadron</dt>
      <dd>{`${sq.id} ${sq.name} (${sq.side})`}</dd>
      <dt>Design</dt>
      <dd>{`${d.name}${sq.station ? " (station)" : ""}`}</dd>
      <dt>Ships</dt>
      <dd>{`${sq.ships.length} of ${sq.initialShips}${sq.ships.some((s) => s.disabled) ? `, ${sq.ships.filter((s) => s.disabled).length} disabled` : ""}`}</dd>
      <dt>Damage, suppression</dt>
      <dd>{`${sq.damage}, ${sq.suppression}`}</dd>
      <dt>Centre, facing</dt>
      <dd>{`(${Math.round(centreOf(sq).x * 10) / 10}, ${Math.round(centreOf(sq).y * 10) / 10}), facing ${Math.round(sq.facing)} degrees`}</dd>
      <dt>Taskforce</dt>
      <dd>{sq.taskforce ?? "detached"}</dd>
      <dt>Weapons</dt>
      <dd>{weapons.length ? weapons.map((w) => `${w.name} ${w.range}"`).join(", ") : "none"}</dd>
    </dl>
  );
}

/**
 * What a side playing its activation gives the table (Play.tsx): the squadrons it may move now, the moves already in
 * its draft, where a drag or a key puts a move, and what to offer once one of its squadrons aims at an enemy.
 */
export interface TablePlay {
  movable: readonly string[];
  moves: Readonly<Record<string, { to: Point; facing?: number }>>;
  setMove(squadron: string, to: Point, facing?: number): void;
  /** What to offer once `from` aims at `to`; `at`: the inches along its move its light batteries fire from, if pointed. */
  aim?(from: string, to: string, at?: number): ReactNode;
  /** The draft's light fire by squadron: its target and the inches along the move it fires from (`at`), if given. */
  fire?: Readonly<Record<string, { target: string; at?: number }>>;
  /** A click on a drafted move's path: the squadron's light batteries fire from `at` inches along it. */
  setFireAt?(squadron: string, at: number): void;
  /** A form's point field waits for a click: the next press on the table gives it that point (inches). */
  pick?(p: Point): void;
}

/** How far ahead of a moved squadron its facing handle stands (inches). */
const HANDLE = 3;

/** A move drawn on the table: its path, the ships where they end (ghosts), and the end facing. */
function PlannedPath({ state, plan, live }: { state: BattleState; plan: PlannedMove; live: boolean }) {
  const sq = state.squadrons[plan.squadron];
  if (!sq) return null;
  const dx = plan.to.x - plan.from.x;
  const dy = plan.to.y - plan.from.y;
  const colourOf = plan.ok ? "#ffffff" : "#ff5050";
  const tip = offset(plan.to, plan.facing, 2);
  return (
    <g className="bs-plan" pointerEvents="none">
      {live && (
        <path
          d={wedge(plan.from, sq.facing, plan.arc, plan.allowance)}
          fill="#ffffff"
          fillOpacity={0.06}
          stroke="#ffffff"
          strokeOpacity={0.4}
        />
      )}
      <line
        className="bs-path"
        x1={px(plan.from.x)}
        y1={px(plan.from.y)}
        x2={px(plan.to.x)}
        y2={px(plan.to.y)}
        stroke={colourOf}
        strokeWidth={2}
        strokeDasharray="6 4"
      />
      {sq.ships
        .filter((s) => !s.disabled)
        .map((s) => (
          <circle
            key={s.id}
            cx={px(s.x + dx)}
            cy={px(s.y + dy)}
            r={px(Math.max(0.5, state.settings.shipRadius))}
            fill={colour(sq.side).line}
            fillOpacity={0.35}
            stroke={colourOf}
          />
        ))}
      <line x1={px(plan.to.x)} y1={px(plan.to.y)} x2={px(tip.x)} y2={px(tip.y)} stroke={colourOf} strokeWidth={3} />
      {live && (
        <text x={px(plan.to.x) + 12} y={px(plan.to.y) - 12} fill={colourOf} fontSize={22} stroke="#000" strokeWidth={0.6}>
          {`${plan.distance.toFixed(1)}" / ${plan.allowance}"${Math.abs(plan.turn) > 0.5 ? `, turn ${Math.round(plan.turn)}` : ""}`}
        </text>
      )}
    </g>
  );
}

/** Where light batteries fire from along a drafted move: a mark on the path and the light weapons' arcs from there. */
function FirePoint({ state, plan, along }: { state: BattleState; plan: PlannedMove; along: number }) {
  const sq = state.squadrons[plan.squadron];
  if (!sq) return null;
  const { at, facing } = firePoint(state, plan, along);
  const light = weaponsOf(state, sq).filter((w) => w.key === "light" || w.key === "ion");
  return (
    <g className="bs-fire-point" pointerEvents="none">
      {light.flatMap((w) =>
        w.arcs.map((a) => (
          <path
            key={`${w.key}-${a}`}
            d={wedge(at, facing + a, w.width, w.range)}
            fill="#f5c542"
            fillOpacity={0.08}
            stroke="#f5c542"
            strokeOpacity={0.7}
            strokeDasharray="4 4"
          />
        )),
      )}
      <circle cx={px(at.x)} cy={px(at.y)} r={8} fill="#f5c542" stroke="#000" strokeWidth={2}>
        <title>{`${plan.squadron}'s light batteries fire from here, ${along.toFixed(1)}" along its move`}</title>
      </circle>
    </g>
  );
}

function MeasureText({ m, state, title }: { m: Measure; state: BattleState; title: string }) {
  return (
    <>
      <h4>{title}</h4>
      <p>
        {`Distance ${m.distance}" (nearest ships); bearing ${m.bearing} degrees, ${m.offFacing} degrees off ${m.from}'s facing; ${m.lineOfSight}.`}
      </p>
      <p>{`Range band: ${rangeBand(state, m)}.`}</p>
      <p>{m.blocker ? `Blocked by ${m.blocker}.` : "No squadron blocks the line."}</p>
      <ul>
        {m.weapons.map((w) => (
          <li
            key={w.name}
          >{`${w.name} (${w.range}", ${w.arc}): ${w.ok ? "bears" : !w.inRange ? "out of range" : `out of arc (${w.offArc} degrees off)`}`}</li>
        ))}
      </ul>
    </>
  );
}

type Drag = { kind: "move" | "facing"; squadron: string; grab: Point; start: Point; to: Point; facing?: number; moved: boolean };

export function BattleTable({ view, play }: { view: BattleView; play?: TablePlay }) {
  const state = useMemo(() => stateOfView(view), [view]);
  const [layers, setLayers] = useState<ReadonlySet<Layer>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const onTable = useMemo(() => squadronList(state).filter((s) => s.location === "table" && s.ships.length > 0), [state]);
  const drawn = useMemo(() => renderTable({ step: view.step, state, events: [] }, SCALE), [state, view.step]);
  // A squadron chosen before a step ran may since have left the table (destroyed, shifted out): then none is chosen.
  const sel = selected ? onTable.find((q) => q.id === selected) : undefined;
  const measured = useMemo(() => (sel && target ? measure(state, sel.id, target) : null), [state, sel, target]);
  const [drag, setDrag] = useState<Drag | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  // A drag ends in a click on the squadron dragged: that click is the drag's, not a choice.
  const dragged = useRef(false);
  const movable = useMemo(() => new Set(play?.movable ?? []), [play?.movable]);
  const plans = useMemo(() => {
    const out: PlannedMove[] = [];
    for (const [id, m] of Object.entries(play?.moves ?? {})) {
      if (drag?.squadron === id) continue;
      const p = planMove(state, id, m.to, m.facing);
      if (p) out.push(p);
    }
    return out;
  }, [play?.moves, state, drag?.squadron]);
  const live = drag ? planMove(state, drag.squadron, drag.to, drag.facing) : null;
  const selPlan = sel ? plans.find((p) => p.squadron === sel.id) : undefined;
  const measuredAfter = useMemo(
    () => (sel && target && selPlan ? measure(afterMove(state, selPlan), sel.id, target) : null),
    [state, sel, target, selPlan],
  );
  // Light fire along the move (seed 004 "Light Batteries": "at any point during the squadron's movement"): the point a
  // click on the path chose, or the draft's `at`; measured from there to the chosen enemy, else to the light order's.
  const [pointed, setPointed] = useState<{ squadron: string; at: number } | null>(null);
  const fires = (sq: Squadron) => weaponsOf(state, sq).some((w) => w.key === "light" || w.key === "ion");
  const selFire = sel ? play?.fire?.[sel.id] : undefined;
  const selAt = sel && selPlan ? (selFire?.at ?? (pointed?.squadron === sel.id ? pointed.at : undefined)) : undefined;
  const fireTarget = target ?? selFire?.target ?? null;
  const measuredFire = useMemo(
    () => (sel && selPlan && selAt !== undefined && fireTarget ? measure(alongMove(state, selPlan, selAt), sel.id, fireTarget) : null),
    [state, sel, selPlan, selAt, fireTarget],
  );
  const pointFire = (squadron: string, at: number) => {
    setPointed({ squadron, at });
    play?.setFireAt?.(squadron, at);
  };
  const W = state.battlespace.widthFt * 12;
  const H = state.battlespace.depthFt * 12;

  const choose = (id: string) => {
    if (!selected || id === selected) {
      setSelected(id === selected ? null : id);
      setTarget(null);
    } else setTarget(id);
  };
  const planned = (id: string) => {
    const m = play?.moves[id];
    const sq = state.squadrons[id];
    return m ? { to: m.to, facing: m.facing } : sq ? { to: moveCentre(sq), facing: undefined } : null;
  };
  const STEPS: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const onKey = (id: string) => (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      choose(id);
      return;
    }
    // The keyboard's drag: arrows move the end of the squadron's move an inch (6" with Shift); "[" and "]" turn its
    // end facing 15 degrees (45 with Shift).
    if (!play || !movable.has(id)) return;
    const m = planned(id);
    if (!m) return;
    const step = STEPS[e.key];
    const by = e.shiftKey ? 6 : 1;
    if (step) {
      e.preventDefault();
      setSelected(id);
      play.setMove(
        id,
        { x: Math.round((m.to.x + step[0] * by) * 100) / 100, y: Math.round((m.to.y + step[1] * by) * 100) / 100 },
        m.facing,
      );
    } else if ((e.key === "," || e.key === "." || e.key === "<" || e.key === ">") && play.moves[id]) {
      // Light fire along the move, by the keys: "," and "." step the point a back and forward an inch (6" with Shift).
      const p = plans.find((x) => x.squadron === id);
      const sq = state.squadrons[id];
      if (!p || !sq || !fires(sq)) return;
      e.preventDefault();
      setSelected(id);
      const now = play.fire?.[id]?.at ?? (pointed?.squadron === id ? pointed.at : p.distance);
      const by = (e.key === "," || e.key === "<" ? -1 : 1) * (e.shiftKey ? 6 : 1);
      pointFire(id, Math.round(Math.max(0, Math.min(p.distance, now + by)) * 10) / 10);
    } else if (e.key === "[" || e.key === "]" || e.key === "{" || e.key === "}") {
      e.preventDefault();
      setSelected(id);
      const now = m.facing ?? planMove(state, id, m.to)?.facing ?? 0;
      play.setMove(id, m.to, turnBy(now, (e.key === "[" || e.key === "{" ? -1 : 1) * (e.shiftKey ? 45 : 15)));
    }
  };
  const frame = () => {
    const svg = svgRef.current;
    if (!svg) return null;
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    return {
      rect: { left: r.left, top: r.top, width: r.width, height: r.height },
      viewBox: { x: vb.x, y: vb.y, width: vb.width, height: vb.height },
      scale: SCALE,
    };
  };
  const at = (e: PointerEvent) => {
    const f = frame();
    return f ? pointerToTable(e.clientX, e.clientY, f) : null;
  };
  const reach = Math.max(0.75, state.settings.shipRadius * 1.5);
  // Pointing: press on a ship of a squadron of the activation (or on the ghost of its drafted move) and drag it where
  // it goes; press on the facing handle of the chosen squadron's move and drag it round. Hit testing is pointing.ts's.
  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    dragged.current = false;
    if (!play || e.button !== 0) return;
    const p = at(e);
    if (!p) return;
    if (play.pick) {
      dragged.current = true;
      play.pick(p);
      return;
    }
    if (selPlan && movable.has(selPlan.squadron) && dist(p, handlePoint(selPlan.to, selPlan.facing, HANDLE)) <= reach * 1.5) {
      setDrag({
        kind: "facing",
        squadron: selPlan.squadron,
        grab: p,
        start: selPlan.to,
        to: selPlan.to,
        facing: selPlan.facing,
        moved: false,
      });
      e.currentTarget.setPointerCapture(e.pointerId);
      return;
    }
    // The ghost of a drafted move first: it stands where the squadron will be.
    const ghost = plans.find((pl) => {
      const sq = state.squadrons[pl.squadron];
      return (
        sq &&
        movable.has(sq.id) &&
        sq.ships.some((s) => !s.disabled && dist(p, { x: s.x + pl.to.x - pl.from.x, y: s.y + pl.to.y - pl.from.y }) <= reach)
      );
    });
    if (ghost) {
      setDrag({ kind: "move", squadron: ghost.squadron, grab: p, start: ghost.to, to: ghost.to, moved: false });
      e.currentTarget.setPointerCapture(e.pointerId);
      return;
    }
    const id = squadronAt(state, p, reach);
    const sq = id ? state.squadrons[id] : undefined;
    if (!sq || !movable.has(sq.id)) {
      // A click on a drafted move's path, off the ships: where along it the squadron's light batteries fire.
      const onPath = plans
        .filter(
          (pl) => movable.has(pl.squadron) && pl.distance > 1e-9 && state.squadrons[pl.squadron] && fires(state.squadrons[pl.squadron]!),
        )
        .map((pl) => ({ pl, hit: pointOnPath(pl, p) }))
        .filter((x) => x.hit.off <= reach)
        .sort((a, b) => a.hit.off - b.hit.off)[0];
      if (!onPath) return;
      dragged.current = true;
      pointFire(onPath.pl.squadron, onPath.hit.along);
      setSelected(onPath.pl.squadron);
      return;
    }
    setDrag({ kind: "move", squadron: sq.id, grab: p, start: moveCentre(sq), to: moveCentre(sq), moved: false });
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = at(e);
    if (!p) return;
    const moved = drag.moved || dist(p, drag.grab) >= DRAG_THRESHOLD;
    if (drag.kind === "facing") setDrag({ ...drag, facing: facingToward(drag.to, p), moved });
    else setDrag({ ...drag, to: { x: drag.start.x + p.x - drag.grab.x, y: drag.start.y + p.y - drag.grab.y }, moved });
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    // The table holds the pointer from the press, so the click may not reach the squadron: a press without a drag
    // chooses it here.
    dragged.current = true;
    if (!drag.moved && drag.kind === "move") choose(drag.squadron);
    if (drag.moved && play) {
      const r = (x: number) => Math.round(x * 100) / 100;
      play.setMove(drag.squadron, { x: r(drag.to.x), y: r(drag.to.y) }, drag.kind === "facing" ? drag.facing : undefined);
      setSelected(drag.squadron);
      setTarget(null);
    }
    setDrag(null);
  };
  // Escape lets go of the target, then of the squadron, from anywhere on the table.
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    if (target) setTarget(null);
    else setSelected(null);
  };
  const toggle = (k: Layer) =>
    setLayers((old) => {
      const next = new Set(old);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });

  return (
    <section aria-labelledby="bs-table" className="map">
      <h3 id="bs-table">The table as {view.seat} sees it</h3>
      <fieldset className="bs-layers">
        <legend>Show on the table</legend>
        {LAYERS.map((l) => (
          <label key={l.key}>
            <input type="checkbox" checked={layers.has(l.key)} onChange={() => toggle(l.key)} /> {l.label}
          </label>
        ))}
      </fieldset>
      {play && (
        <p className="bs-drag" role="status">
          {live
            ? planText(live)
            : selPlan
              ? `Drafted: ${planText(selPlan)}${selAt !== undefined ? `. ${fireText(selPlan.squadron, Math.min(selAt, selPlan.distance), selPlan.distance, firePoint(state, selPlan, selAt).facing, measuredFire)}` : ""}`
              : ""}
        </p>
      )}
      <p className="bs-hint">
        {sel
          ? `Selected ${sel.id}: choose another squadron to measure to it, or ${sel.id} again to let go.`
          : "Choose a squadron (click, or Tab to it and press Enter) for its details; Escape lets go."}
      </p>
      {/* Not focusable itself: the squadrons in it are, so the keyboard reaches and scrolls it through them. */}
      <section
        onKeyDown={onEscape}
        className="map-frame"
        aria-label={`Table of ${state.battlespace.widthFt}' by ${state.battlespace.depthFt}' (scrolls)`}
      >
        <svg
          ref={svgRef}
          viewBox={`-4 -4 ${px(W) + 8} ${px(H) + 8}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          className={play ? "bs-playing" : undefined}
        >
          <title>{`The table, ${W}" by ${H}", as ${view.seat} sees it`}</title>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: drawn in this page by the rules' replay code, which escapes every text it writes. */}
          <g dangerouslySetInnerHTML={{ __html: drawn }} />
          <Overlays state={state} layers={layers} only={sel ? [sel] : onTable} />
          {measured && sel && state.squadrons[measured.to] && (
            <line
              x1={px(centreOf(sel).x)}
              y1={px(centreOf(sel).y)}
              x2={px(centreOf(state.squadrons[measured.to]!).x)}
              y2={px(centreOf(state.squadrons[measured.to]!).y)}
              stroke={measured.blocker ? "#ff5050" : "#ffffff"}
              strokeDasharray="8 4"
            />
          )}
          {plans.map((p) => (
            <PlannedPath key={p.squadron} state={state} plan={p} live={false} />
          ))}
          {live && <PlannedPath state={state} plan={live} live />}
          {selPlan && !drag && selAt !== undefined && <FirePoint state={state} plan={selPlan} along={selAt} />}
          {selPlan && !drag && movable.has(selPlan.squadron) && (
            <circle
              className="bs-handle"
              cx={px(handlePoint(selPlan.to, selPlan.facing, HANDLE).x)}
              cy={px(handlePoint(selPlan.to, selPlan.facing, HANDLE).y)}
              r={10}
              fill="#f5c542"
              stroke="#000"
            >
              <title>{`Drag to set ${selPlan.squadron}'s facing at the end of its move (keys: [ and ])`}</title>
            </circle>
          )}
          {onTable.map((sq) => {
            const role = sq.id === selected ? "selected" : sq.id === target ? "target" : "";
            // Each ship's base is the squadron's target: squadrons stand close together (a line of frigates beside a
            // line of cruisers), so one ring round a whole squadron would cover its neighbours.
            const base = Math.max(1, state.settings.shipRadius * 2);
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be an HTML button; it takes the role and the keys instead.
              <g
                key={sq.id}
                role="button"
                tabIndex={0}
                aria-label={`Squadron ${sq.id} (${sq.side}), ${sq.ships.length} ship(s), facing ${Math.round(sq.facing)}${movable.has(sq.id) ? `, in this activation: drag it, or arrow keys to move and [ ] to turn${fires(sq) ? "; , and . set where along its move its light batteries fire" : ""}` : ""}`}
                aria-pressed={sq.id === selected || sq.id === target}
                className={`bs-squadron ${role}`}
                onClick={() => {
                  // A press the table took (pointer capture) was handled on its release: its click is not a second choice.
                  if (dragged.current) dragged.current = false;
                  else choose(sq.id);
                }}
                onKeyDown={onKey(sq.id)}
              >
                {sq.ships.map((ship) => (
                  <circle
                    key={ship.id}
                    cx={px(ship.x)}
                    cy={px(ship.y)}
                    r={px(base)}
                    fill="transparent"
                    stroke={role ? "#ffffff" : "none"}
                    strokeWidth={2}
                  />
                ))}
              </g>
            );
          })}
        </svg>
      </section>
      {sel && (
        <div className="bs-panel" aria-live="polite">
          <h4>Squadron {sel.id}</h4>
          <Details state={state} sq={sel} />
          {measured && (
            <div className="bs-measure">
              <MeasureText m={measured} state={state} title={`${measured.from} to ${measured.to}`} />
              {measuredAfter && (
                <MeasureText
                  m={measuredAfter}
                  state={afterMove(state, selPlan!)}
                  title={`From the end of ${measured.from}'s drafted move`}
                />
              )}
              {measuredFire && selAt !== undefined && selPlan && (
                <MeasureText
                  m={measuredFire}
                  state={alongMove(state, selPlan, selAt)}
                  title={`From ${selAt.toFixed(1)}" along ${measured.from}'s move, where its light batteries fire`}
                />
              )}
              {play?.aim?.(measured.from, measured.to, selAt)}
              <button type="button" onClick={() => setTarget(null)}>
                Clear the target
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
