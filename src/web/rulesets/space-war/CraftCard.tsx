/**
 * A craft card (issue 13: "craft cards with their modules and damage"): a craft's modules drawn as the seed draws them,
 * one circle a module (the COST table's "oo", "ooo", l.168-256), each lettered with its abbreviation (E, L, EM, SB, A:
 * l.909-938; the others reference D.1). A Lasers or Expendables module shows its 90° arc of fire as a wedge on its
 * circle (l.635, front up). A damaged module is struck through (useless until repaired, l.396); an expended
 * Expendable is drawn hollow (not until reloaded in a Shuttle Bay, l.128). Everything drawn is also said in words for
 * screen readers, and nothing is told by colour alone.
 *
 * Independent of the designer: it takes a design (or a craft in battle: anything with a name, a type and modules)
 * and, optionally, each module's damage flags.
 */
import { ARC_CENTRE, type Arc, type CraftType, MODULE_DATA, type Module } from "../../../rules/space-war/designing-craft/modules.js";
import "./craft-card.css";

export interface CardModule {
  module: Module | "hotel";
  arc?: Arc;
}

export interface ModuleFlags {
  damaged?: boolean;
  expended?: boolean;
}

export interface CraftCardProps {
  design: { name: string; type: CraftType; modules: readonly CardModule[] };
  /** Module by module, in the design's order: damaged, expended (a craft's modules in battle fit as they are). */
  damage?: readonly (ModuleFlags | undefined)[];
  /** Modules to draw in the fault colour and say so (the designer: a module the check faults). */
  faulty?: readonly number[];
  /** The heading level of the card's name (3 by default). */
  level?: 2 | 3 | 4;
}

const R = 17;
const STEP = 44;
const ROW = 8;

const nameOf = (m: Module | "hotel"): string => (m === "hotel" ? "Hotels and hospitals" : MODULE_DATA[m].name);
const letters = (m: Module | "hotel"): string => (m === "hotel" ? "H" : m);

/** A module's arc, where it has one: its own, else the front (l.635). */
const arcOfCard = (m: CardModule): Arc | undefined => (m.module !== "hotel" && MODULE_DATA[m.module].arc ? (m.arc ?? "front") : undefined);

/** The 90° wedge of an arc, on a circle of radius r about (x, y): 45° each side of its centre (l.635). */
function wedge(x: number, y: number, r: number, arc: Arc): string {
  const at = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(x + r * Math.cos(rad)).toFixed(2)} ${(y + r * Math.sin(rad)).toFixed(2)}`;
  };
  const c = ARC_CENTRE[arc];
  return `M ${x} ${y} L ${at(c - 45)} A ${r} ${r} 0 0 1 ${at(c + 45)} Z`;
}

/** One module in words: "Lasers (rear arc, damaged)". */
export function moduleWords(m: CardModule, flags: ModuleFlags | undefined, faulty = false): string {
  const arc = arcOfCard(m);
  const notes = [
    ...(arc ? [`${arc} arc`] : []),
    ...(flags?.damaged ? ["damaged"] : []),
    ...(flags?.expended ? ["expended"] : []),
    ...(faulty ? ["faulty"] : []),
  ];
  return `${nameOf(m.module)}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

export function CraftCard(props: CraftCardProps) {
  const { design: d } = props;
  const n = d.modules.length;
  const perRow = Math.min(Math.max(n, 1), ROW);
  const rows = Math.max(1, Math.ceil(n / ROW));
  const width = perRow * STEP + 4;
  const height = rows * STEP + 4;
  const damaged = props.damage?.filter((f) => f?.damaged).length ?? 0;
  const Heading = `h${props.level ?? 3}` as const;
  const said = d.modules.map((m, k) => moduleWords(m, props.damage?.[k], props.faulty?.includes(k))).join(", ");
  return (
    <article className="sx-card" aria-label={`Craft card: ${d.name || "(no name)"}`}>
      <Heading className="sx-card-name">
        {d.name || "(no name)"} <span className="sx-card-type">{d.type === "vessel" ? "Vessel" : "Fighter"}</span>
      </Heading>
      <svg
        className="sx-card-modules"
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        role="img"
        aria-label={`${d.type === "vessel" ? "Vessel" : "Fighter"} of ${n} module(s): ${said || "none"}`}
      >
        {d.modules.map((m, k) => {
          const x = 2 + (k % ROW) * STEP + STEP / 2;
          const y = 2 + Math.floor(k / ROW) * STEP + STEP / 2;
          const f = props.damage?.[k];
          const arc = arcOfCard(m);
          const cls = ["sx-mod", f?.damaged ? "damaged" : "", f?.expended ? "expended" : "", props.faulty?.includes(k) ? "faulty" : ""]
            .filter(Boolean)
            .join(" ");
          const text = letters(m.module);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a module's place in the design is its identity.
            <g key={k} className={cls}>
              <title>{moduleWords(m, f, props.faulty?.includes(k))}</title>
              <circle cx={x} cy={y} r={R} />
              {arc && <path className="sx-arc" d={wedge(x, y, R, arc)} />}
              <text x={x} y={y} dy="0.35em" textAnchor="middle" fontSize={text.length > 1 ? 12 : 15}>
                {text}
              </text>
              {f?.damaged && (
                <path className="sx-strike" d={`M ${x - 13} ${y - 13} L ${x + 13} ${y + 13} M ${x + 13} ${y - 13} L ${x - 13} ${y + 13}`} />
              )}
            </g>
          );
        })}
      </svg>
      <p className="sx-card-words">
        {d.modules.length === 0
          ? "No modules."
          : d.modules.map((m) => letters(m.module) + (arcOfCard(m) && arcOfCard(m) !== "front" ? `(${m.arc})` : "")).join("+")}
        {damaged > 0 && ` · ${damaged} damaged`}
      </p>
    </article>
  );
}
