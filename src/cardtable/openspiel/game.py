"""The cardtable games as OpenSpiel Python games (``python_cardtable_<game>``).

A game is loaded as ``pyspiel.load_game("python_cardtable_skyjo(players=4)")``, with
parameters ``players``, ``options`` (the rule options as a JSON object, default
``{}``; Cactus plays with the memory aid unless it says otherwise), ``scope``
(``round``: a game is the first round, as the search bots play; ``match``), ``belief``
(the re-deal ``resample_from_infostate`` draws: ``uniform`` or ``informed``, see
``State.determinize``).

OpenSpiel sees a sequential, imperfect-information, explicitly stochastic game: a
game begins with ``DEAL_NODES`` chance nodes of ``DEAL_OUTCOMES`` equally likely
outcomes each, the bytes of the deal's seed; the engine shuffles from that seed
(later reshuffles of the discard pile included), so the history of actions fixes the
match, which is what OpenSpiel's serialisation and playthroughs need (a sampled
stochastic Python game cannot be serialised: OpenSpiel asks it for an RNG state that
Python cannot give). Simultaneous phases are turns in the order of
``cardtable.rl.turns``. Actions are the game's fixed action indices. Returns are the
``win`` rewards of ``cardtable.rl.rewards`` (+1 winners, -1 the others, 0 when all
tie). Observation and information-state tensors are both the observation vector of
``cardtable.rl.features``, built from the player's view alone (all zero before the
deal); the information-state string is that view with the move number. It is what a
player remembers with the memory aid, not a full history of what they saw
(algorithms needing perfect recall, such as CFR, would want more).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from cardtable.engine.registry import GameSpec, games, get_game, make, state_from_json
from cardtable.engine.state import State
from cardtable.rl.observer import Observer
from cardtable.rl.options import observed_options
from cardtable.rl.render import render_view
from cardtable.rl.rewards import SCOPES, check_choice, episode_over, final_win_rewards
from cardtable.rl.turns import next_actor

PREFIX = "python_cardtable_"
BELIEFS = ("uniform", "informed")
#: An upper bound on the actions of one OpenSpiel game (OpenSpiel asks for one).
MAX_GAME_LENGTH = 100_000
#: The deal's seed is drawn by this many chance nodes, a byte each (a 32-bit seed).
DEAL_NODES = 4
DEAL_OUTCOMES = 256


def short_name(game: str) -> str:
    return PREFIX + game


class Match:
    """The cardtable state inside an OpenSpiel state.

    OpenSpiel's clone of a Python state deep-copies its attributes; this makes the
    copy ``State.clone`` (hand-written, fast) instead of a generic deep copy.
    """

    __slots__ = ("actor", "key", "rounds_before", "state")

    def __init__(self, state: State, rounds_before: int, actor: int | None = None) -> None:
        self.state = state
        self.rounds_before = rounds_before
        #: A seat chosen to act first in a simultaneous phase (a bot asked to act for
        #: it); None: the order of ``cardtable.rl.turns``.
        self.actor = actor
        #: The last information-state string made: (move number, player, string).
        #: IS-MCTS asks for the same one two or three times per node it visits.
        self.key: tuple[int, int, str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return Match(self.state.clone(), self.rounds_before, self.actor)

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel serialises a Python state by pickling its attributes.
        return (_match_from_json, (self.state.to_json(), self.rounds_before, self.actor))

    def next_seat(self) -> int:
        state = self.state
        if self.actor is not None and self.actor in state.to_act:
            return self.actor
        return next_actor(state)


class _Shared:
    """A reference that OpenSpiel's deep-copying clone passes on as it is (the game)."""

    __slots__ = ("game",)

    def __init__(self, game: CardtableGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_game, (str(self.game),))


def _match_from_json(data: dict[str, Any], rounds_before: int, actor: int | None) -> Match:
    return Match(state_from_json(data), rounds_before, actor)


def _shared_game(name: str) -> _Shared:
    return _Shared(pyspiel.load_game(name))


class CardtableGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """One cardtable game at one table size, with its options."""

    #: Set by each game's subclass (``register_all``).
    spec: GameSpec
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = params or {}
        spec = self.spec
        players = int(params["players"])
        self.options = observed_options(spec.name, json.loads(str(params["options"])))
        self.scope = str(params["scope"])
        self.belief = str(params["belief"])
        check_choice("scope", self.scope, SCOPES)
        check_choice("belief", self.belief, BELIEFS)
        make(spec.name, players, seed=0, options=self.options)  # checks the player count
        self.observer = Observer(spec.name, players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.action_space_size,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.game_type, info, dict(params))

    def new_initial_state(self) -> CardtableSpielState:
        return CardtableSpielState(self)

    def from_match(self, state: State, actor: int | None = None) -> CardtableSpielState:
        """An OpenSpiel state wrapping a copy of ``state``, a match of this game (its
        round scope starts at the round in progress); ``actor``, one of the seats that
        may act now, acts first."""
        spiel_state = CardtableSpielState(self)
        spiel_state.match = Match(state.clone(), len(state.round_scores), actor)
        return spiel_state

    def deal(self, seed: int) -> Match:
        return Match(make(self.spec.name, self.num_players(), seed, self.options), 0)

    def max_chance_nodes_in_history(self) -> int:
        return DEAL_NODES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver | None:
        """The player's view (``perfect_recall``: with the move number); None for a
        public-only or private-only observation, which the views do not separate."""
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            return None
        return ViewObserver(self, perfect_recall=bool(iig_obs_type and iig_obs_type.perfect_recall))


class CardtableSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A state of a ``CardtableGame``: the deal's chance nodes, then the match."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        #: The deal's seed bytes drawn so far (chance outcomes).
        self._deal: list[int] = []
        self._match: Match | None = None

    @property
    def _game(self) -> CardtableGame:
        return self._shared.game

    @property
    def dealt(self) -> bool:
        return self._match is not None

    @property
    def match(self) -> Match:
        if self._match is None:
            raise pyspiel.SpielError("the cards are not dealt yet (a chance node)")
        return self._match

    @match.setter
    def match(self, value: Match) -> None:
        self._match = value

    @property
    def game_state(self) -> State:
        """The cardtable state (hidden cards included): for the adapter, not players."""
        return self.match.state

    def current_player(self) -> int:
        if not self.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.match.next_seat()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        index = self._game.spec.action_index
        return sorted(index(a) for a in self.match.state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            self._deal.append(action)
            if len(self._deal) == DEAL_NODES:
                self._match = self._game.deal(deal_seed(self._deal))
            return
        match = self.match
        match.state.apply(match.next_seat(), self._game.spec.action_from_index(action))
        match.actor = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {len(self._deal)}: {action}"
        return str(self._game.spec.action_from_index(action))

    def is_terminal(self) -> bool:
        if not self.dealt:
            return False
        match = self.match
        return episode_over(match.state, self._game.scope, match.rounds_before)

    def returns(self) -> list[float]:
        if not self.dealt or not self.is_terminal():
            return [0.0] * self._game.num_players()
        match = self.match
        return final_win_rewards(match.state, self._game.scope, match.rounds_before)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: every card it does not
        know re-dealt by ``State.determinize`` (seeded from ``probability_sampler``)."""
        if not self.dealt:
            return self.clone()  # nothing is known before the deal
        rng = random.Random(int(probability_sampler() * 2**53))
        informed = self._game.belief == "informed"
        other = CardtableSpielState(self._game)
        match = self.match
        world = match.state.determinize(player_id, rng, informed)
        other.match = Match(world, match.rounds_before, match.actor)
        return other

    def view_key(self, player: int) -> str:
        """The information-state string: the move number and the player's view."""
        if not self.dealt:
            return f"dealing {len(self._deal)}"
        match = self.match
        moves = len(match.state.log)
        if match.key is None or match.key[:2] != (moves, player):
            view = json.dumps(match.state.view(player), separators=(",", ":"))
            match.key = (moves, player, f"{moves} {view}")
        return match.key[2]

    def __str__(self) -> str:
        if not self.dealt:
            return f"dealing: seed bytes {self._deal}"
        return json.dumps(self.match.state.to_json()["state"], sort_keys=True)


def deal_seed(outcomes: list[int]) -> int:
    """The deal's seed from its chance outcomes, the first the lowest byte."""
    return sum(byte << (8 * i) for i, byte in enumerate(outcomes))


class ViewObserver:
    """OpenSpiel's Python observer: a player's view as the observation vector."""

    def __init__(self, game: CardtableGame, perfect_recall: bool) -> None:
        self._game = game
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(game.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        if not state.dealt:
            self.tensor[:] = 0.0  # nothing seen before the deal
            return
        self.tensor[:] = self._game.observer.encode(state.game_state.view(player))

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        if not state.dealt:
            return state.view_key(player) if self._perfect_recall else "dealing"
        if self._perfect_recall:
            return state.view_key(player)
        return render_view(state.game_state.view(player))


def register_all() -> None:
    """Register every cardtable game with OpenSpiel (once)."""
    registered = set(pyspiel.registered_names())
    for spec in games():
        name = short_name(spec.name)
        if name in registered:
            continue
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"cardtable {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.max_players,
            min_num_players=spec.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={
                "players": spec.min_players,
                "options": "{}",
                "scope": "round",
                "belief": "uniform",
            },
        )
        # A class, not a closure: OpenSpiel keeps the creator until the process ends,
        # and a closure released then (after Python has shut down) aborts the process.
        subclass = type(
            f"Cardtable{spec.title.replace(' ', '')}Game",
            (CardtableGame,),
            {"spec": spec, "game_type": game_type, "__module__": __name__},
        )
        globals()[subclass.__name__] = subclass
        pyspiel.register_game(game_type, subclass)


def load(game: str, **params: Any) -> CardtableGame:
    """``pyspiel.load_game`` for a cardtable game, with typed parameters (``options``
    may be a dict)."""
    get_game(game)
    if isinstance(params.get("options"), Mapping):
        params["options"] = json.dumps(params["options"])
    loaded: CardtableGame = pyspiel.load_game(short_name(game), params)
    return loaded
