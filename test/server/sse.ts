/** A Server-Sent Events subscriber over loopback, read as a real HTTP client reads the stream (live.test.ts, reminders.test.ts). */

export interface Sse {
  event: string;
  data: unknown;
}

/** A stream of one subscriber: its events as they come; `next` waits for the next one (or fails after `ms`). */
export async function subscribe(base: string, id: string, token?: string, headers: Record<string, string> = {}, query = "") {
  const ctl = new AbortController();
  const r = await fetch(`${base}/api/games/${id}/events${query}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: ctl.signal,
  });
  const got: Sse[] = [];
  const waiting: ((e: Sse) => void)[] = [];
  let raw = "";
  if (r.ok && r.body) {
    const reader = r.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          raw += decoder.decode(value, { stream: true });
          let cut = raw.indexOf("\n\n");
          while (cut >= 0) {
            const block = raw.slice(0, cut);
            raw = raw.slice(cut + 2);
            cut = raw.indexOf("\n\n");
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === undefined || data === undefined) continue;
            const e = { event, data: JSON.parse(data) };
            const w = waiting.shift();
            if (w) w(e);
            else got.push(e);
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: r.status,
    type: r.headers.get("content-type"),
    body: (r.ok ? null : await r.json()) as { error: string } | null,
    got,
    next(ms = 5000): Promise<Sse> {
      const e = got.shift();
      if (e) return Promise.resolve(e);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
        waiting.push((x) => {
          clearTimeout(t);
          resolve(x);
        });
      });
    },
    close: () => ctl.abort(),
  };
}
