"""Sounds at the table: played for the moves that matter, muted and set by the player."""

import random

import httpx
import pytest

from .support import TablePage, open_settings

pytestmark = pytest.mark.slow

#: Records each sound the page plays (by file name) instead of playing it.
RECORD = """() => {
  window.__sounds = [];
  HTMLMediaElement.prototype.play = function () {
    window.__sounds.push({ name: this.src.split('/').pop(), volume: this.volume });
    return Promise.resolve();
  };
}"""


def played(person):
    return person.page.evaluate("window.__sounds")


def test_sounds_play_for_turns_and_moves_and_obey_mute_and_volume(web_server, open_page):
    person = TablePage.seated(open_page(), web_server, "skyjo", ["human", "random"])
    person.page.evaluate(RECORD)
    rng = random.Random(3)
    person.take_turns(6, rng)
    person.page.wait_for_function("window.__sounds.some((s) => s.name === 'your_turn.wav')")
    heard = {s["name"] for s in played(person)}
    assert {"your_turn.wav", "play.wav"} <= heard
    for name in heard:
        assert httpx.get(f"{web_server.url}/sounds/{name}", timeout=5).status_code == 200
    assert {s["volume"] for s in played(person)} == {0.6}

    open_settings(person.page)
    person.page.fill("#volume", "0.25")
    person.page.evaluate("window.__sounds = []")
    person.take_turns(2, rng)
    person.page.wait_for_function("window.__sounds.length > 0")
    assert {s["volume"] for s in played(person)} == {0.25}

    person.page.uncheck("#sound-switch")
    person.page.evaluate("window.__sounds = []")
    person.take_turns(4, rng)
    assert played(person) == []

    person.page.reload()
    person.page.wait_for_selector("#sound-switch", state="attached")
    assert not person.page.is_checked("#sound-switch")
    assert person.page.input_value("#volume") == "0.25"
