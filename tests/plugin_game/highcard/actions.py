"""High Card's one action, playing a card, and its fixed index space (card - 1)."""

from dataclasses import dataclass

from cardtable.engine.actions import Action, ActionCodec

#: The deck: one card of each value.
CARDS = tuple(range(1, 13))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand into the trick."""

    kind = "play"
    card: int


CODEC = ActionCodec("highcard", (Play,))
ACTION_SPACE_SIZE = len(CARDS)


def action_index(action: Action) -> int:
    assert isinstance(action, Play)
    return action.card - 1


def action_from_index(index: int) -> Action:
    return Play(CARDS[index])
