/**
 * Email play (issue 10) against real SMTP peers on loopback: results mailed to a
 * test SMTP server; orders sent by nodemailer to Starhost's own SMTP endpoint,
 * checked and answered at once; forged and stray mail change nothing.
 */
import { readFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGame, seatReport } from "../../src/host/games.js";
import { rulesetById } from "../../src/host/registry.js";
import { keyOfAddress, keyOfSubject, newSeatSecret, orderAddress } from "../../src/server/mail/addresses.js";
import { storeDesk } from "../../src/server/mail/desk.js";
import { answerOrderMail, REFUSED_TEXT, readOrderMail } from "../../src/server/mail/inbound.js";
import { openMailer, replyMail, resultsMail } from "../../src/server/mail/outbound.js";
import { type SmtpIn, startSmtpIn } from "../../src/server/mail/smtp-in.js";
import { MemoryStore } from "../../src/store/memory.js";
import { mailbox } from "./mailbox.js";

const ge = rulesetById("galactic-empires");
const DOMAIN = "starhost.test";
const WORF = "worf@klingon.example";

describe("email play over real SMTP on loopback", () => {
  let box: Awaited<ReturnType<typeof mailbox>>;
  let desk: SmtpIn;
  let store: MemoryStore;
  const secret = newSeatSecret();

  beforeAll(async () => {
    box = await mailbox();
    store = new MemoryStore();
    await createGame(store, { id: "g1", ruleset: ge, scenario: "tutorial", inputs: {}, seed: 7 });
    const mailer = openMailer(`smtp://127.0.0.1:${box.port}?ignoreTLS=true`, `Starhost <host@${DOMAIN}>`);
    const seats: Record<string, { address: string; secret: string }> = { "g1/klingon": { address: `Worf <${WORF}>`, secret } };
    const d = storeDesk(
      store,
      async (game, seat) => seats[`${game}/${seat}`] ?? null,
      () => "2026-11-27T12:00:00Z",
    );
    desk = await startSmtpIn({
      port: 0,
      maxBytes: 64 * 1024,
      onMessage: async (raw, to) => {
        const reply = await answerOrderMail(await readOrderMail(raw, to), d);
        if (reply) await mailer.send(replyMail(reply));
      },
    });
  });
  afterAll(async () => {
    await desk?.close();
    await box?.close();
  });

  const send = async (m: SendMailOptions) => {
    const t = nodemailer.createTransport({ host: "127.0.0.1", port: desk.port, secure: false, ignoreTLS: true });
    try {
      return await t.sendMail(m);
    } finally {
      t.close();
    }
  };

  it("results arrive with the text report in the body and the JSON attached, replies going to the seat's orders address", async () => {
    const mailer = openMailer(`smtp://127.0.0.1:${box.port}?ignoreTLS=true`, `Starhost <host@${DOMAIN}>`);
    const r = await seatReport(store, "g1", "klingon");
    const to = orderAddress({ game: "g1", seat: "klingon", secret }, DOMAIN);
    await mailer.send(
      resultsMail({ to: WORF, game: "g1", seat: "klingon", label: r.label, text: r.text, json: r.json, ordersAddress: to }),
    );
    mailer.close();
    const got = await box.next();
    expect(got.to).toEqual([WORF]);
    const m = await simpleParser(got.raw);
    expect(m.subject).toBe(`g1: results of ${r.label} for klingon`);
    expect(m.text).toContain(r.text.split("\n")[0]);
    expect(m.replyTo?.value[0]?.address).toBe(to);
    expect(JSON.parse(m.attachments[0]?.content.toString("utf8") ?? "")).toEqual(r.json);
  });

  it("orders from the seat's address with its secret are kept and answered with the check", async () => {
    const orders = readFileSync("examples/tutorial/orders/klingon.yaml", "utf8");
    await send({
      from: `Worf <${WORF}>`,
      to: orderAddress({ game: "g1", seat: "klingon", secret }, DOMAIN),
      subject: "my orders",
      text: orders,
    });
    const reply = await simpleParser((await box.next()).raw);
    expect(reply.subject).toBe("Re: orders for g1, klingon: received");
    expect(reply.text).toContain("Orders received (revision 1)");
    expect(reply.text).toMatch(/ok {2}|FAIL|odds/);
    const subs = await store.submissions("g1", 1);
    expect(subs.map((s) => [s.seat, s.revision, s.source])).toEqual([["klingon", 1, `mail from ${WORF}`]]);
  });

  it("orders as an attachment, with the key in the subject, count as the next revision", async () => {
    await send({
      from: WORF,
      to: `orders@${DOMAIN}`,
      subject: `Re: orders g1 klingon ${secret}`,
      text: "Attached.",
      attachments: [{ filename: "klingon.json", content: JSON.stringify({ empire: "klingon", turn: 1, orders: [] }) }],
    });
    const reply = await simpleParser((await box.next()).raw);
    expect(reply.text).toContain("revision 2");
    expect((await store.submissions("g1", 1)).length).toBe(2);
  });

  it("a malformed or stale file is refused with its reasons and nothing is kept", async () => {
    await send({
      from: WORF,
      to: orderAddress({ game: "g1", seat: "klingon", secret }, DOMAIN),
      subject: "orders",
      text: "empire: klingon\nturn: 9\norders: []\n",
    });
    const reply = await simpleParser((await box.next()).raw);
    expect(reply.subject).toContain("refused");
    expect(reply.text).toContain("written for step 9");
    expect((await store.submissions("g1", 1)).length).toBe(2);
  });

  it("forged mail (another sender, a wrong secret, an unknown seat or game) changes nothing and learns nothing", async () => {
    const forged = [
      { from: "spy@romulan.example", to: orderAddress({ game: "g1", seat: "klingon", secret }, DOMAIN) },
      { from: WORF, to: orderAddress({ game: "g1", seat: "klingon", secret: newSeatSecret() }, DOMAIN) },
      { from: WORF, to: orderAddress({ game: "g1", seat: "romulan", secret }, DOMAIN) },
      { from: WORF, to: orderAddress({ game: "nogame", seat: "klingon", secret }, DOMAIN) },
    ];
    const texts: string[] = [];
    for (const f of forged) {
      await send({ ...f, subject: "orders", text: "empire: klingon\nturn: 1\norders: []\n" });
      const got = await box.next();
      expect(got.to).toEqual([f.from]);
      const reply = await simpleParser(got.raw);
      expect(reply.subject).toBe("Re: orders not accepted");
      texts.push(reply.text ?? "");
    }
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]?.trim()).toBe(REFUSED_TEXT);
    expect((await store.submissions("g1", 1)).length).toBe(2);
  });

  it("mail with no seat key is dropped unanswered, and an oversized message is refused in the SMTP dialogue", async () => {
    await send({ from: "spam@example.com", to: `sales@${DOMAIN}`, subject: "cheap starships", text: "buy now" });
    await expect(
      send({ from: WORF, to: orderAddress({ game: "g1", seat: "klingon", secret }, DOMAIN), subject: "x", text: "x".repeat(100_000) }),
    ).rejects.toThrow(/552|size/i);
    // Give a reply, had one been sent, time to arrive: none must.
    await new Promise((r) => setTimeout(r, 300));
    expect(box.received.length).toBe(0);
    expect((await store.submissions("g1", 1)).length).toBe(2);
  });
});

describe("seat keys", () => {
  it("are read from the address or the subject, and hostile ones are not keys", () => {
    const k = { game: "g1", seat: "klingon", secret: "abcdefghijklmnopqrstuvwx" };
    expect(keyOfAddress(orderAddress(k, DOMAIN))).toEqual(k);
    expect(keyOfAddress("ORDERS+g1.klingon.abcdefghijklmnopqrstuvwx@x.org")).toEqual(k);
    expect(keyOfSubject("Re: Fwd: orders g1 klingon abcdefghijklmnopqrstuvwx")).toEqual(k);
    for (const bad of [
      "orders+../etc.klingon.abcdefghijklmnopqrstuvwx@x",
      "orders+__proto__.klingon.abcdefghijklmnopqrstuvwx@x",
      "orders+g1.klingon.short@x",
      "orders+g1.klingon.abcdefghijklmnopqrstuvwx.extra@x",
      "orders+g1@x",
      "someone@x",
    ])
      expect(keyOfAddress(bad)).toBeNull();
  });
});
