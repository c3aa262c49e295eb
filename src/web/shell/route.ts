/**
 * Pages are named by the URL's hash (`#/`, `#/games/ID`, `#/rulesets/RULESET/PAGE` for a ruleset's own pages, such
 * as a fleet builder: src/web/rulesets/index.ts lists them), so the server serves one page and a reload or a shared
 * link lands on the same place without any server-side fallback.
 */
import { useEffect, useState } from "react";

export type Route = { page: "lobby" } | { page: "game"; id: string } | { page: "ruleset"; ruleset: string; name: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/games\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/.exec(hash);
  if (m) return { page: "game", id: m[1]! };
  const r = /^#\/rulesets\/([a-z0-9][a-z0-9-]{0,63})\/([a-z0-9][a-z0-9-]{0,63})$/.exec(hash);
  return r ? { page: "ruleset", ruleset: r[1]!, name: r[2]! } : { page: "lobby" };
}

export function rulesetPageHref(ruleset: string, name: string): string {
  return `#/rulesets/${ruleset}/${name}`;
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
