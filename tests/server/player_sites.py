"""A site's store and player layer on one database, without a server: finished
matches written as the server writes them and settled as it settles them."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from pathlib import Path

import cardtable
from cardtable.server.players.service import Players
from cardtable.server.storage import HUMAN, MatchRecord, Store, TableRecord
from cardtable.server.stores import open_store

from .backends import BACKEND

GAME = "skyjo"  # the lower total wins
STANDARD = cardtable.get_game(GAME).options_type().to_dict()


class Site:
    """The server's store and its player layer on one database."""

    def __init__(self, db: Path) -> None:
        self.url = url = BACKEND.url(db)
        self.store: Store = open_store(url)
        self.players = Players(url)

    def guest(self, name: str) -> str:
        return self.players.accounts.new_guest(name).id

    def finish(
        self,
        seats: list[str | None],
        totals: list[int],
        winners: list[int],
        options: dict[str, object] | None = None,
        leavers: frozenset[int] = frozenset(),
    ) -> tuple[str, int]:
        """A finished match: ``seats`` holds a player id per human seat (None: no
        session) or a bot spec; it is settled as at its end. Its (code, number)."""
        code = "R" + secrets.token_hex(5).upper()  # unique on a shared database too
        kinds = [HUMAN if s is None or not s.startswith("bot:") else s[4:] for s in seats]
        table = TableRecord(code, GAME, options or STANDARD, kinds, False, None, 0.0)
        assert self.store.add_table(table)
        record = MatchRecord(code, 1, GAME, table.options, len(seats), 7, kinds, ["x"] * len(seats))
        self.store.start_match(record)
        for seat, player in enumerate(seats):
            if player is not None and not player.startswith("bot:"):
                self.players.seats.take(code, seat, player)
        result = {"totals": totals, "winners": winners, "round_scores": [totals]}
        self.store.finish_match(code, 1, result)
        assert self.players.seats.settle(code, 1, leavers)
        return code, 1

    def rating(self, player: str) -> tuple[float, float, int] | None:
        ratings = self.players.ratings.of(player)
        return (ratings[0].mu, ratings[0].sigma, ratings[0].matches) if ratings else None

    def close(self) -> None:
        self.players.close()
        self.store.close()


@contextlib.contextmanager
def open_site(db: Path) -> Iterator[Site]:
    opened = Site(db)
    try:
        yield opened
    finally:
        opened.close()
