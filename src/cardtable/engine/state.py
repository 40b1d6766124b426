"""The engine contract: one mutable ``State`` per match, for every game.

A match is fully defined by (game, options, number of players, seed, action log).
All randomness comes from the state's own seeded ``random.Random``, so replaying the
log from the seed reproduces the match exactly: that gives replays, crash recovery and
exact tests. Games subclass ``State`` and implement the abstract methods; everything
above the engine (bots, simulations, server, clients) uses only this interface.
"""

from __future__ import annotations

import functools
import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from cardtable._core import native

from .actions import Action, ActionCodec
from .errors import IllegalActionError, SeatError, StateFormatError
from .events import Event
from .log import MatchLog
from .options import Options

#: The seat used for actions no player makes (a server timer closing a window).
SYSTEM = -1


def new_seed() -> int:
    """A fresh random seed, recorded so that even an unseeded match can be replayed."""
    return random.SystemRandom().randrange(2**63)


def derive_seed(*parts: object) -> int:
    """A 63-bit seed determined by ``parts`` (for example the run seed and a match index):
    identical in every process and on every run, so simulations, bots and hints that
    draw from it repeat exactly."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """A generator that will draw what ``rng`` draws next.

    Built without ``random.Random()``'s seeding from the operating system, which
    ``setstate`` would overwrite anyway and which costs as much as the copy itself;
    the compiled core, where built, copies the generator's words directly.
    """
    if native is not None and type(rng) is random.Random:
        copied: random.Random = native.rng_copy(rng)
        return copied
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


@functools.lru_cache(maxsize=64)
def _seeded(seed: int) -> random.Random:
    """A generator seeded with ``seed`` that nothing draws from: ``seeded_rng`` copies it."""
    return random.Random(seed)


def seeded_rng(seed: int) -> random.Random:
    """``random.Random(seed)``, copied from a generator seeded before where the core
    can copy one: seeding costs some 15 us, and a search seeds every clone and rollout
    of a batch of iterations with the same number."""
    if native is None:
        return random.Random(seed)
    copied: random.Random = native.rng_copy(_seeded(seed))
    return copied


def random_index(rng: random.Random, n: int) -> int:
    """A uniform draw from ``range(n)`` (``n >= 1``), the one random playouts make.

    Rejection sampling on ``getrandbits(n.bit_length())``: exact, and simple enough
    that a game's fast playout can inline it and make exactly the same draws. A
    single choice draws nothing.
    """
    if n == 1:
        return 0
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def weighted_index(rng: random.Random, items: list[int], weights: Sequence[float]) -> int:
    """The index of ``rng.choices(items, [weights[i] for i in items])[0]``.

    Its draws are those of ``choices``; the compiled core, where built, makes them
    without building the list of weights (a tuple of floats, as re-deals use).
    """
    if native is not None and type(rng) is random.Random and type(weights) is tuple:
        index: int = native.rng_weighted_index(rng, items, weights)
        return index
    chosen = rng.choices(range(len(items)), [weights[i] for i in items])
    return chosen[0]


@functools.lru_cache(maxsize=256)
def _shuffle_steps(n: int) -> tuple[tuple[int, int], ...]:
    """The positions a shuffle of ``n`` items visits, each with the bits its draw takes.

    Games shuffle lists of a few sizes over and over, so these are worked out once.
    """
    return tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, twice as fast.

    The same draws in the same order give the same result, so seeds keep their deals;
    ``random.Random.shuffle`` spends half its time calling a Python method per item,
    which matters when every simulated round starts with a shuffle. The compiled
    core, where built, makes the same swaps in C.
    """
    if native is not None and type(rng) is random.Random:
        native.rng_shuffle(rng, items)
        return
    getrandbits = rng.getrandbits
    for i, k in _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


class State(ABC):
    """A match in progress: its rounds, its scores, whose move it is."""

    game: ClassVar[str]
    options_type: ClassVar[type[Options]]
    codec: ClassVar[ActionCodec]

    num_players: int
    options: Any
    seed: int
    rng: random.Random
    log: MatchLog
    round: int
    totals: list[int]
    round_scores: list[list[int]]
    winners: list[int]
    is_over: bool
    #: The events of the first round's start, which ``make`` plays before anyone acts
    #: (the deal, Last Card's start card and any draw that follows at once), with their
    #: audiences as ``apply`` returns every later round's start. A client shows them
    #: as it shows any events (``events_for`` its seat); ``replay`` rebuilds them. A
    #: clone or a state restored from JSON starts in the middle of a match: none.
    opening: tuple[Event, ...] = ()

    def _init_match(self, num_players: int, options: Options, seed: int) -> None:
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = MatchLog()
        self.round = 0
        self.totals = [0] * num_players
        self.round_scores = []
        self.winners = []
        self.is_over = False

    def _copy_match_into(self, other: State, seed: int | None) -> None:
        """Copy the game-independent fields into a fresh instance (for ``clone``)."""
        other.num_players = self.num_players
        other.options = self.options
        other.seed = self.seed
        other.rng = copy_rng(self.rng) if seed is None else seeded_rng(seed)
        other.log = self.log.fork()  # shared, not copied: clones stay cheap
        other.round = self.round
        other.totals = self.totals.copy()
        other.round_scores = [r.copy() for r in self.round_scores]
        other.winners = self.winners.copy()
        other.is_over = self.is_over

    # ----------------------------------------------------------------- the contract
    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several in a simultaneous phase)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now (empty if it may not act)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Validate ``action`` completely, then apply it; raise before any change."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (an existing seat, or ``None``: a spectator) may know."""

    @abstractmethod
    def clone(self, seed: int | None = None) -> Self:
        """An independent copy (hand-written, never ``deepcopy``).

        It has the same future as this state: its generator is a copy of this one's.
        With ``seed`` its generator is instead a new one seeded with it. A search
        cloning a determinization, whose future draws nobody knows, wants exactly
        that, and seeding costs a quarter of copying a Mersenne Twister's 625 words.
        """

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """``determinize`` for an existing seat: a uniform re-deal."""

    def _informed_determinize(self, seat: int, rng: random.Random) -> Self:
        """``determinize(informed=True)`` for an existing seat. A game with a model of
        what players hold given the public play overrides this; without one the
        re-deal is uniform."""
        return self._determinize(seat, rng)

    @abstractmethod
    def _payload(self) -> dict[str, Any]:
        """The game-specific part of the full JSON state."""

    @classmethod
    @abstractmethod
    def _from_payload(cls, state: Self, payload: dict[str, Any]) -> None:
        """Restore the game-specific part written by ``_payload``."""

    def system_actions(self) -> list[Action]:
        """Actions a server may apply as ``SYSTEM`` now (such as closing a window)."""
        return []

    # ------------------------------------------------------------ shared behaviour
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready; ``None`` is a spectator."""
        if seat is not None:
            self.check_seat(seat)
        return self._view(seat)

    def determinize(self, seat: int, rng: random.Random, informed: bool = False) -> Self:
        """A clone in which every card ``seat`` cannot know is re-sampled.

        The result depends only on what ``seat`` knows and on ``rng``, never on the
        hidden cards themselves, and it has a fresh RNG so that future shuffles are
        unknown too. By default every arrangement of the unknown cards is equally
        likely. ``informed`` weights them by what the public play suggests players
        hold (in Cactus a card its owner has looked at and kept is likely low), so that
        a search reasons from likelier worlds; games without such a model ignore it.
        """
        self.check_seat(seat)
        if informed:
            return self._informed_determinize(seat, rng)
        return self._determinize(seat, rng)

    def check_seat(self, seat: object) -> None:
        """Raise ``SeatError`` unless ``seat`` is one of the match's seats."""
        if isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise SeatError(f"seat {seat!r} does not exist (seats are 0..{self.num_players - 1})")

    def apply(self, seat: int, action: Action | dict[str, Any]) -> list[Event]:
        """Apply ``seat``'s action and return the events, each with its audience.

        ``action`` may be an action value or its JSON form. An illegal action raises
        ``IllegalActionError`` and leaves the state unchanged.
        """
        if not isinstance(action, Action):
            action = self.codec.decode(action)
        if self.is_over:
            raise IllegalActionError("the match is over")
        if seat == SYSTEM:
            if action not in self.system_actions():
                raise IllegalActionError(f"{action} is not a system action available now")
        else:
            self.check_seat(seat)
            if seat not in self.to_act:
                raise IllegalActionError(self.not_your_move(seat, action))
        events = self._apply(seat, action)
        self.log.append((seat, action))
        return events

    def random_playout(self, rng: random.Random, until_round_end: bool = False) -> int:
        """Play uniformly random legal actions until the match (or this round) ends.

        Simulations and search rollouts spend most of their time here. Each step draws
        with ``random_index``: first the acting seat among ``to_act`` when several may
        act (as the match runner picks "who was fastest"), then an action among
        ``legal_actions(seat)``, in that list's order. Returns the number of actions
        applied; each is logged as ``apply`` logs it, so ``record()`` replays the
        result. Events are not produced. A game may speed this up by overriding
        ``apply_legal``, or this whole method if it makes the same draws and reaches
        exactly the same state.
        """
        rounds = len(self.round_scores)
        applied = 0
        while not self.is_over and not (until_round_end and len(self.round_scores) > rounds):
            seats = self.to_act
            seat = seats[0] if len(seats) == 1 else seats[random_index(rng, len(seats))]
            legal = self.legal_actions(seat)
            self.apply_legal(seat, legal[random_index(rng, len(legal))])
            applied += 1
        return applied

    def apply_legal(self, seat: int, action: Action) -> None:
        """Apply and log ``action``, known to be legal: just taken from
        ``legal_actions(seat)``, or chosen by a bot for the seat to act (bots choose only
        legal actions). Playouts call it for every step, so it builds no events.

        Here the engine simply calls ``apply``; a game may apply the action without
        validating it again and without building events, as ``apply`` would leave it.
        """
        self.apply(seat, action)

    def not_your_move(self, seat: int, action: Action) -> str:
        """Why ``seat`` may not act now; a game may say more (a window that has closed)."""
        return f"it is not seat {seat}'s move"

    def illegal(self, seat: int, action: Action, reason: str) -> IllegalActionError:
        """An error naming the action, the seat and why it is not allowed."""
        return IllegalActionError(f"seat {seat} cannot {action}: {reason}")

    def record(self) -> dict[str, Any]:
        """The match's definition: enough to replay it exactly."""
        return {
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "log": [[seat, action.to_json()] for seat, action in self.log],
        }

    def to_json(self) -> dict[str, Any]:
        """The full state, hidden cards included (for storage and bug reports)."""
        return {
            "game": self.game,
            "players": self.num_players,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "log": [[seat, action.to_json()] for seat, action in self.log],
            "round": self.round,
            "totals": self.totals,
            "round_scores": self.round_scores,
            "winners": self.winners,
            "is_over": self.is_over,
            "state": self._payload(),
        }

    def rng_state(self) -> list[Any]:
        """The generator's state, as ``to_json()["rng"]`` holds it, without the rest.

        A tool that follows a match action by action (a second implementation checking
        this one, a recorder) reads it after every action; ``to_json`` would serialise
        the whole log each time, which grows with the match.
        """
        return rng_to_json(self.rng)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        if data.get("game") != cls.game:
            raise StateFormatError(f"state is for game {data.get('game')!r}, not {cls.game!r}")
        try:
            state = cls.__new__(cls)
            state._init_match(
                data["players"], cls.options_type.from_dict(data["options"]), data["seed"]
            )
            state.rng = rng_from_json(data["rng"])
            state.log = MatchLog((seat, cls.codec.decode(a)) for seat, a in data["log"])
            state.round = data["round"]
            state.totals = list(data["totals"])
            if len(state.totals) != state.num_players:
                raise StateFormatError(
                    f"totals must give a score for each of the {state.num_players} seats"
                )
            state.round_scores = [list(r) for r in data["round_scores"]]
            state.winners = list(data["winners"])
            state.is_over = data["is_over"]
            cls._from_payload(state, data["state"])
        except (KeyError, TypeError, IndexError) as exc:
            raise StateFormatError(f"malformed {cls.game} state: {exc!r}") from exc
        return state

    def match_view(self) -> dict[str, Any]:
        """The public, game-independent part of every view."""
        return {
            "game": self.game,
            "players": self.num_players,
            "options": self.options.to_dict(),
            "round": self.round,
            "to_act": list(self.to_act),
            "totals": self.totals.copy(),
            "round_scores": [r.copy() for r in self.round_scores],
            "is_over": self.is_over,
            "winners": self.winners.copy(),
        }
