/**
 * Mail going out (issue 10, "Email play"): results when a step runs (the text
 * report in the body, the JSON attached), reminders before a deadline and "you are
 * the last to submit", and replies to orders by mail, over SMTP (`starhost serve
 * --smtp URL`, `starhost worker --smtp URL`) with nodemailer.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { MailReply } from "./inbound.js";

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  inReplyTo?: string | null;
  /** Where replies go: the seat's orders address for results. */
  replyTo?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** A mailer for an SMTP URL (smtp://user:pass@host:port, smtps:// for TLS), sending from `from`. */
export function openMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(m: OutgoingMail) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        replyTo: m.replyTo,
        inReplyTo: m.inReplyTo ?? undefined,
        references: m.inReplyTo ?? undefined,
        attachments: m.attachments,
      });
    },
    close: () => transport.close(),
  };
}

/** One seat's results of a step as a mail: the report's text in the body, its JSON attached. */
export function resultsMail(o: {
  to: string;
  game: string;
  seat: string;
  label: string;
  text: string;
  json: unknown;
  ordersAddress: string;
}): OutgoingMail {
  const slug = o.label
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return {
    to: o.to,
    subject: `${o.game}: results of ${o.label} for ${o.seat}`,
    text: `${o.text}\n\n-- \nReply to this mail with your orders for the next step (YAML or JSON, in the body or attached).\n`,
    replyTo: o.ordersAddress,
    attachments: [
      {
        filename: `${o.game}-${slug || "results"}-${o.seat}.json`,
        content: JSON.stringify(o.json, null, 2),
        contentType: "application/json",
      },
    ],
  };
}

/**
 * A reminder to one seat: the game, the step, its deadline and which seats have submitted (never what: any
 * reader of the game sees as much). Nothing of any seat's orders or reports.
 */
export function reminderMail(o: {
  to: string;
  game: string;
  title: string;
  seat: string;
  label: string;
  reason: "deadline" | "last";
  /** ISO 8601, null for none. */
  deadline: string | null;
  now: number;
  submitted: readonly string[];
  ordersAddress: string;
}): OutgoingMail {
  const left = o.deadline === null ? null : Date.parse(o.deadline) - o.now;
  const due = o.deadline === null ? "has no deadline: the game master runs it" : `is due ${o.deadline} (in ${inWords(left ?? 0)})`;
  const lead =
    o.reason === "last"
      ? `You are the last to submit: every other seat is in for ${o.label} (its orders sent, or its bot playing it).`
      : `Your orders for ${o.label} have not come in yet.`;
  return {
    to: o.to,
    subject:
      o.reason === "last"
        ? `${o.game}: you are the last to submit for ${o.label} (${o.seat})`
        : `${o.game}: reminder, ${o.label} ${o.deadline === null ? "awaits your orders" : `is due in ${inWords(left ?? 0)}`} (${o.seat})`,
    text: [
      `${o.title} (${o.game}), seat ${o.seat}`,
      "",
      lead,
      `${o.label.charAt(0).toUpperCase()}${o.label.slice(1)} ${due}.`,
      `Submitted so far: ${o.submitted.length > 0 ? o.submitted.join(", ") : "nobody"}.`,
      "",
      "-- ",
      "Reply to this mail with your orders (YAML or JSON, in the body or attached).",
      "",
    ].join("\n"),
    replyTo: o.ordersAddress,
  };
}

/** A time span in words, rounded down: "2 hours", "45 minutes", "1 day 3 hours". */
function inWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour") + (minutes % 60 && hours < 3 ? ` ${plural(minutes % 60, "minute")}` : "");
  return plural(Math.floor(hours / 24), "day") + (hours % 24 ? ` ${plural(hours % 24, "hour")}` : "");
}

export function replyMail(r: MailReply): OutgoingMail {
  return { to: r.to, subject: r.subject, text: r.text, inReplyTo: r.inReplyTo };
}
