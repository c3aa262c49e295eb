/**
 * A side of the Second Sathar War (issue 12 "Play"): the Frontier Deployment Map drawn from the campaign as the seat
 * knows it (its view's `state`, which is `knownState`: rules' presentation/map-picture.ts and map-svg.ts, the same
 * picture the `starhost map` tool draws), with every stack a button; the Time Record, the phase and whose step it is;
 * a chosen stack's ships and the orders its menus offer; the other orders of the step; the draft, checked as it changes
 * and submitted through the shell's draft (useCheckedDraft.ts); the battles fought, with a Battleshift battle's replay
 * to watch (a new tab) and its fleets and seed to download; and the results as text. Watched (readOnly), the same without anything that writes.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import type { Options } from "../../../core/ruleset.js";
import type { BattleRecord, Ship } from "../../../rules/sathar-war/model.js";
import { CLASS_NAMES } from "../../../rules/sathar-war/orders-of-battle/ship-classes.js";
import { mapPicture, type Stack } from "../../../rules/sathar-war/presentation/map-picture.js";
import { mapSvg } from "../../../rules/sathar-war/presentation/map-svg.js";
import type { SwView } from "../../../rules/sathar-war/presentation/view.js";
import { DraftPanel } from "../../shell/DraftPanel.js";
import { MenuForm } from "../../shell/MenuForm.js";
import { ReportText } from "../../shell/ReportText.js";
import { useGet } from "../../shell/useGet.js";
import { useMenuDraft } from "../../shell/useMenuDraft.js";
import type { SeatViewProps } from "../../shell/views.js";
import { notAwaitedText } from "../../shell/words.js";
import { type DraftOrder, menusForStack, orderText, prefill } from "./draft.js";
import "./sathar-war.css";

const SIDE_NAME: Readonly<Record<string, string>> = { upf: "UPF", sathar: "Sathar" };

/** A stack button's name: the words the map shows on it first (WCAG 2.5.3, the label in the name), then whose and where. */
function stackLabel(s: Stack, shown: string): string {
  return `${shown || s.text}, ${SIDE_NAME[s.side] ?? s.side} stack at ${s.where}`;
}

/**
 * The map: the rules' SVG, its stacks made buttons (each `<g data-stack>` gets a role, a name, a tab stop and the
 * pressed state), chosen by a click or by Enter or Space on the focused stack.
 */
function FrontierMap(props: { view: SwView; stacks: Stack[]; chosen: string | null; choose: (key: string) => void }) {
  const { view, stacks, chosen, choose } = props;
  const frame = useRef<HTMLDivElement>(null);
  const svg = useMemo(() => {
    const picture = mapPicture(view.state);
    // A group, not an image: it holds buttons (an image's children are presentational).
    return mapSvg(picture, { subtitle: `As the ${SIDE_NAME[view.side] ?? view.side} side knows it (seat ${view.seat})` }).replace(
      'role="img" aria-labelledby="map-title map-desc"',
      'role="group" aria-labelledby="map-title" aria-describedby="map-desc" class="sw-map"',
    );
  }, [view]);
  const byKey = useMemo(() => new Map(stacks.map((s) => [s.key, s])), [stacks]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `svg` is not read: a new map is new elements to make buttons of.
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    for (const g of root.querySelectorAll<SVGGElement>("g[data-stack]")) {
      const s = byKey.get(g.dataset.stack ?? "");
      if (!s) continue;
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", stackLabel(s, g.querySelector("text")?.textContent?.trim() ?? ""));
      g.setAttribute("aria-pressed", String(s.key === chosen));
    }
  }, [svg, byKey, chosen]);
  const target = (e: { target: EventTarget }) => (e.target as Element).closest?.("g[data-stack]")?.getAttribute("data-stack") ?? null;
  const click = (e: MouseEvent) => {
    const k = target(e);
    if (k) choose(k);
  };
  const key = (e: KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const k = target(e);
    if (!k) return;
    e.preventDefault();
    choose(k);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks and keys are the stacks' (role="button" each), caught here once.
    <div
      className="sw-map-frame"
      ref={frame}
      onClick={click}
      onKeyDown={key}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the rules' SVG, every word in it escaped (map-svg.ts `esc`).
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

function damageText(ship: Ship): string {
  const d = Object.entries(ship.damage).filter(([, v]) => (v ?? 0) !== 0);
  return d.length > 0 ? d.map(([k, v]) => `${k} ${v}`).join(", ") : "none";
}

function spentText(ship: Ship): string {
  const s = Object.entries(ship.spent).filter(([, n]) => (n ?? 0) > 0);
  return s.length > 0 ? s.map(([k, n]) => `${k} ${n}`).join(", ") : "none";
}

function ShipTable(props: { ships: Ship[]; caption: string }) {
  return (
    <table className="sw-ships">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Ship</th>
          <th scope="col">Class</th>
          <th scope="col">Damage</th>
          <th scope="col">Spent</th>
        </tr>
      </thead>
      <tbody>
        {props.ships.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              {s.id} <span className="hint">{s.name}</span>
            </th>
            <td>{CLASS_NAMES[s.cls]}</td>
            <td>{damageText(s)}</td>
            <td>{spentText(s)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A Battleshift battle's kept input as a file: its fleets, victory and seed (RULINGS.md "Battles: Replay"). */
function replayHref(b: BattleRecord): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(b.battleshift, null, 2))}`;
}

function replayCommand(seed: number): string {
  return `Replay it with: starhost new battleshift --scenario default --fleet upf.json --fleet sathar.json --victory turns.json --seed ${seed} (the file's fleets and victory; bots "normal" on both sides fight the same battle step for step).`;
}

/**
 * "Watch the replay" (issue 12: the Battleshift battle's "replay linked from the campaign's report"): a link to the
 * server's battle-replay tool's page (GET .../tools/battle-replay/file?battle=ID&seat=S, a battle the seat knows of),
 * which replays the battle from its kept fleets and seed; it opens in a new tab, sandboxed by the server.
 */
function WatchReplay(props: { game: string; seat: string; battle: string }) {
  const { game, seat, battle } = props;
  const href = `/api/games/${game}/tools/battle-replay/file?battle=${encodeURIComponent(battle)}&seat=${encodeURIComponent(seat)}`;
  return (
    <>
      <a href={href} target="_blank" rel="noopener">
        Watch the replay of battle {battle}
      </a>{" "}
      <span className="hint">(opens in a new tab)</span>
    </>
  );
}

function Battles(props: { view: SwView; game: string; seat: string }) {
  const { state } = props.view;
  const sys = (id: string) => state.map.systems.find((s) => s.id === id)?.name ?? id;
  const battles = [...state.battles].reverse();
  return (
    <section aria-labelledby="sw-battles-h" className="sw-battles">
      <h3 id="sw-battles-h">Battles</h3>
      {battles.length === 0 && <p>No battle has been fought yet.</p>}
      <ul>
        {battles.map((b) => (
          <li key={b.id}>
            <details>
              <summary>
                Day {b.day}: {sys(b.system)}, at {b.planet}: the {SIDE_NAME[b.attacker]} attacked ({b.ships.length} ships,{" "}
                {b.stations.length} stations; {b.battleshift ? "fought in Battleshift" : `resolved ${b.mode}`})
              </summary>
              {/* Focusable so that keyboard users can scroll a long report (WCAG 2.1.1). */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
              <section className="sw-battle-report" tabIndex={0} aria-label={`Report of battle ${b.id}`}>
                <pre>{b.report.join("\n")}</pre>
              </section>
            </details>
            {b.battleshift && (
              <p>
                <WatchReplay game={props.game} seat={props.seat} battle={b.id} />
              </p>
            )}
            {b.battleshift && (
              <p>
                <a href={replayHref(b)} download={`${b.id}-battleshift.json`}>
                  Download battle {b.id} for a Battleshift replay (fleets, victory and seed {b.battleshift.seed})
                </a>
                <span className="hint"> {replayCommand(b.battleshift.seed)}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function StackPanel(props: {
  view: SwView;
  stack: Stack;
  options: Options | null;
  add: (o: DraftOrder) => void;
  canWrite: boolean;
  close: () => void;
}) {
  const { view, stack, options, add, canWrite } = props;
  const ships = stack.ships.map((id) => view.state.ships[id]).filter((s): s is Ship => s !== undefined);
  const menus = options ? menusForStack(options.orders, stack.ships) : [];
  return (
    <section aria-labelledby="sw-stack-h" className="sw-stack-panel">
      <h3 id="sw-stack-h" tabIndex={-1}>
        {SIDE_NAME[stack.side]} stack at {stack.where}
      </h3>
      <button type="button" onClick={props.close}>
        Close the stack
      </button>
      <ShipTable ships={ships} caption={`${stack.text}: ${ships.length} ships`} />
      {canWrite && stack.side === view.side && menus.length === 0 && <p>The menus offer no order for this stack now.</p>}
      {canWrite &&
        menus.map((m, i) => (
          <MenuForm
            // A new stack, step or menus: a fresh form.
            // biome-ignore lint/suspicious/noArrayIndexKey: the menus are made afresh for each stack and never reordered.
            key={`${view.step}-${stack.key}-${m.type}-${i}`}
            menu={m}
            initial={prefill(m, stack.ships)}
            add={add}
            disabled={false}
            label={`${m.type} order for this stack`}
            prefix="sw"
          />
        ))}
    </section>
  );
}

export default function SatharWarSeatView(props: SeatViewProps) {
  const { game, seat, version, readOnly } = props;
  const { data, error } = useGet<{ view: SwView }>(`/api/games/${game.id}/seats/${seat}/view`, version);
  const view = data?.view ?? null;
  const md = useMenuDraft(props, orderText);
  const { options, add, canWrite } = md;
  const awaited = md.draft.awaited;
  const [chosen, setChosen] = useState<string | null>(null);
  const stacks = useMemo(() => (view ? mapPicture(view.state).stacks : []), [view]);
  const stack = stacks.find((s) => s.key === chosen) ?? null;
  const choose = (key: string) => setChosen((k) => (k === key ? null : key));
  // The chosen stack's panel takes the focus, so a keyboard user lands on its ships and orders.
  useEffect(() => {
    if (chosen) document.getElementById("sw-stack-h")?.focus();
  }, [chosen]);

  if (error) return <p role="alert">{error}</p>;
  if (!view) return <p>Loading the map…</p>;
  const waiting = game.seats.filter((s) => s.awaited).map((s) => s.name);
  const mine = stacks.filter((s) => s.side === view.side);
  return (
    <div className="seat-view sw-view">
      <section aria-labelledby="sw-map-h" className="map">
        <h3 id="sw-map-h">
          The Frontier as the {SIDE_NAME[view.side] ?? view.side} side sees it: {view.timeRecord}, {view.phase}
        </h3>
        <p>
          Step {view.step}: the {view.phase}.{" "}
          {game.over ? "The war is over." : waiting.length > 0 ? `Waiting for: ${waiting.join(", ")}.` : ""}{" "}
          {awaited ? "Your side's orders are due." : readOnly ? "" : notAwaitedText(game)}
        </p>
        <FrontierMap view={view} stacks={stacks} chosen={chosen} choose={choose} />
        {mine.length > 0 && (
          <nav aria-label="Your stacks" className="sw-stack-list">
            <h4>Your stacks</h4>
            <ul>
              {mine.map((s) => (
                <li key={s.key}>
                  <button type="button" aria-pressed={s.key === chosen} onClick={() => choose(s.key)}>
                    {s.text} at {s.where}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </section>
      {stack && <StackPanel view={view} stack={stack} options={options} add={add} canWrite={canWrite} close={() => setChosen(null)} />}
      {!readOnly && (
        <DraftPanel
          game={game}
          md={md}
          prefix="sw"
          describe={orderText}
          emptyHint="No orders yet: the rules' defaults stand (ships in transit keep going)."
        />
      )}
      <Battles view={view} game={game.id} seat={seat} />
      <ReportText {...props} title="Results" />
    </div>
  );
}
