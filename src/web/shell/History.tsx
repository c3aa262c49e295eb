/** A seat's steps run so far, as buttons that choose whose results the page shows (none chosen: the last). */
import type { GameSummary, SeatHistory } from "./api.js";
import { useGet } from "./useGet.js";

export function History(props: {
  game: GameSummary;
  seat: string;
  version: number;
  chosen: number | null;
  choose: (n: number | null) => void;
}) {
  const { data: h } = useGet<SeatHistory>(`/api/games/${props.game.id}/seats/${props.seat}/history`, props.version);
  if (!h || h.steps.length === 0) return <p>No step has run yet.</p>;
  return (
    <ol className="history">
      {h.steps.map((s) => {
        const current = props.chosen === s.step || (props.chosen === null && s.step === h.steps.at(-1)!.step);
        return (
          <li key={s.step}>
            <button type="button" aria-pressed={current} onClick={() => props.choose(s.step)}>
              Results of {s.label}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
