/**
 * Mail going out (issue 10, "Email play"): results when a step runs (the text
 * report in the body, the JSON attached), and replies to orders by mail, over SMTP
 * (`starhost serve --smtp URL`) with nodemailer.
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

export function replyMail(r: MailReply): OutgoingMail {
  return { to: r.to, subject: r.subject, text: r.text, inReplyTo: r.inReplyTo };
}
