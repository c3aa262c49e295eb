/**
 * The mail desk over a store: orders read from a message are submitted like any
 * other (host/games.ts submitOrders: refused whole when malformed, stale or for
 * another seat; every revision kept) and the reply is the check as text.
 */

import { checkText } from "../../host/check-text.js";
import { HostError } from "../../host/errors.js";
import { decodeData } from "../../host/files.js";
import { submitOrders } from "../../host/games.js";
import { type Store, StoreError } from "../../store/store.js";
import type { MailDesk } from "./inbound.js";

export function storeDesk(store: Store, seatMail: MailDesk["seatMail"], now: () => string): MailDesk {
  return {
    seatMail,
    async submit(key, orders, source) {
      try {
        const raw = decodeData(orders.text, orders.name);
        const s = await submitOrders(store, key.game, key.seat, raw, source, now());
        return {
          accepted: true,
          text: `Orders received (revision ${s.revision}); the last revision before the deadline counts.\n${checkText(s.check)}`,
        };
      } catch (e) {
        if (e instanceof StoreError) return { accepted: false, text: `Orders refused, nothing kept: ${e.message}` };
        if (!(e instanceof HostError)) throw e;
        return { accepted: false, text: [`Orders refused, nothing kept: ${e.message}`, ...e.details.map((d) => `  ${d}`)].join("\n") };
      }
    },
  };
}
