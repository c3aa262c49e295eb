/**
 * The battle table as the seat knows it (its view's state, rules' known-state.ts), drawn as the rules' table tool
 * draws it (presentation/table-svg.ts: planets, Space Stations, craft as arrows along their headings with their ids,
 * counters the seat cannot identify as plain squares, its own face-down craft dashed), with the pointing on top:
 * every craft on the table is a button (the seat's own to choose, an enemy's to shoot at), a click on the table is a
 * point for the chosen craft (battle-table.ts `pointOrder`), and the draft's moves, deployments and shots are drawn
 * as lines, so the seat sees its turn before it sends it. The chosen craft's allowance is a circle about it; in the
 * deploy step the 6" about the seat's planet (l.884) is one too.
 */
import { Fragment, type KeyboardEvent, type MouseEvent } from "react";
import type { Craft, Point, SpaceWarState } from "../../../rules/space-war/model.js";
import { FACE_DOWN } from "../../../rules/space-war/presentation/known-state.js";
import {
  allowanceOf,
  arrowPoints,
  craftName,
  DEPLOY_REACH,
  homePlanet,
  MARGIN,
  pictureSize,
  placeOf,
  SCALE,
  toPicture,
  toTable,
} from "./battle-table.js";
import type { DraftOrder } from "./sx-draft.js";

const COLOURS = ["#1f4fbf", "#b71c1c", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"];

/** A counter the seat cannot identify (known-state.ts blanks it). */
const unidentified = (c: Craft): boolean => c.design === FACE_DOWN.design;

const isPoint = (v: unknown): v is Point =>
  typeof v === "object" && v !== null && typeof (v as Point).x === "number" && typeof (v as Point).y === "number";

export function BattleTable(props: {
  state: SpaceWarState;
  seat: string;
  chosen: string | null;
  orders: readonly DraftOrder[];
  /** A craft's button pressed. */
  onCraft: (c: Craft) => void;
  /** A point of the table clicked (null: pointing is off, the table is only shown). */
  onPoint: ((p: Point) => void) | null;
}) {
  const { state, seat, chosen, orders, onCraft, onPoint } = props;
  const b = state.campaign.battle;
  if (!b) return <p>No battle is on the table now.</p>;
  const t = b.table;
  const { w, h } = pictureSize(t);
  const colour = (s: string) =>
    COLOURS[
      Math.max(
        0,
        state.seats.findIndex((x) => x.id === s),
      ) % COLOURS.length
    ] ?? "#333";
  const P = (p: Point) => toPicture(t, p);
  const byId = new Map(b.craft.map((c) => [c.id, c]));
  const chosenCraft = chosen ? byId.get(chosen) : undefined;
  const chosenPlace = chosenCraft ? placeOf(chosenCraft) : null;
  const home = state.campaign.step === "deploy" ? homePlanet(state, seat) : null;

  const click = (e: MouseEvent<SVGSVGElement>) => {
    const hit = (e.target as Element).closest?.("[data-craft]");
    const svg = e.currentTarget;
    if (hit) {
      const c = byId.get(hit.getAttribute("data-craft") ?? "");
      if (c) onCraft(c);
      return;
    }
    if (!onPoint) return;
    const m = svg.getScreenCTM();
    if (!m) return;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    onPoint(toTable(t, pt.x, pt.y));
  };
  const key = (e: KeyboardEvent<SVGSVGElement>) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const hit = (e.target as Element).closest?.("[data-craft]");
    const c = hit ? byId.get(hit.getAttribute("data-craft") ?? "") : undefined;
    if (!c) return;
    e.preventDefault();
    onCraft(c);
  };

  const lines = orders.flatMap((o, i) => {
    const c = typeof o.craft === "string" ? byId.get(o.craft) : undefined;
    if (!c) return [];
    const from = placeOf(c);
    if ((o.type === "move" || o.type === "launch") && isPoint(o.to ?? o.at)) {
      const to = P((o.to ?? o.at) as Point);
      const f = from ? P(from.at) : to;
      return [
        <g key={`o${String(i)}`} className="sx-plan-move">
          <line x1={f.x} y1={f.y} x2={to.x} y2={to.y} />
          <circle cx={to.x} cy={to.y} r={5} />
        </g>,
      ];
    }
    if (o.type === "deploy" && isPoint(o.at)) {
      const at = P(o.at);
      return [
        <g key={`o${String(i)}`} className="sx-plan-deploy">
          <polygon points={arrowPoints(at, typeof o.heading === "number" ? o.heading : 0, c.type === "vessel")} />
          <text x={at.x + 9} y={at.y + 14} fontSize={10}>
            {c.id}
          </text>
        </g>,
      ];
    }
    if (o.type === "shoot" && from && typeof o.target === "string") {
      const target = byId.get(o.target);
      const tp = target ? placeOf(target) : null;
      if (!tp) return [];
      // Shots are fired after movement (S9 after S7, l.277-347): from where the draft moves the craft, if it does.
      const moved = orders.find((x) => x.type === "move" && x.craft === c.id && isPoint(x.to));
      const a = P(moved && isPoint(moved.to) ? moved.to : from.at);
      const z = P(tp.at);
      return [<line key={`o${String(i)}`} className="sx-plan-shot" x1={a.x} y1={a.y} x2={z.x} y2={z.y} />];
    }
    return [];
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG picture cannot be a fieldset; it groups the craft's buttons.
    <svg
      className="sx-table"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      role="group"
      aria-label={`The battle table, ${t.width}" by ${t.depth}", turn ${b.turn}, ${b.active} to play: click a point to move the chosen craft there, a craft for the orders it is offered`}
      onClick={click}
      onKeyDown={key}
    >
      <rect x={MARGIN} y={MARGIN} width={t.width * SCALE} height={t.depth * SCALE} fill="#0b1330" stroke="#000" strokeWidth={2} />
      {Array.from({ length: Math.floor((t.width - 1) / 6) }, (_, i) => (i + 1) * 6).map((x) => (
        <line
          key={`gx${x}`}
          x1={P({ x, y: 0 }).x}
          y1={P({ x, y: 0 }).y}
          x2={P({ x, y: t.depth }).x}
          y2={P({ x, y: t.depth }).y}
          stroke="#26315a"
          strokeWidth={0.5}
        />
      ))}
      {Array.from({ length: Math.floor((t.depth - 1) / 6) }, (_, i) => (i + 1) * 6).map((y) => (
        <line
          key={`gy${y}`}
          x1={P({ x: 0, y }).x}
          y1={P({ x: 0, y }).y}
          x2={P({ x: t.width, y }).x}
          y2={P({ x: t.width, y }).y}
          stroke="#26315a"
          strokeWidth={0.5}
        />
      ))}
      {b.planets.map((p, i) => {
        const owner = Object.entries(b.homes).find(([, x]) => x.planet === i)?.[0];
        const c = P(p.at);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a planet's place in the battle is its name.
          <circle key={`p${i}`} cx={c.x} cy={c.y} r={(p.diameter / 2) * SCALE} fill="#c98f3a" stroke="#fff">
            <title>{`planet ${i + 1}${owner ? ` (${owner}'s)` : ""}`}</title>
          </circle>
        );
      })}
      {home && (
        <circle className="sx-reach" cx={P(home).x} cy={P(home).y} r={DEPLOY_REACH * SCALE}>
          <title>{`within ${DEPLOY_REACH}" of your planet: deploy here (l.884)`}</title>
        </circle>
      )}
      {chosenCraft && chosenPlace && state.campaign.step === "battle" && (
        <circle className="sx-reach" cx={P(chosenPlace.at).x} cy={P(chosenPlace.at).y} r={Math.max(allowanceOf(chosenCraft), 0.2) * SCALE}>
          <title>{`${chosenCraft.id} moves up to ${allowanceOf(chosenCraft)}"`}</title>
        </circle>
      )}
      {lines}
      {b.craft.map((c) => {
        const place = placeOf(c);
        if (!place) return null;
        const at = P(place.at);
        const col = colour(c.owner);
        const pressed = c.id === chosen;
        const mine = c.owner === seat;
        const shape = unidentified(c) ? (
          <rect x={at.x - 6} y={at.y - 6} width={12} height={12} fill="#9e9e9e" stroke={col} strokeWidth={2} />
        ) : c.station ? (
          <rect x={at.x - 8} y={at.y - 8} width={16} height={16} rx={4} fill="#fff" stroke={col} strokeWidth={2} />
        ) : (
          <polygon
            points={arrowPoints(at, place.heading, c.type === "vessel")}
            fill={col}
            stroke="#fff"
            strokeWidth={1.2}
            strokeDasharray={c.where.kind === "hidden" ? "2 2" : undefined}
            fillOpacity={c.where.kind === "hidden" ? 0.45 : 1}
          />
        );
        const name = unidentified(c) ? `${c.id} (${c.owner}): a face-down counter` : `${craftName(c)} (${c.owner})`;
        return (
          <Fragment key={c.id}>
            {/* biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be an HTML button; it takes the role and the keys instead. */}
            <g
              data-craft={c.id}
              className={`sx-craft${pressed ? " chosen" : ""}${mine ? " mine" : " enemy"}`}
              role="button"
              tabIndex={0}
              aria-label={name}
              aria-pressed={mine ? pressed : undefined}
            >
              {/* No <title>: the name is the aria-label, and a title would be text not in it (WCAG 2.5.3). */}
              <circle cx={at.x} cy={at.y} r={13} fill="transparent" />
              {pressed && <circle cx={at.x} cy={at.y} r={14} className="sx-chosen-ring" />}
              {shape}
              <text x={at.x + 9} y={at.y - 8} fontSize={10} fill="#fff">
                {c.id}
              </text>
            </g>
            {c.station && !unidentified(c) && (
              // The station's letter is outside its button: the button's name says "Space Station" (WCAG 2.5.3); clicks pass through.
              <text x={at.x} y={at.y + 4} fontSize={10} fontWeight="bold" textAnchor="middle" fill={col} pointerEvents="none">
                S
              </text>
            )}
          </Fragment>
        );
      })}
    </svg>
  );
}
