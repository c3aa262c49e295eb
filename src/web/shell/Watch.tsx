/**
 * The game as a spectator (or a game master without a seat) sees it: any seat's history and results, shown by the
 * ruleset's own seat view in its read-only mode (a map, a table; views.ts `readOnly`), read through the same API a
 * player uses, which answers only when the game lets this account see everything (its spectator setting: "live", or
 * "after-end" once the game is over). Otherwise the page says plainly that nothing is visible yet, and no seat view
 * is drawn (so nothing of a seat is asked for). Nothing here can be submitted: a spectator holds no seat.
 */
import { Suspense, useState } from "react";
import type { GameSummary } from "./api.js";
import { History } from "./History.js";
import type { SeatView } from "./views.js";
import { spectatorSight } from "./words.js";

/** `view`: the ruleset's seat view (the game page looks it up: the shell names no ruleset). */
export function Watch(props: { game: GameSummary; version: number; messages: number; view: SeatView }) {
  const { game } = props;
  const [seat, setSeat] = useState(game.seats[0]?.id ?? "");
  const [step, setStep] = useState<number | null>(null);
  const hidden = spectatorSight(game);
  const noun = game.seatNoun;
  const View = props.view;
  return (
    <section aria-labelledby="watch-h" className="seat watch">
      <h2 id="watch-h">{game.you.gameMaster ? "The game as its game master sees it" : "Watching this game"}</h2>
      {hidden ? (
        <p className="nothing-yet">{hidden}</p>
      ) : !game.started ? (
        <p className="nothing-yet">The game has not started: there is nothing to watch yet beyond its {noun}s.</p>
      ) : (
        <>
          <label htmlFor="watch-seat">Watch the {noun}</label>{" "}
          <select
            id="watch-seat"
            value={seat}
            onChange={(e) => {
              setSeat(e.target.value);
              setStep(null);
            }}
          >
            {game.seats.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <nav aria-label={`History of ${seat}`}>
            <h3>History</h3>
            <History game={game} seat={seat} version={props.version} chosen={step} choose={setStep} />
          </nav>
          <Suspense fallback={<p>Loading the {game.rulesetTitle} view…</p>}>
            <View key={seat} game={game} seat={seat} reportStep={step} version={props.version} messages={props.messages} readOnly />
          </Suspense>
        </>
      )}
    </section>
  );
}
