"""A match played in the terminal: the player's seat, bots in the others, who acts next.

This is the client's whole link to the engine, with no display in it: the player is
shown ``state.view(you)`` and the events visible to ``you``, never the state itself,
and picks among ``state.legal_actions(you)``.

When several seats may act at once, the next one is drawn with a seeded RNG exactly as
the match runner does ("who was fastest"); once the draw falls on the player it stays
theirs until they move. A timed window (the state offers a system action, such as
closing Cactus's quick-discard window) that the player lets run out is closed with that
system action, applied as ``SYSTEM``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.errors import CardtableError
from cardtable.engine.events import Event, events_for
from cardtable.engine.registry import make
from cardtable.engine.state import SYSTEM, State, derive_seed, new_seed

from .renderer import Seats

#: How long a timed window waits for the player when the game sets no duration.
DEFAULT_WINDOW_SECONDS = 3.0


class SessionError(CardtableError):
    """The match cannot be set up as asked (seat, bots)."""


def bot_seats(players: int, you: int, specs: Sequence[str]) -> dict[int, str]:
    """Give every seat but ``you`` a bot spec: one spec for all, or one per bot seat."""
    if not 0 <= you < players:
        raise SessionError(f"seat {you} does not exist (seats are 0..{players - 1})")
    seats = [s for s in range(players) if s != you]
    if len(specs) == 1:
        specs = list(specs) * len(seats)
    if len(specs) != len(seats):
        raise SessionError(
            f"give one bot for all seats or one per bot seat ({len(seats)}), not {len(specs)}"
        )
    return dict(zip(seats, specs, strict=True))


class Session:
    """The player's match: what they may see, what they may do, and the bots' moves."""

    def __init__(
        self,
        state: State,
        you: int,
        bots: Mapping[int, Bot],
        names: Sequence[str],
        order_seed: int,
        window_seconds: float | None = None,
        specs: Mapping[int, str] | None = None,
    ) -> None:
        self.state = state
        self.you = you
        self.bots = dict(bots)
        #: Each bot seat's spec, to tell the player whom they play against.
        self.specs = dict(specs or {})
        self.seats = Seats(tuple(names), you)
        self.order_rng = random.Random(order_seed)
        if window_seconds is None:
            window_seconds = getattr(state.options, "quick_discard_seconds", None)
        self.window_seconds = float(window_seconds or DEFAULT_WINDOW_SECONDS)
        self._next: int | None = None

    @classmethod
    def start(
        cls,
        game: str,
        players: int,
        you: int,
        specs: Sequence[str],
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        window_seconds: float | None = None,
    ) -> Session:
        """A new match: the player at seat ``you``, bots built from ``specs``."""
        seed = new_seed() if seed is None else seed
        plan = bot_seats(players, you, specs)
        state = make(game, players, seed, options)
        bots = {
            seat: make_bot(spec, game, derive_seed(seed, "bot", seat))
            for seat, spec in plan.items()
        }
        names = [f"Bot {seat + 1}" if seat != you else "You" for seat in range(players)]
        order_seed = derive_seed(seed, "order")
        return cls(state, you, bots, names, order_seed, window_seconds, plan)

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def seed(self) -> int:
        """The match's seed: with the moves, it replays the match exactly."""
        return self.state.seed

    # ------------------------------------------------------------ what the player sees
    def view(self) -> dict[str, Any]:
        return self.state.view(self.you)

    def opening(self) -> list[Event]:
        """The first round's opening events the player may see (its deal, its start),
        while nobody has acted yet: a match taken up in the middle has them behind it."""
        if self.state.log:
            return []
        return events_for(list(self.state.opening), self.you)

    def moves(self) -> list[Action]:
        """The player's legal moves (empty unless the player acts next)."""
        if self.next_actor() != self.you:
            return []
        return self.state.legal_actions(self.you)

    @property
    def timed(self) -> bool:
        """Whether the player's current move is in a window that closes on a timer."""
        return bool(self.state.system_actions())

    # ------------------------------------------------------------ who acts
    def next_actor(self) -> int | None:
        """The seat that acts next (``SYSTEM`` to close a window); ``None`` once over."""
        state = self.state
        if state.is_over:
            return None
        seats = state.to_act
        if not seats:
            if state.system_actions():
                return SYSTEM
            raise SessionError("no seat may act and the match is not over")
        if self._next not in seats:
            pick = 0 if len(seats) == 1 else self.order_rng.randrange(len(seats))
            self._next = seats[pick]
        return self._next

    def play(self, action: Action) -> list[Event]:
        """Apply the player's move; an illegal one raises and changes nothing."""
        if self.next_actor() != self.you:
            raise SessionError("it is not your move")
        return self._apply(self.you, action)

    def bot_move(self) -> list[Event]:
        """Let the bot that acts next make its move."""
        seat = self.next_actor()
        if seat is None or seat not in self.bots:
            raise SessionError("no bot acts next")
        return self._apply(seat, self.bots[seat].act(self.state, seat))

    def close_window(self) -> list[Event]:
        """The timer ran out: apply the state's system action (closing the window)."""
        actions = self.state.system_actions()
        if not actions:
            raise SessionError("no window is open")
        return self._apply(SYSTEM, actions[0])

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self.state.apply(seat, action)
        self._next = None
        return events_for(events, self.you)
