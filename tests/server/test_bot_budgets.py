"""Every bot spec the server offers goes through one budget check when a table is
created, whichever module registers the bot: walked over real HTTP for every game."""

from __future__ import annotations

import inspect

import httpx

from cardtable.bots.base import make_bot

from .support import JSON_BODY, Server

#: Far past any limit the server sets on a decision.
HUGE = 1_000_000_000
#: The parameters by which a spec asks for more of the server per decision.
COSTS = ("iterations", "ms", "workers")


def offered_bots(server: Server) -> dict[str, list[str]]:
    games = httpx.get(f"{server.url}/api/games", timeout=10).json()
    return {game["name"]: game["bots"] for game in games}


def costly_specs(game: str, name: str) -> list[str]:
    """``name`` asking for far too much through each cost parameter it takes."""
    taken = inspect.signature(type(make_bot(name, game))).parameters
    return [f"{name}:{cost}={HUGE}" for cost in COSTS if cost in taken]


def answer(server: Server, game: str, spec: str) -> int:
    # Private: the shared server's listing would otherwise fill with these tables.
    body = {"game": game, "seats": ["human", spec], "public": False}
    reply = httpx.post(f"{server.url}/api/tables", json=body, headers=JSON_BODY, timeout=30)
    assert reply.status_code in (201, 400), reply.text
    return reply.status_code


def test_every_offered_bot_is_held_to_the_budget_directly_and_inside_others(
    server: Server,
) -> None:
    refused, accepted, walked = [], [], 0
    for game, names in offered_bots(server).items():
        for name in names:
            walked += 1
            if answer(server, game, name) != 201:
                refused.append(f"{game}: {name} (its default)")
            for spec in costly_specs(game, name):
                for wrapped in (spec, f"slip:base={spec}", f"ismcts:rollout={spec}"):
                    if answer(server, game, wrapped) != 400:
                        accepted.append(f"{game}: {wrapped}")
            # A search inside every rollout step multiplies its cost.
            searches = make_bot(name, game).budget().searches
            if searches and answer(server, game, f"ismcts:rollout={name}") != 400:
                accepted.append(f"{game}: ismcts:rollout={name}")
    assert walked > 20
    assert refused == []
    assert accepted == []
