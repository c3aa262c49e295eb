/**
 * Email play through the server (issue 10), end to end over real SMTP on loopback: a player sets an
 * address and turns mail play on for a seat; POST /run mails each mail seat its own results (to a test
 * SMTP server); orders sent by nodemailer to the serve's SMTP endpoint (startSmtpIn + app.starhost.orderMail)
 * are checked, kept and answered; forged mail changes nothing; messages reach the recipients who play by mail.
 */
import { readFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSeatSecret, orderAddress } from "../../src/server/mail/addresses.js";
import { REFUSED_TEXT } from "../../src/server/mail/inbound.js";
import { openMailer } from "../../src/server/mail/outbound.js";
import { type SmtpIn, startSmtpIn } from "../../src/server/mail/smtp-in.js";
import { mailbox } from "./mailbox.js";
import { Client, type TestServer, testServer } from "./support.js";

const DOMAIN = "starhost.test";
const WORF = "worf@klingon.example";
const SPOCK = "spock@vulcan.example";

describe("mail play through the server, over real SMTP on loopback", () => {
  let box: Awaited<ReturnType<typeof mailbox>>;
  let s: TestServer;
  let smtpIn: SmtpIn;
  let gm: Client;
  let worf: Client;
  let spock: Client;
  let id: string;
  let address: string;

  beforeAll(async () => {
    box = await mailbox();
    const mailer = openMailer(`smtp://127.0.0.1:${box.port}?ignoreTLS=true`, `Starhost <host@${DOMAIN}>`);
    s = await testServer({ mail: { domain: DOMAIN, mailer } });
    smtpIn = await startSmtpIn({ port: 0, maxBytes: 64 * 1024, onMessage: (raw, to) => s.app.starhost.orderMail(raw, to) });
    gm = new Client(s.app);
    await gm.register("mail-gm");
    worf = new Client(s.app);
    await worf.register("worf");
    spock = new Client(s.app);
    await spock.register("spock");
    const made = await gm.call("POST", "/api/games", {
      body: {
        ruleset: "galactic-empires",
        scenario: "tutorial",
        seed: 7,
        seats: { klingon: "invited", romulan: "invited" },
        bots: "random",
      },
    });
    expect(made.status, made.text).toBe(201);
    id = made.body.id;
    for (const [c, seat] of [
      [worf, "klingon"],
      [spock, "romulan"],
    ] as const) {
      const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat } });
      expect((await c.call("POST", inv.body.accept)).status).toBe(200);
    }
    expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await smtpIn?.close();
    await s?.close();
    await box?.close();
  });

  const send = async (m: SendMailOptions) => {
    const t = nodemailer.createTransport({ host: "127.0.0.1", port: smtpIn.port, secure: false, ignoreTLS: true });
    try {
      return await t.sendMail(m);
    } finally {
      t.close();
    }
  };

  it("a seat's player sets an address and turns mail play on; only that player reads the orders address", async () => {
    expect((await worf.call("PUT", `/api/games/${id}/seats/klingon/mail`, { body: { on: true } })).body.error).toBe("no-email");
    expect((await worf.call("PUT", "/api/account/email", { body: { email: "not an address" } })).status).toBe(400);
    expect((await worf.call("PUT", "/api/account/email", { body: { email: `Worf@Klingon.example` } })).body).toEqual({ email: WORF });
    const on = await worf.call("PUT", `/api/games/${id}/seats/klingon/mail`, { body: { on: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body.on).toBe(true);
    expect(on.body.email).toBe(WORF);
    address = on.body.ordersAddress;
    expect(address).toMatch(new RegExp(`^orders\\+${id}\\.klingon\\.[A-Za-z0-9_-]{16,64}@${DOMAIN}$`));
    expect((await worf.call("GET", `/api/games/${id}/seats/klingon/mail`)).body.ordersAddress).toBe(address);
    // Not the game master, not another seat, not anonymous.
    expect((await gm.call("GET", `/api/games/${id}/seats/klingon/mail`)).status).toBe(403);
    expect((await spock.call("GET", `/api/games/${id}/seats/klingon/mail`)).status).toBe(403);
    expect((await spock.call("PUT", `/api/games/${id}/seats/klingon/mail`, { body: { on: false } })).status).toBe(403);
    expect((await new Client(s.app).call("GET", `/api/games/${id}/seats/klingon/mail`)).status).toBe(401);
    // Turned off and on again, the address stays.
    await worf.call("PUT", `/api/games/${id}/seats/klingon/mail`, { body: { on: false } });
    expect((await worf.call("PUT", `/api/games/${id}/seats/klingon/mail`, { body: { on: true } })).body.ordersAddress).toBe(address);
  });

  it("orders by mail from the registered address are checked, kept and answered at once", async () => {
    const orders = readFileSync("examples/tutorial/orders/klingon.yaml", "utf8");
    await send({ from: `Worf <${WORF}>`, to: address, subject: "my orders", text: orders });
    const got = await box.next();
    expect(got.to).toEqual([WORF]);
    const reply = await simpleParser(got.raw);
    expect(reply.subject).toBe(`Re: orders for ${id}, klingon: received`);
    expect(reply.text).toContain("Orders received (revision 1)");
    const subs = await s.games.submissions(id, 1);
    expect(subs.map((x) => [x.seat, x.revision, x.source])).toEqual([["klingon", 1, `mail from ${WORF}`]]);
    const summary = await spock.call("GET", `/api/games/${id}`);
    expect(summary.body.seats.find((x: { id: string }) => x.id === "klingon").submitted).toBe(true);
  });

  it("forged mail (another sender, a wrong secret, a seat not played by mail) changes nothing", async () => {
    const secret = address.split("@")[0]!.split(".")[2]!;
    const forged = [
      { from: SPOCK, to: address },
      { from: WORF, to: orderAddress({ game: id, seat: "klingon", secret: newSeatSecret() }, DOMAIN) },
      { from: WORF, to: orderAddress({ game: id, seat: "romulan", secret }, DOMAIN) },
    ];
    for (const f of forged) {
      await send({ ...f, subject: "orders", text: "empire: klingon\nturn: 1\norders: []\n" });
      const got = await box.next();
      expect(got.to).toEqual([f.from]);
      const reply = await simpleParser(got.raw);
      expect(reply.subject).toBe("Re: orders not accepted");
      expect(reply.text?.trim()).toBe(REFUSED_TEXT);
    }
    expect((await s.games.submissions(id, 1)).length).toBe(1);
  });

  it("POST /run mails each mail seat its own results, and nobody else", async () => {
    const run = await gm.call("POST", `/api/games/${id}/run`);
    expect(run.status, run.text).toBe(200);
    const got = await box.next();
    expect(got.to).toEqual([WORF]);
    const m = await simpleParser(got.raw);
    expect(m.subject).toBe(`${id}: results of ${run.body.ran.label} for klingon`);
    expect(m.replyTo?.value[0]?.address).toBe(address);
    const report = await worf.call("GET", `/api/games/${id}/seats/klingon/report`);
    expect(m.text).toContain(report.body.text.split("\n")[0]);
    expect(JSON.parse(m.attachments[0]?.content.toString("utf8") ?? "")).toEqual(report.body.json);
    // Romulan does not play by mail: nothing else is sent.
    await new Promise((r) => setTimeout(r, 300));
    expect(box.received.length).toBe(0);
  });

  it("the after-step hook a due-step runner calls is the same path", async () => {
    expect(typeof s.app.starhost.afterStep).toBe("function");
  });

  it("a message reaches by mail only its recipients who play by mail", async () => {
    await spock.call("PUT", "/api/account/email", { body: { email: SPOCK } });
    expect((await spock.call("PUT", `/api/games/${id}/seats/romulan/mail`, { body: { on: true } })).status).toBe(200);
    const sent = await spock.call("POST", `/api/games/${id}/messages`, { body: { to: ["klingon"], text: "Truce on the border?" } });
    expect(sent.status, sent.text).toBe(201);
    const got = await box.next();
    expect(got.to).toEqual([WORF]);
    const m = await simpleParser(got.raw);
    expect(m.subject).toBe(`${id}: message from romulan`);
    expect(m.text).toContain("Truce on the border?");
    await new Promise((r) => setTimeout(r, 300));
    expect(box.received.length).toBe(0);
  });
});
