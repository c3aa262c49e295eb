/**
 * Reminders before the deadline and "you are the last to submit" (issue 10), through the app on a controlled
 * clock, delivered as a real client and a real mailbox receive them: Server-Sent Events over loopback and a
 * test SMTP server on loopback. Galactic Empires tutorial games: alice (who made the game) plays the Klingons
 * live, bob the Romulans by mail, a passive bot the Federation; carol is a second game master and the game lets
 * anyone watch, so their streams show that a notice reaches its own seat and nobody else.
 */
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DueReport, runDue } from "../../src/server/deadlines.js";
import { openMailer } from "../../src/server/mail/outbound.js";
import { mailbox } from "./mailbox.js";
import { type Sse, subscribe } from "./sse.js";
import { Client, type TestServer, testServer } from "./support.js";

const HOUR = 3600_000;
const DOMAIN = "starhost.test";
const BOB = "bob@romulus.example";

let box: Awaited<ReturnType<typeof mailbox>>;
let s: TestServer;
let base: string;
let alice: Client;
let bob: Client;
let carol: Client;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  box = await mailbox();
  const mailer = openMailer(`smtp://127.0.0.1:${box.port}?ignoreTLS=true`, `Starhost <host@${DOMAIN}>`);
  s = await testServer({ mail: { domain: DOMAIN, mailer } });
  base = await s.app.listen({ port: 0, host: "127.0.0.1" });
  alice = new Client(s.app);
  bob = new Client(s.app);
  carol = new Client(s.app);
  for (const [c, name] of [
    [alice, "r-alice"],
    [bob, "r-bob"],
    [carol, "r-carol"],
  ] as const) {
    await c.register(name);
    tokens[name] = (await c.call("POST", "/api/tokens", { body: { name: "sse" } })).body.token;
  }
  expect((await bob.call("PUT", "/api/account/email", { body: { email: BOB } })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await box?.close();
});

/** The due-step runner as `serve --tick` runs it: the app's follow-ups deliver what it claims. */
const deps = () => ({ games: s.games, site: s.site, afterStep: s.app.starhost.afterStep, remind: s.app.starhost.remind });
const due = (): Promise<DueReport> => runDue(deps(), s.clock.now().getTime());
const remindedIn = (r: DueReport, id: string) =>
  r.reminded
    .filter((n) => n.gameId === id)
    .map((n) => n.seat)
    .sort();

/** A started game on the clock as it reads now. */
async function game(deadlines: Record<string, unknown>): Promise<string> {
  const made = await alice.call("POST", "/api/games", {
    body: {
      ruleset: "galactic-empires",
      scenario: "tutorial",
      seed: 5,
      spectators: "live",
      seats: { klingon: "me", romulan: "invited", federation: { bot: "passive" } },
      deadlines,
    },
  });
  expect(made.status, made.text).toBe(201);
  const id = made.body.id as string;
  const inv = await alice.call("POST", `/api/games/${id}/invites`, { body: { seat: "romulan" } });
  expect((await bob.call("POST", inv.body.accept)).status).toBe(200);
  expect((await alice.call("POST", `/api/games/${id}/game-masters`, { body: { name: "r-carol" } })).status).toBe(200);
  expect((await bob.call("PUT", `/api/games/${id}/seats/romulan/mail`, { body: { on: true } })).status).toBe(200);
  expect((await alice.call("POST", `/api/games/${id}/start`)).status).toBe(200);
  return id;
}

/**
 * Mail that came for one game (other tests' games share the mailbox and the runner), parsed; less the sentinel
 * announcements (heardUntilSentinel), which bob gets by mail as any public message.
 */
async function mailOf(id: string) {
  const mine = box.received.filter((m) => m.raw.toString("utf8").includes(id));
  for (const m of mine) box.received.splice(box.received.indexOf(m), 1);
  const parsed = await Promise.all(mine.map(async (m) => ({ to: m.to, mail: await simpleParser(m.raw) })));
  return parsed.filter((m) => !/announcement from/.test(m.mail.subject ?? ""));
}

const orders = (seat: string, step: number) => `empire: ${seat}\nturn: ${step}\norders: []\n`;

/** Every stream of a game: both seats' players, the second game master, an anonymous spectator. */
async function streams(id: string) {
  return {
    klingon: await subscribe(base, id, tokens["r-alice"]),
    romulan: await subscribe(base, id, tokens["r-bob"]),
    gm: await subscribe(base, id, tokens["r-carol"]),
    spectator: await subscribe(base, id),
  };
}
type Streams = Awaited<ReturnType<typeof streams>>;

/**
 * A public message from the Klingons reaches every stream; what each stream heard before it is returned. So
 * "nothing else came" is read at a known point, not after a guessed wait.
 */
let sentinels = 0;
async function heardUntilSentinel(id: string, st: Streams): Promise<Record<keyof Streams, Sse[]>> {
  const text = `sentinel ${++sentinels}`;
  expect((await alice.call("POST", `/api/games/${id}/messages`, { body: { to: "all", text } })).status).toBe(201);
  const out = {} as Record<keyof Streams, Sse[]>;
  for (const [k, stream] of Object.entries(st) as [keyof Streams, Streams[keyof Streams]][]) {
    const heard: Sse[] = [];
    for (;;) {
      const e = await stream.next();
      if (e.event === "message" && (e.data as { text: string }).text === text) break;
      heard.push(e);
    }
    out[k] = heard;
  }
  return out;
}

const reminders = (heard: Sse[]) => heard.filter((e) => e.event === "reminder").map((e) => e.data);

describe("reminders before the deadline, and the last to submit", () => {
  it("each waiting seat is reminded once per reminder time, live to its own stream only and by mail if it plays by mail; not once it has submitted", {
    timeout: 90_000,
  }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 24 }, remindHoursBefore: [6, 2] });
    const deadline = new Date(s.clock.now().getTime() + 24 * HOUR).toISOString();
    const st = await streams(id);
    s.clock.advance(17 * HOUR);
    expect(remindedIn(await due(), id)).toEqual([]);
    s.clock.advance(HOUR);
    expect(remindedIn(await due(), id)).toEqual(["klingon", "romulan"]);
    // Sent once: the next looks, at the same time and later, find them claimed.
    expect(remindedIn(await due(), id)).toEqual([]);
    s.clock.advance(HOUR);
    expect(remindedIn(await due(), id)).toEqual([]);

    let heard = await heardUntilSentinel(id, st);
    expect(reminders(heard.klingon)).toEqual([{ seat: "klingon", step: 1, label: "turn 1", reason: "deadline", deadline, submitted: [] }]);
    expect(reminders(heard.romulan)).toEqual([{ seat: "romulan", step: 1, label: "turn 1", reason: "deadline", deadline, submitted: [] }]);
    expect(reminders(heard.gm)).toEqual([]);
    expect(reminders(heard.spectator)).toEqual([]);

    const mails = await mailOf(id);
    expect(mails.map((m) => m.to)).toEqual([[BOB]]);
    const m = mails[0]!.mail;
    expect(m.subject).toBe(`${id}: reminder, turn 1 is due in 6 hours (romulan)`);
    expect(m.text).toContain(`Turn 1 is due ${deadline} (in 6 hours).`);
    expect(m.text).toContain("Submitted so far: nobody.");
    expect(m.replyTo?.value[0]?.address).toMatch(new RegExp(`^orders\\+${id}\\.romulan\\.`));

    // Alice submits: she is not reminded again (and bob, the one left, hears he is the last: the next test).
    expect((await alice.call("POST", `/api/games/${id}/orders`, { body: orders("klingon", 1) })).status).toBe(200);
    s.clock.advance(3 * HOUR);
    expect(remindedIn(await due(), id)).toEqual(["romulan"]);
    heard = await heardUntilSentinel(id, st);
    expect(reminders(heard.klingon)).toEqual([]);
    expect(reminders(heard.romulan).map((d) => (d as { reason: string }).reason)).toEqual(["last", "deadline"]);
    expect(reminders(heard.romulan)[1]).toMatchObject({ reason: "deadline", submitted: ["klingon"] });
    expect(reminders(heard.gm)).toEqual([]);
    expect(reminders(heard.spectator)).toEqual([]);
    const second = await mailOf(id);
    expect(second.map((x) => x.mail.subject)).toEqual([
      `${id}: you are the last to submit for turn 1 (romulan)`,
      `${id}: reminder, turn 1 is due in 2 hours (romulan)`,
    ]);
    expect(second[1]!.mail.text).toContain("Submitted so far: klingon.");
    // Never anyone's orders: alice's submission is named, not shown.
    for (const x of second) expect(x.mail.text).not.toContain("orders: []");
    for (const x of Object.values(st)) x.close();
  });

  it("the last to submit hears it once per step, after orders over HTTP and by mail; mailed orders advance early too", async () => {
    const id = await game({ schedule: { kind: "every", hours: 24 }, remindHoursBefore: [] });
    const st = await streams(id);
    // Bob (by HTTP here) submits first and revises: alice is the last, told once.
    expect((await bob.call("POST", `/api/games/${id}/orders`, { body: orders("romulan", 1) })).status).toBe(200);
    expect((await bob.call("POST", `/api/games/${id}/orders`, { body: orders("romulan", 1) })).status).toBe(200);
    let heard = await heardUntilSentinel(id, st);
    expect(reminders(heard.klingon)).toEqual([
      { seat: "klingon", step: 1, label: "turn 1", reason: "last", deadline: expect.any(String), submitted: ["romulan"] },
    ]);
    expect(reminders(heard.romulan)).toEqual([]);
    expect(reminders(heard.gm)).toEqual([]);
    expect(reminders(heard.spectator)).toEqual([]);
    // Alice plays live only: no mail for her.
    expect(await mailOf(id)).toEqual([]);
    // Her orders run the step (early advance); on turn 2 bob's mailed orders make alice the last again.
    const r = await alice.call("POST", `/api/games/${id}/orders`, { body: orders("klingon", 1) });
    expect(r.body.advanced).toEqual({ step: 1, label: "turn 1" });
    await mailOf(id); // bob's results of turn 1
    const secret = (await s.site.seatMail(id, "romulan"))!.secret;
    const mailOrders = (step: number) =>
      s.app.starhost.orderMail(
        Buffer.from(`From: ${BOB}\r\nTo: orders@${DOMAIN}\r\nSubject: orders ${id} romulan ${secret}\r\n\r\n${orders("romulan", step)}`),
        [],
      );
    await mailOrders(2);
    heard = await heardUntilSentinel(id, st);
    expect(reminders(heard.klingon)).toMatchObject([{ seat: "klingon", step: 2, label: "turn 2", reason: "last", submitted: ["romulan"] }]);
    expect(reminders(heard.romulan)).toEqual([]);
    expect((await mailOf(id)).map((x) => x.mail.subject)).toEqual([`Re: orders for ${id}, romulan: received`]);
    // Turn 3: alice first, so bob, who plays by mail, is the last: told live and by mail. His mailed orders then
    // run the step at once (early advance, as over HTTP), and his results of turn 3 follow.
    expect((await alice.call("POST", `/api/games/${id}/orders`, { body: orders("klingon", 2) })).body.advanced).toEqual({
      step: 2,
      label: "turn 2",
    });
    await mailOf(id); // bob's results of turn 2
    expect((await alice.call("POST", `/api/games/${id}/orders`, { body: orders("klingon", 3) })).body.advanced).toBeNull();
    heard = await heardUntilSentinel(id, st);
    expect(reminders(heard.romulan)).toMatchObject([{ seat: "romulan", step: 3, label: "turn 3", reason: "last", submitted: ["klingon"] }]);
    expect(reminders(heard.klingon)).toEqual([]);
    const last = await mailOf(id);
    expect(last.map((x) => [x.to, x.mail.subject])).toEqual([[[BOB], `${id}: you are the last to submit for turn 3 (romulan)`]]);
    expect(last[0]!.mail.text).toContain("You are the last to submit");
    expect(last[0]!.mail.text).toContain("Submitted so far: klingon.");
    await mailOrders(3);
    expect((await alice.call("GET", `/api/games/${id}`)).body.step).toBe(4);
    expect((await mailOf(id)).map((x) => x.mail.subject)).toEqual([
      `Re: orders for ${id}, romulan: received`,
      `${id}: results of turn 3 for romulan`,
    ]);
    for (const x of Object.values(st)) x.close();
  });

  it("no reminder once the deadline has passed (the grace period), nor while the game is paused", { timeout: 60_000 }, async () => {
    const late = await game({ schedule: { kind: "every", hours: 10 }, remindHoursBefore: [2], graceMinutes: 60, earlyAdvance: false });
    s.clock.advance(10 * HOUR + 30 * 60_000);
    let r = await due();
    expect(remindedIn(r, late)).toEqual([]);
    expect(r.ran.filter((x) => x.gameId === late)).toEqual([]);
    expect(await mailOf(late)).toEqual([]);

    const paused = await game({ schedule: { kind: "every", hours: 10 }, remindHoursBefore: [2] });
    s.clock.advance(HOUR);
    expect((await alice.call("POST", `/api/games/${paused}/pause`)).status).toBe(200);
    s.clock.advance(20 * HOUR);
    expect(remindedIn(await due(), paused)).toEqual([]);
    expect(await mailOf(paused)).toEqual([]);
    // Bob submits while paused: alice would be the last, but a paused game sends no notice.
    expect((await bob.call("POST", `/api/games/${paused}/orders`, { body: orders("romulan", 1) })).status).toBe(200);
    // Resumed, the deadline moves on by the pause (9 hours left): the reminder comes 2 hours before it.
    expect((await alice.call("POST", `/api/games/${paused}/resume`)).status).toBe(200);
    s.clock.advance(6 * HOUR);
    expect(remindedIn(await due(), paused)).toEqual([]);
    s.clock.advance(HOUR);
    r = await due();
    expect(remindedIn(r, paused)).toEqual(["klingon"]);
    expect(r.reminded.find((n) => n.gameId === paused)?.reason).toBe("deadline");
    // Bob submitted and plays by mail: no mail for him.
    expect(await mailOf(paused)).toEqual([]);
    expect(remindedIn(r, late)).toEqual([]);
  });

  it("two runners looking at once send each reminder once", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 5 }, remindHoursBefore: [1] });
    s.clock.advance(4 * HOUR);
    const both = await Promise.all([due(), due(), due()]);
    expect(both.flatMap((r) => r.reminded.filter((n) => n.gameId === id).map((n) => n.seat)).sort()).toEqual(["klingon", "romulan"]);
    expect((await mailOf(id)).map((m) => m.to)).toEqual([[BOB]]);
  });

  it("a game master sets the reminders ([] for none); nobody else may; bad hours are refused with 400", async () => {
    const id = await game({ schedule: { kind: "every", hours: 10 } });
    expect((await alice.call("GET", `/api/games/${id}`)).body.deadline.settings.remindHoursBefore).toEqual([24, 2]);
    const refused = await bob.call("PUT", `/api/games/${id}/reminders`, { body: { hoursBefore: [] } });
    expect([refused.status, refused.body.error]).toEqual([403, "not-game-master"]);
    for (const hoursBefore of [[-1], [1e9], ["x"], Array.from({ length: 11 }, (_, i) => i + 1)]) {
      const bad = await alice.call("PUT", `/api/games/${id}/reminders`, { body: { hoursBefore } });
      expect(bad.status, JSON.stringify(hoursBefore)).toBe(400);
      expect(bad.body.message).toMatch(/hoursBefore/);
    }
    const set = await carol.call("PUT", `/api/games/${id}/reminders`, { body: { hoursBefore: [1, 3, 3] } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.deadline.settings).toMatchObject({ schedule: { kind: "every", hours: 10 }, remindHoursBefore: [3, 1] });
    s.clock.advance(7 * HOUR);
    expect(remindedIn(await due(), id)).toEqual(["klingon", "romulan"]);
    expect((await alice.call("PUT", `/api/games/${id}/reminders`, { body: { hoursBefore: [] } })).status).toBe(200);
    s.clock.advance(2 * HOUR);
    expect(remindedIn(await due(), id)).toEqual([]);
    await mailOf(id);
  });

  it("a seat on holiday is not reminded (its bot plays the step)", async () => {
    const id = await game({ schedule: { kind: "every", hours: 5 }, remindHoursBefore: [1] });
    expect((await bob.call("PUT", `/api/games/${id}/seats/romulan/holiday`, { body: { steps: [1] } })).status).toBe(200);
    s.clock.advance(4 * HOUR);
    expect(remindedIn(await due(), id)).toEqual(["klingon"]);
    expect(await mailOf(id)).toEqual([]);
  });

  it("no runner without a way to deliver claims a notice (none is lost)", async () => {
    const id = await game({ schedule: { kind: "every", hours: 5 }, remindHoursBefore: [1] });
    s.clock.advance(4 * HOUR);
    const r = await runDue({ games: s.games, site: s.site }, s.clock.now().getTime());
    expect(r.reminded).toEqual([]);
    expect(remindedIn(await due(), id)).toEqual(["klingon", "romulan"]);
    await mailOf(id);
  });
});
