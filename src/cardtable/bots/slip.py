"""A bot that makes mistakes on purpose: another bot's play with human-like slips.

People who are new to a game do not play at random: they mostly make the sensible
move and now and then a careless one, and they often fail to notice a chance that
is not forced on them (a matching card to throw in a Cactus quick-discard window).
``slip`` plays its ``base`` bot's move, except that

- with probability ``rate`` it plays another legal move, chosen at random, in place
  of the base's (a careless move; passes are not chosen this way, so a slip is
  always an action the player meant to make);
- when a pass is legal beside other moves (an optional opportunity) and the base
  would take the opportunity, it passes with probability ``miss`` (it did not see
  the chance).

A level's mistakes are a person's, not absurd ones: each game may register a bound
(``register_slip_bound``) on what such a player does. With ``bounded`` (the default)
a careless move is drawn only among the moves the bound allows, and a base move the
bound rules out is replaced by the game's nearest allowed one. Cactus bars calling
early or on a high layout, Skyjo finishing the round with a high total showing (the
games' ``bot`` modules say why and where the lines are).

Both draws come from the bot's own seeded stream, so its play is reproducible (and
``bounded=false`` plays exactly as the unbounded slips did).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardtable.engine.actions import Action
from cardtable.engine.registry import games
from cardtable.engine.state import State

from .base import Bot, BotSpecError, Budget, make_bot


@dataclass(frozen=True)
class SlipBound:
    """What a game bars a slipping player from doing."""

    #: Whether ``seat`` may play ``action`` (a legal one) at all.
    allows: Callable[[State, int, Action], bool]
    #: The move to play in place of a base move the bound rules out: the best allowed
    #: one, or None when there is none (the base's move stands).
    instead: Callable[[State, int], Action | None]


_BOUNDS: dict[str, SlipBound] = {}


def register_slip_bound(game: str, bound: SlipBound) -> None:
    """Keep a slipping player of ``game`` within ``bound``."""
    _BOUNDS[game] = bound


class SlipBot(Bot):
    """``base``'s moves with careless slips (``rate``) and missed chances (``miss``),
    kept within the game's bound unless ``bounded`` is false."""

    def __init__(
        self,
        seed: int | None = None,
        base: str = "heuristic",
        rate: float = 0.2,
        miss: float = 0.3,
        bounded: bool = True,
    ) -> None:
        super().__init__(seed)
        for name, value in (("rate", rate), ("miss", miss)):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise BotSpecError(f"slip {name} must be a number, got {value!r}")
            if not 0.0 <= value <= 1.0:
                raise BotSpecError(f"slip {name} must be between 0 and 1, got {value}")
        if not isinstance(base, str) or base.partition(":")[0] == "slip":
            raise BotSpecError(f"slip base must name another bot, got {base!r}")
        if not isinstance(bounded, bool):
            raise BotSpecError(f"slip bounded must be true or false, got {bounded!r}")
        self.base = base
        self.bounded = bounded
        self.rate = float(rate)
        self.miss = float(miss)
        self._bots: dict[str, Bot] = {}

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        choice = self._base_bot(state.game).act(state, seat)
        if len(legal) == 1:
            return choice
        bound = _BOUNDS.get(state.game) if self.bounded else None
        if bound is not None and not bound.allows(state, seat, choice):
            choice = bound.instead(state, seat) or choice
        roll = self.rng.random()
        passes = [a for a in legal if a.is_pass]
        if passes and not choice.is_pass and roll < self.miss:
            return passes[0]
        others = [a for a in legal if a != choice and not a.is_pass]
        if others and self.rng.random() < self.rate:
            if bound is not None:
                others = [a for a in others if bound.allows(state, seat, a)]
            return self.rng.choice(others) if others else choice
        return choice

    def budget(self) -> Budget:
        """The base's cost (a slip adds nothing), which is what a server must bound. A
        spec's budget does not depend on the game, so the base is built for the first
        game that has it (apart from this bot's own, whose stream it would draw on)."""
        for game in games():
            try:
                return make_bot(self.base, game.name, 0).budget()
            except BotSpecError:
                continue
        raise BotSpecError(f"slip base {self.base!r} is no game's bot")

    def check_parts(self, game: str) -> None:
        self._base_bot(game).check_parts(game)

    def playout(self, state: State, luck: int) -> None:
        """A search's rollout with this bot: the base's stream is seeded from ``luck``
        too, so that the playout follows from the position and its luck alone."""
        self._base_bot(state.game).rng.seed(luck + 1)
        super().playout(state, luck)

    def _base_bot(self, game: str) -> Bot:
        """The base bot for ``game``, built once (its seed drawn from this bot's)."""
        bot = self._bots.get(game)
        if bot is None:
            try:
                bot = make_bot(self.base, game, self.rng.getrandbits(63))
            except BotSpecError as exc:
                raise BotSpecError(f"slip base {self.base!r}: {exc}") from None
            self._bots[game] = bot
        return bot
