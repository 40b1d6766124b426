"""The terminal table: your cards, the other players, the piles, the scores, a narration
of what everyone does, and your legal moves, each with a key.

The app draws only from ``Session.view()`` and the events the session passes on (those
visible to your seat), through the game's renderer; it knows no game itself. Bots move
one at a time with a short pause so their moves can be followed in the narration.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.registry import get_game
from cardtable.engine.state import SYSTEM

from .keys import assign_keys, in_kind_order, own_key
from .renderer import GameRenderer, View
from .screens import NoticeScreen
from .session import Session

#: Columns of the side panel (scores and narration), and around the other players.
SIDE_WIDTH = 27
GUTTER = 2
PADDING = 1

CSS = f"""
#status {{ height: 1; background: $primary; color: $text; padding: 0 1; }}
#main {{ height: 1fr; }}
#left {{ width: 1fr; }}
#others-area {{ height: 1fr; padding: 0 {PADDING}; scrollbar-size-vertical: 1; }}
#others {{ grid-gutter: 0 {GUTTER}; height: auto; }}
.seat {{ height: auto; }}
#centre {{ height: auto; padding: 0 1; margin-top: 1; }}
#own {{ height: auto; padding: 0 1; margin-top: 1; }}
#prompt {{ height: 1; padding: 0 1; background: $boost; }}
#moves {{ height: 7; }}
#side {{ width: {SIDE_WIDTH}; border-left: solid $primary; }}
#scores {{ height: auto; }}
#log {{ height: 1fr; border-top: solid $primary; scrollbar-size-vertical: 1; }}
"""


class PlayApp(App[None]):
    """One match of a game against bots, in the terminal."""

    CSS = CSS
    TITLE = "cardtable"

    def __init__(
        self,
        session: Session,
        renderer: GameRenderer,
        delay: float = 0.6,
        notes: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.session = session
        self.renderer = renderer
        self.delay = delay
        self.notes = list(notes)
        self.seats = session.seats
        self.title_text = get_game(session.game).title
        self.moves: list[Action] = []
        #: The key of each offered move (``None`` past the keys: arrows and Enter).
        self.keys: list[str | None] = []
        self.own_key = own_key(renderer.KIND_KEYS)
        self.reserved = "".join(renderer.KIND_KEYS.values())
        #: A key pressed while the next prompt was on its way, to apply to it.
        self.typed_ahead: str | None = None
        self.awaiting = False
        self.rounds_shown = len(session.view()["round_scores"])
        self.deadline = 0.0
        self.countdown: Timer | None = None

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="others-area"), Grid(id="others"):
                    for seat in self.seats.others():
                        yield Static(id=f"seat-{seat}", classes="seat")
                yield Static(id="centre")
                yield Static(id="own")
                yield Static(id="prompt")
                moves = OptionList(id="moves")
                moves.border_title = "Your moves"
                yield moves
            with Vertical(id="side"):
                yield Static(id="scores")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for note in self.notes:
            log.write(Text(note, "italic"))
        for seat, spec in sorted(self.session.specs.items()):
            log.write(Text(f"{self.seats.name(seat)} is a {spec} bot.", "dim"))
        self.query_one(OptionList).focus()
        self.drive(self.session.opening())

    # ------------------------------------------------------------ drawing
    def refresh_table(self) -> None:
        view = self.session.view()
        acting = set(view["to_act"])
        self.query_one("#status", Static).update(
            f"{self.title_text} · round {view['round']} · "
            f"you are seat {self.seats.you + 1} of {len(self.seats.names)} · ctrl+q quits"
        )
        blocks = {
            seat: Group(
                Text(("▶ " if seat in acting else "") + self.seats.name(seat), "bold"),
                self.renderer.seat(view, seat, self.seats),
            )
            for seat in self.seats.others()
        }
        self.fit_seats(list(blocks.values()))
        for seat, block in blocks.items():
            self.query_one(f"#seat-{seat}", Static).update(block)
        self.query_one("#centre", Static).update(self.renderer.centre(view, self.seats))
        head = Text(("▶ " if self.seats.you in acting else "") + "Your cards", "bold")
        self.query_one("#own", Static).update(Group(head, self.renderer.own(view, self.seats)))
        self.query_one("#scores", Static).update(self.scoreboard(view))

    def fit_seats(self, blocks: list[RenderableType]) -> None:
        """Put as many other players side by side as the terminal's width allows."""
        widest = max(Measurement.get(self.console, self.console.options, b).maximum for b in blocks)
        room = self.size.width - SIDE_WIDTH - 1 - 2 * PADDING - 1  # border, padding, scrollbar
        columns = max(1, min(len(blocks), (room + GUTTER) // (widest + GUTTER)))
        grid = self.query_one("#others")
        if grid.styles.grid_size_columns != columns:
            grid.styles.grid_size_columns = columns

    def scoreboard(self, view: View) -> RenderableType:
        table = Table(box=None, padding=(0, 1), expand=True)
        table.add_column("Player")
        last = view["round_scores"][-1] if view["round_scores"] else None
        table.add_column("Last", justify="right")
        table.add_column("Total", justify="right")
        for seat, total in enumerate(view["totals"]):
            style = "bold" if seat == self.seats.you else ""
            marker = "▶" if seat in view["to_act"] else " "
            table.add_row(
                Text(f"{marker}{self.seats.name(seat)}", style),
                "-" if last is None else str(last[seat]),
                str(total),
            )
        return table

    def set_prompt(self, text: str) -> None:
        self.query_one("#prompt", Static).update(text)

    def show_moves(self, view: View) -> None:
        options = [
            Option(
                Text.assemble(
                    (f"{key or ' '} ", "bold"), self.renderer.describe(a, view, self.seats)
                )
            )
            for key, a in zip(self.keys, self.moves, strict=True)
        ]
        moves = self.query_one(OptionList)
        moves.set_options(options)
        moves.highlighted = 0 if options else None

    # ------------------------------------------------------------ the match loop
    @work(exclusive=True, group="drive")
    async def drive(self, news: list[Event]) -> None:
        """Take in what just happened, then let bots move until it is your move."""
        await self.absorb(news)
        while True:
            actor = self.session.next_actor()
            if actor is None:
                self.set_prompt("The match is over. Press q to quit.")
                return
            if actor == self.seats.you:
                self.ask()
                return
            self.typed_ahead = None  # it was meant for a table that has changed since
            if actor == SYSTEM:
                news = self.session.close_window()
            else:
                self.set_prompt(f"{self.seats.name(actor)} is playing…")
                await asyncio.sleep(self.delay)
                news = self.session.bot_move()
            await self.absorb(news)

    async def absorb(self, news: Sequence[Event]) -> None:
        """Narrate events, show private peeks, and report a round that just ended."""
        log = self.query_one(RichLog)
        for event in news:
            line = self.renderer.narrate(event, self.seats)
            if line is not None:
                log.write(line)
        self.refresh_table()
        shown = self.renderer.peek(news, self.seats)
        if shown is not None:
            await self.push_screen_wait(NoticeScreen("You look", shown))
        view = self.session.view()
        if len(view["round_scores"]) > self.rounds_shown:
            self.rounds_shown = len(view["round_scores"])
            title = f"Round {self.rounds_shown} results"
            over = view["is_over"]
            hint = "Press q to quit, any other key to see the table" if over else "Press any key"
            key = await self.push_screen_wait(NoticeScreen(title, self.results(view, news), hint))
            if over and key == "q":
                self.exit()

    def results(self, view: View, news: Sequence[Event]) -> RenderableType:
        table = Table(box=None, padding=(0, 2))
        table.add_column("Player")
        table.add_column(f"Round {self.rounds_shown}", justify="right")
        table.add_column("Total", justify="right")
        for seat, total in enumerate(view["totals"]):
            table.add_row(self.seats.name(seat), str(view["round_scores"][-1][seat]), str(total))
        parts: list[RenderableType] = [table]
        detail = self.renderer.round_detail(news, self.seats)
        if detail is not None:
            parts.append(detail)
        if view["is_over"]:
            winners = [self.seats.name(s) for s in view["winners"]]
            verdict = "You win!" if winners == ["You"] else f"Won by {', '.join(winners)}."
            parts.append(Text(f"Match over. {verdict}", "bold"))
            parts.append(Text(f"Seed {self.session.seed} replays this match.", "dim"))
        return Group(*parts)

    # ------------------------------------------------------------ your move
    def ask(self) -> None:
        """Offer your legal moves; in a timed window, start the clock."""
        view = self.session.view()
        previous = {m: k for m, k in zip(self.moves, self.keys, strict=True) if k is not None}
        self.moves = in_kind_order(self.session.moves(), self.renderer.KIND_ORDER)
        self.keys = assign_keys(self.moves, self.own_key, self.reserved, previous)
        self.show_moves(view)
        self.awaiting = True
        prompt = self.renderer.prompt(view, self.seats)
        self.set_prompt(prompt)
        if self.session.timed:
            self.deadline = time.monotonic() + self.session.window_seconds
            self.countdown = self.set_interval(0.1, lambda: self.tick(prompt))
        typed, self.typed_ahead = self.typed_ahead, None
        if typed in self.keys:
            self.choose(self.keys.index(typed))

    def tick(self, prompt: str) -> None:
        left = self.deadline - time.monotonic()
        if left > 0:
            self.set_prompt(f"{prompt} ({left:.1f}s)")
            return
        self.end_turn()
        self.query_one(RichLog).write(Text("Time is up.", "dim"))
        self.drive(self.session.close_window())

    def end_turn(self) -> None:
        self.awaiting = False
        if self.countdown is not None:
            self.countdown.stop()
            self.countdown = None
        self.query_one(OptionList).clear_options()
        self.set_prompt("")

    def choose(self, index: int) -> None:
        if not self.awaiting or not 0 <= index < len(self.moves):
            return
        action = self.moves[index]
        self.end_turn()
        self.drive(self.session.play(action))

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.choose(message.option_index)

    def on_key(self, event: events.Key) -> None:
        if event.key == "q" and self.session.view()["is_over"]:
            self.exit()
        elif self.awaiting and event.key in self.keys:
            event.stop()
            self.choose(self.keys.index(event.key))
        elif not self.awaiting and len(event.key) == 1 and event.key != "q":
            event.stop()
            self.typed_ahead = event.key  # the next prompt, if it is yours at once, takes it
