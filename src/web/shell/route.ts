/**
 * Pages are named by the URL's hash (`#/`, `#/games/ID`), so the server serves one page and a reload or a
 * shared link lands on the same place without any server-side fallback.
 */
import { useEffect, useState } from "react";

export type Route = { page: "lobby" } | { page: "game"; id: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/games\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/.exec(hash);
  return m ? { page: "game", id: m[1]! } : { page: "lobby" };
}

export function gameHref(id: string): string {
  return `#/games/${id}`;
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
