"""Rated quick match: players who ask for a rated match of a game are paired by
rating, the closest first, within a window that widens while they wait.

Each seeker waits under a ticket; a pairing is looked for when someone seeks and
whenever a waiting seeker asks again (the page asks every two seconds), so a window
that has widened with the wait pairs two players who were too far apart at first.
Two players blocked from each other (``blocks``) are never paired. The pair gets a
new private table of the game's standard rules with two seats for people, which
makes its match rated. Where the queue is kept (this process's memory, or a site's
Redis) is ``queue``'s part.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

#: The rating gap (in mu, the skill estimate) accepted at once, and how much it widens
#: each second of waiting: 2 at first, 8 after 30 seconds, 14 after a minute.
BASE_WINDOW = 2.0
WIDEN_PER_SECOND = 0.2


def window(waited: float) -> float:
    """The rating gap a seeker accepts after ``waited`` seconds."""
    return BASE_WINDOW + WIDEN_PER_SECOND * max(0.0, waited)


@dataclass
class Seeker:
    player: str
    game: str
    mu: float
    since: float
    #: Players this one must not be seated with (blocked either way).
    apart: frozenset[str]
    ticket: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    #: The table found for this seeker, once paired.
    code: str | None = None


class Matchmaking:
    def __init__(self) -> None:
        #: Seekers not yet paired, by game, oldest first.
        self.waiting: dict[str, list[Seeker]] = {}
        self.tickets: dict[str, Seeker] = {}

    def seek(self, player: str, game: str, mu: float, apart: frozenset[str], now: float) -> Seeker:
        """The player's seeker for ``game``: one already waiting, or a new one."""
        for seeker in self.waiting.get(game, []):
            if seeker.player == player:
                return seeker
        seeker = Seeker(player, game, mu, now, apart)
        self.waiting.setdefault(game, []).append(seeker)
        self.tickets[seeker.ticket] = seeker
        return seeker

    def opponent(self, seeker: Seeker, now: float) -> Seeker | None:
        """The waiting seeker to pair with ``seeker`` (both taken off the queue), or
        None: the closest in rating within the wider of their two windows."""
        queue = self.waiting.get(seeker.game, [])
        if seeker not in queue:
            return None
        best = None
        for other in queue:
            if other is seeker or other.player in seeker.apart or seeker.player in other.apart:
                continue
            gap = abs(other.mu - seeker.mu)
            accepted = max(window(now - other.since), window(now - seeker.since))
            if gap <= accepted and (best is None or gap < abs(best.mu - seeker.mu)):
                best = other
        if best is not None:
            queue.remove(best)
            queue.remove(seeker)
        return best

    def ticket(self, ticket: str) -> Seeker | None:
        return self.tickets.get(ticket)

    def cancel(self, seeker: Seeker) -> None:
        queue = self.waiting.get(seeker.game, [])
        if seeker in queue:
            queue.remove(seeker)
        self.tickets.pop(seeker.ticket, None)
