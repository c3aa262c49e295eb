/** A test SMTP server on loopback: what players' mailboxes receive (test/server/mail*.test.ts). */
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  raw: Buffer;
}

export async function mailbox(): Promise<{ port: number; received: Received[]; next(): Promise<Received>; close(): Promise<void> }> {
  const received: Received[] = [];
  const waiting: ((r: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const r = { to: session.envelope.rcptTo.map((x) => x.address), raw: Buffer.concat(chunks) };
        const w = waiting.shift();
        if (w) w(r);
        else received.push(r);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const a = server.server.address();
  return {
    port: typeof a === "object" && a ? a.port : 0,
    received,
    next: () => {
      const r = received.shift();
      return r ? Promise.resolve(r) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
