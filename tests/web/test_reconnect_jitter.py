"""A page whose socket drops comes back after a pause drawn at random ("full jitter"):
pages that lost one server together do not all come back at the same instants.

Fifty connections of the page's own ``js/connection.js`` each fail six times: the
page's WebSocket is replaced by one that closes as soon as it is made, as a socket to
a dead server does (Chromium would hold back real tries at a dead address), and its
timer by one that notes each pause and tries again at once.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.server.support import Server

CEILINGS = [500, 1000, 2000, 4000, 8000, 8000]

PAUSES = """
async ([count, tries]) => {
  const { Connection } = await import("/js/connection.js");
  const pauses = Array.from({ length: count }, () => []);
  const connections = [];
  const quiet = { onOpen() {}, onMessage() {}, onLost() {}, onGone() {} };
  window.WebSocket = class extends EventTarget {
    constructor() {
      super();
      queueMicrotask(() => this.dispatchEvent(Object.assign(new Event("close"), { code: 1006 })));
    }
    close() {}
  };
  let current = 0;
  const realTimeout = window.setTimeout;
  window.setTimeout = (retry, ms) => {
    pauses[current].push(ms);
    if (pauses[current].length < tries) return realTimeout(retry, 0);
    return 0;
  };
  for (current = 0; current < count; current += 1) {
    const index = current;
    connections.push(new Connection("ws://127.0.0.1/ws/ABCD", quiet));
    while (pauses[index].length < tries) await new Promise((done) => realTimeout(done, 5));
  }
  window.setTimeout = realTimeout;
  connections.forEach((connection) => connection.close());
  return pauses;
}
"""


def test_reconnect_pauses_are_drawn_at_random_under_a_doubling_ceiling(
    open_page: Callable[..., Page], web_server: Server
) -> None:
    page = open_page()
    page.goto(f"{web_server.url}/")
    pauses: list[list[int]] = page.evaluate(PAUSES, [50, len(CEILINGS)])
    for tries in pauses:
        assert all(0 <= pause < ceiling for pause, ceiling in zip(tries, CEILINGS, strict=True))
    for step, ceiling in enumerate(CEILINGS):
        drawn = [tries[step] for tries in pauses]
        assert len(set(drawn)) > 40, drawn  # spread, not one instant for every page
        assert ceiling * 0.3 < sum(drawn) / len(drawn) < ceiling * 0.7, drawn
