/** A step's deadline: the time, and a countdown that ticks each second (not announced: it would be noise). */
import { useEffect, useState } from "react";
import type { GameSummary } from "./api.js";
import { left } from "./words.js";

export function Deadline(props: { game: GameSummary }) {
  const d = props.game.deadline;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!d.at || d.paused) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [d.at, d.paused]);
  if (props.game.over) return <span>the game is over</span>;
  if (!props.game.started) return <span>not started</span>;
  if (d.paused) return <span>paused</span>;
  if (!d.at) return <span>{d.schedule}</span>;
  return (
    <span>
      <time dateTime={d.at}>{new Date(d.at).toLocaleString()}</time> <span className="countdown">({left(Date.parse(d.at) - now)})</span>
    </span>
  );
}
