/**
 * A Space War squadron's seat (issue 13: "the ruleset's views in the web client: table, craft cards with their modules
 * and damage"): the battle table drawn from the seat's view (BattleTable.tsx), the seat's craft as buttons, the chosen
 * craft's card (CraftCard.tsx, with its damage and expended modules) and its orders. Pointing makes orders: with a craft
 * chosen, a point clicked moves it there (S7) or deploys it there (the deploy step, within 6" of the planet, l.884); an
 * enemy clicked is a shot at it (S9). Every step's orders are also offered as forms from the seat's menus (GET
 * .../options) and as the orders file (JSON) to edit as text; the draft is checked as it changes (the shell's
 * useCheckedDraft.ts) and the check's lines stand under each order: the inches against the allowance, the score each
 * die needs. Steps that are not a battle turn (design, purchase, deploy, after-game) get their forms, with the designer
 * a link away and the rules' example designs and purchase a button away. The seat's report is below. Watched
 * (readOnly), the same without anything that writes.
 */
import { useCallback, useEffect, useState } from "react";
import type { Options } from "../../../core/ruleset.js";
import type { Craft, Point } from "../../../rules/space-war/model.js";
import { FACE_DOWN } from "../../../rules/space-war/presentation/known-state.js";
import { deployPoints, EXAMPLE_DESIGNS, fittingPurchase, type SxView, squadronOf } from "../../../rules/space-war/presentation/view.js";
import type { CheckLine } from "../../shell/api.js";
import { CheckLines, DraftPanel } from "../../shell/DraftPanel.js";
import { MenuForm } from "../../shell/MenuForm.js";
import { ReportText } from "../../shell/ReportText.js";
import { useGet } from "../../shell/useGet.js";
import { useMenuDraft } from "../../shell/useMenuDraft.js";
import { useTrialChecks } from "../../shell/useTrialChecks.js";
import type { SeatViewProps } from "../../shell/views.js";
import { notAwaitedText } from "../../shell/words.js";
import { BattleTable } from "./BattleTable.js";
import { craftName, deployNote, moveNote, ordersOf, pointOrder, putOrder } from "./battle-table.js";
import { CraftCard } from "./CraftCard.js";
import { type Offer, offersAgainst, offersOfVessel } from "./offers.js";
import { type DraftOrder, menusForCraft, orderText, TYPED_MODULES, writeDraft } from "./sx-draft.js";
import "./seat-view.css";

const STEP_WORDS: Readonly<Record<string, string>> = {
  design: "designing the squadron's craft (l.19)",
  purchase: "buying craft for this game (l.29)",
  deploy: "deploying face down (l.33, l.884)",
  battle: "the battle",
  "after-game": "medals and new designs (l.41-45)",
};

function CraftPanel(props: {
  craft: Craft;
  mine: boolean;
  orders: readonly DraftOrder[];
  lines: (i: number) => CheckLine[];
  options: Options | null;
  add: (o: DraftOrder) => void;
  remove: (i: number) => void;
  canWrite: boolean;
  step: number;
  close: () => void;
}) {
  const { craft: c, mine, options, canWrite } = props;
  const known = c.design !== FACE_DOWN.design;
  const own = ordersOf(props.orders, c.id);
  const menus = options && mine ? menusForCraft(options.orders, c.id) : [];
  return (
    <section aria-labelledby="sx-craft-h" className="sx-craft-panel">
      <h3 id="sx-craft-h" tabIndex={-1}>
        {craftName(c)}
      </h3>
      <button type="button" onClick={props.close}>
        Close the craft
      </button>
      {known ? (
        <CraftCard
          design={{
            name: c.design,
            type: c.type,
            modules: c.modules.map((m) => (m.arc ? { module: m.module, arc: m.arc } : { module: m.module })),
          }}
          damage={c.modules.map((m) => ({ damaged: m.damaged, expended: m.expended === true }))}
          level={4}
        />
      ) : (
        <p>A face-down counter: what it is stays hidden until it is revealed (l.659-665).</p>
      )}
      <p className="hint">
        {[
          c.pendingHits > 0 ? `${c.pendingHits} hit(s) pending (rolled against its armour at its owner's next S1, l.355)` : "",
          c.tractoredBy ? `held by ${c.tractoredBy}'s tractor beam (l.442)` : "",
          c.crew ? `crew ${c.crew} aboard` : "",
        ]
          .filter((x) => x !== "")
          .join("; ")}
      </p>
      {mine && (
        <>
          <h4>Its orders in the draft</h4>
          {own.length === 0 ? (
            <p className="hint">None yet.</p>
          ) : (
            <ul className="sx-draft-of">
              {own.map(({ order, at }) => (
                <li key={at}>
                  #{at} {orderText(order)}{" "}
                  {canWrite && (
                    <button type="button" onClick={() => props.remove(at)}>
                      Remove #{at}
                    </button>
                  )}
                  <CheckLines lines={props.lines(at)} className="sx-line" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {canWrite &&
        menus.map((m, i) => (
          <MenuForm
            // biome-ignore lint/suspicious/noArrayIndexKey: the menus are made afresh for each craft and never reordered.
            key={`${props.step}-${c.id}-${m.type}-${i}`}
            menu={m}
            initial={{ craft: c.id }}
            add={props.add}
            disabled={false}
            label={`${m.type} order for ${c.id}`}
            prefix="sx"
            typed={TYPED_MODULES}
          />
        ))}
    </section>
  );
}

/** The orders offered for a craft pointed at, and the craft they are about ("blue-1 against red-4"). */
interface OfferSet {
  title: string;
  list: Offer[];
}

/**
 * The offers, each a button, with what the check says of the draft with that order in it (useTrialChecks.ts: the
 * inches, the score each die needs, or why it fails) beside it, before one is chosen.
 */
function OffersPanel(props: {
  game: string;
  seat: string;
  step: number;
  orders: readonly DraftOrder[];
  offers: OfferSet;
  take: (o: Offer) => void;
  close: () => void;
}) {
  const { seat, step, orders, offers } = props;
  const trials = offers.list.map((o) => {
    const next = putOrder(orders, o.order);
    return { text: writeDraft(seat, step, next), at: next.indexOf(o.order) };
  });
  const checked = useTrialChecks(props.game, seat, step, trials);
  return (
    <section aria-labelledby="sx-offers-h" className="sx-offers">
      <h4 id="sx-offers-h" tabIndex={-1}>
        Orders of {offers.title}
      </h4>
      <ul>
        {offers.list.map((o, i) => {
          const r = checked[i] ?? null;
          const bad = r !== null && ("error" in r || r.lines.some((l) => !l.ok));
          return (
            <li key={orderText(o.order)} className={r === null ? "" : bad ? "fail" : "pass"}>
              <button type="button" aria-describedby={`sx-offer-${i}`} onClick={() => props.take(o)}>
                {o.text}
              </button>{" "}
              <span id={`sx-offer-${i}`} className="sx-offer-check">
                {r === null
                  ? "checking…"
                  : "error" in r
                    ? r.error
                    : r.lines.map((l) => `${l.ok ? (l.certainty === "chance" ? "odds" : "ok") : "fails"}: ${l.text}`).join("; ")}
              </span>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={props.close}>
        Close the offers
      </button>
    </section>
  );
}

export default function SpaceWarSeatView(props: SeatViewProps) {
  const { game, seat, version, readOnly } = props;
  const { data, error } = useGet<{ view: SxView }>(`/api/games/${game.id}/seats/${seat}/view`, version);
  const view = data?.view ?? null;
  const md = useMenuDraft(props, orderText);
  const { options, orders, canWrite, lines, setOrders, remove } = md;
  const { awaited, setStatus } = md.draft;
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [offers, setOffers] = useState<OfferSet | null>(null);
  const state = view?.state ?? null;
  const battle = state?.campaign.battle ?? null;
  const step = state?.campaign.step ?? "design";
  const craft = battle?.craft ?? [];
  const chosenCraft = craft.find((c) => c.id === chosen) ?? null;

  const put = useCallback(
    (o: DraftOrder) => {
      if (!md.read?.orders) return;
      setOrders(putOrder(md.read.orders, o));
      setStatus(`In the draft: ${orderText(o)}.`);
    },
    [md.read, setOrders, setStatus],
  );
  // The chosen craft's panel takes the focus when chosen from the list, so a keyboard user lands on its card and orders.
  useEffect(() => {
    if (chosen) document.getElementById("sx-craft-h")?.focus({ preventScroll: true });
  }, [chosen]);
  // Offers take the focus after that (a craft pointed at), so a keyboard user lands on them; a new step drops them.
  useEffect(() => {
    if (offers) document.getElementById("sx-offers-h")?.focus({ preventScroll: true });
  }, [offers]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a step has run: the offers were of the last one.
  useEffect(() => setOffers(null), [version]);

  if (error) return <p role="alert">{error}</p>;
  if (!view || !state) return <p>Loading the table…</p>;

  const pointing = canWrite && step === "battle" && options !== null;
  const choose = (c: Craft) => {
    const ours = chosenCraft && chosenCraft.owner === seat ? chosenCraft : null;
    if (c.owner !== seat) {
      // An enemy clicked with a craft of ours chosen, in our turn: what the menus let that craft do against it.
      if (pointing && ours) {
        const list = offersAgainst(options.orders, ours, c);
        setOffers(list.length > 0 ? { title: `${ours.id} against ${c.id}`, list } : null);
        setNote(list.length > 0 ? "" : `The menus offer ${ours.id} no order against ${c.id} now.`);
        return;
      }
      setChosen((k) => (k === c.id ? null : c.id));
      setOffers(null);
      return;
    }
    const choosing = c.id !== chosen;
    setChosen(choosing ? c.id : null);
    setNote("");
    // A vessel of ours chosen by a click: its fighters to launch, the fighter chosen before to retrieve into it.
    const list = pointing && choosing && c.type === "vessel" ? offersOfVessel(options.orders, c, ours, craft) : [];
    setOffers(list.length > 0 ? { title: c.id, list } : null);
  };
  const take = (o: Offer) => {
    put(o.order);
    setOffers(null);
    setNote(`In the draft: ${orderText(o.order)}.`);
  };
  const point = (p: Point) => {
    if (!chosenCraft) {
      setNote(`(${p.x}, ${p.y}): choose one of your craft first, then click where it goes.`);
      return;
    }
    const o = pointOrder(state, seat, chosenCraft, p);
    if (!o) {
      setNote(`${chosenCraft.id} cannot be sent to a point in this step.`);
      return;
    }
    setNote(o.type === "deploy" ? deployNote(state, seat, chosenCraft.id, p).text : o.type === "move" ? moveNote(chosenCraft, p).text : "");
    put(o);
    if (o.type === "deploy") {
      // The next craft still to deploy is chosen, so clicks place the squadron one after another.
      const placed = new Set(putOrder(orders, o).map((x) => x.craft));
      const next = craft.find((c) => c.owner === seat && c.where.kind === "entering" && !c.station && !placed.has(c.id));
      setChosen(next?.id ?? null);
    }
  };

  const q = squadronOf(state, seat);
  const mine = craft.filter((c) => c.owner === seat && c.where.kind !== "gone");
  const waiting = game.seats.filter((s) => s.awaited).map((s) => s.name);
  const examples = () => setOrders(EXAMPLE_DESIGNS.map((d) => ({ type: "design", name: d.name, craft: d.type, modules: d.modules })));
  const purchase = () =>
    q && setOrders(fittingPurchase(q).flatMap((p) => (p.count > 0 ? [{ type: "buy", design: p.design.name, count: p.count }] : [])));
  const deployRest = () => {
    const placed = new Set(orders.map((o) => o.craft));
    const rest = mine.filter((c) => c.where.kind === "entering" && !c.station && !placed.has(c.id));
    const pts = deployPoints(state, seat, orders.filter((o) => o.type === "deploy").length + rest.length).slice(-rest.length || 0);
    let list = [...orders];
    rest.forEach((c, i) => {
      const p = pts[i];
      if (p) list = putOrder(list, { type: "deploy", craft: c.id, at: p.at, heading: p.heading });
    });
    setOrders(list);
  };

  return (
    <div className="seat-view sx-view">
      <section aria-labelledby="sx-table-h" className="sx-battle">
        <h3 id="sx-table-h">
          Step {state.step}, game {state.campaign.game + 1}: {STEP_WORDS[step] ?? step}
          {battle && step === "battle" ? `, turn ${battle.turn}, ${battle.active} to play` : ""}
        </h3>
        <p>
          {game.over ? "The campaign is over." : waiting.length > 0 ? `Waiting for: ${waiting.join(", ")}.` : ""}{" "}
          {awaited ? "Your squadron's orders are due." : readOnly ? "" : notAwaitedText(game)}
        </p>
        {battle && (
          <div className="sx-table-frame">
            <BattleTable state={state} seat={seat} chosen={chosen} orders={orders} onCraft={choose} onPoint={canWrite ? point : null} />
          </div>
        )}
        {offers && (
          <OffersPanel
            game={game.id}
            seat={seat}
            step={game.step}
            orders={orders}
            offers={offers}
            take={take}
            close={() => setOffers(null)}
          />
        )}
        <p role="status" className="sx-note">
          {note}
        </p>
        {mine.length > 0 && (
          <nav aria-label="Your craft" className="sx-craft-list">
            <h4>Your craft</h4>
            <ul>
              {mine.map((c) => (
                <li key={c.id}>
                  <button type="button" aria-pressed={c.id === chosen} onClick={() => choose(c)}>
                    {craftName(c)}
                    {ordersOf(orders, c.id).length > 0 ? ` (${ordersOf(orders, c.id).length} in the draft)` : ""}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </section>
      {chosenCraft && (
        <CraftPanel
          craft={chosenCraft}
          mine={chosenCraft.owner === seat}
          orders={orders}
          lines={lines}
          options={options}
          add={put}
          remove={remove}
          canWrite={canWrite}
          step={state.step}
          close={() => setChosen(null)}
        />
      )}
      {!readOnly && (
        <DraftPanel
          game={game}
          md={md}
          prefix="sx"
          describe={orderText}
          emptyHint="No orders yet: the rules' defaults stand."
          typed={TYPED_MODULES}
        >
          {canWrite && step === "design" && (
            <p>
              Design up to three craft (l.19, l.57): with the form below, in the{" "}
              <a href="#/rulesets/space-war/designer">squadron designer</a> (priced as you edit; paste its file here as text), or{" "}
              <button type="button" onClick={examples}>
                Use the three example designs
              </button>
            </p>
          )}
          {canWrite && step === "purchase" && q && (
            <p>
              <button type="button" onClick={purchase}>
                Use a purchase that fits the budget
              </button>
            </p>
          )}
          {canWrite && step === "deploy" && (
            <p>
              Choose a craft, then click the table within 6" of your planet (the circle) to place it face down; the next craft is chosen for
              you.{" "}
              <button type="button" onClick={deployRest}>
                Place the rest about the planet
              </button>
            </p>
          )}
          {canWrite && step === "battle" && (
            <p className="hint">
              Choose a craft, click a point to move it there; click an enemy face up for what your craft may do against it (shoot, tractor,
              ram, nuke), or a vessel of yours to launch its fighters or retrieve the chosen one, each with what the check says of it; the
              other orders are in the craft's panel and below.
            </p>
          )}
        </DraftPanel>
      )}
      <ReportText {...props} title="Report" />
    </div>
  );
}
