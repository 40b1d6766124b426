"""The table of log entries the compiled playouts append (``_core_log_entries``), laid out
as the C code indexes it: per card type eight moves (without the call, then with it, one
per colour, a coloured card only in the first colour's place), then Draw and Keep; each
move once per seat. A wrong entry would log a move other than the one the core played."""

from cardtable.engine.actions import Action
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.cards import COLORS, NAMES, TYPES, WILD
from cardtable.games.lastcard.state import MAX_PLAYERS, _core_log_entries


def expected_moves() -> list[Action | None]:
    """The moves in the core's order, from the rules: a wild names each colour in turn."""
    moves: list[Action | None] = []
    for t in range(TYPES):
        for call in (False, True):
            for color in COLORS:
                if t >= WILD:
                    moves.append(Play(NAMES[t], color, call))
                else:
                    moves.append(Play(NAMES[t], None, call) if color == COLORS[0] else None)
    return [*moves, DRAW, KEEP]


def test_every_move_of_the_compiled_playouts_is_logged_for_its_seat() -> None:
    entries = _core_log_entries()
    moves = expected_moves()
    assert len(entries) == len(moves) * MAX_PLAYERS == (TYPES * 8 + 2) * MAX_PLAYERS
    for m, move in enumerate(moves):
        for seat in range(MAX_PLAYERS):
            entry = entries[m * MAX_PLAYERS + seat]
            assert entry == (None if move is None else (seat, move))
