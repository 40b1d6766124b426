"""The table's sounds, synthesised: ``python -m tests.web.app_sounds``.

Each sound is a few sine notes (or, for a card drawn, a short burst of filtered
noise from a fixed seed) with a quick attack and an exponential fade, written as
16-bit mono WAV at 22.05 kHz into src/cardtable/web/sounds/. They are the project's
own, made by this script, under the project's licence.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "sounds"
RATE = 22050
#: sound -> its notes as (start s, length s, frequency Hz, loudness 0..1).
NOTES: dict[str, list[tuple[float, float, float, float]]] = {
    "your_turn": [(0.0, 0.18, 660, 0.5), (0.12, 0.3, 880, 0.5)],
    "play": [(0.0, 0.12, 220, 0.7), (0.0, 0.08, 440, 0.3)],
    "swap": [(0.0, 0.1, 523, 0.45), (0.08, 0.14, 392, 0.45)],
    "clear": [(0.0, 0.12, 523, 0.4), (0.08, 0.12, 659, 0.4), (0.16, 0.25, 784, 0.45)],
    "window": [(0.0, 0.25, 1318, 0.35)],
    "call": [(0.0, 0.12, 587, 0.5), (0.1, 0.12, 740, 0.5), (0.2, 0.3, 880, 0.55)],
    "won": [
        (0.0, 0.5, 523, 0.25),
        (0.08, 0.5, 659, 0.25),
        (0.16, 0.6, 784, 0.25),
        (0.24, 0.6, 1046, 0.2),
    ],
}
DRAW_SECONDS = 0.14


def tone(samples: list[float], start: float, length: float, freq: float, loud: float) -> None:
    first = int(start * RATE)
    for i in range(int(length * RATE)):
        t = i / RATE
        envelope = min(1.0, t / 0.005) * math.exp(-5 * t / length)
        samples[first + i] += loud * envelope * math.sin(2 * math.pi * freq * t)


def swish() -> list[float]:
    """A card sliding off the pile: low-passed noise that swells and fades."""
    rng = random.Random(7)
    out, level = [], 0.0
    count = int(DRAW_SECONDS * RATE)
    for i in range(count):
        level += 0.25 * (rng.uniform(-1, 1) - level)
        out.append(0.9 * level * math.sin(math.pi * i / count))
    return out


def render(name: str) -> list[float]:
    if name == "draw":
        return swish()
    notes = NOTES[name]
    end = max(start + length for start, length, _, _ in notes)
    samples = [0.0] * (int(end * RATE) + 1)
    for note in notes:
        tone(samples, *note)
    return samples


def write(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        clipped = (max(-1.0, min(1.0, x)) for x in samples)
        out.writeframes(b"".join(struct.pack("<h", int(x * 32000)) for x in clipped))


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name in ["draw", *NOTES]:
        write(OUT / f"{name}.wav", render(name))


if __name__ == "__main__":
    main()
