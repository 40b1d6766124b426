"""Twin worlds for the leak tests: two states with the same public history whose
hidden cards differ, played on with the same actions.

A seat that cannot know the cards in which the worlds differ must see exactly the same
thing in both: the same view, the same events and the same legal actions. Each game's
leak test builds the twin (it swaps two cards some seats cannot know) and says how long
the worlds stay alike for whom: until a rule shows one of the swapped cards, or until
a player who holds one decides with it.
"""

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import cardtable
from cardtable.engine.actions import Action
from cardtable.engine.events import Event, events_for
from cardtable.engine.state import State


def observed(state: State, seat: int | None, events: list[Event]) -> tuple[object, ...]:
    """Everything ``seat`` (``None``: a spectator) learns from ``events`` and the state."""
    legal = [] if seat is None else [a.to_json() for a in state.legal_actions(seat)]
    shown = [e.to_json() for e in events_for(events, seat)]
    return state.view(seat), shown, legal


def assert_alike(
    a: State, b: State, events_a: list[Event], events_b: list[Event], seats: Iterable[int | None]
) -> None:
    """No seat of ``seats`` can tell world ``a`` from world ``b``."""
    for seat in seats:
        assert observed(a, seat, events_a) == observed(b, seat, events_b), (
            f"seat {seat} can tell the worlds apart"
        )


def lockstep(
    a: State,
    b: State,
    rng: random.Random,
    allowed: Callable[[int, Action], bool] = lambda seat, action: True,
) -> Iterator[tuple[int, Action, list[Event], list[Event]]]:
    """Apply the same random action to both worlds, one at a time: an action legal in
    both (and ``allowed``). Yields ``(seat, action, events_a, events_b)``; ends with the
    match, or when the worlds have no such action in common."""
    while not a.is_over and not b.is_over:
        assert a.to_act == b.to_act, "the worlds wait for different seats"
        seat = rng.choice(a.to_act)
        in_b = b.legal_actions(seat)
        common = [x for x in a.legal_actions(seat) if x in in_b and allowed(seat, x)]
        if not common:
            return
        action = rng.choice(common)
        yield seat, action, a.apply(seat, action), b.apply(seat, action)


def everyone(state: State) -> list[int | None]:
    """Every seat and the spectator."""
    return [*range(state.num_players), None]


def first_drawer(events: list[Event]) -> int | None:
    """The seat of the first ``draw`` event that took a card, if any."""
    for e in events:
        if e.type == "draw" and e.data.get("count", 1):
            return int(e.data["seat"])
    return None


def names_a_slot(seat: int, action: Action, owner: int, slots: set[int], field: str) -> bool:
    """Whether ``seat``'s ``action`` names one of ``owner``'s ``slots`` in its ``field``
    (a position of the acting seat's own layout, unless the action names a seat)."""
    where = getattr(action, field, None)
    return where in slots and getattr(action, "seat", seat) == owner


def ends_round(events: list[Event]) -> bool:
    """Whether ``events`` end a round, which shows every card in play."""
    return any(e.type == "round_end" for e in events)


def random_point(game: str, players: int, seed: int, options: dict[str, Any], split: int) -> State:
    """A new match after up to ``split`` random actions (chosen with ``Random(seed)``)."""
    state = cardtable.make(game, players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(split):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def with_pile_ends_swapped(state: Any) -> Any:
    """The same match but for the top card of the draw pile, swapped with the bottom one."""
    twin = state.clone()
    twin.draw_pile[0], twin.draw_pile[-1] = twin.draw_pile[-1], twin.draw_pile[0]
    return twin


def assert_the_top_card_is_the_takers_alone(
    a: State, rng: random.Random, takers: Callable[[list[Event]], set[int]]
) -> None:
    """Only the seats that take the top card of the draw pile (``takers`` of an action's
    events) may tell it from the bottom one, up to that action (after it, the card is
    shown or decided about)."""
    b = with_pile_ends_swapped(a)
    assert_alike(a, b, [], [], everyone(a))
    for _, _, events_a, events_b in lockstep(a, b, rng):
        if ends_round(events_a):
            break  # the round's end shows every card
        took = takers(events_a)
        assert_alike(a, b, events_a, events_b, [s for s in everyone(a) if s not in took])
        if took:
            break


def assert_two_unknown_cards_stay_unknown(
    a: Any, rng: random.Random, owner: int, slots: tuple[int, int], field: str
) -> None:
    """No seat, and no spectator, can tell ``a`` from the same match with the cards of
    ``owner``'s two ``slots`` (which nobody knows) exchanged, as long as no action names
    those slots (in its ``field``) and the round goes on."""
    i, j = slots
    b = a.clone()
    b.cards[owner][i], b.cards[owner][j] = b.cards[owner][j], b.cards[owner][i]
    assert_alike(a, b, [], [], everyone(a))

    def leaves_them_alone(seat: int, action: Action) -> bool:
        return not names_a_slot(seat, action, owner, {i, j}, field)

    for _, _, events_a, events_b in lockstep(a, b, rng, leaves_them_alone):
        if ends_round(events_a) or ends_round(events_b):
            break  # the round's end shows every card
        assert_alike(a, b, events_a, events_b, everyone(a))
        if moves_from(events_a, owner, {i, j}):
            break  # the card now lies elsewhere, where a later action may rightly show it


def moves_from(events: list[Event], owner: int, slots: set[int]) -> bool:
    """Whether ``events`` take a card from one of ``owner``'s ``slots`` to another place:
    an action that names only the actor's own slot does so when its target was chosen
    in an earlier step (a Cactus jack's swap)."""
    return any(
        e.data.get("target_seat") == owner and e.data.get("target_slot") in slots for e in events
    )
