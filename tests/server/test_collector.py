"""The garbage collector's pauses are recorded, with their count and durations."""

from __future__ import annotations

import gc

from cardtable.server.collector import CollectorPauses, Pause


def test_collections_are_recorded_with_their_durations() -> None:
    recorder = CollectorPauses.install()
    try:
        assert CollectorPauses.install() is recorder
        recorder.clear()
        heard: list[Pause] = []
        recorder.listen(heard.append)
        gc.collect(0)
        gc.collect(2)
        pauses = recorder.pauses()
        assert [p.generation for p in pauses[-2:]] == [0, 2]
        assert recorder.count == len(pauses) >= 2
        assert all(p.seconds >= 0 for p in pauses)
        assert recorder.max_ms() == max(p.seconds for p in pauses) * 1000
        assert recorder.total_seconds >= pauses[-1].seconds
        assert heard[-2:] == pauses[-2:]
    finally:
        CollectorPauses.uninstall()
    gc.collect()
    assert recorder.pauses() == pauses
    assert CollectorPauses.install() is not recorder
    CollectorPauses.uninstall()
