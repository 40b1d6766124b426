"""Last Card's rules (the Last Card rules page, web/rules/lastcard.md, "A round" 1-8)
as an engine ``State``.

Encoding, chosen for speed (the engine plays millions of simulated rounds): a card is
its type, an int (see ``cards``); a hand is a list of 54 counts, a bitmask of the
types it holds and a size. The state keeps ``playable``, the mask of the types the
player to act may play now (the stacking answers while a draw is pending), so the
legal plays are ``hand mask & playable``, worked out once as the turn begins
(``playable_held``), and ``legal_actions`` is one memo lookup. Piles are lists whose
top is the last element.

The rules live once, in the steps below ``_apply`` that work on this encoding. Three
paths reach them: ``apply`` validates an action and collects the events the steps
report; ``random_playout`` (simulations, search rollouts) picks a legal move straight
from the masks and runs the same steps without building events; the heuristic bot's
own playout (``bot.py``) does the same with its choices. Where the compiled core is
built, both playouts run in C (``cardtable/_core/lastcard*.c``: the same steps, the
same draws, the same final state).

Moves that leave no choice and show nothing the move itself would not show need no
action: a player who cannot play (and may not choose to draw) draws at once when the
turn reaches them; with stacking off, the next player draws a +2/+4 penalty at once
and loses the turn; the missed-call penalty and the draw after a winning +2/+4
(rule 7) come with the play that causes them. A pending draw that could be answered
is always drawn by an explicit ``Draw``, so being asked never reveals a hand. With
``play_drawn`` on, every one-card draw of rule 3 ends in the ``play_drawn`` phase, even
when ``Keep`` is the only choice: were an unplayable card kept at once, the table would
learn that a card the drawer decided about was playable.

The house rules (options ``jump_in`` ... ``forced_play_drawn``, web/rules/lastcard.md)
run on the same steps. Those that only change what may be played or drawn (strict +4,
draw until playable, forced play) live in ``_begin_turn`` and the legal moves; those
with moves of their own (jump-in, 7-0, the +4 challenge, catching a missed call) go
through ``_house_step``. Out-of-turn moves follow Cactus's quick discard: a *window*
puts the seats that may jump in or catch into ``to_act`` beside the player to act,
who is never held up, and the server closes it with ``close_window``. Neither fast
playout (Python or C) knows the house rules: a state with any of them on is played
by the engine's generic loop.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from cardtable._core import native
from cardtable.engine.actions import Action
from cardtable.engine.errors import StateFormatError
from cardtable.engine.events import Event
from cardtable.engine.piles import reshuffle
from cardtable.engine.state import SYSTEM, State, shuffle

from .actions import (
    CALL_FLAG,
    CATCH,
    CHALLENGE,
    CLOSE_WINDOW,
    CODEC,
    DRAW,
    DRAW_FLAG,
    DRAWN_CHOICES,
    KEEP,
    PASS,
    PLAYS,
    SWAP_WITH,
    TURN_MEMO,
    WIDTHS,
    Catch,
    Challenge,
    CloseWindow,
    Draw,
    Keep,
    Pass,
    Play,
    SwapWith,
    turn_actions,
)
from .cards import (
    BIT,
    CODE,
    COLOR_INDEX,
    COLOR_MASKS,
    COLOR_OF,
    COLORS,
    COPIES,
    DECK,
    KIND,
    MATCHING,
    NAMES,
    NUMBER,
    PENALTY,
    PLUS2,
    PLUS2_MASK,
    PLUS4,
    PLUS4CARD,
    RANK_OF,
    REVERSE,
    SKIP,
    TYPES,
    WILD,
    check_copies,
    codes,
    hand_cards,
    hand_points,
    names,
)
from .options import LastCardOptions

TURN, PLAY_DRAWN, OVER, SWAP = range(4)
PHASES = ("turn", "play_drawn", "over", "swap")
NO_SEAT = -1
TOO_LATE = "too late: the chance to jump in or catch has passed"
HAND_SIZE = 7
MAX_PLAYERS = 10
NO_CARD = -1
#: ``WILD_EXTRA[wild type bits]``: the plays the wild types add beyond one each.
WILD_EXTRA = (0, 3, 3, 6)
#: Masks below this hold no wild type.
FIRST_WILD_BIT = BIT[WILD]


def _logged(action: Action) -> tuple[tuple[int, Action], ...]:
    """``(seat, action)`` for every seat: log entries built once, shared by all playouts."""
    return tuple((seat, action) for seat in range(MAX_PLAYERS))


#: ``MOVES[call_allowed][t][i]``: for ``PLAYS[call_allowed][t][i]``, the colour it leaves
#: to follow (an index), its call and its log entry for each seat, so that a playout
#: applies and logs it without decoding the action or building a tuple.
MOVES = tuple(
    tuple(
        tuple((COLOR_INDEX[p.color] if p.color else COLOR_OF[t], p.call, _logged(p)) for p in plays)
        for t, plays in enumerate(table)
    )
    for table in PLAYS
)
#: ``PLAIN_MOVES[t]``: the one play of a coloured type ``t`` when no call is possible.
PLAIN_MOVES = tuple(moves[0] for moves in MOVES[0][:WILD])
DRAW_LOGGED = _logged(DRAW)
KEEP_LOGGED = _logged(KEEP)
_ONE_SEAT = tuple((seat,) for seat in range(MAX_PLAYERS))


def _core_log_entries() -> tuple[tuple[int, Action] | None, ...]:
    """The log entries the compiled playouts append, by move and then by seat: the plays
    by card type, call and colour (a coloured type's play in the first colour's place,
    None in the others'), then Draw and Keep."""
    moves: list[Action | None] = []
    for plays in PLAYS[1]:  # each type's plays without the call, then with it
        width = len(plays) // 2
        moves += [
            plays[call * width + c] if c < width else None for call in (0, 1) for c in range(4)
        ]
    moves += [DRAW, KEEP]
    return tuple(None if m is None else (seat, m) for m in moves for seat in range(MAX_PLAYERS))


CORE_LOG_ENTRIES = _core_log_entries()
if native is not None:
    native.lastcard_setup(CORE_LOG_ENTRIES)

#: ``SEATS_AFTER[players][direction][seat]``: who plays after ``seat``.
SEATS_AFTER = {
    n: {d: tuple((seat + d) % n for seat in range(n)) for d in (1, -1)}
    for n in range(2, MAX_PLAYERS + 1)
}


def turn_start_card(pile: list[int], rng: random.Random) -> int:
    """Rule 1: turn cards until a number card comes up; return it.

    Each other card turned goes back into the draw pile at a random place, which leaves
    the pile as well shuffled as putting them all back and shuffling again.
    """
    while KIND[pile[-1]] != NUMBER:
        card = pile.pop()
        pile.insert(rng.randrange(len(pile) + 1), card)
    return pile.pop()


def _report_draw(seat: int, got: list[int], reason: str, events: list[Event]) -> None:
    """The events of a draw: its size for everyone, the cards for the drawer alone."""
    events.append(Event("draw", {"seat": seat, "count": len(got), "reason": reason}))
    if got:
        events.append(Event("drawn", {"seat": seat, "cards": names(got)}, (seat,)))


class Rules:
    """Lookup tables derived from one options value, shared by every state using it."""

    __slots__ = (
        "after_number",
        "catch",
        "challenge",
        "draw_flag",
        "forced",
        "house",
        "jump_in",
        "missed_call",
        "plain",
        "play_drawn",
        "playable",
        "seven_zero",
        "stack_four",
        "stack_two",
        "strict",
        "until",
    )

    def __init__(self, options: LastCardOptions) -> None:
        plus4_on_plus2 = options.plus_four_on_plus_two
        #: ``playable[top * 4 + colour]``: playable types with no draw pending (rule 2, 5).
        self.playable = tuple(
            mask & ~BIT[PLUS4] if KIND[i // 4] == PLUS2 and not plus4_on_plus2 else mask
            for i, mask in enumerate(MATCHING)
        )
        #: The answers to a pending +2 / +4 draw; 0 means the next player draws at once.
        self.stack_two = (
            PLUS2_MASK | (BIT[PLUS4] if plus4_on_plus2 else 0) if options.stack_plus_two else 0
        )
        self.stack_four = BIT[PLUS4] if options.stack_plus_four else 0
        #: ``after_number[t]``: the types playable after number card ``t`` (0 for the other
        #: kinds, whose effects decide what follows).
        self.after_number = tuple(
            self.playable[t * 4 + COLOR_OF[t]] if KIND[t] == NUMBER else 0 for t in range(TYPES)
        )
        self.draw_flag = DRAW_FLAG if options.voluntary_draw else 0
        self.missed_call = options.missed_call_penalty
        self.jump_in = options.jump_in
        self.seven_zero = options.seven_zero
        self.until = options.draw_until_playable
        self.challenge = options.challenge_plus_four
        self.catch = options.catch_missed_call
        self.strict = options.strict_plus_four
        self.forced = options.forced_play_drawn
        #: Drawing until a card fits, or having to play it, needs the drawn-card choice.
        self.play_drawn = options.play_drawn or self.until or self.forced
        #: Rules with windows, out-of-turn moves or a phase of their own (``_house_step``).
        self.house = self.jump_in or self.seven_zero or self.challenge or self.catch
        #: No house rule at all: the fast playouts (and the compiled core) apply.
        self.plain = not (self.house or self.until or self.strict or self.forced)


rules_for = functools.cache(Rules)


class LastCardState(State):
    game = "lastcard"
    options_type = LastCardOptions
    codec = CODEC
    options: LastCardOptions

    rules: Rules
    counts: list[list[int]]
    masks: list[int]
    sizes: list[int]
    draw_pile: list[int]
    discard: list[int]
    #: The colour to follow: the top card's, or the one named with a Wild or +4.
    color: int
    #: The types the player to act may play now (see the module docstring).
    playable: int
    #: The types the player to act holds and may play (their hand mask & ``playable``),
    #: worked out once when their turn begins; unused while a drawn card waits.
    playable_held: int
    pending: int
    direction: int
    #: ``after[seat]``: who plays after ``seat`` in the current direction.
    after: tuple[int, ...]
    current: int
    phase: int
    #: The card just drawn while its player decides to play or keep it, else NO_CARD.
    drawn: int
    starter: int
    #: A plain attribute rather than a property: it is read twice per action.
    to_act: tuple[int, ...] = ()
    # The house rules' state (class defaults: a state without them never sets them).
    #: The seats besides ``current`` that may still act in the open window (jump-in,
    #: catching a missed call); empty when no window is open.
    window: tuple[int, ...] = ()
    #: The type that may be jumped in on while the window is open, else NO_CARD.
    jump: int = NO_CARD
    #: The seat that went to one card without calling and may be caught, else NO_SEAT.
    offender: int = NO_SEAT
    #: The seat whose +4 the player to act may challenge, else NO_SEAT; the colour that
    #: was to be followed when it was played (NO_SEAT where a strict +4 could not be a
    #: bluff), and whether its player held that colour (hidden: views never show it).
    challenged: int = NO_SEAT
    challenge_color: int = NO_SEAT
    bluff: bool = False

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int, options: LastCardOptions, seed: int) -> LastCardState:
        state = cls.__new__(cls)
        state._init_match(players, options, seed)
        state.rules = rules_for(options)
        state.starter = -1  # so that seat 0 starts the first round
        events: list[Event] = []
        state._start_round(events)
        state.opening = tuple(events)
        return state

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Sequence[str]],
        discard: Sequence[str],
        draw_pile: Sequence[str],
        *,
        options: LastCardOptions | dict[str, Any] | None = None,
        seed: int = 0,
        current: int = 0,
        direction: int = 1,
        color: str | None = None,
        pending: int = 0,
        totals: Sequence[int] | None = None,
        starter: int | None = None,
    ) -> LastCardState:
        """A state built from an explicit deal (scenario tests, bug reports).

        Cards are given by name. ``discard`` and ``draw_pile`` list cards bottom to
        top (the last card of ``draw_pile`` is drawn first, the last of ``discard`` is
        the top card). ``color`` is the colour named for a Wild or +4 on top; for a
        coloured top it defaults to that card's colour. ``pending`` is a +2/+4 draw
        waiting for ``current``. ``starter`` (default ``current``) decides who starts
        the next round. The turn then begins as in play: if ``current`` cannot play,
        they draw at once (rule 3), and ``opening`` holds the events of that.
        """
        n = len(hands)
        if not 2 <= n <= MAX_PLAYERS:
            raise StateFormatError(f"Last Card is for 2 to {MAX_PLAYERS} players, not {n}")
        hand_types = [codes(hand, f"hand of seat {p}") for p, hand in enumerate(hands)]
        pile = codes(draw_pile, "draw pile")
        shown = codes(discard, "discard pile")
        check_copies([t for hand in hand_types for t in hand] + pile + shown)
        if any(not hand for hand in hand_types):
            raise StateFormatError("every hand must hold at least one card")
        if not shown:
            raise StateFormatError("the discard pile needs a top card")
        top = shown[-1]
        if top >= WILD:
            if color not in COLOR_INDEX:
                raise StateFormatError(f"a {NAMES[top]} on top needs a named colour, not {color!r}")
            color_index = COLOR_INDEX[color]
        else:
            color_index = COLOR_OF[top]
            if color is not None and COLOR_INDEX.get(color) != color_index:
                raise StateFormatError(f"the top card {NAMES[top]} does not have colour {color!r}")
        if pending and not PENALTY[top]:
            raise StateFormatError("a draw can be pending only with a +2 or +4 on top")
        if not 0 <= current < n or direction not in (1, -1) or pending < 0:
            raise StateFormatError("current must be a seat, direction 1 or -1, pending >= 0")
        state = cls.__new__(cls)
        state._init_match(n, LastCardOptions.from_dict(options), seed)
        state.rules = rules_for(state.options)
        state.round = 1
        if totals is not None:
            state.totals = list(totals)
        state._set_hands(hand_types)
        state.draw_pile = pile
        state.discard = shown
        state.color = color_index
        state.pending = pending
        state.direction = direction
        state.after = SEATS_AFTER[n][direction]
        state.phase = TURN
        state.drawn = NO_CARD
        state.starter = current if starter is None else starter
        state.playable = state._playable_now()
        events: list[Event] = []
        state._begin_turn(current, events)
        state.opening = tuple(events)
        return state

    def _set_hands(self, hands: Sequence[Sequence[int]]) -> None:
        self.counts = []
        self.masks = []
        for hand in hands:
            counts = [0] * TYPES
            mask = 0
            for t in hand:
                counts[t] += 1
                mask |= BIT[t]
            self.counts.append(counts)
            self.masks.append(mask)
        self.sizes = [len(hand) for hand in hands]

    def _playable_now(self) -> int:
        """The ``playable`` mask for the top card, the colour and the pending draw."""
        top = self.discard[-1]
        if self.pending:
            return self.rules.stack_two if KIND[top] == PLUS2 else self.rules.stack_four
        return self.rules.playable[top * 4 + self.color]

    def _start_round(self, events: list[Event] | None) -> None:
        """Shuffle, deal seven each, turn the start card (rule 1)."""
        n = self.num_players
        self.round += 1
        deck = list(DECK)
        shuffle(self.rng, deck)
        end = len(deck)
        dealt = [deck[end - HAND_SIZE * (p + 1) : end - HAND_SIZE * p] for p in range(n)]
        self._set_hands(dealt)
        del deck[end - HAND_SIZE * n :]
        top = turn_start_card(deck, self.rng)
        self.draw_pile = deck
        self.discard = [top]
        self.color = COLOR_OF[top]
        self.pending = 0
        self.direction = 1
        self.after = SEATS_AFTER[n][1]
        self.starter = (self.starter + 1) % n
        self.phase = TURN
        self.drawn = NO_CARD
        self.playable = self.rules.playable[top * 4 + self.color]
        if events is not None:
            start = {"round": self.round, "starter": self.starter, "top": NAMES[top]}
            events.append(Event("round_start", start))
            for seat in range(n):
                cards = names(sorted(dealt[seat]))
                events.append(Event("deal", {"seat": seat, "cards": cards}, (seat,)))
        self._begin_turn(self.starter, events)

    # ------------------------------------------------------------ the contract
    def legal_actions(self, seat: int) -> list[Action]:
        if self.rules.house:
            return self._house_legal(seat)
        if seat != self.current:
            return []
        return self._turn_legal(seat)

    def _turn_legal(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, the player to act, in a turn or drawn-card phase."""
        phase = self.phase
        if phase == TURN:
            mine = self.playable_held
            key = mine | self.rules.draw_flag
            if self.pending or not mine:
                key |= DRAW_FLAG
            if self.sizes[seat] == 2:
                key |= CALL_FLAG
            found = TURN_MEMO.get(key)
            return [*(turn_actions(key) if found is None else found)]
        if phase == PLAY_DRAWN:
            drawn = self.drawn
            if self._drawn_fits():
                choices = DRAWN_CHOICES[self.sizes[seat] == 2][drawn]
                return [*choices[:-1]] if self.rules.forced else [*choices]
            return [KEEP]
        return []

    def _house_legal(self, seat: int) -> list[Action]:
        """The legal actions with house rules: a window seat's, else the player's to act."""
        phase = self.phase
        if phase == OVER:
            return []
        if seat != self.current:
            if seat not in self.window:
                return []
            out: list[Action] = []
            if self.jump != NO_CARD and self.masks[seat] & BIT[self.jump]:
                out += PLAYS[self.sizes[seat] == 2][self.jump]
            if self.offender != NO_SEAT:
                out.append(CATCH)
            out.append(PASS)
            return out
        if phase == SWAP:
            return [SWAP_WITH[p] for p in range(self.num_players) if p != seat]
        out = self._turn_legal(seat)
        if self.challenged != NO_SEAT and phase == TURN:
            out.append(CHALLENGE)
        if self.offender not in (NO_SEAT, seat):
            out.append(CATCH)
        return out

    def system_actions(self) -> list[Action]:
        """Closing the open window when its time has run out (as Cactus's quick discard)."""
        return [CLOSE_WINDOW] if self.window else []

    def _drawn_fits(self) -> bool:
        """Whether the card just drawn may be played (a strict +4 only without the colour)."""
        drawn = self.drawn
        if not self.playable & BIT[drawn]:
            return False
        return not (drawn == PLUS4 and self._strict_holds(self.current))

    def _strict_holds(self, seat: int) -> bool:
        """With ``strict_plus_four``: ``seat`` holds the colour to follow, so no +4."""
        return (
            self.rules.strict
            and not self.pending
            and bool(self.masks[seat] & COLOR_MASKS[self.color])
        )

    def _held(self, seat: int) -> int:
        """The playable types ``seat`` holds (``playable_held`` for the player to act)."""
        held = self.masks[seat] & self.playable
        if held >> PLUS4 and self._strict_holds(seat):
            held ^= BIT[PLUS4]
        return held

    def random_playout(self, rng: random.Random, until_round_end: bool = False) -> int:
        """The engine's random playout, with moves picked straight from the hand bitmask.

        It makes the same draws as the generic loop, over the same legal actions in the
        same order (the plays type by type, then Draw or Keep), and applies them with the
        rule steps ``_apply`` uses, so it reaches the same state; it only skips listing
        the actions, validating the chosen one and building events, and logs pre-built
        entries. Masks this wide are new ints at every operation, so the chosen type is
        read from the highest bit where it can be, without isolating the lowest.
        Where the compiled core is built, it plays in C, on the same generators (a
        subclass of ``random.Random`` might draw differently: it gets this loop, as
        does a state the core does not hold). The core and this loop know none of the
        house rules (``jump_in`` ... ``forced_play_drawn``): with any of them on, the
        engine's generic loop plays, over ``legal_actions`` and ``apply_legal``.
        """
        if not self.rules.plain:  # the house rules are played by the generic loop
            return super().random_playout(rng, until_round_end)
        if native is not None and type(rng) is random.Random and type(self.rng) is random.Random:
            applied: int | None = native.lastcard_random_playout(
                self, self.rng, rng, until_round_end
            )
            if applied is not None:
                return applied
        getrandbits = rng.getrandbits
        log = self.log
        draw_flag = self.rules.draw_flag
        start = len(log)
        while not self.is_over:
            sizes = self.sizes  # this list lasts the round: only a new deal replaces it
            while True:  # one round
                seat = self.current
                if self.phase == TURN:
                    mine = self.playable_held
                    if mine < FIRST_WILD_BIT and sizes[seat] != 2:
                        plain = True  # no wild type, no call: one play per type
                        plays = mine.bit_count()
                    else:
                        plain = False
                        call = 1 if sizes[seat] == 2 else 0
                        plays = (mine.bit_count() + WILD_EXTRA[mine >> WILD]) << call
                    total = plays
                    if self.pending or draw_flag or not mine:
                        total += 1
                else:
                    plain = False
                    call = 1 if sizes[seat] == 2 else 0
                    mine = BIT[self.drawn]
                    plays = WIDTHS[call][self.drawn] if self.playable & mine else 0
                    total = plays + 1  # the drawn card's plays, if any, then Keep
                r = 0
                if total > 1:  # ``random_index(rng, total)``, inlined
                    k = total.bit_length()
                    r = getrandbits(k)
                    while r >= total:
                        r = getrandbits(k)
                if r >= plays:
                    if self.phase == TURN:
                        log.append(DRAW_LOGGED[seat])
                        self.draw_step(seat, None)
                    else:
                        log.append(KEEP_LOGGED[seat])
                        self.keep_step(seat, None)
                    continue
                if plain:  # the r-th type in ``mine``
                    if r == plays - 1:  # the last (often the only) one: the highest bit
                        t = mine.bit_length() - 1
                    else:
                        while r:
                            mine &= mine - 1
                            r -= 1
                        t = (mine ^ (mine - 1)).bit_length() - 1  # the lowest bit
                    color, called, logged = PLAIN_MOVES[t]
                else:  # the type whose plays hold the r-th, then the r-th of those
                    widths = WIDTHS[call]
                    t = mine.bit_length() - 1
                    last = plays - widths[t]  # where the highest type's plays begin
                    if r >= last:
                        r -= last
                    else:  # walk up from the lowest type
                        t = (mine ^ (mine - 1)).bit_length() - 1
                        while r >= widths[t]:
                            r -= widths[t]
                            mine &= mine - 1
                            t = (mine ^ (mine - 1)).bit_length() - 1
                    color, called, logged = MOVES[call][t][r]
                log.append(logged[seat])
                self.play_step(seat, t, color, called, None)
                if not sizes[seat]:
                    break  # only a play ends a round: the one that empties a hand
            if until_round_end:
                break
        return len(log) - start

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action.__class__
        if self.rules.house:
            self._check_house(seat, action, kind)
            self._house_step(seat, action, events)
            return events
        play = self._check_turn_action(seat, action, kind)
        if play is not None:
            self.play_step(seat, *play, action.call, events)  # type: ignore[attr-defined]
        elif kind is Draw:
            self.draw_step(seat, events)
        else:
            self.keep_step(seat, events)
        return events

    def _check_turn_action(self, seat: int, action: Action, kind: type) -> tuple[int, int] | None:
        """Validate a Play, Draw or Keep of the player to act; a play's type and colour."""
        if kind is Play:
            return self._check_play(seat, action)  # type: ignore[arg-type]
        if self.phase == SWAP:
            raise self.illegal(seat, action, "choose whom to swap hands with")
        if kind is Draw:
            if self.phase != TURN:
                raise self.illegal(seat, action, "you have drawn: play that card or keep it")
            if not (self.pending or self.rules.draw_flag) and self.playable_held:
                raise self.illegal(seat, action, "you must play a card when you can")
        elif kind is Keep:
            if self.phase != PLAY_DRAWN:
                raise self.illegal(seat, action, "there is no card just drawn to keep")
            if self.rules.forced and self._drawn_fits():
                raise self.illegal(seat, action, "a playable card just drawn must be played")
        elif kind in CODEC.types.values():
            raise self.illegal(seat, action, "this table's rules have no such move now")
        else:
            raise self.illegal(seat, action, "it is not a Last Card action")
        return None

    def apply_legal(self, seat: int, action: Action) -> None:
        """Apply a legal action with the rule steps alone: no validation, no events.

        Search rollouts played by a bot (the heuristic) spend about half their time
        applying its moves; this is the path ``apply`` takes once the move is checked.
        """
        self.log.append((seat, action))
        if self.rules.house:
            self._house_step(seat, action, None)
        elif isinstance(action, Play):
            t = CODE[action.card]
            color = COLOR_OF[t] if action.color is None else COLOR_INDEX[action.color]
            self.play_step(seat, t, color, action.call, None)
        elif isinstance(action, Draw):
            self.draw_step(seat, None)
        else:
            self.keep_step(seat, None)

    def _check_play(self, seat: int, action: Play) -> tuple[int, int]:
        """Validate a play completely; return its card type and the colour to follow."""
        t = CODE.get(action.card)
        if t is None:
            raise self.illegal(seat, action, f"{action.card!r} is not a Last Card card")
        bit = BIT[t]
        if self.phase == SWAP:
            raise self.illegal(seat, action, "choose whom to swap hands with")
        if self.phase == PLAY_DRAWN:
            if t != self.drawn:
                raise self.illegal(seat, action, "only the card just drawn may be played now")
            if not self._drawn_fits():
                raise self.illegal(seat, action, f"{self._why_unplayable(t)}: keep it")
        elif not self.playable_held & bit:
            if not self.masks[seat] & bit:
                raise self.illegal(seat, action, f"you do not hold a {action.card}")
            raise self.illegal(seat, action, self._why_unplayable(t))
        color = action.color
        if t < WILD:
            if color is not None:
                raise self.illegal(seat, action, "only a Wild or +4 names a colour")
            color_index = COLOR_OF[t]
        else:
            color_index = COLOR_INDEX.get(color, -1) if isinstance(color, str) else -1
            if color_index < 0:
                raise self.illegal(seat, action, "a Wild or +4 must name a colour")
        if action.call and self.sizes[seat] != 2:
            raise self.illegal(
                seat, action, '"Last Card" is called only when playing your second-to-last card'
            )
        return t, color_index

    # ------------------------------------------------------------ the rules' steps
    # They apply moves already known to be legal. ``_apply`` reaches them after
    # validation and collects their events; the playouts (``random_playout``, the
    # heuristic's) pass ``events=None`` and log the move themselves.

    def play_step(
        self, seat: int, t: int, color_index: int, call: bool, events: list[Event] | None
    ) -> None:
        """Play a card of type ``t`` naming ``color_index``, calling "Last Card" or not.

        Then its effect (rules 4, 5 and 7): a Skip, Reverse, +2, Wild or +4, or the round
        won with the last card. A number card is by far the commonest play, so it passes
        the turn on first; the effects share one step rather than a call of their own.
        """
        if self.rules.house:
            self._house_play(seat, t, color_index, call, events)
            return
        size = self._lay(seat, t, color_index, call, events)
        if size == 1 and not call and self.rules.missed_call:
            self._give(seat, self.rules.missed_call, "missed_call", events)
        self._effect(seat, t, color_index, size, events)

    def _lay(
        self, seat: int, t: int, color_index: int, call: bool, events: list[Event] | None
    ) -> int:
        """Move the card from the hand to the discard pile; return the hand's new size."""
        counts = self.counts[seat]
        left = counts[t] - 1
        counts[t] = left
        if not left:
            self.masks[seat] ^= BIT[t]
        size = self.sizes[seat] - 1
        self.sizes[seat] = size
        self.discard.append(t)
        self.color = color_index
        if self.phase == PLAY_DRAWN:
            self.phase = TURN
            self.drawn = NO_CARD
        if events is not None:
            play = {"seat": seat, "card": NAMES[t], "color": COLORS[color_index], "call": call}
            events.append(Event("play", play))
        return size

    def _effect(
        self, seat: int, t: int, color_index: int, size: int, events: list[Event] | None
    ) -> None:
        """The effect of the card of type ``t`` just played by ``seat``, who holds ``size``."""
        rules = self.rules
        follow = rules.after_number[t]
        if follow and size:
            self.playable = follow
            self._begin_turn(self.after[seat], events)
            return
        effect = KIND[t]
        if effect == REVERSE:
            self.direction = -self.direction
            self.after = SEATS_AFTER[self.num_players][self.direction]
        penalty = PENALTY[t]
        if penalty:
            self.pending += penalty
        if not size:
            self._end_round(seat, events)
            return
        after = self.after
        nxt = after[seat]
        if effect == SKIP or (effect == REVERSE and self.num_players == 2):
            nxt = after[nxt]
        if penalty:
            answers = rules.stack_two if effect == PLUS2 else rules.stack_four
            if answers or (effect == PLUS4CARD and rules.challenge):
                self.playable = answers
                self._begin_turn(nxt, events)
                return
            if events is not None:
                events.append(Event("turn", {"seat": nxt}))
            self._give(nxt, self.pending, "penalty", events)
            self.pending = 0
            nxt = after[nxt]
        self.playable = rules.playable[t * 4 + color_index]
        self._begin_turn(nxt, events)

    def draw_step(self, seat: int, events: list[Event] | None) -> None:
        """Draw: the whole pending amount (rule 5), else one card (rule 3)."""
        if self.pending:
            self._give(seat, self.pending, "penalty", events)
            self.pending = 0
            self.playable = self._playable_now()
            self._begin_turn(self.after[seat], events)
        else:
            self._begin_turn(seat, events, drawing=True)

    def keep_step(self, seat: int, events: list[Event] | None) -> None:
        """Keep the card just drawn; the turn passes on."""
        self.phase = TURN
        self.drawn = NO_CARD
        if events is not None:
            events.append(Event("keep", {"seat": seat}))
        self._begin_turn(self.after[seat], events)

    # ------------------------------------------------------------ the house rules' steps
    # With ``jump_in``, ``seven_zero``, ``challenge_plus_four`` or ``catch_missed_call``
    # every move goes through ``_house_step``. A window is modelled as Cactus's quick
    # discard is: while it is open the seats in ``window`` are in ``to_act`` beside the
    # player to act; each may jump in, catch or pass, and the server closes it when its
    # time runs out with the system action ``close_window``. The player to act is never
    # held up: their move closes the window, as the rules say ("before the next player
    # acts"). Actions are applied in the order the server judges them.

    def _check_house(self, seat: int, action: Action, kind: type) -> None:
        """Validate any move under the house rules (``apply`` checked ``to_act``)."""
        if kind is CloseWindow:
            if seat != SYSTEM:
                raise self.illegal(seat, action, "only the server closes a window")
            return
        if seat == self.current and kind in (Play, Draw, Keep):
            self._check_turn_action(seat, action, kind)
            if action in self._house_legal(seat):
                return
        elif action in self._house_legal(seat):
            return
        raise self.illegal(seat, action, self._why_not_house(seat, kind))

    def not_your_move(self, seat: int, action: Action) -> str:
        """Name a late jump-in, catch or pass for what it is: its window has closed."""
        base = super().not_your_move(seat, action)
        if self.rules.house and isinstance(action, Play | Catch | Pass):
            return f"{base}: {TOO_LATE}"
        return base

    def _why_not_house(self, seat: int, kind: type) -> str:
        if kind is Play:
            if self.jump == NO_CARD:
                return TOO_LATE
            return f"only a {NAMES[self.jump]} of your own may jump in now"
        if kind is Catch:
            return TOO_LATE if self.offender == NO_SEAT else "you may not catch yourself"
        if kind is Challenge:
            return "there is no +4 to challenge"
        if kind is SwapWith:
            return "choose another seat" if self.phase == SWAP else "there is no 7 to swap with"
        if kind is Pass:
            return "there is no window to pass in"
        return "it is not your turn"

    def _house_step(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """Apply a legal move under the house rules."""
        kind = action.__class__
        if kind is Pass:
            self.window = tuple(p for p in self.window if p != seat)
            if events is not None:
                events.append(Event("pass", {"seat": seat}))
            self._window_changed(events)
            return
        if kind is CloseWindow:
            self.offender = NO_SEAT  # the catch too was a race against the clock
            self._shut_window(events)
            return
        if kind is Catch:
            self._catch(seat, events)
            return
        if seat != self.current:  # a jump-in
            t = CODE[action.card]  # type: ignore[attr-defined]
            if events is not None:
                events.append(Event("jump_in", {"seat": seat, "card": NAMES[t]}))
            self.play_step(seat, t, COLOR_OF[t], action.call, events)  # type: ignore[attr-defined]
            return
        self.offender = NO_SEAT  # the player to act moves: the window closes
        self._shut_window(events)
        if kind is Challenge:
            self._challenge(seat, events)
            return
        self.challenged = NO_SEAT
        if kind is SwapWith:
            self._swap(seat, action.seat, events)  # type: ignore[attr-defined]
        elif kind is Play:
            t = CODE[action.card]  # type: ignore[attr-defined]
            color = action.color  # type: ignore[attr-defined]
            color_index = COLOR_OF[t] if color is None else COLOR_INDEX[color]
            self.play_step(seat, t, color_index, action.call, events)  # type: ignore[attr-defined]
        elif kind is Draw:
            self.draw_step(seat, events)
        else:
            self.keep_step(seat, events)

    def _house_play(
        self, seat: int, t: int, color_index: int, call: bool, events: list[Event] | None
    ) -> None:
        """A play under the house rules: the missed call left to be caught, a 7's or 0's
        hands, a +4 that may be challenged, then the window for jumping in and catching."""
        rules = self.rules
        bluff = t == PLUS4 and bool(self.masks[seat] & COLOR_MASKS[self.color])
        # A strict +4 played on no waiting draw cannot be a bluff: everyone knows it.
        prior = NO_SEAT if rules.strict and not self.pending else self.color
        self.offender = self.challenged = NO_SEAT
        self._shut_window(None)
        size = self._lay(seat, t, color_index, call, events)
        if size == 1 and not call and rules.missed_call:
            if rules.catch:
                self.offender = seat
            else:
                self._give(seat, rules.missed_call, "missed_call", events)
        if size and rules.seven_zero and t < WILD and RANK_OF[t] == 7:
            self.phase = SWAP  # the player names whom to swap with; the 7 waits
            self.current = seat
            self.playable_held = 0
            self.to_act = _ONE_SEAT[seat]
            return
        if size and rules.seven_zero and t < WILD and RANK_OF[t] == 0:
            self._pass_hands(events)
        self._effect(seat, t, color_index, size, events)
        if not size:
            self.offender = NO_SEAT
            return
        if t == PLUS4 and rules.challenge and self.pending:
            self.challenged = seat
            self.challenge_color = prior
            self.bluff = bluff
        self._open_window(seat, t, events)

    def _open_window(self, seat: int, t: int, events: list[Event] | None) -> None:
        """After ``seat`` played type ``t``: the seats that may jump in or catch."""
        jumpable = self.rules.jump_in and t < WILD and COPIES[t] > 1
        if not jumpable and self.offender == NO_SEAT:
            return
        current = self.current
        self.window = tuple(p for p in range(self.num_players) if p != seat and p != current)
        self.jump = t if jumpable and self.window else NO_CARD
        if events is not None and (self.window or self.offender != NO_SEAT):
            opened = {
                "seats": list(self.window),
                "jump": None if self.jump == NO_CARD else NAMES[t],
                "catch": None if self.offender == NO_SEAT else self.offender,
            }
            events.append(Event("window_open", opened))
        self.to_act = (current, *self.window)

    def _window_changed(self, events: list[Event] | None) -> None:
        """A seat passed or someone was caught: close the window if nothing is left in it.

        The window was announced open (a pass or a catch happens only in one), so its
        close is announced too, also when the last seat in it has just passed."""
        if self.window and (self.jump != NO_CARD or self.offender != NO_SEAT):
            self.to_act = (self.current, *self.window)
            return
        if events is not None:
            events.append(Event("window_closed", {}))
        self._shut_window(None)

    def _shut_window(self, events: list[Event] | None) -> None:
        if self.window and events is not None:
            events.append(Event("window_closed", {}))
        self.window = ()
        self.jump = NO_CARD
        if self.phase != OVER:
            self.to_act = _ONE_SEAT[self.current]

    def _catch(self, seat: int, events: list[Event] | None) -> None:
        """``seat`` calls out the player who went to one card without the call."""
        caught = self.offender
        self.offender = NO_SEAT
        if events is not None:
            events.append(Event("catch", {"seat": seat, "caught": caught}))
        self._give(caught, self.rules.missed_call, "missed_call", events)
        if caught == self.current and self.phase == TURN:
            self.playable_held = self._held(caught)
        self._window_changed(events)

    def _challenge(self, seat: int, events: list[Event] | None) -> None:
        """Rule of ``challenge_plus_four``: the challenger alone sees the +4 player's hand;
        a bluff costs its player the waiting draw, else the challenger draws 2 more."""
        target = self.challenged
        guilty = self.bluff
        self.challenged = NO_SEAT
        if events is not None:
            events.append(Event("challenge", {"seat": seat, "target": target, "guilty": guilty}))
            shown = {"seat": target, "cards": names(self.hand(target))}
            events.append(Event("challenged_hand", shown, (seat,)))
        pending = self.pending
        self.pending = 0
        self.playable = self._playable_now()
        if guilty:
            self._give(target, pending, "challenge", events)
            self._begin_turn(seat, events)
        else:
            self._give(seat, pending + 2, "challenge", events)
            self._begin_turn(self.after[seat], events)

    def _swap(self, seat: int, other: int, events: list[Event] | None) -> None:
        """A 7 with ``seven_zero``: ``seat`` and ``other`` swap hands; then the 7's effect."""
        counts, masks, sizes = self.counts, self.masks, self.sizes
        counts[seat], counts[other] = counts[other], counts[seat]
        masks[seat], masks[other] = masks[other], masks[seat]
        sizes[seat], sizes[other] = sizes[other], sizes[seat]
        if events is not None:
            events.append(Event("swap", {"seat": seat, "with": other}))
            self._report_hands((seat, other), events)
        self.phase = TURN
        t = self.discard[-1]
        self._effect(seat, t, self.color, self.sizes[seat], events)
        self._open_window(seat, t, events)

    def _pass_hands(self, events: list[Event] | None) -> None:
        """A 0 with ``seven_zero``: every hand goes to the next player in the direction."""
        n = self.num_players
        before = SEATS_AFTER[n][-self.direction]  # whose hand each seat receives
        self.counts[:] = [self.counts[p] for p in before]
        self.masks[:] = [self.masks[p] for p in before]
        self.sizes[:] = [self.sizes[p] for p in before]
        if events is not None:
            events.append(Event("hands_passed", {"direction": self.direction}))
            self._report_hands(range(n), events)

    def _report_hands(self, seats: Sequence[int] | range, events: list[Event]) -> None:
        """Each of ``seats`` alone sees the hand it now holds."""
        for p in seats:
            events.append(Event("hand", {"seat": p, "cards": names(self.hand(p))}, (p,)))

    def _why_unplayable(self, t: int) -> str:
        top = NAMES[self.discard[-1]]
        if self.pending:
            return f"a draw of {self.pending} is pending: answer it as the rules allow or draw"
        if t == PLUS4 and self._strict_holds(self.current):
            return f"you hold a {COLORS[self.color]} card: a +4 may not be played"
        if t == PLUS4:
            return f"a +4 may not be played on {top}"
        return f"{NAMES[t]} matches neither the colour {COLORS[self.color]} nor {top}"

    def _begin_turn(self, seat: int, events: list[Event] | None, drawing: bool = False) -> None:
        """Give the turn to ``seat``; who cannot play and may not choose draws at once.

        Rule 3 leaves no choice to a player without a playable card (unless
        ``voluntary_draw`` is on), and the draw shows that anyway, so it happens here: with
        ``play_drawn`` on the player keeps the turn to play or keep the card drawn, whether
        or not it may be played (so the table cannot tell), else the turn passes on.
        ``drawing`` starts with that draw, for a ``seat`` who chose to ``Draw``. When no
        card can be drawn at all, the player is asked to ``Draw`` (which skips the draw):
        that keeps this loop finite whatever the deal.
        """
        while True:
            if drawing:
                drawing = False
                held = 0  # read by no one: the draw below ends in a choice or passes on
            else:
                if events is not None:
                    events.append(Event("turn", {"seat": seat}))
                held = self.masks[seat] & self.playable
                if held >> PLUS4 and self._strict_holds(seat):
                    held ^= BIT[PLUS4]
                if held or self.pending or self.rules.draw_flag:
                    break
                if not self.draw_pile and len(self.discard) < 2:
                    break
            pile = self.draw_pile
            if pile:  # the commonest draw by far: one card, without ``_give``'s slices
                t = pile.pop()
                bit = BIT[t]
                self.counts[seat][t] += 1
                self.masks[seat] |= bit
                self.sizes[seat] += 1
                if events is not None:
                    _report_draw(seat, [t], "draw", events)
            else:
                got = self._give(seat, 1, "draw", events)  # reshuffles if it can
                if not got:  # nothing left to draw at all: the turn passes on
                    seat = self.after[seat]
                    continue
                t = got[0]
            if self.rules.until and not self._fits(seat, t):
                drawing = True  # draw until a card fits
                continue
            if self.rules.play_drawn:  # decided even when Keep is the only choice
                self.phase = PLAY_DRAWN
                self.drawn = t
                break
            seat = self.after[seat]
        self.current = seat
        self.playable_held = held
        self.to_act = _ONE_SEAT[seat]

    def _fits(self, seat: int, t: int) -> bool:
        """Whether ``seat``, to act, may play a card of type ``t`` now."""
        if not self.playable & BIT[t]:
            return False
        return not (t == PLUS4 and self._strict_holds(seat))

    def _give(self, seat: int, k: int, reason: str, events: list[Event] | None) -> list[int]:
        """``seat`` draws up to ``k`` cards (reshuffling when needed); returns them."""
        pile = self.draw_pile
        if len(pile) < k and len(self.discard) > 1:
            shuffled = reshuffle(self)
            if events is not None:
                events.append(shuffled)
            self.draw_pile += pile  # the new pile goes under the cards that were left
            pile = self.draw_pile
        cut = len(pile) - k
        if cut < 0:
            cut = 0
        got = pile[cut:]
        del pile[cut:]
        counts = self.counts[seat]
        mask = self.masks[seat]
        for t in got:
            counts[t] += 1
            mask |= BIT[t]
        self.masks[seat] = mask
        self.sizes[seat] += len(got)
        if events is not None:
            _report_draw(seat, got, reason, events)
        return got

    def hand(self, seat: int) -> list[int]:
        """The types of the cards ``seat`` holds, in type order."""
        return hand_cards(self.counts[seat], self.masks[seat])

    def _end_round(self, winner: int, events: list[Event] | None) -> None:
        """Rules 7-8: the pending draw, the winner's score, the match end."""
        n = self.num_players
        if self.pending:
            self._give(self.after[winner], self.pending, "penalty", events)
            self.pending = 0
        scores = [0] * n
        scores[winner] = sum(map(hand_points, self.counts, self.masks))
        self.round_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        if events is not None:
            end = {
                "round": self.round,
                "winner": winner,
                "hands": [names(self.hand(p)) for p in range(n)],
                "scores": scores,
                "totals": self.totals.copy(),
            }
            events.append(Event("round_end", end))
        if max(self.totals) > self.options.target_score:
            high = max(self.totals)
            self.winners = [p for p, t in enumerate(self.totals) if t == high]
            self.is_over = True
            self.phase = OVER
            self.to_act = ()
            if events is not None:
                end = {"totals": self.totals.copy(), "winners": self.winners.copy()}
                events.append(Event("match_end", end))
        else:
            self._start_round(events)

    # ------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self.match_view()
        playing = self.phase != OVER
        choosing = self.phase == PLAY_DRAWN and seat == self.current
        out.update(
            phase=PHASES[self.phase],
            current=self.current if playing else None,
            direction=self.direction,
            top=NAMES[self.discard[-1]],
            color=COLORS[self.color],
            pending=self.pending,
            hand_sizes=self.sizes.copy(),
            draw_size=len(self.draw_pile),
            discard_size=len(self.discard),
            starter=self.starter,
            hand=None if seat is None else names(self.hand(seat)),
            drawn=NAMES[self.drawn] if choosing else None,
            drawn_playable=self._drawn_fits() if choosing else None,
            you=seat,
        )
        if self.rules.house:
            out.update(
                window=list(self.window),
                jump=None if self.jump == NO_CARD else NAMES[self.jump],
                catch=None if self.offender == NO_SEAT else self.offender,
                challenge=None if self.challenged == NO_SEAT else self.challenged,
            )
        return out

    # ------------------------------------------------------------ copies
    def clone(self, seed: int | None = None) -> LastCardState:
        other = LastCardState.__new__(LastCardState)
        self._copy_match_into(other, seed)
        other.rules = self.rules
        other.counts = [c.copy() for c in self.counts]
        other.masks = self.masks.copy()
        other.sizes = self.sizes.copy()
        other.draw_pile = self.draw_pile.copy()
        other.discard = self.discard.copy()
        other.color = self.color
        other.playable = self.playable
        other.playable_held = self.playable_held
        other.pending = self.pending
        other.direction = self.direction
        other.after = self.after
        other.current = self.current
        other.phase = self.phase
        other.drawn = self.drawn
        other.starter = self.starter
        other.to_act = self.to_act
        if self.rules.house:
            other.window = self.window
            other.jump = self.jump
            other.offender = self.offender
            other.challenged = self.challenged
            other.challenge_color = self.challenge_color
            other.bluff = self.bluff
        return other

    def _determinize(self, seat: int, rng: random.Random) -> LastCardState:
        """Re-deal the other hands and the draw pile from the cards ``seat`` cannot see.

        The discard pile is public and hand sizes are known, so only the pool of the
        other hands and the draw pile is shuffled (sorted first, so the result does not
        depend on where the hidden cards really are). While another player decides
        about a drawn card, nobody else knows whether it is playable (rule 3 asks about
        every drawn card), so it is one of that player's re-dealt cards. (A player with
        perfect memory could also tell the cards of a reshuffled draw pile apart; that
        refinement is left out, as is what a 7-0 swap or a +4 challenge showed.) Whether
        a +4 that may be challenged was a bluff is read from the re-dealt hand.
        """
        other = self.clone(rng.getrandbits(64))
        hidden_drawn = self.phase == PLAY_DRAWN and seat != self.current
        pool = self.draw_pile.copy()
        for p in range(self.num_players):
            if p != seat:
                pool += self.hand(p)
        pool.sort()
        shuffle(rng, pool)
        if hidden_drawn:
            other.drawn = pool.pop()
        hands: list[list[int]] = []
        for p in range(self.num_players):
            if p == seat:
                hands.append(self.hand(p))
                continue
            hand = [other.drawn] if hidden_drawn and p == self.current else []
            take = self.sizes[p] - len(hand)
            hand += pool[len(pool) - take :]
            del pool[len(pool) - take :]
            hands.append(hand)
        other._set_hands(hands)
        other.playable_held = other._held(other.current) if other.phase == TURN else 0
        other.draw_pile = pool
        challenged, prior = other.challenged, other.challenge_color
        if challenged not in (NO_SEAT, seat) and prior != NO_SEAT:  # as likely as the deal says
            other.bluff = bool(other.masks[challenged] & COLOR_MASKS[prior])
        return other

    # ------------------------------------------------------------ JSON
    def _payload(self) -> dict[str, Any]:
        return {
            "hands": [names(self.hand(p)) for p in range(self.num_players)],
            "draw_pile": names(self.draw_pile),
            "discard": names(self.discard),
            "color": COLORS[self.color],
            "pending": self.pending,
            "direction": self.direction,
            "current": self.current,
            "phase": PHASES[self.phase],
            "drawn": None if self.drawn == NO_CARD else NAMES[self.drawn],
            "starter": self.starter,
        } | (self._house_payload() if self.rules.house else {})

    def _house_payload(self) -> dict[str, Any]:
        return {
            "window": list(self.window),
            "jump": None if self.jump == NO_CARD else NAMES[self.jump],
            "offender": self.offender,
            "challenged": self.challenged,
            "challenge_color": self.challenge_color,
            "bluff": self.bluff,
        }

    @classmethod
    def _from_payload(cls, state: LastCardState, payload: dict[str, Any]) -> None:
        state.rules = rules_for(state.options)
        state._set_hands([codes(h, "hand") for h in payload["hands"]])
        state.draw_pile = codes(payload["draw_pile"], "draw pile")
        state.discard = codes(payload["discard"], "discard pile")
        if (
            payload["phase"] not in PHASES
            or payload["color"] not in COLOR_INDEX
            or payload["direction"] not in (1, -1)
        ):
            raise StateFormatError(f"unknown phase, colour or direction in {payload!r}")
        state.color = COLOR_INDEX[payload["color"]]
        state.pending = payload["pending"]
        state.direction = payload["direction"]
        state.after = SEATS_AFTER[state.num_players][state.direction]
        state.current = payload["current"]
        state.phase = PHASES.index(payload["phase"])
        drawn = payload["drawn"]
        state.drawn = NO_CARD if drawn is None else codes([drawn], "drawn card")[0]
        state.starter = payload["starter"]
        state.playable = state._playable_now()
        state.playable_held = state._held(state.current) if state.phase == TURN else 0
        state.to_act = () if state.phase == OVER else _ONE_SEAT[state.current]
        if state.rules.house:
            jump = payload.get("jump")
            state.window = tuple(payload.get("window", ()))
            state.jump = NO_CARD if jump is None else codes([jump], "jump")[0]
            state.offender = payload.get("offender", NO_SEAT)
            state.challenged = payload.get("challenged", NO_SEAT)
            state.challenge_color = payload.get("challenge_color", NO_SEAT)
            state.bluff = bool(payload.get("bluff", False))
            if state.window:
                state.to_act = (state.current, *state.window)

    def card_count(self) -> int:
        """Every card in play, wherever it is (108 in a full deck)."""
        return sum(self.sizes) + len(self.draw_pile) + len(self.discard)
