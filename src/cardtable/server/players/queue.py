"""Where the seekers of a rated quick match wait: this process's memory, or on a
site of several processes the site's Redis, so that any process pairs any two.

Both keep the pairing of ``matchmaking``. The shared queue stores each game's
waiting seekers as one JSON list (``cardtable:rated:GAME``) and each ticket as a
JSON seeker (``cardtable:rated-ticket:TICKET``, with the table's code once paired),
both for ``KEEP_SECONDS`` after their last change; every change of a game's queue,
the pairing with its new table included, is made under that game's site-wide lock,
so that a seeker is never paired twice. Times are wall-clock seconds, which every
process shares.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from .matchmaking import Matchmaking, Seeker

#: Makes a table for a pair of ``game``: its code.
NewTable = Callable[[str], Awaitable[str]]

QUEUE = "cardtable:rated:"
TICKET = "cardtable:rated-ticket:"
#: How long a queue or a ticket is kept after its last change.
KEEP_SECONDS = 600


class Queue(Protocol):
    async def seek(
        self, player: str, game: str, mu: float, apart: frozenset[str], now: float
    ) -> Seeker: ...

    async def pair(self, seeker: Seeker, now: float, table: NewTable) -> Seeker:
        """The seeker as it stands, paired (its ``code`` set) if someone fits now."""
        ...

    async def ticket(self, ticket: str) -> Seeker | None: ...

    async def cancel(self, seeker: Seeker) -> None: ...


class LocalQueue:
    """The seekers of this process."""

    def __init__(self) -> None:
        self.matchmaking = Matchmaking()

    async def seek(
        self, player: str, game: str, mu: float, apart: frozenset[str], now: float
    ) -> Seeker:
        return self.matchmaking.seek(player, game, mu, apart, now)

    async def pair(self, seeker: Seeker, now: float, table: NewTable) -> Seeker:
        opponent = self.matchmaking.opponent(seeker, now)
        if opponent is not None:
            seeker.code = opponent.code = await table(seeker.game)
        return seeker

    async def ticket(self, ticket: str) -> Seeker | None:
        return self.matchmaking.ticket(ticket)

    async def cancel(self, seeker: Seeker) -> None:
        self.matchmaking.cancel(seeker)


def _json(seeker: Seeker) -> dict[str, Any]:
    return {
        "player": seeker.player,
        "game": seeker.game,
        "mu": seeker.mu,
        "since": seeker.since,
        "apart": sorted(seeker.apart),
        "ticket": seeker.ticket,
        "code": seeker.code,
    }


def _seeker(data: dict[str, Any]) -> Seeker:
    return Seeker(
        data["player"],
        data["game"],
        data["mu"],
        data["since"],
        frozenset(data["apart"]),
        data["ticket"],
        data["code"],
    )


class SharedQueue:
    """The seekers of every process of a site, in its Redis (``aio``), changed under
    its site-wide ``locks`` (``cluster.locks.SiteLocks``)."""

    def __init__(self, aio: Any, locks: Any) -> None:
        self.aio = aio
        self.locks = locks

    async def _load(self, game: str) -> Matchmaking:
        raw = await self.aio.get(QUEUE + game)
        queue = Matchmaking()
        for item in json.loads(raw) if raw else []:
            seeker = _seeker(item)
            queue.waiting.setdefault(game, []).append(seeker)
            queue.tickets[seeker.ticket] = seeker
        return queue

    async def _save(self, game: str, queue: Matchmaking, *changed: Seeker) -> None:
        waiting = [_json(s) for s in queue.waiting.get(game, [])]
        async with self.aio.pipeline(transaction=True) as pipe:
            pipe.set(QUEUE + game, json.dumps(waiting), ex=KEEP_SECONDS)
            for seeker in changed:
                pipe.set(TICKET + seeker.ticket, json.dumps(_json(seeker)), ex=KEEP_SECONDS)
            await pipe.execute()

    async def seek(
        self, player: str, game: str, mu: float, apart: frozenset[str], now: float
    ) -> Seeker:
        async with self.locks.held(f"rated:{game}"):
            queue = await self._load(game)
            seeker = queue.seek(player, game, mu, apart, now)
            await self._save(game, queue, seeker)
        return seeker

    async def pair(self, seeker: Seeker, now: float, table: NewTable) -> Seeker:
        async with self.locks.held(f"rated:{seeker.game}"):
            queue = await self._load(seeker.game)
            mine = queue.ticket(seeker.ticket)
            if mine is None:  # paired (or stopped) through another process meanwhile
                return await self.ticket(seeker.ticket) or seeker
            opponent = queue.opponent(mine, now)
            if opponent is None:
                return mine
            mine.code = opponent.code = await table(mine.game)
            await self._save(mine.game, queue, mine, opponent)
        return mine

    async def ticket(self, ticket: str) -> Seeker | None:
        raw = await self.aio.get(TICKET + ticket)
        return None if raw is None else _seeker(json.loads(raw))

    async def cancel(self, seeker: Seeker) -> None:
        async with self.locks.held(f"rated:{seeker.game}"):
            queue = await self._load(seeker.game)
            waiting = queue.ticket(seeker.ticket)
            if waiting is not None:
                queue.cancel(waiting)
                await self._save(seeker.game, queue)
            await self.aio.delete(TICKET + seeker.ticket)
