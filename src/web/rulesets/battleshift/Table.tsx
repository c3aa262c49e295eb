/**
 * The Battleshift table drawn to scale from the seat's view: the ruleset's own replay drawing (renderTable) for the
 * table, terrain, planets, stations and ships, with this page's overlays on top (weapon arcs and ranges, command range,
 * coherency) and each squadron a focusable button. Selecting a squadron shows its details; choosing a second one then
 * measures, with the rules' own fire and line-of-sight code, what an order would meet: the distance, the bearing
 * against each weapon's arc and any blocking squadron. Nothing is submitted.
 */
import { type KeyboardEvent, type ReactNode, useMemo, useState } from "react";
import { coherency, offset, type Point } from "../../../rules/battleshift/geometry.js";
import { type BattleState, designOfSquadron, flagshipPoint, type Squadron, squadronList } from "../../../rules/battleshift/model.js";
import { renderTable } from "../../../rules/battleshift/presentation/replay.js";
import { colour } from "../../../rules/battleshift/presentation/replay-marks.js";
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";
import { measure, stateOfView, weaponsOf } from "./table-state.js";

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

export function BattleTable({ view }: { view: BattleView }) {
  const state = useMemo(() => stateOfView(view), [view]);
  const [layers, setLayers] = useState<ReadonlySet<Layer>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const onTable = useMemo(() => squadronList(state).filter((s) => s.location === "table" && s.ships.length > 0), [state]);
  const drawn = useMemo(() => renderTable({ step: view.step, state, events: [] }, SCALE), [state, view.step]);
  // A squadron chosen before a step ran may since have left the table (destroyed, shifted out): then none is chosen.
  const sel = selected ? onTable.find((q) => q.id === selected) : undefined;
  const measured = useMemo(() => (sel && target ? measure(state, sel.id, target) : null), [state, sel, target]);
  const W = state.battlespace.widthFt * 12;
  const H = state.battlespace.depthFt * 12;

  const choose = (id: string) => {
    if (!selected || id === selected) {
      setSelected(id === selected ? null : id);
      setTarget(null);
    } else setTarget(id);
  };
  const onKey = (id: string) => (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      choose(id);
    }
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
        <svg viewBox={`-4 -4 ${px(W) + 8} ${px(H) + 8}`}>
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
                aria-label={`Squadron ${sq.id} (${sq.side}), ${sq.ships.length} ship(s), facing ${Math.round(sq.facing)}`}
                aria-pressed={sq.id === selected || sq.id === target}
                className={`bs-squadron ${role}`}
                onClick={() => choose(sq.id)}
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
              <h4>
                {measured.from} to {measured.to}
              </h4>
              <p>
                {`Distance ${measured.distance}" (nearest ships); bearing ${measured.bearing} degrees, ${measured.offFacing} degrees off ${measured.from}'s facing; ${measured.lineOfSight}.`}
              </p>
              <ul>
                {measured.weapons.map((w) => (
                  <li
                    key={w.name}
                  >{`${w.name} (${w.range}", ${w.arc}): ${w.ok ? "bears" : !w.inRange ? "out of range" : `out of arc (${w.offArc} degrees off)`}`}</li>
                ))}
              </ul>
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
