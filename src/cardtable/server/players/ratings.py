"""Ratings of people: OpenSkill (Plackett-Luce) per game, for rated matches only.

A match is rated when it is played under the game's standard rules (every option at
its default: a preset or a custom option makes it unrated, as variants are on
lichess) and at least two of its human seats are held by players not blocked from
rated play (``fairplay``). Leaving a rated match ranks the leaver last. Bots do not count:
their seats are left out and the people are ranked among themselves, in the order
the match put them (winners first, then by total). So a bot at the table changes
nobody's rating by beating them, and a person's rating never rests on a bot's
strength, which a level's settings can change. A human seat taken without a session
has no player and is left out the same way.

The displayed rating is conservative, ``mu - 3 * sigma`` (the library's ordinal): a
new player shows 0 and climbs as the uncertainty falls. A rating is provisional
while ``sigma`` is at least ``PROVISIONAL_SIGMA``; with the library's defaults that
is the first 12 matches of a player who wins and loses in turn against one other
player, 18 at four players.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from cardtable.engine.registry import get_game

from ..responses import Ranked, RatingInfo
from ..storage import HUMAN
from .database import Database
from .seats import Finished

#: A rating is provisional until its sigma falls below this (it starts at 25 / 3).
PROVISIONAL_SIGMA = 6.0
#: A leaderboard lists this many players, each with a rated match in the last
#: ``ACTIVE_SECONDS`` and a rating no longer provisional.
LEADERBOARD_SIZE = 100
ACTIVE_SECONDS = 30 * 24 * 3600.0
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    game: str
    mu: float
    sigma: float
    matches: int
    updated: float

    @property
    def shown(self) -> float:
        """The conservative rating players see: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA

    def to_json(self) -> RatingInfo:
        return {
            "game": self.game,
            "rating": round(self.shown, 1),
            "mu": self.mu,
            "sigma": self.sigma,
            "matches": self.matches,
            "provisional": self.provisional,
            "updated": self.updated,
        }


def standard_rules(game: str, options: dict[str, Any]) -> bool:
    """Whether ``options`` are the game's defaults (no preset, no custom option)."""
    try:
        kind = get_game(game).options_type
        return kind.from_dict(options).to_dict() == kind().to_dict()
    except (KeyError, ValueError, TypeError):
        return False


def human_ranks(match: Finished, blocked: frozenset[str] = frozenset()) -> dict[str, int]:
    """Each rated player's rank among the people (1 first; equal places share one),
    or nothing when the match is unrated. Players ``blocked`` from rated play are left
    out; a person who left the match is ranked below everyone who stayed."""
    if not standard_rules(match.game, match.options):
        return {}
    seats = [
        s
        for s in sorted(match.players)
        if match.seats[s] == HUMAN and match.players[s] not in blocked
    ]
    players = [match.players[s] for s in seats]
    if len(seats) < 2 or len(set(players)) != len(players):
        return {}
    lower_wins = get_game(match.game).lower_score_wins
    winners, totals = match.result["winners"], match.result["totals"]

    def place(seat: int) -> tuple[bool, bool, int]:
        total = totals[seat] if lower_wins else -totals[seat]
        return (seat in match.leavers, seat not in winners, total)

    return {match.players[s]: 1 + sum(place(o) < place(s) for o in seats) for s in seats}


class Ratings:
    def __init__(self, db: Database) -> None:
        self.db = db

    def mu(self, player: str, game: str) -> float:
        """The player's skill estimate in ``game`` (a new player's for none yet)."""
        return float(self._current(player, game).mu)

    def _current(self, player: str, game: str) -> PlackettLuceRating:
        row = self.db.one(
            "SELECT mu, sigma FROM ratings WHERE player_id = ? AND game = ?", player, game
        )
        return MODEL.rating() if row is None else MODEL.rating(mu=row[0], sigma=row[1])

    def rate(self, match: Finished, blocked: frozenset[str] = frozenset()) -> bool:
        """Update the ratings of a rated match's players; False if it is unrated.
        Called once per match, inside the settlement's transaction."""
        ranks = human_ranks(match, blocked)
        if not ranks:
            return False
        players = list(ranks)
        teams = MODEL.rate(
            [[self._current(p, match.game)] for p in players], ranks=[ranks[p] for p in players]
        )
        now = time.time()
        for player, (rating,) in zip(players, teams, strict=True):
            self.db.execute(
                "INSERT INTO ratings (player_id, game, mu, sigma, matches, updated)"
                " VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (player_id, game) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma,"
                " matches = ratings.matches + 1, updated = excluded.updated",
                player,
                match.game,
                rating.mu,
                rating.sigma,
                now,
            )
            self.db.execute(
                "INSERT INTO rating_history (player_id, game, code, number, mu, sigma, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                player,
                match.game,
                match.code,
                match.number,
                rating.mu,
                rating.sigma,
                now,
            )
        return True

    def of(self, player: str) -> list[Rating]:
        """The player's rating in each game they have a rated match of."""
        rows = self.db.rows(
            "SELECT game, mu, sigma, matches, updated FROM ratings WHERE player_id = ?"
            " ORDER BY game",
            player,
        )
        return [Rating(*row) for row in rows]

    def leaderboard(self, game: str, now: float) -> list[Ranked]:
        """The game's top players by shown rating: established and recently active."""
        rows = self.db.rows(
            "SELECT r.player_id, p.name, r.mu, r.sigma, r.matches, r.updated"
            " FROM ratings r JOIN players p ON p.id = r.player_id"
            " WHERE r.game = ? AND r.sigma < ? AND r.updated >= ?"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.matches DESC, p.id LIMIT ?",
            game,
            PROVISIONAL_SIGMA,
            now - ACTIVE_SECONDS,
            LEADERBOARD_SIZE,
        )
        return [
            {
                "rank": rank,
                "id": player,
                "name": name,
                **Rating(game, mu, sigma, matches, updated).to_json(),
            }
            for rank, (player, name, mu, sigma, matches, updated) in enumerate(rows, 1)
        ]
