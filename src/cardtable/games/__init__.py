"""The games, one subpackage each.

Each game's package registers its ``GameSpec`` (and its own bots) when it is imported.
The engine imports them through the ``cardtable.games`` entry points of
``pyproject.toml``, the one list of the games.
"""
