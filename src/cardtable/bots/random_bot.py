"""The random bot: uniform over the legal actions, seeded."""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .base import Bot


class RandomBot(Bot):
    def act(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
