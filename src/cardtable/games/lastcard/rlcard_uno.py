"""RLCard's UNO rule agent on Last Card: our view as RLCard's raw observation.

RLCard names a card ``colour-trait`` (``r-5``, ``g-skip``, ``b-reverse``, ``y-draw_2``;
a wild play names its chosen colour: ``r-wild``, ``b-wild_draw_4``). Its legal
actions follow RLCard's UNO: the playable cards, a +4 only when nothing else can be
played, and ``draw`` only when nothing can. The agent sees the raw observation RLCard
would give it as far as our view holds it (``hand``, ``target``, ``num_cards``; the
view has no list of played cards, so ``played_cards`` is empty; the rule agent reads
only the hand and the legal actions).

Our rules have decisions RLCard's do not: after drawing a playable card (``play_drawn``)
the agent is offered that card's plays, as a rule agent that always plays what it
can; with stacking it is offered the stacking plays before ``draw``. Played with
RLCard's rules (``play_drawn``, stacking and the missed-call penalty off) it meets
only RLCard's own decisions. A second-to-last card is always played with the call.

The agent draws its random choices from NumPy's global generator; for each move this
player seeds that generator with a number the bot draws from its own, then puts the
generator's state back, so matches (and search playouts given their luck) replay
from their seeds and nothing else's random numbers move.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from rlcard.models.uno_rule_models import UNORuleAgentV1

from cardtable.engine.actions import Action
from cardtable.engine.state import State

#: Our rank names (and the wild types) to RLCard's traits.
_TRAITS = {
    **{str(n): str(n) for n in range(10)},
    "skip": "skip",
    "reverse": "reverse",
    "+2": "draw_2",
}


def rlcard_card(name: str, color: str | None = None) -> str:
    """RLCard's name of our card ``name`` (a wild one in ``color``, or red in a hand)."""
    if name == "wild":
        return f"{(color or 'red')[0]}-wild"
    if name == "+4":
        return f"{(color or 'red')[0]}-wild_draw_4"
    return f"{name[0].lower()}-{_TRAITS[name[1:]]}"


def rlcard_action(action: Action) -> str:
    """RLCard's name of a Last Card action (read from its JSON: bots know no game's types)."""
    fields = action.to_json()
    return rlcard_card(fields["card"], fields.get("color")) if action.kind == "play" else "draw"


def rlcard_legal(legal: list[Action]) -> dict[str, Action]:
    """RLCard's legal actions for ours, each mapped to the action it stands for."""
    plays = [a for a in legal if a.kind == "play"]
    ordinary = [a for a in plays if a.to_json()["card"] != "+4"]
    offered: list[Action] = [*ordinary] or plays or [a for a in legal if a.kind in ("draw", "keep")]
    mapped: dict[str, Action] = {}
    for action in offered:
        key = rlcard_action(action)
        if key not in mapped or (action.kind == "play" and action.to_json().get("call")):
            mapped[key] = action
    return mapped


def raw_observation(view: dict[str, Any], legal: list[str]) -> dict[str, Any]:
    top = view["top"]
    return {
        "hand": [rlcard_card(name) for name in view["hand"]],
        "target": rlcard_card(top, view["color"]),
        "played_cards": [],
        "legal_actions": legal,
        "num_cards": view["hand_sizes"],
        "num_players": view["players"],
        "current_player": view["you"],
    }


class RlcardUnoPlayer:
    """Asks RLCard's rule agent for a seat's move."""

    def __init__(self) -> None:
        self.agent = UNORuleAgentV1()

    def act(self, state: State, seat: int, seed: int) -> Action:
        """The agent's move for ``seat``, its random choices seeded with ``seed``."""
        mapped = rlcard_legal(state.legal_actions(seat))
        legal = list(mapped)
        observed = {
            "raw_obs": raw_observation(state.view(seat), legal),
            "raw_legal_actions": legal,
        }
        outside = np.random.get_state()
        np.random.seed(seed)
        try:
            choice = self.agent.step(observed)
        finally:
            np.random.set_state(outside)
        return mapped[str(choice)]
