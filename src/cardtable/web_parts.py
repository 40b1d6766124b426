"""A game's browser part, brought by the game's own package.

The browser client loads a game's module, texts and rules page from fixed addresses:
``js/games/<name>.js``, the catalogues ``i18n/<language>.json`` and
``rules/[<language>/]<name>.md``. The three games of this package keep those files in
``web/``; a game in a package of its own cannot write there, so it declares a
``WebPart`` under the ``cardtable.web`` entry-point group, naming the folder of its
package that holds the same files at the same paths. The server
(``cardtable.server.webfiles``) serves them at those addresses, adds the texts of the
folder's ``i18n/<language>.json`` to the catalogue of that language, and counts them
in the version the service worker keeps, so the client loads the game as it loads its
own.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable

from cardtable.engine.plugins import plugin_table

#: The entry-point group under which a game declares its ``WebPart``, by game name
#: (``mygame = "mygame.settings:WEB"``).
WEB_GROUP = "cardtable.web"


@dataclass(frozen=True)
class WebPart:
    """The folder ``folder`` of the package ``package``, laid out as the client's own
    web folder: ``js/games/<name>.js``, ``i18n/<language>.json`` (only the game's
    texts), ``rules/<name>.md`` and ``rules/<language>/<name>.md``."""

    package: str
    folder: str = "web"

    def files(self) -> dict[str, bytes]:
        """Every file of the folder by its path relative to it, hidden files left out."""
        found: dict[str, bytes] = {}
        _collect(files(self.package) / self.folder, "", found)
        return found


def _collect(node: Traversable, prefix: str, found: dict[str, bytes]) -> None:
    for child in node.iterdir():
        if child.name.startswith("."):
            continue
        if child.is_dir():
            _collect(child, f"{prefix}{child.name}/", found)
        else:
            found[prefix + child.name] = child.read_bytes()


def web_parts() -> dict[str, WebPart]:
    """Every declared web part, by game name."""
    return plugin_table(WEB_GROUP, WebPart)
