"""Move keys in the terminal: one per move, by kind, stable, and none lost when typed ahead."""

from __future__ import annotations

import asyncio

from cardtable.bots import RandomBot
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    DRAW,
    TAKE_DISCARD,
    ChooseOpponent,
    Replace,
)
from cardtable.games.lastcard.state import LastCardState
from cardtable.games.skyjo.actions import Reveal
from cardtable.tui.app import PlayApp
from cardtable.tui.keys import COMMON_KIND_KEYS, POOL, assign_keys, in_kind_order, own_key
from cardtable.tui.render_cactus import CactusRenderer
from cardtable.tui.renderer import renderer_for
from cardtable.tui.session import Session

from .pilot import SIZE, app_for, move_texts, press, settle, until

CACTUS_KEYS = own_key(CactusRenderer.KIND_KEYS)
RESERVED = "".join(CactusRenderer.KIND_KEYS.values())


def test_a_kind_has_its_key_and_an_own_slot_its_number_counted_from_1():
    assert CACTUS_KEYS(DRAW) == "d"
    assert CACTUS_KEYS(TAKE_DISCARD) == "t"
    assert CACTUS_KEYS(CALL_CACTUS) == "c"
    assert CACTUS_KEYS(Replace(0)) == "1"
    assert CACTUS_KEYS(Replace(2)) == "3"
    assert CACTUS_KEYS(Replace(9)) == "0"  # the tenth slot: the number row's last key
    assert CACTUS_KEYS(Replace(10)) is None
    assert CACTUS_KEYS(ChooseOpponent(1, 2)) is None  # another player's slot


def test_keys_differ_and_the_pool_never_hands_out_a_kind_key():
    moves = [ChooseOpponent(seat, slot) for seat in range(1, 8) for slot in range(4)]
    keys = assign_keys(moves, CACTUS_KEYS, RESERVED, {})
    assert None not in keys and len(set(keys)) == len(keys) == 28
    assert not set(keys) & set(RESERVED)


def test_a_move_keeps_its_key_while_it_stays_offered():
    places = [Reveal(pos) for pos in range(12)]
    first = assign_keys(places, own_key(COMMON_KIND_KEYS), "dtxkp", {})
    previous = {m: k for m, k in zip(places, first, strict=True) if k}
    rest = places[:3] + places[4:]  # place 3 was turned up
    again = assign_keys(rest, own_key(COMMON_KIND_KEYS), "dtxkp", previous)
    assert again == [previous[m] for m in rest]


def test_moves_beyond_the_pool_have_no_key():
    moves = [Reveal(pos) for pos in range(len(POOL) + 3)]
    keys = assign_keys(moves, own_key({}), "", {})
    assert keys[: len(POOL)] == list(POOL) and keys[len(POOL) :] == [None] * 3


def test_in_cactus_draw_comes_before_the_call():
    assert in_kind_order([CALL_CACTUS, DRAW, TAKE_DISCARD], CactusRenderer.KIND_ORDER) == [
        DRAW,
        TAKE_DISCARD,
        CALL_CACTUS,
    ]


def _to_first_turn(app: PlayApp):
    """Open the app at its first turn prompt (after the look and its notice)."""

    async def opened(pilot) -> None:
        await settle(app, pilot)
        await press(app, "l")
        await settle(app, pilot)
        await press(app, "space")
        await settle(app, pilot)

    return opened


def test_the_cactus_turn_lists_draw_first_with_d_and_the_call_after_it_with_c():
    app = app_for("cactus", "--seed", "4")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _to_first_turn(app)(pilot)
            texts = move_texts(app)
            assert texts[0].startswith("d Draw from the pile")
            assert "c Call Cactus (ends your turn)" in texts[1:]

    asyncio.run(run())


def test_a_key_typed_right_after_a_move_is_not_lost():
    """``d`` then ``2`` at once: the card drawn goes to slot 2 (index 1), though the
    second key came before the prompt that offers it."""
    app = app_for("cactus", "--seed", "4")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _to_first_turn(app)(pilot)
            log = app.session.state.log
            done = len(log)
            app.simulate_key("d")
            app.simulate_key("2")
            await until(lambda: len(log) >= done + 2)
            assert [action for _, action in log[done : done + 2]] == [DRAW, Replace(1)]

    asyncio.run(run())


def test_at_80x24_every_move_of_a_full_hand_has_a_key_that_plays_it():
    """Last Card's widest choice: a hand that can play every red card, every 1 and both
    wild cards in four colours. The list scrolls; each move has its own key."""
    reds = ["R0", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "Rskip", "Rreverse", "R+2"]
    hand = [*reds, "G1", "B1", "Y1", "wild", "+4"]
    state = LastCardState.from_deal([hand, ["G2", "G3"]], ["R1"], ["B2", "B3", "B4"])
    session = Session(state, 0, {1: RandomBot(1)}, ["You", "Bot 2"], order_seed=1)
    app = PlayApp(session, renderer_for("lastcard"), delay=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            legal = state.legal_actions(0)
            assert len(legal) > 20 and sorted(map(str, app.moves)) == sorted(map(str, legal))
            assert None not in app.keys and len(set(app.keys)) == len(app.keys)
            assert app.query_one("#moves").option_count == len(legal)
            last, done = app.moves[-1], len(state.log)
            await press(app, app.keys[-1] or "")
            assert state.log[done] == (0, last)

    asyncio.run(run())
