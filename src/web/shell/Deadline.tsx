/** A step's deadline: the time, and a countdown that ticks each second (not announced: it would be noise). */
import { useEffect, useState } from "react";
import type { GameSummary } from "./api.js";

export function left(ms: number): string {
  if (ms <= 0) return "due now";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = d > 0 ? [`${d} d`, `${h} h`] : h > 0 ? [`${h} h`, `${m} min`] : [`${m} min`, `${s % 60} s`];
  return `${parts.join(" ")} left`;
}

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
