/**
 * A craft card (issue 13: "craft cards with their modules and damage"): a craft's modules drawn as the seed draws them,
 * a lettered circle a module, with arcs of fire, damaged modules struck through and expended ones hollow (the picture
 * is craft-card.ts `cardPicture`). Nothing is told by colour alone, and the picture is said in words.
 *
 * Independent of the designer: it takes a design (or a craft in battle: anything with a name, a type and modules) and,
 * optionally, each module's damage flags.
 */
import { type CardCraft, cardPicture, type ModuleFlags } from "./craft-card.js";
import "./craft-card.css";

export interface CraftCardProps {
  design: CardCraft;
  /** Module by module, in the design's order: damaged, expended (a craft's modules in battle fit as they are). */
  damage?: readonly (ModuleFlags | undefined)[];
  /** Modules to draw in the fault colour and say so (the designer: a module the check faults). */
  faulty?: readonly number[];
  /** The heading level of the card's name (3 by default). */
  level?: 2 | 3 | 4;
}

export function CraftCard(props: CraftCardProps) {
  const { design: d } = props;
  const p = cardPicture(d, props.damage, props.faulty);
  const Heading = `h${props.level ?? 3}` as const;
  const r = p.radius;
  return (
    <article className="sx-card" aria-label={`Craft card: ${d.name || "(no name)"}`}>
      <Heading className="sx-card-name">
        {d.name || "(no name)"} <span className="sx-card-type">{d.type === "vessel" ? "Vessel" : "Fighter"}</span>
      </Heading>
      <svg className="sx-card-modules" viewBox={`0 0 ${p.width} ${p.height}`} width={p.width} role="img" aria-label={p.label}>
        {p.circles.map((c, k) => (
          <g
            // biome-ignore lint/suspicious/noArrayIndexKey: a module's place in the design is its identity.
            key={k}
            className={["sx-mod", c.damaged ? "damaged" : "", c.expended ? "expended" : "", c.faulty ? "faulty" : ""]
              .filter(Boolean)
              .join(" ")}
          >
            <title>{c.words}</title>
            <circle cx={c.x} cy={c.y} r={r} />
            {c.arc && <path className="sx-arc" d={c.arc} />}
            <text x={c.x} y={c.y} dy="0.35em" textAnchor="middle" fontSize={c.letters.length > 1 ? 12 : 15}>
              {c.letters}
            </text>
            {c.damaged && (
              <path
                className="sx-strike"
                d={`M ${c.x - 13} ${c.y - 13} L ${c.x + 13} ${c.y + 13} M ${c.x + 13} ${c.y - 13} L ${c.x - 13} ${c.y + 13}`}
              />
            )}
          </g>
        ))}
      </svg>
      <p className="sx-card-words">
        {p.circles.length === 0 ? "No modules." : p.text}
        {p.damaged > 0 && ` · ${p.damaged} damaged`}
      </p>
    </article>
  );
}
