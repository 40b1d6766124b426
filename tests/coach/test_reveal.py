"""Each game's revealer, as installed: a revealed replay shows every card, and the
cards it shows are the ones each seat's own view shows where that seat sees them."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.bots.base import make_bot
from cardtable.coach.replay import REVEALED, frames


def _record(game: str, seed: int) -> dict[str, Any]:
    state = cardtable.make(game, 2, seed=seed)
    bot = make_bot("random", game, seed=seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.act(state, seat))
    return state.record()


@pytest.mark.parametrize("game", ["skyjo", "cactus"])
def test_a_revealed_replay_shows_every_face_down_card(game: str):
    record = _record(game, 5)
    revealed = frames(record, REVEALED)
    own = [frames(record, seat) for seat in range(2)]
    for step, frame in enumerate(revealed):
        layouts = frame["view"]["layouts"]
        assert all(card != "hidden" for row in layouts for card in row), step
        holding = frame["view"].get("holding")
        assert holding is None or holding["card"] is not None, step
        for seat in range(2):
            mine = own[seat][step]["view"]["layouts"][seat]
            assert all(s in ("hidden", r) for s, r in zip(mine, layouts[seat], strict=True))


def test_a_revealed_last_card_replay_lists_every_hand():
    record = _record("lastcard", 2)
    revealed = frames(record, REVEALED)
    own = [frames(record, seat) for seat in range(2)]
    for step, frame in enumerate(revealed):
        view = frame["view"]
        assert [len(hand) for hand in view["hands"]] == view["hand_sizes"], step
        for seat in range(2):
            assert own[seat][step]["view"]["hand"] == view["hands"][seat], step
