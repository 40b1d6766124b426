"""High Card's heuristic: take a trick as cheaply as possible, else throw the lowest."""

from __future__ import annotations

from cardtable.bots.base import Bot, register_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .actions import Play


class HighCardBot(Bot):
    """Leads its highest card; follows with the lowest card that wins, or its lowest."""

    def act(self, state: State, seat: int) -> Action:
        view = state.view(seat)
        hand = view["hand"]
        if not view["trick"]:
            return Play(max(hand))
        winning = [card for card in hand if card > view["trick"][0]["card"]]
        return Play(min(winning or hand))


register_bot("heuristic", HighCardBot, game="highcard")
