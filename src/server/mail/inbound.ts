/**
 * Orders by mail (issue 10, "Email play"): a message to the seat's orders address
 * from the seat's registered address is read as that seat's orders, and answered
 * at once with the check, as Olympia's order scanner answered. Anything else
 * changes nothing: mail with a seat key that does not match (unknown game or seat,
 * wrong secret, another sender) gets one and the same refusal, so probing reveals
 * nothing; mail with no seat key at all is dropped unanswered (spam).
 */
import { simpleParser } from "mailparser";
import { bareAddress, keyOfAddress, keyOfSubject, type SeatKey, sameSecret } from "./addresses.js";

/** A message as read. */
export interface OrderMail {
  from: string;
  /** Recipients: the envelope's, then the To and Cc headers'. */
  to: string[];
  subject: string;
  messageId: string | null;
  /** The orders: the first YAML or JSON attachment, or else the text body less quoted lines and signature. */
  orders: { text: string; name: string };
}

/** What the host gives the mail desk. */
export interface MailDesk {
  /** The seat's registered address and secret, or null when there is no such seat. */
  seatMail(game: string, seat: string): Promise<{ address: string; secret: string } | null>;
  /**
   * Keep the orders as a submission; the reply's text (the check, or why the orders were refused), and what is to
   * follow once the reply is sent (early advance: so the reply comes before the step's results).
   */
  submit(
    key: SeatKey,
    orders: { text: string; name: string },
    source: string,
  ): Promise<{ accepted: boolean; text: string; afterwards?: () => Promise<void> }>;
}

export interface MailReply {
  to: string;
  subject: string;
  text: string;
  inReplyTo: string | null;
  /** To run once the reply is sent (the desk's; see MailDesk.submit). */
  afterwards?: () => Promise<void>;
}

export const REFUSED_TEXT =
  "These orders were not accepted: this address cannot send orders to that seat.\n" +
  "Send from the address you registered for the seat, to the orders address of your latest results.";

export async function readOrderMail(raw: Buffer | string, envelopeTo: readonly string[] = []): Promise<OrderMail> {
  const m = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const list = (a: typeof m.to): string[] =>
    (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? "")).filter((x) => x !== "");
  const attachment = m.attachments.find((a) => /\.(ya?ml|json)$/i.test(a.filename ?? ""));
  const orders = attachment
    ? { text: attachment.content.toString("utf8"), name: attachment.filename as string }
    : { text: bodyOrders(m.text ?? ""), name: "mail.yaml" };
  return {
    from: m.from?.value[0]?.address ?? "",
    to: [...envelopeTo, ...list(m.to), ...list(m.cc)],
    subject: m.subject ?? "",
    messageId: m.messageId ?? null,
    orders,
  };
}

/** The text body without quoted lines ("> ...") and from the signature mark ("-- ") on. */
function bodyOrders(text: string): string {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const sig = lines.indexOf("-- ");
  return (sig >= 0 ? lines.slice(0, sig) : lines).filter((l) => !l.startsWith(">")).join("\n");
}

/** The answer to one message, or null to drop it. */
export async function answerOrderMail(mail: OrderMail, desk: MailDesk): Promise<MailReply | null> {
  const key = mail.to.map(keyOfAddress).find((k) => k !== null) ?? keyOfSubject(mail.subject);
  if (!key || mail.from === "") return null;
  const reply = (text: string, what: string): MailReply => ({
    to: mail.from,
    subject: `Re: ${what}`,
    text,
    inReplyTo: mail.messageId,
  });
  const seat = await desk.seatMail(key.game, key.seat);
  // One refusal for every mismatch; the secret is compared in constant time even when the seat is unknown.
  const secretOk = sameSecret(key.secret, seat?.secret ?? "x".repeat(key.secret.length));
  if (!seat || !secretOk || bareAddress(seat.address) !== bareAddress(mail.from)) return reply(REFUSED_TEXT, "orders not accepted");
  const r = await desk.submit(key, mail.orders, `mail from ${bareAddress(mail.from)}`);
  const answer = reply(r.text, `orders for ${key.game}, ${key.seat}: ${r.accepted ? "received" : "refused"}`);
  return r.afterwards ? { ...answer, afterwards: r.afterwards } : answer;
}
