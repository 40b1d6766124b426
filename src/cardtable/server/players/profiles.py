"""What a player's profile shows: matches played and won per game, the favourite
game, recent matches, and each game's rating over time.

Everything here comes from finished matches only (``match_players`` is written when
a match is settled), whose records are public once over: a profile shows no card
that the match's own record does not.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ..responses import Played, PlayerMatch, ProfileStats, RatingPoint
from .database import Database
from .ratings import Rating

#: Recent matches a profile lists (the history API pages through all of them).
RECENT = 20


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


class Profiles:
    def __init__(self, db: Database) -> None:
        self.db = db

    def matches(self, player: str, limit: int, offset: int = 0) -> list[PlayerMatch]:
        """The player's finished matches, newest first: where they sat and whether
        they won."""
        rows = self.db.rows(
            "SELECT mp.code, mp.number, mp.seat, mp.game, mp.finished, m.result"
            " FROM match_players mp JOIN matches m ON m.code = mp.code AND m.number = mp.number"
            " WHERE mp.player_id = ? ORDER BY mp.finished DESC, mp.code, mp.number"
            " LIMIT ? OFFSET ?",
            player,
            limit,
            offset,
        )
        out: list[PlayerMatch] = []
        for code, number, seat, game, finished, result in rows:
            outcome = _json(result) or {}
            out.append(
                {
                    "code": code,
                    "match": number,
                    "seat": seat,
                    "game": game,
                    "finished": finished,
                    "won": seat in outcome.get("winners", []),
                    "totals": outcome.get("totals", []),
                }
            )
        return out

    def counts(self, player: str) -> dict[str, Played]:
        """Per game: matches played and won."""
        rows = self.db.rows(
            "SELECT mp.game, mp.seat, m.result FROM match_players mp"
            " JOIN matches m ON m.code = mp.code AND m.number = mp.number"
            " WHERE mp.player_id = ?",
            player,
        )
        played: Counter[str] = Counter()
        won: Counter[str] = Counter()
        for game, seat, result in rows:
            played[game] += 1
            won[game] += seat in (_json(result) or {}).get("winners", [])
        return {game: {"played": played[game], "won": won[game]} for game in sorted(played)}

    def rating_history(self, player: str) -> dict[str, list[RatingPoint]]:
        """Per game, the shown rating after each rated match, oldest first."""
        rows = self.db.rows(
            "SELECT game, at, mu, sigma FROM rating_history WHERE player_id = ? ORDER BY at",
            player,
        )
        out: dict[str, list[RatingPoint]] = {}
        for game, at, mu, sigma in rows:
            shown = Rating(game, mu, sigma, 0, at).shown
            out.setdefault(game, []).append({"at": at, "rating": round(shown, 1)})
        return out

    def profile(self, player: str) -> ProfileStats:
        """The parts of a profile besides the player and their current ratings."""
        counts = self.counts(player)
        favourite = max(counts, key=lambda game: (counts[game]["played"], game), default=None)
        return {
            "games": counts,
            "favourite": favourite,
            "recent": self.matches(player, RECENT),
            "rating_history": self.rating_history(player),
        }
