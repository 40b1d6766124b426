"""The random bot: uniform over the legal actions, seeded.

When a pass is legal beside other actions (an optional opportunity such as a
quick-discard window), the bot passes with probability ``pass_rate`` and otherwise
picks uniformly among all legal actions. Without that, a random seat would seize every
optional opportunity (several throws against one pass), so windows would rarely close
by passing and penalties would pile up. Games without pass actions are unaffected.
"""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .base import Bot, BotSpecError


class RandomBot(Bot):
    def __init__(self, seed: int | None = None, pass_rate: float = 0.8) -> None:
        if isinstance(pass_rate, bool) or not isinstance(pass_rate, int | float):
            raise BotSpecError(f"pass_rate must be a number, got {pass_rate!r}")
        if not 0.0 <= pass_rate <= 1.0:
            raise BotSpecError(f"pass_rate must be between 0 and 1, got {pass_rate}")
        super().__init__(seed)
        self.pass_rate = float(pass_rate)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            passes = [a for a in legal if a.is_pass]
            if passes and self.rng.random() < self.pass_rate:
                return passes[0]
        return self.rng.choice(legal)
