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

Both draws come from the bot's own seeded stream, so its play is reproducible.
"""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.registry import games
from cardtable.engine.state import State

from .base import Bot, BotSpecError, Budget, make_bot


class SlipBot(Bot):
    """``base``'s moves with careless slips (``rate``) and missed chances (``miss``)."""

    def __init__(
        self,
        seed: int | None = None,
        base: str = "heuristic",
        rate: float = 0.2,
        miss: float = 0.3,
    ) -> None:
        super().__init__(seed)
        for name, value in (("rate", rate), ("miss", miss)):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise BotSpecError(f"slip {name} must be a number, got {value!r}")
            if not 0.0 <= value <= 1.0:
                raise BotSpecError(f"slip {name} must be between 0 and 1, got {value}")
        if not isinstance(base, str) or base.partition(":")[0] == "slip":
            raise BotSpecError(f"slip base must name another bot, got {base!r}")
        self.base = base
        self.rate = float(rate)
        self.miss = float(miss)
        self._bots: dict[str, Bot] = {}

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        choice = self._base_bot(state.game).act(state, seat)
        if len(legal) == 1:
            return choice
        roll = self.rng.random()
        passes = [a for a in legal if a.is_pass]
        if passes and not choice.is_pass and roll < self.miss:
            return passes[0]
        others = [a for a in legal if a != choice and not a.is_pass]
        if others and self.rng.random() < self.rate:
            return self.rng.choice(others)
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
