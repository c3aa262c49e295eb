/** A GET of the API that reloads when its path changes or when `version` does (the game moved on). */
import { useEffect, useState } from "react";
import { call, errorText } from "./api.js";

export function useGet<T>(path: string | null, version: number): { data: T | null; error: string | null } {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is not read: its change is the reason to fetch again.
  useEffect(() => {
    if (path === null) return;
    let live = true;
    call<T>("GET", path)
      .then((data) => {
        if (live) setState({ data, error: null });
      })
      .catch((e) => {
        if (live) setState({ data: null, error: errorText(e) });
      });
    return () => {
      live = false;
    };
  }, [path, version]);
  return state;
}
