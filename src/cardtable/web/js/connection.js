// The table's WebSocket, kept alive: when it drops, it is reopened with growing
// pauses, and the page is told (to show its banner and to rejoin its seat).

const MIN_RETRY_MS = 500;
const MAX_RETRY_MS = 8000;

/**
 * The pause before the next try: "full jitter", drawn at random between 0 and a
 * ceiling that doubles from MIN_RETRY_MS to MAX_RETRY_MS with each failed try. When a
 * server process dies, every page it served loses its socket at the same instant;
 * with fixed pauses they would all come back at the same instants too, a wave of
 * reconnections and rejoins at each step. Drawn at random, they come back spread
 * over each ceiling.
 */
export function retryPause(ceilingMs, random = Math.random) {
  return Math.floor(random() * ceilingMs);
}

export class Connection {
  /**
   * `handlers`: onOpen(reconnected), onMessage(message), onLost(), onGone(reason).
   * onGone is called when the server closed the socket for good (no such table).
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.retryMs = MIN_RETRY_MS;
    this.seq = 0;
    this.wasOpen = false;
    this.lost = false;
    this.closed = false;
    this.open();
  }

  open() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retryMs = MIN_RETRY_MS;
      const reconnected = this.wasOpen;
      this.wasOpen = true;
      this.lost = false;
      this.seq = 0;
      this.handlers.onOpen(reconnected);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours to understand; the server only sends JSON
      }
      this.handlers.onMessage(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.closed || this.ws !== ws) return;
      // 4404: the table does not exist; retrying cannot help.
      if (event.code === 4404) {
        this.closed = true;
        this.handlers.onGone(event.reason);
        return;
      }
      if (!this.lost) {
        this.lost = true;
        this.handlers.onLost();
      }
      setTimeout(() => this.open(), retryPause(this.retryMs));
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    });
  }

  /** Send a message (numbered, so the server can tie its answer to it). */
  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.seq += 1;
    this.ws.send(JSON.stringify({ ...message, seq: this.seq }));
    return true;
  }

  /** Close for good (the page is leaving). */
  close() {
    this.closed = true;
    this.ws.close();
  }
}
