"""The coach on the server: analyses of finished matches, and hints at practice tables.

An analysis looks at every decision of one seat, so it is long: it runs as a task
that sends one decision at a time to the bot pool (bots of running matches take
their turns in between) and keeps its progress for whoever polls it. The result is
kept in the store, so a match is analysed for a seat once. Only a finished match is
ever analysed: the analysis replays the whole log, hidden cards included.

A hint is the coach's move for the current decision of a seat, searched from that
seat's view of the state, with what it is expected to gain over the best other legal
move (every legal move priced on re-deals of what the seat cannot know), so that the
player is told why. It is offered only where no other person plays (every
other seat is a bot), so a hint never helps one person against another.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from cardtable.coach import analyse_decision, decisions_of, hint
from cardtable.coach.analysis import Analysis, CoachError, Decision, profile
from cardtable.engine.registry import state_from_json
from cardtable.engine.state import State, derive_seed

from . import outbound
from .bots import compact_state
from .connection import Connection
from .errors import ProtocolError
from .responses import AnalysisAnswer
from .storage import MatchRecord, Store, call

logger = logging.getLogger(__name__)

#: The analysis seed: one analysis per match and seat, the same for everyone.
ANALYSIS_SEED = 1
#: Analyses running at once, so that analyses never take more than their share of the
#: bot pool from running matches; more wait their turn in a queue of at most
#: ``MAX_QUEUED``, in which each client address has one analysis at a time.
MAX_RUNNING = 2
MAX_QUEUED = 32


def decision_in_worker(
    state: dict[str, Any], seat: int, played: dict[str, Any], index: int, samples: int
) -> Decision:
    """One decision's analysis, in a bot process (plain JSON in and out)."""
    game_state = state_from_json(state)
    action = game_state.codec.decode(played)
    return analyse_decision(game_state, seat, action, index, samples, ANALYSIS_SEED)


def hint_in_worker(state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    """The coach's move for ``seat`` in ``state`` and what it gains over the best other
    move (``Hint.to_json``), in a bot process."""
    game_state = state_from_json(state)
    return hint(game_state, seat, seed).to_json()


async def send_hint(
    executor: Executor, conn: Connection, state: State, seat: int, seq: int | None
) -> None:
    """Search the hint off the loop and send it to the asking connection."""
    version = len(state.log)
    seed = derive_seed(state.seed, seat, version)
    loop = asyncio.get_running_loop()
    try:
        found = await loop.run_in_executor(
            executor, hint_in_worker, compact_state(state), seat, seed
        )
    except Exception:
        logger.exception("the hint for seat %d failed", seat)
        conn.send(outbound.error(seq, ProtocolError("hint_failed", "no hint now")))
        return
    conn.send(outbound.hint(seq, version, found))


@dataclass
class Job:
    """An analysis waiting or being made: whose it is, how far it has got."""

    total: int
    client: str = ""
    started: bool = False
    decisions: list[Decision] = field(default_factory=list)
    failed: str | None = None


class Coaching:
    """The server's analyses: started on request, one task each, kept in the store."""

    def __init__(self, store: Store, executor: Executor) -> None:
        self.store = store
        self.executor = executor
        self.jobs: dict[tuple[str, int, int], Job] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.slots = asyncio.Semaphore(MAX_RUNNING)

    async def request(
        self, match: MatchRecord, seat: int, start: bool, client: str = ""
    ) -> AnalysisAnswer:
        """The analysis of ``seat`` in ``match``: done, in progress or waiting its turn
        (with its place in the queue), or (``start``) begun or queued."""
        if not match.finished:
            raise ProtocolError(
                "match_running",
                f"match {match.number} is still being played; it can be analysed once it is over",
                409,
            )
        if not 0 <= seat < match.players:
            raise ProtocolError(
                "bad_seat", f"seat {seat} does not exist (seats are 0..{match.players - 1})"
            )
        key = (match.code, match.number, seat)
        stored = await call(self.store, self.store.analysis, *key)
        if stored is not None:
            return {"status": "done", "analysis": stored}
        job = self.jobs.get(key)
        if job is not None and job.failed is not None and start:  # asked again: retry
            del self.jobs[key]
            job = None
        if job is None and start:
            self._admit(client)
            job = self._start(match, seat, client)
        if job is None:
            return {"status": "none"}
        if job.failed is not None:
            return {"status": "failed", "message": job.failed}
        answer: AnalysisAnswer = {
            "status": "running",
            "done": len(job.decisions),
            "total": job.total,
        }
        if not job.started:  # waiting for a slot: its place in the queue (1: next)
            waiting = [j for j in self.jobs.values() if not j.started and j.failed is None]
            answer["position"] = waiting.index(job) + 1
        return answer

    def _admit(self, client: str) -> None:
        """Refuse a new analysis to a client with one waiting or running, or when the
        queue is full."""
        live = [j for j in self.jobs.values() if j.failed is None]
        if any(j.client == client for j in live):
            raise ProtocolError(
                "coach_busy",
                "the coach is already analysing a match for you; ask again once it is done",
                429,
            )
        if sum(1 for j in live if not j.started) >= MAX_QUEUED:
            raise ProtocolError(
                "coach_busy",
                f"{MAX_QUEUED} analyses are waiting for the coach already; try again in a minute",
                503,
            )

    def _start(self, match: MatchRecord, seat: int, client: str) -> Job:
        record = match.replay_record()
        try:
            found = list(decisions_of(record, seat))
        except CoachError as exc:
            raise ProtocolError("bad_match", str(exc), 409) from None
        job = self.jobs[(match.code, match.number, seat)] = Job(len(found), client)
        task = asyncio.create_task(self._run(match, seat, found, job))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return job

    async def _run(self, match: MatchRecord, seat: int, found: list[Any], job: Job) -> None:
        async with self.slots:
            job.started = True
            await self._analyse(match, seat, found, job)

    async def _analyse(self, match: MatchRecord, seat: int, found: list[Any], job: Job) -> None:
        loop = asyncio.get_running_loop()
        samples = profile(match.game).samples
        try:
            for index, state, played in found:
                decision = await loop.run_in_executor(
                    self.executor,
                    decision_in_worker,
                    compact_state(state),
                    seat,
                    played.to_json(),
                    index,
                    samples,
                )
                job.decisions.append(decision)
            analysis = Analysis.of(
                match.game, seat, job.decisions, samples, ANALYSIS_SEED
            ).to_json()
            key = (match.code, match.number, seat)
            await call(self.store, self.store.save_analysis, *key, analysis)
            del self.jobs[key]
        except Exception as exc:
            logger.exception("analysis of %s/%d seat %d failed", match.code, match.number, seat)
            job.failed = f"the analysis failed: {exc}"

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
