"""``cardtable admin``: what an operator does with players, on the server's database.

``reports`` lists the reports players made (newest first, with the table and match
each concerns, whose record ``GET /api/tables/{code}/matches/{number}`` serves);
``ban`` bans a player (their sessions and passkeys are refused from then on, on
every server process using the database) and ``unban`` lifts it. ``close-table``
takes a table out of service as the server does with one whose stored match no
longer replays (its quarantine): a process refuses it when it next loads it, and a
process that holds it in memory closes it within seconds (``closing``).
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime
from typing import Any

#: A ban without ``--days`` lasts this long: for good.
FOREVER_DAYS = 365 * 1000
#: The reason a closed table's refusals give.
CLOSED = "closed by an operator"


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def close_table(db: str, code: str) -> int:
    from ..lobby import normal_code
    from ..stores import open_store

    store = open_store(db)
    try:
        code = normal_code(code)
        if store.table(code) is None:
            print(f"no table {code}")
            return 1
        store.quarantine(code, CLOSED)
        print(f"table {code} closed")
        return 0
    finally:
        store.close()


def cmd_admin(args: argparse.Namespace) -> int:
    if args.action == "close-table":
        return close_table(args.db, args.code)
    from .accounts import Accounts
    from .blocks import Blocks
    from .database import Database

    db = Database(args.db)
    try:
        if args.action == "reports":
            for report in Blocks(db).reports():
                match = f" table {report['code']} match {report['match']}" if report["code"] else ""
                print(
                    f"{_when(report['created'])}  {report['id']}  {report['name']}"
                    f" ({report['reported']}) reported by {report['reporter']}{match}:"
                    f" {report['reason']}"
                )
            return 0
        accounts = Accounts(db)
        until = None if args.action == "unban" else time.time() + args.days * 86400
        if not accounts.ban(args.player, until):
            print(f"no player {args.player}")
            return 1
        print(f"{args.player} banned until {_when(until)}" if until else f"{args.player} unbanned")
        return 0
    finally:
        db.close()


def add_admin_command(sub: Any) -> None:
    """Add ``admin`` to the ``cardtable`` command's subparsers."""
    p = sub.add_parser("admin", help="list players' reports, ban or unban a player, close a table")
    p.add_argument("--db", default="cardtable.db", help="the server's --db")
    actions = p.add_subparsers(dest="action", required=True, help="what to do")
    actions.add_parser("reports", help="the reports players made, newest first")
    ban = actions.add_parser("ban", help="ban a player (sessions and passkeys refused)")
    ban.add_argument("player", help="the player's id")
    ban.add_argument(
        "--days", type=float, default=FOREVER_DAYS, help="how long (default: for good)"
    )
    unban = actions.add_parser("unban", help="lift a player's ban")
    unban.add_argument("player", help="the player's id")
    close = actions.add_parser("close-table", help="take a table out of service")
    close.add_argument("code", help="the table's code")
    p.set_defaults(func=cmd_admin)
