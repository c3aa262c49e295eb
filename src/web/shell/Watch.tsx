/**
 * The game as a spectator (or a game master without a seat) sees it: any seat's history and results, read through
 * the same API a player uses, which answers only when the game lets this account see everything (its spectator
 * setting: "live", or "after-end" once the game is over). Otherwise the page says plainly that nothing is visible
 * yet. Nothing here can be submitted: a spectator holds no seat.
 */
import { useState } from "react";
import type { GameSummary } from "./api.js";
import { History } from "./History.js";
import { ReportText } from "./ReportText.js";
import { spectatorSight } from "./words.js";

export function Watch(props: { game: GameSummary; version: number }) {
  const { game } = props;
  const [seat, setSeat] = useState(game.seats[0]?.id ?? "");
  const [step, setStep] = useState<number | null>(null);
  const hidden = spectatorSight(game);
  const noun = game.seatNoun;
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
          <ReportText game={game} seat={seat} reportStep={step} version={props.version} />
        </>
      )}
    </section>
  );
}
