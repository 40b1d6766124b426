"""Chat and emotes at a table: validation, rate limit, mutes, spectators, and restarts."""

import asyncio

from cardtable.server.chat import BURST, MAX_CHARS

from .support import Client, Server, create_table, seat_clients

XSS = "<img src=x onerror=alert(1)>"


def table(server):
    return create_table(server, "skyjo", ["human", "human"])["code"]


async def spectator(server, code):
    client = await Client.open(server, code)
    await client.send({"type": "spectate"})
    await client.expect("chat_history")
    return client


async def close(*clients):
    await asyncio.gather(*(c.close() for c in clients))


def test_a_message_reaches_everyone_at_the_table_exactly_as_typed(server):
    code = table(server)

    async def scenario():
        alice, bob = await seat_clients(server, code, [0, 1])
        watcher = await spectator(server, code)
        await alice.send({"type": "chat", "text": f"  {XSS} é 👍  "})
        heard = [await c.expect("chat") for c in (alice, bob, watcher)]
        await close(alice, bob, watcher)
        return heard

    for message in asyncio.run(scenario()):
        assert message["text"] == f"{XSS} é 👍"  # trimmed, markup kept as plain text
        assert (message["sender"], message["seat"], message["name"]) == ("seat-0", 0, "player 0")


def test_too_long_empty_and_control_character_messages_are_refused(server):
    code = table(server)

    async def scenario():
        (alice,) = await seat_clients(server, code, [0])
        replies = [
            await alice.error({"type": "chat", "text": "x" * (MAX_CHARS + 1)}),
            await alice.error({"type": "chat", "text": "   "}),
            await alice.error({"type": "chat", "text": "line\nbreak"}),
            await alice.error({"type": "chat", "text": "bell\x07"}),
            await alice.error({"type": "emote", "emote": "<b>"}),
        ]
        await alice.send({"type": "chat", "text": 5})
        replies.append(await alice.expect("error"))
        await alice.send({"type": "chat", "text": "x" * MAX_CHARS})
        longest = await alice.expect("chat")
        await alice.close()
        return replies, longest

    replies, longest = asyncio.run(scenario())
    codes = [r["error"] for r in replies]
    assert codes == [
        "chat_too_long",
        "chat_empty",
        "chat_control",
        "chat_control",
        "bad_emote",
        "bad_message",
    ]
    assert len(longest["text"]) == MAX_CHARS


def test_a_connection_sending_too_fast_is_refused_and_the_others_are_not(server):
    code = table(server)

    async def scenario():
        alice, bob = await seat_clients(server, code, [0, 1])
        for n in range(BURST):
            await alice.send_seq({"type": "chat", "text": f"message {n}"})
        too_fast = await alice.error({"type": "chat", "text": "one more"})
        too_fast_emote = await alice.error({"type": "emote", "emote": "laugh"})
        await bob.send({"type": "chat", "text": "mine still goes"})
        while (await alice.expect("chat"))["text"] != "mine still goes":
            pass
        heard = [m["text"] for m in alice.received if m["type"] == "chat"]
        await close(alice, bob)
        return too_fast, too_fast_emote, heard

    too_fast, too_fast_emote, heard = asyncio.run(scenario())
    assert too_fast["error"] == too_fast_emote["error"] == "chat_too_fast"
    assert heard == [f"message {n}" for n in range(BURST)] + ["mine still goes"]


def test_emotes_reach_everyone_with_the_senders_seat(server):
    code = table(server)

    async def scenario():
        alice, bob = await seat_clients(server, code, [0, 1])
        await bob.send({"type": "emote", "emote": "well_played"})
        heard = [await c.expect("emote") for c in (alice, bob)]
        await close(alice, bob)
        return heard

    for message in asyncio.run(scenario()):
        assert (message["emote"], message["seat"], message["name"]) == (
            "well_played",
            1,
            "player 1",
        )


def test_a_muted_person_is_not_heard_by_the_one_who_muted_them_only(server):
    code = table(server)

    async def scenario():
        alice, bob = await seat_clients(server, code, [0, 1])
        watcher = await spectator(server, code)
        await alice.send({"type": "mute", "sender": "seat-1", "muted": True})
        muted = await alice.expect("muted")
        await bob.send({"type": "chat", "text": "muted text"})
        await bob.send({"type": "emote", "emote": "oops"})
        await watcher.send({"type": "chat", "text": "from the rail"})
        alice_heard = await alice.expect("chat")
        watcher_heard = [(await watcher.expect("chat"))["text"] for _ in range(2)]
        # A fresh connection of the same seat keeps the mute, in the history too.
        again = await Client.open(server, code)
        await again.send({"type": "rejoin", "token": alice.token})
        history = await again.expect("chat_history")
        await alice.send({"type": "mute", "sender": "seat-1", "muted": False})
        unmuted = await alice.expect("muted")
        await bob.send({"type": "chat", "text": "heard again"})
        after = await alice.expect("chat")
        refused = await alice.error({"type": "mute", "sender": "seat-0", "muted": True})
        await close(alice, bob, watcher, again)
        received = [m["type"] for m in alice.received]
        return muted, alice_heard, watcher_heard, history, unmuted, after, refused, received

    muted, alice_heard, watcher_heard, history, unmuted, after, refused, received = asyncio.run(
        scenario()
    )
    assert muted["senders"] == ["seat-1"] and unmuted["senders"] == []
    assert alice_heard["text"] == "from the rail"
    assert alice_heard["sender"].startswith("spectator-") and alice_heard["seat"] is None
    assert watcher_heard == ["muted text", "from the rail"]
    assert [m["text"] for m in history["messages"]] == ["from the rail"]
    assert after["text"] == "heard again"
    assert "emote" not in received
    assert refused["error"] == "bad_mute"


def test_a_spectator_chats_under_the_name_they_gave_checked_like_a_players(server):
    code = table(server)

    async def scenario():
        (alice,) = await seat_clients(server, code, [0])
        named = await Client.open(server, code)
        await named.send({"type": "spectate", "name": "  Cleo   the  watcher "})
        await named.expect("chat_history")
        unnamed = await spectator(server, code)
        blank = await Client.open(server, code)
        refused = await blank.error({"type": "spectate", "name": "\u3164 \u200b"})
        heard = []
        for client, message in (
            (named, {"type": "chat", "text": "hi"}),
            (named, {"type": "emote", "emote": "wow"}),
            (unnamed, {"type": "chat", "text": "hello"}),
        ):
            await client.send(message)
            heard.append(await alice.expect(message["type"]))
        await close(alice, named, unnamed, blank)
        return heard, refused

    (said, emote, other), refused = asyncio.run(scenario())
    assert (said["name"], said["seat"], said["text"]) == ("Cleo the watcher", None, "hi")
    assert emote["name"] == "Cleo the watcher"
    assert other["name"].startswith("Spectator ")
    assert refused["error"] == "bad_name"


def test_the_creator_may_turn_spectators_chat_off_and_no_one_else(server):
    code = table(server)

    async def scenario():
        creator, guest = await seat_clients(server, code, [0, 1])
        watcher = await spectator(server, code)
        not_creator = await guest.error({"type": "spectator_chat", "allowed": False})
        await creator.send({"type": "spectator_chat", "allowed": False})
        while (status := await watcher.expect("table"))["table"]["spectator_chat"]:
            pass
        off = await watcher.error({"type": "chat", "text": "hello?"})
        off_emote = await watcher.error({"type": "emote", "emote": "wow"})
        await guest.send({"type": "chat", "text": "players still talk"})
        heard = await watcher.expect("chat")
        await creator.send({"type": "spectator_chat", "allowed": True})
        while not (await watcher.expect("table"))["table"]["spectator_chat"]:
            pass
        await watcher.send({"type": "chat", "text": "thanks"})
        back = await guest.expect("chat")
        while back["text"] != "thanks":
            back = await guest.expect("chat")
        await close(creator, guest, watcher)
        return not_creator, status, off, off_emote, heard, back

    not_creator, status, off, off_emote, heard, back = asyncio.run(scenario())
    assert not_creator["error"] == "not_creator"
    assert status["table"]["spectator_chat"] is False
    assert off["error"] == off_emote["error"] == "chat_off"
    assert heard["text"] == "players still talk"
    assert back["seat"] is None


def test_chat_is_kept_with_the_table_through_a_refresh_and_a_restart(tmp_path):
    server = Server(tmp_path / "chat.db", "--bot-workers", "0").start()
    try:
        code = table(server)

        async def talk():
            alice, bob = await seat_clients(server, code, [0, 1])
            for text in ("first", XSS, "last"):
                await alice.send({"type": "chat", "text": text})
                await bob.expect("chat")
            await close(alice, bob)
            return alice.token

        async def come_back(token):
            client = await Client.open(server, code)
            await client.send({"type": "rejoin", "token": token})
            history = await client.expect("chat_history")
            await client.close()
            return history

        token = asyncio.run(talk())
        refreshed = asyncio.run(come_back(token))
        server.kill()
        server.start()
        restarted = asyncio.run(come_back(token))
    finally:
        server.stop()
    for history in (refreshed, restarted):
        assert [m["text"] for m in history["messages"]] == ["first", XSS, "last"]
        assert {m["name"] for m in history["messages"]} == {"player 0"}
        assert history["you"] == "seat-0"
