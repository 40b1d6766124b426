"""The shared match log: forks grow apart, read like lists, records and replays unchanged."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import cardtable
from cardtable.engine.log import MatchLog
from cardtable.games.skyjo.actions import DISCARD, DRAW, REVEAL

GAMES = [g.name for g in cardtable.games()]


def test_a_fork_and_its_origin_grow_apart() -> None:
    log = MatchLog([(0, DRAW)])
    log.append((0, DISCARD))
    fork = log.fork()
    log.append((1, REVEAL[3]))
    fork.append((0, REVEAL[5]))
    second = log.fork()
    second.append((1, DRAW))
    assert list(log) == [(0, DRAW), (0, DISCARD), (1, REVEAL[3])]
    assert list(fork) == [(0, DRAW), (0, DISCARD), (0, REVEAL[5])]
    assert list(second) == [(0, DRAW), (0, DISCARD), (1, REVEAL[3]), (1, DRAW)]


def test_it_reads_like_a_list() -> None:
    entries = [(p % 2, REVEAL[p]) for p in range(6)]
    log = MatchLog(entries[:3])
    for entry in entries[3:]:
        log.append(entry)
    log = log.fork()
    assert len(log) == 6
    assert log == entries and entries == log and log == tuple(entries)
    assert log != entries[:5] and log != [*entries[:5], (1, DRAW)]
    assert [log[i] for i in range(-6, 6)] == entries + entries
    assert log[2:5] == entries[2:5] and log[len(log) :] == []
    for bad in (6, -7):
        with pytest.raises(IndexError):
            log[bad]
    assert MatchLog() == [] and MatchLog() != [(0, DRAW)]


def test_it_pickles_as_its_entries() -> None:
    log = MatchLog([(0, DRAW)]).fork()
    log.append((0, DISCARD))
    copy = pickle.loads(pickle.dumps(log))
    copy.append((1, DRAW))
    assert copy == [(0, DRAW), (0, DISCARD), (1, DRAW)]
    assert log == [(0, DRAW), (0, DISCARD)]


@pytest.mark.parametrize("game", GAMES)
def test_clones_share_the_log_yet_record_their_own_match(game: str) -> None:
    """A clone played on from any point records exactly its own match; the origin and
    its other clones keep theirs."""
    state = cardtable.make(game, 3, seed=5)
    rng = random.Random(1)
    for _ in range(12):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    clones = [state.clone() for _ in range(3)]
    before = state.to_json()
    for i, clone in enumerate(clones):
        deeper = clone.clone()
        clone.random_playout(random.Random(10 + i))
        deeper.random_playout(random.Random(20 + i), until_round_end=True)
        for played in (clone, deeper):
            assert played.log[: len(state.log)] == state.log
            replayed = cardtable.replay(json.loads(json.dumps(played.record())))
            assert replayed.to_json() == played.to_json()
    assert state.to_json() == before
    assert len({len(c.log) for c in clones}) > 1  # they did play different matches
    assert pickle.loads(pickle.dumps(clones[0])).to_json() == clones[0].to_json()
