"""A game of Dixit as a state machine.

:class:`Game` holds the whole state of one table's game, secrets included, and
moves through the phases of a round::

    telling -> handing_in -> voting -> reveal -> telling -> ... -> game_over

Hand-ins and votes are accepted in any order from any seat that still has to
act. Every action is checked completely before anything changes, so an error
leaves the game exactly as it was. Chance (the board layout, reshuffles of the
discard pile) comes from one ``random.Random(seed)`` so that a game replays card
for card; see ``docs/records.md``.

The raw state is for the server and for research code. What a *seat* may see
is :func:`dixit.engine.views.view`; never send anything else to a client.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, permutations
from typing import Any

from .actions import Action, HandIn, Tell, Vote
from .errors import IllegalActionError, MalformedError
from .variants import CLUE_MAX_LENGTH, Options, RoundFacts, Variant, get_variant

__all__ = ["Choice", "Game", "Phase", "RoundResult"]


class Phase(StrEnum):
    TELLING = "telling"
    HANDING_IN = "handing_in"
    VOTING = "voting"
    REVEAL = "reveal"
    GAME_OVER = "game_over"


_PHASE_WORDS = {
    Phase.TELLING: "the storyteller is still choosing",
    Phase.HANDING_IN: "the table is handing in",
    Phase.VOTING: "the table is voting",
    Phase.REVEAL: "the round is over",
    Phase.GAME_OVER: "the game is over",
}


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, as everyone sees it at the reveal."""

    number: int
    storyteller: str
    clue: str
    storyteller_card: str | None
    board: tuple[str, ...]
    owners: Mapping[str, str]
    handed_in: Mapping[str, tuple[str, ...]]
    votes: Mapping[str, tuple[str, ...]]
    red: str | None
    points: Mapping[str, int]
    scores: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "storyteller": self.storyteller,
            "clue": self.clue,
            "storyteller_card": self.storyteller_card,
            "board": list(self.board),
            "owners": dict(self.owners),
            "handed_in": {p: list(c) for p, c in self.handed_in.items()},
            "votes": {p: list(c) for p, c in self.votes.items()},
            "red": self.red,
            "points": dict(self.points),
            "scores": dict(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Choice:
    """What one seat may do now.

    ``kind`` is ``"tell"``, ``"hand_in"`` or ``"vote"``. The seat picks between
    ``min_cards`` and ``max_cards`` distinct cards from ``cards``; a tell needs a
    clue (and, unless ``min_cards`` is 0, a card); a party storyteller's vote
    also places the red token on one of ``red_cards``.
    """

    kind: str
    cards: tuple[str, ...]
    min_cards: int
    max_cards: int
    needs_clue: bool = False
    red_cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cards": list(self.cards),
            "min_cards": self.min_cards,
            "max_cards": self.max_cards,
            "needs_clue": self.needs_clue,
            "red_cards": list(self.red_cards),
        }


def _card_ids(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards named in an action: a list of card ids, or a clear error."""
    if isinstance(cards, str):
        raise MalformedError(f"cards must be a list of card ids, not the string {cards!r}")
    try:
        ids = tuple(cards)
    except TypeError:
        raise MalformedError(f"cards must be a list of card ids, not {cards!r}") from None
    for card in ids:
        if not isinstance(card, str):
            raise MalformedError(f"a card id is a string, not {card!r}")
    return ids


def _check_names(players: object) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise MalformedError("players must be a list of names")
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise MalformedError(f"a player's name must be a non-empty string, not {name!r}")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise MalformedError(f"two players are called {name!r}; names must differ")
        seen.add(name)
    return names


def _check_deck(deck: object) -> list[str]:
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise MalformedError("the deck must be a list of card ids")
    cards = list(deck)
    seen: set[str] = set()
    for card in cards:
        if not isinstance(card, str) or not card:
            raise MalformedError(f"a card id must be a non-empty string, not {card!r}")
        if card in seen:
            raise MalformedError(f"card {card} is in the deck twice")
        seen.add(card)
    return cards


class Game:
    """One game at one table: the full state, secrets included."""

    def __init__(
        self,
        variant: str | Variant,
        players: Sequence[str],
        deck: Sequence[str],
        seed: int = 0,
        options: Mapping[str, Any] | Options | None = None,
        teams: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.variant: Variant = get_variant(variant)
        self.players: tuple[str, ...] = _check_names(players)
        n = len(self.players)
        if n not in self.variant.player_counts:
            counts = self.variant.player_counts
            allowed = (
                f"{counts[0]} to {counts[-1]}"
                if counts == tuple(range(counts[0], counts[-1] + 1))
                else ", ".join(map(str, counts))
            )
            raise MalformedError(f"{self.variant.name} is for {allowed} players, not {n}")
        self.seat_of: dict[str, int] = {name: seat for seat, name in enumerate(self.players)}
        self.options: Options = self.variant.make_options(options)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise MalformedError(f"the seed must be a whole number, not {seed!r}")
        self.seed = seed
        cards = _check_deck(deck)
        needed = self.variant.deck_size(n)
        if len(cards) < needed:
            raise MalformedError(
                f"{self.variant.name} with {n} players needs at least {needed} cards, "
                f"the deck has {len(cards)}"
            )
        self.deck: tuple[str, ...] = tuple(cards)
        self.team_names: tuple[str, ...] = ()
        self.team_of: tuple[int, ...] = ()
        if self.variant.teams:
            self.team_names, self.team_of = self._make_teams(teams)
        elif teams:
            raise MalformedError(f"{self.variant.name} is not played in teams")
        first = self.options.first_storyteller
        if first is None:
            # A stream of its own, so that a replay starting from the recorded
            # first storyteller draws the same board layouts and reshuffles.
            first_seat = random.Random(f"first-storyteller/{seed}").randrange(n)
        elif first in self.seat_of:
            first_seat = self.seat_of[first]
        else:
            raise MalformedError(f"first_storyteller {first!r} is not one of the players")
        self.first_storyteller = first_seat

        self._rng = random.Random(seed)
        self.hand_size = self.variant.hand_size(n)
        self.max_votes = self.variant.max_votes(n)
        self.hand_in_count = self.variant.hand_ins(n)
        #: top of the draw pile is the *last* element
        self.draw_pile: list[str] = cards[::-1]
        self.discard_pile: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for hand in self.hands:
            for _ in range(self.hand_size):
                hand.append(self.draw_pile.pop())
        self.scores: list[int] = [0] * len(self.scorer_names)
        self.history: list[RoundResult] = []
        self.round_number = 1
        self.phase = Phase.TELLING
        self.reshuffles = 0
        self._start_round()

    # -- set-up helpers ---------------------------------------------------------

    def _make_teams(
        self, teams: Mapping[str, Sequence[str]] | None
    ) -> tuple[tuple[str, ...], tuple[int, ...]]:
        n = len(self.players)
        half = n // 2
        team_of = tuple(seat % half for seat in range(n))
        if not teams:
            return tuple(f"team-{i + 1}" for i in range(half)), team_of
        if not isinstance(teams, Mapping) or len(teams) != half:
            raise MalformedError(f"{n} players make {half} teams of two")
        names: list[str | None] = [None] * half
        for name, members in teams.items():
            if (
                not isinstance(name, str)
                or not name
                or isinstance(members, str)
                or not isinstance(members, Sequence)
                or len(members) != 2
            ):
                raise MalformedError(f"team {name!r} must be a name with two players")
            a, b = members
            if a not in self.seat_of or b not in self.seat_of:
                raise MalformedError(f"team {name}: {a!r} and {b!r} must both be players")
            sa, sb = self.seat_of[a], self.seat_of[b]
            if abs(sa - sb) != half:
                raise MalformedError(
                    f"team {name}: partners sit opposite each other (seats i and i+{half}); "
                    f"{a} is at seat {sa} and {b} at seat {sb}"
                )
            names[sa % half] = name
        if any(name is None for name in names) or len(set(names)) != half:
            raise MalformedError("every player must be in exactly one team")
        return tuple(str(name) for name in names), team_of

    def _start_round(self) -> None:
        n = len(self.players)
        self.storyteller = (self.first_storyteller + self.round_number - 1) % n
        self.clue: str | None = None
        self.storyteller_card: str | None = None
        self.handed_in: dict[int, tuple[str, ...]] = {}
        self.team_hand_in: dict[int, int] = {}
        self.board: tuple[str, ...] = ()
        self.owner: dict[str, int] = {}
        self.votes: dict[int, tuple[str, ...]] = {}
        self.red: str | None = None
        self.phase = Phase.TELLING

    # -- who is who -------------------------------------------------------------

    @property
    def scorer_names(self) -> tuple[str, ...]:
        """Whoever has a score: the players, or the teams in team mode."""
        return self.team_names or self.players

    def scorer_of(self, seat: int) -> int:
        return self.team_of[seat] if self.team_of else seat

    def partner(self, seat: int) -> int | None:
        if not self.team_of:
            return None
        half = len(self.players) // 2
        return (seat + half) % len(self.players)

    def score_dict(self) -> dict[str, int]:
        return dict(zip(self.scorer_names, self.scores, strict=True))

    @property
    def finished(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def winners(self) -> list[str]:
        """Highest score wins, ties share the win [interpretation]; empty until the end."""
        if not self.finished:
            return []
        best = max(self.scores)
        return [
            name
            for name, score in zip(self.scorer_names, self.scores, strict=True)
            if score == best
        ]

    def _must_hand_in(self, seat: int) -> bool:
        if seat in self.handed_in:
            return False
        if self.variant.clue_first:
            return True
        if seat == self.storyteller:
            return False
        if self.team_of:
            if seat == self.partner(self.storyteller):
                return True
            team = self.team_of[seat]
            return team != self.team_of[self.storyteller] and team not in self.team_hand_in
        return True

    def _is_voter(self, seat: int) -> bool:
        if self.variant.everyone_votes:
            return True
        if seat == self.storyteller:
            return False
        if self.team_of:
            team = self.team_of[seat]
            return team != self.team_of[self.storyteller] and self.team_hand_in.get(team) != seat
        return True

    def waiting_for(self) -> list[str]:
        """The players the table is waiting for now, in seat order."""
        if self.phase is Phase.TELLING:
            return [self.players[self.storyteller]]
        if self.phase is Phase.HANDING_IN:
            return [p for s, p in enumerate(self.players) if self._must_hand_in(s)]
        if self.phase is Phase.VOTING:
            return [
                p for s, p in enumerate(self.players) if s not in self.votes and self._is_voter(s)
            ]
        return []

    def voters(self) -> list[str]:
        """Everyone who votes this round (known once the hand-ins are in)."""
        return [p for s, p in enumerate(self.players) if self._is_voter(s)]

    # -- acting -----------------------------------------------------------------

    def _fail(self, player: str, doing: str, reason: str) -> IllegalActionError:
        return IllegalActionError(f"round {self.round_number}: {player} cannot {doing}: {reason}")

    def _seat(self, player: str, doing: str) -> int:
        if not isinstance(player, str):
            raise MalformedError(f"a player is named by a string, not {player!r}")
        seat = self.seat_of.get(player)
        if seat is None:
            raise IllegalActionError(
                f"round {self.round_number}: there is no player called {player!r} "
                f"(players: {', '.join(self.players)})"
            )
        if self.phase is Phase.GAME_OVER:
            raise self._fail(player, doing, "the game is over")
        return seat

    def _phase_is(self, player: str, doing: str, phase: Phase) -> None:
        if self.phase is not phase:
            raise self._fail(player, doing, _PHASE_WORDS[self.phase])

    def apply(self, action: Action) -> None:
        """Carry out one action, or raise without changing anything."""
        if isinstance(action, Tell):
            self.tell(action.player, action.clue, action.card)
        elif isinstance(action, HandIn):
            self.hand_in(action.player, action.cards)
        elif isinstance(action, Vote):
            self.vote(action.player, action.cards, action.red)
        else:
            raise MalformedError(f"not an action: {action!r}")

    def tell(self, player: str, clue: str, card: str | None = None) -> None:
        """The storyteller's clue and card (in party: the clue alone, before seeing the hand)."""
        doing = "tell" if card is None else f"tell with {card}"
        seat = self._seat(player, doing)
        self._phase_is(player, doing, Phase.TELLING)
        if seat != self.storyteller:
            raise self._fail(
                player, doing, f"{self.players[self.storyteller]} is the storyteller this round"
            )
        if not isinstance(clue, str):
            raise MalformedError(f"the clue must be text, not {clue!r}")
        clue = " ".join(clue.split())
        if not clue:
            raise self._fail(player, doing, "the clue is empty")
        control = next((ch for ch in clue if unicodedata.category(ch) == "Cc"), None)
        if control is not None:
            raise self._fail(
                player, doing, f"the clue holds a control character (U+{ord(control):04X})"
            )
        if len(clue) > CLUE_MAX_LENGTH:
            raise self._fail(
                player, doing, f"the clue has {len(clue)} characters, at most {CLUE_MAX_LENGTH}"
            )
        if self.variant.clue_first:
            if card is not None:
                raise self._fail(
                    player,
                    doing,
                    "in party the clue comes first, before the storyteller sees their "
                    "hand; hand in a card afterwards",
                )
        else:
            if card is None:
                raise self._fail(
                    player, doing, "the storyteller must choose a card from their hand"
                )
            hand = self.hands[seat]
            if card not in hand:
                raise self._fail(player, doing, f"{card} is not in their hand")
            hand.remove(card)
            self.storyteller_card = card
            self.owner[card] = seat
        self.clue = clue
        self.phase = Phase.HANDING_IN

    def hand_in(self, player: str, cards: Iterable[str]) -> None:
        """Hand in card(s) face down for the storyteller's clue."""
        cards = _card_ids(cards)
        doing = f"hand in {', '.join(cards) or 'nothing'}"
        seat = self._seat(player, doing)
        self._phase_is(player, doing, Phase.HANDING_IN)
        if not self._must_hand_in(seat):
            raise self._fail(player, doing, self._why_no_hand_in(seat))
        count = self.hand_in_count if seat != self.storyteller else 1
        if len(cards) != count:
            needed = "1 card" if count == 1 else f"{count} cards"
            raise self._fail(player, doing, f"each player hands in {needed}, not {len(cards)}")
        if len(set(cards)) != len(cards):
            raise self._fail(player, doing, "the same card is named twice")
        hand = self.hands[seat]
        for card in cards:
            if card not in hand:
                raise self._fail(player, doing, f"{card} is not in their hand")
        for card in cards:
            hand.remove(card)
            self.owner[card] = seat
        self.handed_in[seat] = cards
        if self.team_of and seat != self.partner(self.storyteller):
            self.team_hand_in[self.team_of[seat]] = seat
        if not any(self._must_hand_in(s) for s in range(len(self.players))):
            self._lay_out_board()

    def _why_no_hand_in(self, seat: int) -> str:
        if seat in self.handed_in:
            return "they have already handed in"
        if seat == self.storyteller:
            return "the storyteller's card is already chosen"
        team = self.team_of[seat]
        if team == self.team_of[self.storyteller]:
            return "the storyteller's team hands in through the storyteller's partner"
        done = self.players[self.team_hand_in[team]]
        return f"their team has already handed in (through {done})"

    def _lay_out_board(self) -> None:
        board: list[str] = []
        if self.storyteller_card is not None:
            board.append(self.storyteller_card)
        for seat in range(len(self.players)):
            board.extend(self.handed_in.get(seat, ()))
        self._rng.shuffle(board)
        self.board = tuple(board)
        if self.variant.clue_first:
            self.storyteller_card = self.handed_in[self.storyteller][0]
        self.phase = Phase.VOTING

    def vote(self, player: str, cards: Iterable[str], red: str | None = None) -> None:
        """A secret vote; the party storyteller also places the red token."""
        cards = _card_ids(cards)
        if red is not None and not isinstance(red, str):
            raise MalformedError(f"the red token goes on a card id, not {red!r}")
        doing = f"vote for {' and '.join(cards) or 'nothing'}"
        seat = self._seat(player, doing)
        self._phase_is(player, doing, Phase.VOTING)
        if not self._is_voter(seat):
            raise self._fail(player, doing, self._why_no_vote(seat))
        if seat in self.votes:
            raise self._fail(player, doing, "they have already voted")
        if not cards:
            raise self._fail(player, doing, "a vote needs a card")
        if len(cards) > self.max_votes:
            reason = (
                "a second vote is only allowed with 7 or more players"
                if self.max_votes == 1 and self.variant.second_vote_from is not None
                else f"each voter has {self.max_votes} vote{'s' if self.max_votes > 1 else ''}"
            )
            raise self._fail(player, doing, reason)
        if len(set(cards)) != len(cards):
            raise self._fail(player, doing, "both votes are on the same card")
        for card in cards:
            owner = self.owner.get(card)
            if owner is None:
                raise self._fail(player, f"vote for {card}", f"{card} is not on the board")
            if self.variant.everyone_votes:
                continue
            if owner == seat:
                raise self._fail(player, f"vote for {card}", "it is a card they handed in")
            if (
                self.team_of
                and not self.options.partner_card_vote
                and self.team_of[owner] == self.team_of[seat]
            ):
                raise self._fail(
                    player,
                    f"vote for {card}",
                    f"it is the card their team handed in (through {self.players[owner]})",
                )
        if self.variant.everyone_votes and seat == self.storyteller:
            if red is None:
                raise self._fail(
                    player, doing, "the storyteller must also place the red token on a board card"
                )
            if red not in self.owner:
                raise self._fail(
                    player, f"put the red token on {red}", f"{red} is not on the board"
                )
        elif red is not None:
            raise self._fail(player, doing, "only the party storyteller places the red token")
        self.votes[seat] = cards
        if red is not None:
            self.red = red
        if all(s in self.votes for s in range(len(self.players)) if self._is_voter(s)):
            self._finish_round()

    def _why_no_vote(self, seat: int) -> str:
        if seat == self.storyteller:
            return "the storyteller does not vote"
        if self.team_of[seat] == self.team_of[self.storyteller]:
            return "the storyteller's team does not vote"
        return (
            f"{self.players[seat]} handed in their team's card, so "
            f"{self.players[self.partner(seat) or 0]} votes for the team"
        )

    # -- end of a round ---------------------------------------------------------

    def _finish_round(self) -> None:
        facts = RoundFacts(
            players=len(self.players),
            storyteller=self.storyteller,
            storyteller_card=self.storyteller_card,
            owners=self.owner,
            votes=self.votes,
            red=self.red,
            team_of=self.team_of,
        )
        points = self.variant.score(facts)
        for scorer, gained in enumerate(points):
            self.scores[scorer] += gained
        names = self.players
        self.history.append(
            RoundResult(
                number=self.round_number,
                storyteller=names[self.storyteller],
                clue=self.clue or "",
                storyteller_card=None if self.variant.clue_first else self.storyteller_card,
                board=self.board,
                owners={card: names[seat] for card, seat in self.owner.items()},
                handed_in={names[s]: cards for s, cards in self.handed_in.items()},
                votes={names[s]: cards for s, cards in self.votes.items()},
                red=self.red,
                points=dict(zip(self.scorer_names, points, strict=True)),
                scores=self.score_dict(),
            )
        )
        self.discard_pile.extend(self.board)
        complete = self._refill()
        if self.variant.pass_hands_left:
            self.hands.insert(0, self.hands.pop())
        if self._game_ends() or not complete:
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.REVEAL

    def _refill(self) -> bool:
        """Refill every hand in seat order; False when a hand could not be filled."""
        for hand in self.hands:
            while len(hand) < self.hand_size:
                if not self.draw_pile:
                    if not (self.variant.reshuffle_discard and self.discard_pile):
                        return False
                    pile = self.discard_pile
                    self._rng.shuffle(pile)
                    self.draw_pile = pile[::-1]
                    self.discard_pile = []
                    self.reshuffles += 1
                hand.append(self.draw_pile.pop())
        return True

    def _game_ends(self) -> bool:
        options = self.options
        if self.variant.ends_when_draw_pile_empty and not self.draw_pile:
            return True
        if options.target_score is not None and max(self.scores) >= options.target_score:
            return True
        return options.rotations is not None and self.round_number >= options.rotations * len(
            self.players
        )

    def next_round(self) -> None:
        """Leave the reveal: the storyteller's left neighbour tells next."""
        if self.phase is not Phase.REVEAL:
            raise IllegalActionError(
                f"round {self.round_number}: the next round cannot start: "
                f"{_PHASE_WORDS[self.phase]}"
            )
        self.round_number += 1
        self._start_round()

    # -- what may be done -------------------------------------------------------

    def choice(self, player: str) -> Choice | None:
        """What ``player`` may do now, or ``None`` when nothing is asked of them."""
        seat = self.seat_of.get(player)
        if seat is None:
            return None
        phase = self.phase
        if phase is Phase.TELLING:
            if seat != self.storyteller:
                return None
            if self.variant.clue_first:
                return Choice("tell", (), 0, 0, needs_clue=True)
            return Choice("tell", tuple(self.hands[seat]), 1, 1, needs_clue=True)
        if phase is Phase.HANDING_IN:
            if not self._must_hand_in(seat):
                return None
            count = self.hand_in_count if seat != self.storyteller else 1
            return Choice("hand_in", tuple(self.hands[seat]), count, count)
        if phase is Phase.VOTING:
            if seat in self.votes or not self._is_voter(seat):
                return None
            if self.variant.everyone_votes:
                allowed = self.board
            elif self.team_of and not self.options.partner_card_vote:
                team = self.team_of[seat]
                allowed = tuple(c for c in self.board if self.team_of[self.owner[c]] != team)
            else:
                allowed = tuple(c for c in self.board if self.owner[c] != seat)
            red = self.board if self.variant.everyone_votes and seat == self.storyteller else ()
            return Choice("vote", allowed, 1, self.max_votes, red_cards=red)
        return None

    def legal_actions(self, player: str, clue: str = "a clue") -> list[Action]:
        """Every action ``player`` may take now; tells use ``clue`` (a clue is free text)."""
        choice = self.choice(player)
        if choice is None:
            return []
        if choice.kind == "tell":
            if choice.max_cards == 0:
                return [Tell(player, clue)]
            return [Tell(player, clue, card) for card in choice.cards]
        if choice.kind == "hand_in":
            if choice.min_cards == 1:
                return [HandIn(player, (card,)) for card in choice.cards]
            return [HandIn(player, combo) for combo in combinations(choice.cards, choice.min_cards)]
        picks: list[tuple[str, ...]] = [(card,) for card in choice.cards]
        if choice.max_cards > 1:
            picks.extend(permutations(choice.cards, 2))
        if choice.red_cards:
            return [Vote(player, pick, red) for pick in picks for red in choice.red_cards]
        return [Vote(player, pick) for pick in picks]
