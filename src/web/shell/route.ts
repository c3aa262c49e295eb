/**
 * Pages are named by the URL's hash (`#/`, `#/games/ID`, `#/invite/TOKEN` for a game master's invite link), so the server serves one page and a reload or a
 * shared link lands on the same place without any server-side fallback.
 */
import { useEffect, useState } from "react";

export type Route = { page: "lobby" } | { page: "game"; id: string } | { page: "invite"; token: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/games\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/.exec(hash);
  if (m) return { page: "game", id: m[1]! };
  // An invite's token is the server's secret (letters, digits, "_" and "-"); it stays in the page, never in a log.
  const i = /^#\/invite\/([A-Za-z0-9_-]{1,200})$/.exec(hash);
  return i ? { page: "invite", token: i[1]! } : { page: "lobby" };
}

export function gameHref(id: string): string {
  return `#/games/${id}`;
}

/** The link a game master hands on: this page's address with the invite's route. */
export function inviteLink(token: string): string {
  return `${location.origin}${location.pathname}#/invite/${token}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return route;
}
