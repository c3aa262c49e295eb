/**
 * The event hub's notifications (src/server/events.ts), on a real PGlite site store and, with DATABASE_URL, on
 * PostgreSQL: "seat S has submitted for step N" is the same news however often it is told, so identical ones on
 * their way at once go out as one; every other event goes out each time.
 */
import { afterAll, describe, expect, it } from "vitest";
import { EventHub, parseEvent } from "../../src/server/events.js";
import { openSite } from "../../src/store/open.js";

const specs = ["pglite:memory://", ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];

describe.each(specs)("event hub on %s", (spec) => {
  const opened = openSite(spec);
  afterAll(async () => {
    const { games } = await opened;
    await games.close();
  });

  it("tells one 'submitted' for identical ones sent at once, and every other event each time", { timeout: 120_000 }, async () => {
    const { site } = await opened;
    const game = `events-${Date.now().toString(36)}`;
    const heard: unknown[] = [];
    const stop = await site.listen((p) => {
      const e = parseEvent(p);
      if (e?.game === game) heard.push(e);
    });
    const hub = new EventHub(site);
    const submitted = { kind: "submitted", game, seat: "red", step: 1 } as const;
    await Promise.all([
      hub.publish(submitted),
      hub.publish(submitted),
      hub.publish({ ...submitted, seat: "blue" }),
      hub.publish(submitted),
      hub.publish({ kind: "step", game, step: 2 }),
      hub.publish({ kind: "step", game, step: 2 }),
    ]);
    // Once sent, the same news is told again.
    await hub.publish(submitted);
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    const told = (e: unknown) => heard.filter((h) => JSON.stringify(h) === JSON.stringify(e)).length;
    expect(told(submitted)).toBe(2);
    expect(told({ ...submitted, seat: "blue" })).toBe(1);
    expect(told({ kind: "step", game, step: 2 })).toBe(2);
  });
});
