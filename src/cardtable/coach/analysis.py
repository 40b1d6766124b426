"""The coach: where a strong bot would have played a seat's decisions differently.

For a finished match, ``analyse`` replays the record and, at each decision of one
seat (a turn where it had more than one legal action), asks the game's strongest
search bot what it would play in that seat's information set. It then prices the
played move and the suggested one on the same re-dealt worlds: both are played out
to the end of the round with the search's rollout policy, from ``samples`` re-deals
of the cards the seat could not know (common random numbers, so the luck of the deal
cancels in the difference). The cost is in the game's own terms, the unit of its
``CoachProfile``:

- ``points``: expected round points (lower is better), played minus suggested;
- ``win chance``: the chance of winning the round, suggested minus played.

Everything the coach reads at a decision goes through ``determinize(seat)`` or the
bots, which see only what the seat may know, so the analysis of a seat is the same
whatever the other seats' hidden cards were. A match still being played is never
analysed: its record would show those cards to whoever asked (the server refuses).

Each decision is seeded from the analysis seed and its position in the log, so the
result does not depend on which decisions were analysed first or in which process.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.errors import CardtableError
from cardtable.engine.plugins import plugin, plugin_table
from cardtable.engine.registry import make, replay
from cardtable.engine.state import State


class CoachError(CardtableError):
    """The coach was asked for something it cannot analyse."""


@dataclass(frozen=True)
class CoachProfile:
    """How the coach analyses one game: its search, rollouts and thresholds.

    A game declares its own in the ``cardtable.coach_profiles`` entry-point group,
    under its name; the coach analyses no game that has none.
    """

    #: The search bot whose move is suggested (an iteration budget keeps the
    #: analysis the same for a seed whatever the machine's speed).
    spec: str
    #: The policy that plays both moves out to the end of the round.
    rollout: str
    #: The unit of ``cost``: "points" (lower is better) or "win chance".
    unit: str
    #: Cost at or above which a decision is an inaccuracy, a mistake, a blunder.
    thresholds: tuple[float, float, float]
    #: Re-deals each decision's two moves are priced on: enough that the cost's
    #: spread over seeds stays below the inaccuracy threshold (docs/coach.md).
    samples: int


#: The entry-point group where a game declares its ``CoachProfile``, under its name.
PROFILE_GROUP = "cardtable.coach_profiles"

#: Labels of a decision's cost, mildest first (matching ``CoachProfile.thresholds``).
LABELS = ("inaccuracy", "mistake", "blunder")
#: The longest search a decision may be given, in milliseconds.
MAX_MS = 5000.0


@dataclass(frozen=True)
class Decision:
    """One analysed decision of the seat."""

    #: Position of the played action in the match log.
    index: int
    #: The round it was played in (1 for the first).
    round: int
    played: dict[str, Any]
    suggested: dict[str, Any]
    #: How much better the suggested move is expected to be, in ``unit`` (0 when the
    #: search agrees with the move played; negative when the pricing disagrees).
    cost: float
    #: Standard error of ``cost`` over the re-deals.
    error: float
    #: ``inaccuracy``, ``mistake``, ``blunder`` or None.
    label: str | None


@dataclass(frozen=True)
class Analysis:
    """A seat's analysed decisions in one match."""

    game: str
    seat: int
    unit: str
    #: Costs at which a decision is an inaccuracy, a mistake, a blunder.
    thresholds: tuple[float, float, float]
    spec: str
    samples: int
    seed: int
    decisions: list[Decision]

    @classmethod
    def of(
        cls,
        game: str,
        seat: int,
        decisions: list[Decision],
        samples: int,
        seed: int,
        ms: float | None = None,
    ) -> Analysis:
        coach = profile(game)
        spec = search_spec(game, ms)
        return cls(game, seat, coach.unit, coach.thresholds, spec, samples, seed, decisions)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def profiles() -> dict[str, CoachProfile]:
    """Every game's profile, by game name, as the games declare them."""
    return plugin_table(PROFILE_GROUP, CoachProfile)


def profile(game: str) -> CoachProfile:
    found = plugin(PROFILE_GROUP, game, CoachProfile)
    if found is None:
        raise CoachError(f"the coach does not know {game!r}")
    return found


def label(game: str, cost: float) -> str | None:
    """The label a cost earns in ``game`` (None below the inaccuracy threshold)."""
    name = None
    for threshold, candidate in zip(profile(game).thresholds, LABELS, strict=True):
        if cost >= threshold:
            name = candidate
    return name


def decisions_of(record: Mapping[str, Any], seat: int) -> Iterator[tuple[int, State, Action]]:
    """Each decision of ``seat`` in a finished match: log position, state before it,
    the action played. A decision is a log entry of the seat with a choice to make."""
    final = replay(record)  # refuses a malformed record, naming what is wrong
    if not final.is_over:
        raise CoachError("the match is not over: its analysis would show hidden cards")
    final.check_seat(seat)
    state = make(record["game"], record["players"], record["seed"], record["options"])
    for index, (who, action) in enumerate(final.log):
        if who == seat and len(state.legal_actions(seat)) > 1:
            yield index, state.clone(), action
        state.apply(who, action)


def search_spec(game: str, ms: float | None = None) -> str:
    """The coach's search for ``game``: its iteration budget, or ``ms`` a decision
    instead (faster on a slow machine, but no longer the same for a seed)."""
    spec = profile(game).spec
    if ms is None:
        return spec
    if isinstance(ms, bool) or not isinstance(ms, int | float) or not 0 < ms <= MAX_MS:
        raise CoachError(f"the coach's budget must be 0 < ms <= {MAX_MS}, got {ms!r}")
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if not p.startswith("iterations=")]
    return f"{name}:" + ",".join([f"ms={ms:g}", *kept])


def suggest(state: State, seat: int, seed: int, ms: float | None = None) -> Action:
    """The coach's move for ``seat`` now, from what the seat may know."""
    return make_bot(search_spec(state.game, ms), state.game, seed).act(state, seat)


@dataclass(frozen=True)
class Hint:
    """The coach's move for a decision now, and why: how it compares with the best
    other legal move, priced on the same re-deals as an analysis prices a decision."""

    action: Action
    #: The best-priced other legal move (None when the coach's move is the only one).
    alternative: Action | None
    #: How much better the coach's move is expected to be than ``alternative``, in
    #: ``unit`` (0 or below: about as good, on a close choice).
    gain: float
    unit: str

    def to_json(self) -> dict[str, Any]:
        other = None if self.alternative is None else self.alternative.to_json()
        return {
            "action": self.action.to_json(),
            "alternative": other,
            "gain": round(self.gain, 4),
            "unit": self.unit,
        }


def hint(state: State, seat: int, seed: int, ms: float | None = None) -> Hint:
    """The coach's move for ``seat`` now, with what it is expected to gain over the
    best other legal move: every legal move is priced on the game's re-deals (as an
    analysis prices a decision), from what the seat may know."""
    action = suggest(state, seat, seed, ms)
    coach = profile(state.game)
    unit = coach.unit
    others = [a for a in state.legal_actions(seat) if a != action]
    if not others:
        return Hint(action, None, 0.0, unit)
    outcomes = price(state, seat, [action, *others], coach.samples, seed)
    means = [sum(outcome) / len(outcome) for outcome in outcomes]
    # Points are better low, a chance to win high: ``sign`` makes both "higher is worse".
    sign = 1.0 if unit == "points" else -1.0
    best = min(range(len(others)), key=lambda i: sign * means[i + 1])
    return Hint(action, others[best], sign * (means[best + 1] - means[0]), unit)


def price(
    state: State, seat: int, actions: list[Action], samples: int, seed: int
) -> list[list[float]]:
    """Each action's outcome for ``seat`` on ``samples`` shared re-deals.

    An outcome is the seat's round points (unit ``points``) or its share of the
    round's win (``win chance``); the same re-deal and luck serve every action.
    """
    game = state.game
    coach = profile(game)
    rng = random.Random(seed)
    policy: Bot = make_bot(coach.rollout, game, seed)
    rounds = len(state.round_scores)
    outcomes: list[list[float]] = [[] for _ in actions]
    for _ in range(samples):
        world = state.determinize(seat, rng)
        luck = rng.getrandbits(63)
        for outcome, action in zip(outcomes, actions, strict=True):
            trial = world.clone(luck)
            trial.apply_legal(seat, action)
            if len(trial.round_scores) == rounds:
                policy.playout(trial, luck)
            outcome.append(_outcome(trial.round_scores[rounds], seat, coach.unit))
    return outcomes


def _outcome(scores: list[int], seat: int, unit: str) -> float:
    if unit == "points":
        return float(scores[seat])
    best = max(scores)
    return 1.0 / scores.count(best) if scores[seat] == best else 0.0


def analyse_decision(
    state: State,
    seat: int,
    played: Action,
    index: int,
    samples: int,
    seed: int,
    ms: float | None = None,
) -> Decision:
    """One decision: the coach's move, and what the played one is expected to cost."""
    game = state.game
    coach = profile(game)
    decision_seed = _decision_seed(seed, index)
    suggested = suggest(state, seat, decision_seed, ms)
    cost = error = 0.0
    if suggested != played:
        played_out, suggested_out = price(state, seat, [played, suggested], samples, decision_seed)
        sign = 1.0 if coach.unit == "points" else -1.0
        gaps = [sign * (p - s) for p, s in zip(played_out, suggested_out, strict=True)]
        cost = sum(gaps) / len(gaps)
        spread = sum((g - cost) ** 2 for g in gaps) / max(1, len(gaps) - 1)
        error = (spread / len(gaps)) ** 0.5
    return Decision(
        index=index,
        round=len(state.round_scores) + 1,
        played=played.to_json(),
        suggested=suggested.to_json(),
        cost=round(cost, 4),
        error=round(error, 4),
        label=label(game, cost),
    )


def analyse(
    record: Mapping[str, Any],
    seat: int,
    *,
    samples: int | None = None,
    seed: int = 1,
    ms: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse every decision of ``seat`` in a finished match (``State.record()``);
    ``samples`` re-deals price each decision (by default the game's own number)."""
    found = list(decisions_of(record, seat))
    if samples is None:
        samples = profile(str(record["game"])).samples
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise CoachError(f"samples must be a whole number >= 1, got {samples!r}")
    out = []
    for done, (index, state, played) in enumerate(found):
        out.append(analyse_decision(state, seat, played, index, samples, seed, ms))
        if progress is not None:
            progress(done + 1, len(found))
    return Analysis.of(str(record["game"]), seat, out, samples, seed, ms)


def _decision_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}:{index}").getrandbits(63)


def dumps(analysis: Analysis) -> str:
    """The analysis as the JSON the command line prints (stable key order)."""
    return json.dumps(analysis.to_json(), sort_keys=True)
