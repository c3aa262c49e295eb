/**
 * The orders mail endpoint (`starhost serve --smtp-in PORT`): an SMTP server that
 * takes mail for any address, hands each message to `onMessage` and answers
 * nothing itself. It stands behind the site's mail exchanger, which does TLS and
 * spam filtering, so it offers neither AUTH nor STARTTLS. A message over `maxBytes`
 * is refused in the SMTP dialogue (552), before it is read.
 */
import { SMTPServer } from "smtp-server";

export interface SmtpIn {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpIn(o: {
  port: number;
  host?: string;
  maxBytes: number;
  onMessage: (raw: Buffer, envelopeTo: string[]) => Promise<void>;
  onError?: (e: Error) => void;
}): Promise<SmtpIn> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: o.maxBytes,
    banner: "Starhost orders desk",
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error(`a message is at most ${o.maxBytes} bytes`), { responseCode: 552 }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        o.onMessage(Buffer.concat(chunks), to).then(
          () => callback(),
          (e: Error) => {
            o.onError?.(e);
            callback(Object.assign(new Error("the message could not be handled; try again later"), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on("error", (e) => o.onError?.(e));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : o.port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
