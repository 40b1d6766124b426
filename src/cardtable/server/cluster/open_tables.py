"""The site's open tables in Redis, so that the caps on them count over every process.

An open table (waiting for players, or bots playing with no person seated) is an
entry of the hash ``cardtable:open``: its code, with the process that serves it and
the address of the client that created it. A creation is admitted by one script that
counts the entries and adds the new one only under both caps (``max_open_tables``,
``max_open_tables_per_client``), so two processes cannot together pass a cap. The
entries of a process whose heartbeat lapsed (it died) are dropped as they are
counted; the process that takes over one of its tables enters it again as its own,
keeping the creator's address.

Each process brings the hash in line with its own open tables once a tick
(``sync``): a table that stopped being open is removed (only if the entry is still
its own), one it loaded is entered.
"""

from __future__ import annotations

from collections.abc import Iterable

import redis.asyncio

from .leases import PREFIX, alive_key

#: The Redis hash of the site's open tables: code -> {"node", "client"} (JSON).
OPEN_KEY = f"{PREFIX}open"

#: Admit a new open table under the caps. ARGV: code, node, client, max_open_tables,
#: max_open_tables_per_client, the prefix of the heartbeat keys. Returns {taken,
#: total, mine}: taken is 1 if the code is open already; total and mine count the
#: open tables (the client's) before this one, which was added if both are under
#: their caps.
_ADMIT = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
    return {1, 0, 0}
end
local entries = redis.call('HGETALL', KEYS[1])
local alive = {}
local total, mine = 0, 0
for i = 1, #entries, 2 do
    local entry = cjson.decode(entries[i + 1])
    if alive[entry.node] == nil then
        alive[entry.node] = redis.call('EXISTS', ARGV[6] .. entry.node) == 1
    end
    if alive[entry.node] then
        total = total + 1
        if entry.client == ARGV[3] then
            mine = mine + 1
        end
    else
        redis.call('HDEL', KEYS[1], entries[i])
    end
end
if total < tonumber(ARGV[4]) and mine < tonumber(ARGV[5]) then
    redis.call('HSET', KEYS[1], ARGV[1], cjson.encode({node = ARGV[2], client = ARGV[3]}))
end
return {0, total, mine}
"""

#: Bring one node's entries in line. ARGV: node, the number of codes no longer open
#: here, those codes, then the open codes here. A code no longer open is removed if
#: its entry is ours; an open one is entered as ours, keeping its creator's address.
_SYNC = """
local node = ARGV[1]
local gone = tonumber(ARGV[2])
for i = 3, 2 + gone do
    local text = redis.call('HGET', KEYS[1], ARGV[i])
    if text and cjson.decode(text).node == node then
        redis.call('HDEL', KEYS[1], ARGV[i])
    end
end
for i = 3 + gone, #ARGV do
    local text = redis.call('HGET', KEYS[1], ARGV[i])
    local client = ''
    if text then
        local entry = cjson.decode(text)
        client = entry.client
        if entry.node == node then
            client = nil
        end
    end
    if client then
        redis.call('HSET', KEYS[1], ARGV[i], cjson.encode({node = node, client = client}))
    end
end
return 0
"""


class OpenTables:
    """This node's side of the site's open-table count."""

    def __init__(self, aio: redis.asyncio.Redis, node: str) -> None:
        self.node = node
        self._admit = aio.register_script(_ADMIT)
        self._sync = aio.register_script(_SYNC)
        #: The codes this node has entered (or found entered) as its own.
        self.entered: set[str] = set()

    async def admit(
        self, code: str, client: str, max_open: int, max_per_client: int
    ) -> tuple[bool, int, int]:
        """Enter ``code`` as a new open table of ``client`` if the site is under both
        caps. Returns whether the code was open already, and the open tables (all,
        the client's) before it; it was entered unless one of them is at its cap."""
        args: list[str | int] = [code, self.node, client, max_open, max_per_client, alive_key("")]
        taken, total, mine = await self._admit(keys=[OPEN_KEY], args=args)
        if not taken and total < max_open and mine < max_per_client:
            self.entered.add(code)
        return bool(taken), int(total), int(mine)

    async def sync(self, open_here: Iterable[str]) -> None:
        """Enter this node's open tables and remove those it no longer has."""
        here = set(open_here)
        gone = self.entered - here
        self.entered = here
        await self._sync(keys=[OPEN_KEY], args=[self.node, len(gone), *gone, *here])
