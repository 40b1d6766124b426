"""Mutes over real WebSockets: only by someone at the table, only of a sender there,
capped, answered with the change; a listener's list goes with its socket or seat."""

from __future__ import annotations

import asyncio

from cardtable.server.chat import MAX_MUTES

from .support import TEST_SETTINGS, Client, Server, create_table, running_server, seat_clients


async def spectator(server: Server, code: str) -> Client:
    client = await Client.open(server, code)
    await client.send({"type": "spectate"})
    await client.expect("chat_history")
    return client


def test_a_socket_that_never_joined_cannot_mute(server: Server) -> None:
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> dict:
        stranger = await Client.open(server, code)
        reply = await stranger.error({"type": "mute", "sender": "seat-0", "muted": True})
        await stranger.close()
        return reply

    assert asyncio.run(scenario())["error"] == "not_joined"


def test_only_senders_at_the_table_may_be_muted_and_at_most_a_few(server: Server) -> None:
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> tuple[list[dict], dict, dict, list[dict]]:
        (alice,) = await seat_clients(server, code, [0])
        made_up = [
            await alice.error({"type": "mute", "sender": "x" * 3000, "muted": True}),
            await alice.error({"type": "mute", "sender": "seat-7", "muted": True}),
            await alice.error({"type": "mute", "sender": "spectator-999", "muted": True}),
        ]
        await alice.send({"type": "mute", "sender": "seat-1", "muted": True})
        change = await alice.expect("muted")
        watchers = [await spectator(server, code) for _ in range(MAX_MUTES)]
        ids = [w.received[-1]["you"] for w in watchers]
        for sender in ids[:-1]:
            await alice.send({"type": "mute", "sender": sender, "muted": True})
            await alice.expect("muted")
        over = await alice.error({"type": "mute", "sender": ids[-1], "muted": True})
        await asyncio.gather(*(w.close() for w in watchers[:5]))
        await asyncio.sleep(0.2)
        # The five who left stay muted (should they come back) until unmuted.
        still = await alice.error({"type": "mute", "sender": ids[-1], "muted": True})
        await alice.send({"type": "mute", "sender": ids[0], "muted": False})
        await alice.expect("muted")
        await alice.send({"type": "mute", "sender": ids[-1], "muted": True})
        after = await alice.expect("muted")
        await asyncio.gather(alice.close(), *(w.close() for w in watchers[5:]))
        return made_up, change, after, [over, still]

    made_up, change, after, (over, still) = asyncio.run(scenario())
    assert [reply["error"] for reply in made_up] == ["bad_mute"] * 3
    assert change == {"type": "muted", "sender": "seat-1", "muted": True, "senders": ["seat-1"]}
    assert over["error"] == still["error"] == "too_many_mutes"
    assert len(after["senders"]) == MAX_MUTES
    assert after["sender"] in after["senders"]


def test_a_seats_mutes_go_when_the_seat_is_freed(tmp_path) -> None:
    limits = ("--limit", "seat_grace_seconds=0.3")
    with running_server(tmp_path / "grace.db", *TEST_SETTINGS, *limits) as server:
        code = create_table(server, "skyjo", ["human", "human", "human"])["code"]

        async def scenario() -> dict:
            alice, bob = await seat_clients(server, code, [0, 1])
            await bob.send({"type": "mute", "sender": "seat-0", "muted": True})
            await bob.expect("muted")
            await alice.close()
            await asyncio.sleep(1.5)  # the grace runs out: seat 0 is free again
            carol = await Client.open(server, code)
            await carol.join("carol", 0)
            await bob.send({"type": "mute", "sender": "seat-2", "muted": True})
            answer = await bob.expect("muted")
            await asyncio.gather(bob.close(), carol.close())
            return answer

        assert asyncio.run(scenario())["senders"] == ["seat-2"]
