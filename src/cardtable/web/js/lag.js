// The player's own connection, as the server measures it: the server pings the page
// about once a second, the page answers each ping at once, and each ping carries the
// server's estimate of the round trip so far (docs/protocol.md, "ping and pong").
// That estimate is the one races are judged by (docs/server.md, "Races"), so the small
// indicator in the table page's header shows the player what the judge sees: a dot
// coloured by quality, a word for it and the milliseconds.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Round trips (ms) below which a connection counts as good, then as fair; above, poor. */
const GOOD_MS = 100;
const FAIR_MS = 250;
/** The most of a player's delay a race makes up (server/races.py CAP). */
export const CAP_MS = 150;

/** "good", "fair" or "poor" for a round trip of `rttMs`. */
export function quality(rttMs) {
  if (rttMs < GOOD_MS) return "good";
  return rttMs < FAIR_MS ? "fair" : "poor";
}

export class LagMeter {
  /** `send(message)` sends on the table's socket. */
  constructor(send) {
    this.send = send;
    this.el = h("span", { class: "lag", id: "lag" });
    this.show(null, null);
  }

  /** The socket opened: ask to be pinged (the opening pong). */
  opened() {
    this.send({ type: "pong" });
  }

  /** A ping from the server: answer it at once, then show its estimate. */
  ping(message) {
    this.send({ type: "pong", id: message.id });
    this.show(message.rtt_ms, message.deviation_ms);
  }

  /** The socket dropped: nothing is measured until it is back. */
  lost() {
    this.show(null, null);
  }

  show(rttMs, deviationMs) {
    if (rttMs === null || rttMs === undefined) {
      this.el.dataset.quality = "measuring";
      this.el.textContent = t("lag.measuring");
      this.el.title = t("lag.measuringTitle");
      return;
    }
    const level = quality(rttMs);
    this.el.dataset.quality = level;
    this.el.textContent = t("lag.short", { quality: t(`lag.${level}`), ms: rttMs });
    this.el.title = t("lag.title", { ms: rttMs, deviation: deviationMs ?? 0, cap: CAP_MS });
  }
}
