"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for any game.

The bot knows nothing of the rules: it uses only the engine contract (``determinize``,
``clone``, ``legal_actions``, ``apply``, ``to_act``, ``round_scores``) and the game's
``lower_score_wins``. Each iteration

1. samples a determinization: the root state with every card the searching seat
   cannot know re-dealt (``State.determinize``), so the search never reads hidden
   cards. By default the re-deal is the game's informed one (``belief=informed``),
   which weights the unknown cards by what the public play suggests players hold,
   such as a Cactus card its owner has looked at and kept being likely low; a search
   that assumes every arrangement equally likely is misled by hands that are not
   (``belief=uniform`` gives that re-deal);
2. descends one tree shared by all determinizations. A node stands for what the
   searching seat has seen: a child is reached by the acting seat, its action and the
   events of that action the searching seat may see (so after drawing, the tree knows
   which card the searcher drew, but not which card an opponent drew). Each node
   picks among the actions legal in this determinization: the rollout policy's choice
   first, then the untried ones, then the best by UCB1 with availability counts (an
   action's exploration term counts only the iterations in which it was legal);
3. adds a child once the edge leading to it has been tried ``expand`` times, down to
   ``depth`` levels of decisions (by default the root's alone), then plays the round
   out with the rollout policy: one of the game's own bots (by default, ``auto``, its
   ``greedy`` bot, made for rollouts, where it has one, else its ``heuristic``), or
   uniformly random moves. Random playouts value a move by what random play makes of
   it: in Cactus a drawn card is then placed at random, so drawing looks worse than it
   is (docs/research/ismcts-vs-openspiel.md measures both against OpenSpiel's IS-MCTS);
4. scores the finished round for every seat and adds each seat's reward to the edges
   that seat chose.

The search stops at the end of the current round: a round's outcome is what the
acting seat controls. A seat's reward mixes winning the round (a win shared by ``k``
seats counts ``1/k``) with its score margin against the best other seat, divided by
the size of both scores; the direction comes from ``lower_score_wins``, so one reward
serves games scored upward and downward and at any scale.

Rollouts are noisy: the rest of a round decides more than one move does. Two things
keep the noise from steering the decision:

- common random numbers with a baseline. A determinization is used for a batch of
  iterations that each try a different root action; every playout of the batch uses
  the same random stream, and the batch starts with a baseline playout whose root
  move is the base bot's (by default the rollout policy; ``base`` may name another,
  so that a fast rollout policy serves a stronger bot's moves). An iteration's reward
  is its outcome minus the baseline's, plus ``BASELINE``: the luck of the deal
  cancels, and the base move, whose playout is the baseline, needs no searching.
- a cautious decision. An action replaces the base move only when its mean reward,
  ``z`` standard errors down, still beats the baseline (without a base: the action
  with the best such bound). A search too short to tell actions apart therefore plays
  as its base bot does, and departs from it where it finds a clear gain, such as the
  timing of the end of a round.

The comparison with the baseline holds only if every root action is followed by the
same play. Below the root a tree tries moves the policy would not make, and at a few
hundred iterations those tries are mostly untried moves taken at random: opponents
look weaker after the searched actions than after the baseline. In 20 Cactus rounds
a search growing its tree freely left its policy's move in 60 of 138 decisions, one
kept to the root in 34 of 271. So the tree keeps the root only (``depth=1``) unless
asked.

In a simultaneous phase the root acts for the searching seat; deeper, the acting seat
is drawn at random among those allowed, as the match runner does. The budget is a
number of iterations, a time per decision, or both (whichever ends first).

``workers`` above 1 searches one decision in that many processes (root
parallelism): worker processes, started once and kept, each run the same search
with their own seed on the same base move, until the shared deadline or their share
of the iterations, and send back the root's statistics, which add up as if one
search had made all the iterations. Playouts are pure Python, so a second core
nearly doubles them within the same time; with an iteration budget the result
depends on the seed alone, as with one process.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.errors import IllegalActionError
from cardtable.engine.events import Event
from cardtable.engine.registry import get_game
from cardtable.engine.state import State, seeded_rng

from .base import Bot, BotSpecError, Budget, bot_names, make_bot, pick_actor

#: Share of the reward that is winning the round; the rest is the score margin.
WIN_WEIGHT = 0.5
#: The reward of doing exactly what the baseline playout did.
BASELINE = 0.5
#: Added to an action's observed reward variance when bounding its mean from below, so
#: that a few equal rewards are not taken for certainty.
PRIOR_VARIANCE = 0.01
#: The rollout policy that ``rollout=auto`` (the default) stands for.
AUTO = "auto"
#: What ``rollout=auto`` plays with, best first: (rollout bot, base bot) by name, the
#: first whose rollout bot the game registers. A game's ``greedy`` bot is made for
#: rollouts (several times faster than its heuristic, and mostly its moves), with the
#: heuristic choosing the base move; without one, the heuristic does both.
AUTO_PARTS = (("greedy", "heuristic"), ("heuristic", None))
#: The re-deals a search can reason from (see ``State.determinize``).
BELIEFS = ("informed", "uniform")


class _Edge:
    """Statistics of one (seat, action) pair at a node, from that seat's side."""

    __slots__ = ("available", "reward", "squares", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.squares = 0.0

    def add(self, reward: float) -> None:
        self.visits += 1
        self.reward += reward
        self.squares += reward * reward

    def lower_bound(self, z: float) -> float:
        """A pessimistic estimate of the mean reward (``z`` standard errors below it)."""
        if not self.visits:
            return -math.inf
        mean = self.reward / self.visits
        variance = max(0.0, self.squares / self.visits - mean * mean)
        return mean - z * math.sqrt((variance + PRIOR_VARIANCE) / self.visits)


class _Node:
    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, Action], _Edge] = {}
        self.children: dict[tuple[int, Action, tuple[str, ...]], _Node] = {}


class IsmctsBot(Bot):
    """SO-ISMCTS with a budget of ``iterations`` and/or ``ms`` per decision.

    ``rollout`` is ``auto`` (the game's own bots, ``AUTO_PARTS``), ``random`` or the
    name of a bot the game registers (``heuristic``, or a faster one such as the
    ``greedy`` bots); ``base`` names the bot whose move the search plays unless another
    is clearly better (by default the rollout policy, or with ``auto`` the heuristic),
    so a fast rollout policy can serve a stronger bot's moves; ``c`` is the UCB1 exploration
    constant; ``z`` how many standard errors an action must clear to overrule the base
    move; ``batch`` how many root actions share one determinization; ``depth`` how
    many levels of decisions the tree keeps (1: the root's only); ``expand`` how many
    tries of an edge grow the tree below it, within that depth; ``belief`` which
    re-deal of the unknown cards to search (``informed`` or ``uniform``); ``workers``
    how many processes search each decision (this one and ``workers - 1`` helpers).
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        ms: float | None = None,
        rollout: str = "auto",
        c: float = 0.3,
        z: float = 2.0,
        batch: int = 4,
        expand: int = 8,
        depth: int = 1,
        base: str | None = None,
        belief: str = "informed",
        workers: int = 1,
    ) -> None:
        super().__init__(seed)
        if iterations is None and ms is None:
            iterations = 400
        if iterations is not None:
            _check_count("iterations", iterations)
        if ms is not None and not (_is_number(ms) and ms > 0):
            raise BotSpecError(f"ismcts ms must be a positive number, got {ms!r}")
        if not isinstance(rollout, str) or rollout == "ismcts":
            raise BotSpecError(
                f"ismcts rollout must be auto, random or a game's bot, got {rollout!r}"
            )
        if base is not None and (not isinstance(base, str) or base in ("ismcts", "random")):
            raise BotSpecError(f"ismcts base must be the name of a game's bot, got {base!r}")
        for name, value in (("c", c), ("z", z)):
            if not (_is_number(value) and value >= 0):
                raise BotSpecError(f"ismcts {name} must be a number >= 0, got {value!r}")
        if belief not in BELIEFS:
            raise BotSpecError(f"ismcts belief must be informed or uniform, got {belief!r}")
        _check_count("batch", batch)
        _check_count("expand", expand)
        _check_count("depth", depth)
        _check_count("workers", workers)
        #: What a worker process needs to build the same search (all but seed, workers).
        self.config: dict[str, Any] = {
            "iterations": iterations,
            "ms": ms,
            "rollout": rollout,
            "c": c,
            "z": z,
            "batch": batch,
            "expand": expand,
            "depth": depth,
            "base": base,
            "belief": belief,
        }
        self.workers = workers
        self.iterations = iterations
        self.seconds = None if ms is None else ms / 1000.0
        self.rollout = rollout
        self.base = base
        self.c = float(c)
        self.z = float(z)
        self.batch = batch
        self.expand = expand
        self.depth = depth
        self.informed = belief == "informed"
        self._bots: dict[tuple[str, str], Bot] = {}

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalActionError(f"seat {seat} has no legal action now")
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        search = _Search(self, state, seat)
        shares = _split(self.iterations, self.workers)
        helpers = [
            _pool(self.workers - 1).submit(
                _search_share,
                self.config,
                self.rng.getrandbits(63),
                state,
                seat,
                search.preferred,
                share,
                deadline,
            )
            for share in shares[1:]
        ]
        self.run(search, state, shares[0], deadline)
        for helper in helpers:
            search.merge(helper.result())
        return search.decision()

    def budget(self) -> Budget:
        return Budget(self.seconds, self.iterations, self.workers, searches=True)

    def check_parts(self, game: str) -> None:
        self.inner_bots(game)

    def inner_bots(self, game: str) -> list[Bot]:
        return [bot for bot in (self.policy(game), self.base_policy(game)) if bot is not None]

    def run(
        self, search: _Search, state: State, iterations: int | None, deadline: float | None
    ) -> None:
        """Search until ``iterations`` are done or the ``deadline`` passes."""
        while iterations is None or search.iterations < iterations:
            if deadline is not None and search.iterations and time.perf_counter() >= deadline:
                break
            world = state.determinize(search.seat, self.rng, self.informed)
            search.batch(world, self.rng.getrandbits(63), iterations)

    def policy(self, game: str) -> Bot | None:
        """The rollout policy for ``game`` (None: uniformly random)."""
        rollout, _ = self.parts(game)
        return None if rollout == "random" else self._bot("rollout", rollout, game)

    def base_policy(self, game: str) -> Bot | None:
        """The bot whose move the search plays unless another is clearly better."""
        _, base = self.parts(game)
        return self.policy(game) if base is None else self._bot("base", base, game)

    def parts(self, game: str) -> tuple[str, str | None]:
        """The names of the rollout and base bots in ``game`` (base None: the rollout's).

        ``rollout=auto`` is the first pair of ``AUTO_PARTS`` whose rollout bot the game
        registers (an explicit ``base`` still wins), else random rollouts."""
        if self.rollout != AUTO:
            return self.rollout, self.base
        names = bot_names(game)
        for rollout, base in AUTO_PARTS:
            if rollout in names:
                return rollout, self.base or (base if base in names else None)
        return "random", self.base

    def _bot(self, role: str, name: str, game: str) -> Bot:
        if (name, game) not in self._bots:
            try:
                self._bots[name, game] = make_bot(name, game, self.rng.getrandbits(63))
            except BotSpecError as exc:
                raise BotSpecError(f"ismcts {role} {name!r}: {exc}") from None
        return self._bots[name, game]


class _Search:
    """One decision's search: the tree, the policy, the iteration count."""

    def __init__(
        self, bot: IsmctsBot, state: State, seat: int, preferred: Action | None = None
    ) -> None:
        self.bot = bot
        self.seat = seat
        self.rounds = len(state.round_scores)
        self.policy = bot.policy(state.game)
        self.lower_wins = get_game(state.game).lower_score_wins
        self.root = _Node()
        self.iterations = 0
        # The base bot's choice is what every baseline playout plays first: its reward
        # is the baseline itself, so only the other actions need searching.
        # A worker searching a share of the decision is given the move the bot chose.
        base = bot.base_policy(state.game)
        if preferred is None and base is not None:
            preferred = base.act(state, seat)
        self.preferred = preferred
        self.candidates = [a for a in state.legal_actions(seat) if a != self.preferred]

    def batch(self, world: State, luck: int, iterations: int | None) -> None:
        """Iterations on one determinization, each trying a different root action,
        without going past ``iterations`` in all."""
        start = world.clone(luck)
        legal = start.legal_actions(self.seat)
        first = self.preferred
        if first is None:
            first = legal[self.bot.rng.randrange(len(legal))]
        start.apply_legal(self.seat, first)
        baseline = self.playout(start, luck)
        tried = {self.preferred}
        for _ in range(min(len(self.candidates), self.bot.batch)):
            tried.add(self.iterate(world.clone(luck), luck, baseline, tried))
            self.iterations += 1
            if self.iterations == iterations:
                return

    def root_statistics(self) -> list[tuple[int, Action, int, int, float, float]]:
        """The root's edges as plain values, for a worker to send back."""
        return [
            (seat, action, e.visits, e.available, e.reward, e.squares)
            for (seat, action), e in self.root.edges.items()
        ]

    def merge(self, statistics: list[tuple[int, Action, int, int, float, float]]) -> None:
        """Add a worker's root statistics (``root_statistics``) to this search's."""
        for seat, action, visits, available, reward, squares in statistics:
            edge = self.root.edges.get((seat, action))
            if edge is None:
                edge = self.root.edges[(seat, action)] = _Edge()
            edge.visits += visits
            edge.available += available
            edge.reward += reward
            edge.squares += squares

    def decision(self) -> Action:
        z = self.bot.z
        best = max(self.candidates, key=lambda a: self._bound(a, z))
        if self.preferred is not None and self._bound(best, z) <= BASELINE:
            return self.preferred
        return best

    def _bound(self, action: Action, z: float) -> float:
        edge = self.root.edges.get((self.seat, action))
        return -math.inf if edge is None else edge.lower_bound(z)

    def iterate(
        self, state: State, luck: int, baseline: list[float], tried: set[Action | None]
    ) -> Action:
        """One iteration on ``state``, a copy of the batch's determinization; returns
        the root action tried (never one in ``tried``)."""
        legal = [a for a in state.legal_actions(self.seat) if a not in tried]
        path: list[tuple[_Edge, int]] = []
        first, node = self._step(self.root, state, self.seat, legal, None, path)
        if node is not None:  # a tree below the root: descend it
            chance = seeded_rng(luck)
            while node is not None and len(state.round_scores) == self.rounds:
                actor = pick_actor(state, chance)
                preferred = None if self.policy is None else self.policy.act(state, actor)
                legal = state.legal_actions(actor)
                _, node = self._step(node, state, actor, legal, preferred, path)
        rewards = self.playout(state, luck)
        for edge, who in path:
            edge.add(rewards[who] - baseline[who] + BASELINE)
        return first

    def _step(
        self,
        node: _Node,
        state: State,
        actor: int,
        legal: list[Action],
        preferred: Action | None,
        path: list[tuple[_Edge, int]],
    ) -> tuple[Action, _Node | None]:
        """Choose and apply ``actor``'s action at ``node``; the child, if in the tree."""
        action, edge = self._select(node, actor, legal, preferred)
        path.append((edge, actor))
        if len(path) >= self.bot.depth:  # the tree keeps no level below this one
            state.apply_legal(actor, action)
            return action, None
        events = state.apply(actor, action)
        key = (actor, action, _seen(events, self.seat))
        child = node.children.get(key)
        if child is None and edge.visits + 1 >= self.bot.expand:
            node.children[key] = _Node()
        return action, child

    def _select(
        self, node: _Node, actor: int, legal: list[Action], preferred: Action | None
    ) -> tuple[Action, _Edge]:
        """The policy's action if untried, else an untried action at random, else the
        best by UCB1 with availability counts."""
        edges = node.edges
        untried: list[tuple[Action, _Edge]] = []
        best: tuple[Action, _Edge] | None = None
        best_score = -math.inf
        c = self.bot.c
        for action in legal:
            edge = edges.get((actor, action))
            if edge is None:
                edge = edges[(actor, action)] = _Edge()
            edge.available += 1
            if edge.visits == 0:
                if action == preferred:
                    return action, edge
                untried.append((action, edge))
            elif not untried:
                score = edge.reward / edge.visits + c * math.sqrt(
                    math.log(edge.available) / edge.visits
                )
                if score > best_score:
                    best, best_score = (action, edge), score
        if untried:
            return untried[self.bot.rng.randrange(len(untried))]
        assert best is not None
        return best

    def playout(self, state: State, luck: int) -> list[float]:
        """Play the round out with the rollout policy; every seat's reward. ``luck``
        seeds every random choice of the playout, the policy's included, so the
        playouts of one batch differ only where the tree's choices do."""
        rounds = self.rounds
        if len(state.round_scores) == rounds:  # the tree's moves may have ended it
            if self.policy is None:
                state.random_playout(seeded_rng(luck), until_round_end=True)
            else:
                self.policy.playout(state, luck)
        return round_rewards(state.round_scores[rounds], self.lower_wins)


#: Worker processes shared by every search of this process, by their number.
_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(size: int) -> ProcessPoolExecutor:
    """``size`` worker processes, started on first use and kept for later decisions.
    They are spawned, not forked: a server's threads must not be copied mid-work."""
    pool = _POOLS.get(size)
    if pool is None:
        context = multiprocessing.get_context("spawn")
        pool = _POOLS[size] = ProcessPoolExecutor(max_workers=size, mp_context=context)
    return pool


def _split(iterations: int | None, workers: int) -> list[int | None]:
    """Each worker's share of an iteration budget (the remainder spread one each over
    the first ones, none left with nothing); with a time budget alone every worker
    searches until the deadline."""
    if iterations is None:
        return [None] * workers
    share, extra = divmod(iterations, workers)
    shares = [share + (1 if i < extra else 0) for i in range(workers)]
    return [n for n in shares if n]


def _search_share(
    config: dict[str, Any],
    seed: int,
    state: State,
    seat: int,
    preferred: Action | None,
    iterations: int | None,
    deadline: float | None,
) -> list[tuple[int, Action, int, int, float, float]]:
    """A worker process's part of one decision: the same search with its own seed, on
    the move the bot chose as base, until its share or the shared deadline (the clock
    of ``time.perf_counter`` is the system's monotonic one, the same in every process)."""
    bot = IsmctsBot(seed=seed, **config)
    search = _Search(bot, state, seat, preferred)
    bot.run(search, state, iterations, deadline)
    return search.root_statistics()


def round_rewards(scores: list[int], lower_wins: bool) -> list[float]:
    """Each seat's reward in 0..1 for a finished round with these scores.

    ``WIN_WEIGHT`` of it is winning (a shared win split evenly); the rest is the margin
    against the best other seat, divided by the size of both scores, mapped to 0..1.
    """
    goods = [-s for s in scores] if lower_wins else list(scores)
    top = max(goods)
    winners = goods.count(top)
    out = []
    for seat, good in enumerate(goods):
        rival = max(g for i, g in enumerate(goods) if i != seat)
        margin = (good - rival) / (abs(good) + abs(rival) + 1)
        win = 1.0 / winners if good == top else 0.0
        out.append(WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * (1.0 + margin) / 2.0)
    return out


def _seen(events: list[Event], seat: int) -> tuple[str, ...]:
    """What ``seat`` observed of an action: its visible events, as hashable text."""
    return tuple(f"{e.type}{e.data}" for e in events if e.visible_to(seat))


def _check_count(name: str, value: Any) -> None:
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        raise BotSpecError(f"ismcts {name} must be a whole number >= 1, got {value!r}")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
