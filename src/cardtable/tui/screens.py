"""Pop-up notices: a card you peeked at, a round's results. Any key closes them."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

#: Border and padding around a notice's content.
FRAME = 4

CSS = """
NoticeScreen { align: center middle; }
NoticeScreen > Vertical {
    max-width: 78; height: auto; max-height: 22;
    border: thick $accent; background: $surface; padding: 0 1;
}
"""


class NoticeScreen(ModalScreen[str]):
    """Shows ``content`` over the table until a key is pressed; returns that key."""

    DEFAULT_CSS = CSS

    def __init__(self, title: str, content: RenderableType, hint: str = "Press any key") -> None:
        super().__init__()
        self.title_text = title
        self.body = Group(content, Text(hint, "dim italic"))

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield Static(self.body, id="notice")

    def on_mount(self) -> None:
        """Fit the box to its content (textual cannot measure a group of renderables)."""
        console = self.app.console
        width = Measurement.get(console, console.options, self.body).maximum
        box = self.query_one(Vertical)
        box.styles.width = max(width, len(self.title_text) + 2) + FRAME

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.key)
