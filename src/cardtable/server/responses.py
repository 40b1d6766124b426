"""The bodies the HTTP API answers with, as typed dictionaries.

The code that builds a response is annotated with its type here, so ``mypy --strict``
refuses a field that the type does not name; ``openapi.py`` makes the document's
response schemas from these same types (``json_schema``), so the document names
exactly the fields the server sends. (No postponed annotations here: ``TypedDict``
reads ``NotRequired`` from evaluated ones.) A field's description rides on its type as
``Annotated[type, "description"]``. Values that are a game's own data (its options,
a view, an action, a result) are ``dict[str, Any]``: their form is the game's.
"""

from typing import Annotated, Any, Literal, NotRequired, TypedDict


class ErrorBody(TypedDict):
    """A refusal: ``error`` is a stable code, ``message`` says why."""

    error: str
    message: str
    params: NotRequired[Annotated[dict[str, Any], "the values a translated message names"]]


class OptionInfo(TypedDict):
    """One rule option of a game."""

    name: str
    type: Annotated[str, "bool, int, str, or '<type> or null'"]
    default: Any
    help: str
    min: NotRequired[int]
    max: NotRequired[int]
    choices: NotRequired[list[Any]]


class BotLevel(TypedDict):
    """A named bot level as a lobby offers it."""

    spec: str
    title: str
    summary: str
    plays_as: Annotated[str, "the detailed bot spec"]


class GameInfo(TypedDict):
    """A game, its rule options and its bots."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionInfo]
    bots: list[str]
    levels: Annotated[list[BotLevel], "the named bot levels, weakest first"]


class SeatInfo(TypedDict):
    """One seat of a table: a person's (``taken`` once someone sits) or a bot's."""

    seat: int
    name: str | None
    kind: Literal["human", "bot"]
    taken: bool
    connected: bool
    autoplay: NotRequired[Annotated[bool, "a bot plays the person's turns"]]
    bot: NotRequired[Annotated[str, "the bot's spec"]]


class TableStatus(TypedDict):
    """A table as anyone may see it (no tokens)."""

    code: str
    game: str
    title: str
    options: dict[str, Any]
    players: int
    public: bool
    turn_seconds: float | None
    bot_delay: float
    seats: list[SeatInfo]
    status: Literal["waiting", "playing", "finished"]
    match: int | None
    finished_matches: list[int]
    spectators: int
    rematch_votes: list[int]
    hints: Annotated[
        bool, "a practice table (one person, every other seat a bot): the coach gives hints"
    ]
    spectator_chat: Annotated[bool, "whether spectators may chat (the creator may turn it off)"]
    quick_match: Annotated[bool, "a quick-match table: its match starts by itself once full"]
    bots_join_in_ms: Annotated[
        int | None, "time left before bots take a quick-match table's free seats"
    ]


class MatchRecordBody(TypedDict):
    """Everything needed to replay a finished match with ``cardtable.replay``."""

    code: str
    number: int
    seats: list[str]
    names: list[str]
    result: dict[str, Any] | None
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    log: Annotated[
        list[list[Any]], "[seat, action] pairs in the order applied; seat -1 is the server"
    ]


class HistoryEntry(TypedDict):
    """A finished match in a page of a table's history."""

    number: int
    names: list[str]
    result: dict[str, Any] | None


class ReplayHead(TypedDict):
    """What a replay says of its match, before its frames."""

    code: str
    number: int
    game: str
    names: list[str]
    seats: list[str]


class ReplayBody(ReplayHead):
    """A finished match step by step, through one seat's eyes or with every card shown."""

    viewer: Annotated[int | str, "the seat whose eyes the frames show, or 'all'"]
    frames: Annotated[
        list[dict[str, Any]],
        "one per step, the start first: index, seat, action, round, view, events",
    ]


class AnalysisAnswer(TypedDict):
    """The coach's analysis of a seat: none, running (with progress), done or failed."""

    status: Literal["none", "running", "done", "failed"]
    analysis: NotRequired[dict[str, Any]]
    message: NotRequired[str]
    done: NotRequired[int]
    total: NotRequired[int]
    position: NotRequired[Annotated[int, "place in the queue while waiting its turn"]]


class PlayerInfo(TypedDict):
    """A player as anyone may see it."""

    id: str
    name: str
    registered: bool
    created: float


class Me(PlayerInfo):
    """This browser's player, with where it sits."""

    tables: Annotated[list[str], "open tables where the player holds a seat"]
    rated_block_until: Annotated[float | None, "end of a block from rated play"]


class Registered(PlayerInfo):
    """A player that has just registered its first passkey."""

    recovery_code: Annotated[str, "given once, with the first passkey"]


class RatingInfo(TypedDict):
    """A player's rating at one game (``rating`` is the conservative one shown)."""

    game: str
    rating: float
    mu: float
    sigma: float
    matches: int
    provisional: bool
    updated: float


class PlayerMatch(TypedDict):
    """A finished match of a player: where they sat and whether they won."""

    code: str
    match: int
    seat: int
    game: str
    finished: float
    won: bool
    totals: list[Any]


class Played(TypedDict):
    """Matches of one game played and won."""

    played: int
    won: int


class RatingPoint(TypedDict):
    """The rating shown after a rated match."""

    at: float
    rating: float


class ProfileStats(TypedDict):
    """What a player's finished matches say: counts, favourite, recent, rating history."""

    games: Annotated[dict[str, Played], "per game: matches played and won"]
    favourite: str | None
    recent: list[PlayerMatch]
    rating_history: Annotated[dict[str, list[RatingPoint]], "per game, oldest first"]


class Profile(PlayerInfo, ProfileStats):
    """A player's profile: ratings and their history, counts, recent matches."""

    ratings: list[RatingInfo]
    followed: bool
    blocked: bool
    left: Annotated[int, "rated matches the player left"]


class PlayerMatches(TypedDict):
    matches: list[PlayerMatch]


class PlayerExport(TypedDict):
    """Every finished match of a player, each a match record."""

    player: str
    matches: list[MatchRecordBody]


class Ranked(RatingInfo):
    rank: int
    id: str
    name: str


class Leaderboard(TypedDict):
    game: str
    players: list[Ranked]


class PresenceInfo(TypedDict):
    online: bool
    table: str | None


class Followed(PresenceInfo):
    id: str
    name: str


class Following(TypedDict):
    players: list[Followed]


class Sender(TypedDict):
    id: str
    name: str


Invite = TypedDict(
    "Invite",
    {"from": Sender, "code": str, "sent": float, "game": NotRequired[str | None]},
)


class Notices(TypedDict):
    invites: list[Invite]


class ReportMade(TypedDict):
    report: Annotated[str, "the report's id"]


class Ticket(TypedDict):
    """A rated quick-match ticket: ``code`` is the table once paired."""

    ticket: str
    game: str
    code: str | None


class SeatPlayer(TypedDict):
    seat: int
    player: PlayerInfo


class TablePlayers(TypedDict):
    seats: list[SeatPlayer]


#: WebAuthn options for the browser's ``navigator.credentials`` (their form is the
#: WebAuthn standard's).
PasskeyOptions = Annotated[dict[str, Any], "WebAuthn options for navigator.credentials"]
