"""High Card's rules (web/rules/highcard.md, "A round" 1-4) as an engine ``State``."""

from __future__ import annotations

import random
from typing import Any, Self

from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.state import State, shuffle

from .actions import CARDS, CODEC, Play
from .options import HighCardOptions

HAND = 3


class HighCardState(State):
    game = "highcard"
    options_type = HighCardOptions
    codec = CODEC

    options: HighCardOptions
    hands: list[list[int]]
    trick: list[tuple[int, int]]
    current: int
    tricks: list[int]
    played: list[int]

    @classmethod
    def new(cls, players: int, options: HighCardOptions, seed: int) -> Self:
        state = cls.__new__(cls)
        state._init_match(players, options, seed)
        state.opening = tuple(state._start_round())
        return state

    def _start_round(self) -> list[Event]:
        """Rule 1: a fresh shuffle, three cards each; the seats take turns to lead."""
        self.round += 1
        deck = list(CARDS)
        shuffle(self.rng, deck)
        self.hands = [sorted(deck[seat * HAND : (seat + 1) * HAND]) for seat in range(2)]
        self.trick, self.tricks, self.played = [], [0, 0], []
        self.current = (self.round - 1) % 2
        events = [Event("round_start", {"round": self.round, "leader": self.current})]
        events += [
            Event("deal", {"seat": seat, "cards": list(self.hands[seat])}, (seat,))
            for seat in range(2)
        ]
        return events

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return [Play(card) for card in self.hands[seat]]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Play) or action.card not in self.hands[seat]:
            raise self.illegal(seat, action, "that card is not in the hand")
        self.hands[seat].remove(action.card)
        self.played.append(action.card)
        self.trick.append((seat, action.card))
        events = [Event("play", {"seat": seat, "card": action.card})]
        if len(self.trick) == 1:
            self.current = 1 - seat
            return events
        return events + self._close_trick()

    def _close_trick(self) -> list[Event]:
        """Rule 2: the higher card takes the trick, and its player leads the next."""
        winner, _ = max(self.trick, key=lambda played: played[1])
        cards = [card for _, card in self.trick]
        self.tricks[winner] += 1
        self.trick, self.current = [], winner
        events = [Event("trick", {"winner": winner, "cards": cards})]
        if self.hands[winner]:
            return events
        return events + self._end_round()

    def _end_round(self) -> list[Event]:
        """Rules 3-4: a trick is a point; the match ends after its last round."""
        scores = list(self.tricks)
        self.round_scores.append(scores)
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        most = max(scores)
        won = [seat for seat in range(2) if scores[seat] == most]
        events = [
            Event(
                "round_end",
                {
                    "round": self.round,
                    "scores": scores,
                    "totals": list(self.totals),
                    "winners": won,
                },
            )
        ]
        if self.round < self.options.rounds:
            return events + self._start_round()
        best = max(self.totals)
        self.winners = [seat for seat in range(2) if self.totals[seat] == best]
        self.is_over = True
        return [*events, Event("match_end", {"totals": list(self.totals), "winners": self.winners})]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            **self.match_view(),
            "you": seat,
            "phase": "over" if self.is_over else "play",
            "current": None if self.is_over else self.current,
            "trick": [{"seat": who, "card": card} for who, card in self.trick],
            "tricks": list(self.tricks),
            "hand_sizes": [len(hand) for hand in self.hands],
            "hand": None if seat is None else list(self.hands[seat]),
        }

    def clone(self, seed: int | None = None) -> Self:
        other = type(self).__new__(type(self))
        self._copy_match_into(other, seed)
        other.hands = [list(hand) for hand in self.hands]
        other.trick = list(self.trick)
        other.current = self.current
        other.tricks = list(self.tricks)
        other.played = list(self.played)
        return other

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """The other hand re-dealt from every card the seat has not seen."""
        other = self.clone(seed=rng.getrandbits(63))
        unseen = [c for c in CARDS if c not in self.hands[seat] and c not in self.played]
        rng.shuffle(unseen)
        other.hands[1 - seat] = sorted(unseen[: len(self.hands[1 - seat])])
        return other

    def _payload(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "trick": self.trick,
            "current": self.current,
            "tricks": self.tricks,
            "played": self.played,
        }

    @classmethod
    def _from_payload(cls, state: Self, payload: dict[str, Any]) -> None:
        state.hands = [list(hand) for hand in payload["hands"]]
        state.trick = [(seat, card) for seat, card in payload["trick"]]
        state.current = payload["current"]
        state.tricks = list(payload["tricks"])
        state.played = list(payload["played"])
