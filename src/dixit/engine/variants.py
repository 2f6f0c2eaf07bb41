"""The official modes, declared mostly as data.

A variant is a small class whose class-level settings say how the round works
(hand size, how many cards each player hands in, who votes, how many votes)
and whose :meth:`Variant.score` turns a finished round into points. Variants
are found by name in :data:`VARIANTS`. A house rule is a subclass that changes
one setting or one method, registered under a new name.

Every place where ``RULES.md`` had to interpret is marked ``[interpretation]``
here as well.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import MalformedError

__all__ = [
    "VARIANTS",
    "Classic",
    "Odyssey",
    "Options",
    "Party",
    "RoundFacts",
    "Team",
    "Variant",
    "get_variant",
]

CLUE_MAX_LENGTH = 200


@dataclass(frozen=True, slots=True)
class Options:
    """Table options. ``None`` means "not used by this variant" or "random".

    - ``target_score``: the game ends after the round in which someone reaches it.
    - ``rotations``: the game ends when every player has been storyteller this
      many times.
    - ``first_storyteller``: the player who tells first; ``None`` picks at
      random from the seed **[interpretation]**.
    - ``partner_card_vote`` (team only): whether a team's voter may vote for
      the card their partner handed in (a bonus point for their own team).
      **[interpretation]** RULES.md says never; the project's recorded example
      games do it and score it, so the library's default follows the records
      and the server's tables turn it off. See docs/rules-notes.md.
    """

    target_score: int | None = None
    rotations: int | None = None
    first_storyteller: str | None = None
    partner_card_vote: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            name: value
            for name, value in (
                ("target_score", self.target_score),
                ("rotations", self.rotations),
                ("first_storyteller", self.first_storyteller),
                ("partner_card_vote", self.partner_card_vote),
            )
            if value is not None
        }


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """Everything that decides the points of one finished round.

    ``owners`` maps every board card to the seat that handed it in (the
    storyteller's card included); ``votes`` maps each voter's seat to the
    cards they voted for, first vote first.
    """

    players: int
    storyteller: int
    storyteller_card: str | None
    owners: Mapping[str, int]
    votes: Mapping[int, tuple[str, ...]]
    red: str | None = None
    team_of: Sequence[int] = field(default_factory=tuple)


class Variant:
    """Settings and scoring shared by every mode; subclasses override what differs."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]] = ()
    hand_size_by_players: ClassVar[Mapping[int, int]] = {}
    default_hand_size: ClassVar[int] = 6
    #: cards each non-storyteller hands in, by player count (default 1)
    hand_ins_by_players: ClassVar[Mapping[int, int]] = {}
    #: from this many players on, a voter may cast a second vote
    second_vote_from: ClassVar[int | None] = None
    #: at most this many bonus points per player per round (None: no cap)
    bonus_cap: ClassVar[int | None] = 3
    #: the storyteller gives the clue before seeing the hand and hands in like everyone
    clue_first: ClassVar[bool] = False
    #: everyone votes, the storyteller included, and may vote for their own card
    everyone_votes: ClassVar[bool] = False
    #: teams of two partners sitting opposite each other
    teams: ClassVar[bool] = False
    #: hands pass to the left neighbour at the end of each round
    pass_hands_left: ClassVar[bool] = False
    #: an empty draw pile is refilled by shuffling the discard pile
    reshuffle_discard: ClassVar[bool] = True
    #: the game ends when the draw pile is empty after a refill
    ends_when_draw_pile_empty: ClassVar[bool] = False
    default_options: ClassVar[Options] = Options()
    allowed_options: ClassVar[frozenset[str]] = frozenset({"first_storyteller"})

    def __deepcopy__(self, memo: dict[int, Any]) -> Variant:
        return self  # a variant holds settings only: copies of a game share it

    def __repr__(self) -> str:
        return f"<variant {self.name}>"

    # -- the shape of a round --------------------------------------------------

    def hand_size(self, players: int) -> int:
        return self.hand_size_by_players.get(players, self.default_hand_size)

    def hand_ins(self, players: int) -> int:
        """Cards each player who hands in hands in."""
        return self.hand_ins_by_players.get(players, 1)

    def max_votes(self, players: int) -> int:
        if self.second_vote_from is not None and players >= self.second_vote_from:
            return 2
        return 1

    def board_size(self, players: int) -> int:
        if self.teams:
            return players // 2 + 1
        if self.clue_first:
            return players
        return 1 + (players - 1) * self.hand_ins(players)

    def deck_size(self, players: int) -> int:
        """The fewest cards a deck needs (RULES.md, "Deck size")."""
        return players * self.hand_size(players) + self.board_size(players)

    # -- options ---------------------------------------------------------------

    def make_options(self, given: Mapping[str, Any] | Options | None) -> Options:
        """Check table options and fill in this variant's defaults."""
        if isinstance(given, Options):
            given = given.to_dict()
        given = dict(given or {})
        unknown = sorted(set(given) - self.allowed_options)
        if unknown:
            allowed = ", ".join(sorted(self.allowed_options))
            raise MalformedError(
                f"{self.name} has no option {', '.join(unknown)} (options: {allowed})"
            )
        defaults = self.default_options
        target = given.get("target_score", defaults.target_score)
        rotations = given.get("rotations", defaults.rotations)
        first = given.get("first_storyteller", defaults.first_storyteller)
        if target is not None and (
            not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000
        ):
            raise MalformedError(
                f"target_score must be a whole number from 1 to 1000, not {target!r}"
            )
        if rotations is not None and (
            not isinstance(rotations, int) or isinstance(rotations, bool) or not 1 <= rotations <= 3
        ):
            raise MalformedError(f"rotations must be 1, 2 or 3, not {rotations!r}")
        if first is not None and not isinstance(first, str):
            raise MalformedError(f"first_storyteller must be a player's name, not {first!r}")
        partner = given.get("partner_card_vote", defaults.partner_card_vote)
        if partner is not None and not isinstance(partner, bool):
            raise MalformedError(f"partner_card_vote must be true or false, not {partner!r}")
        return Options(
            target_score=target,
            rotations=rotations,
            first_storyteller=first,
            partner_card_vote=partner,
        )

    # -- scoring ---------------------------------------------------------------

    def score(self, facts: RoundFacts) -> list[int]:
        """Points per seat (per team in team mode, indexed by team number)."""
        return self._storyteller_scoring(facts, list(range(facts.players)), facts.players)

    def _storyteller_scoring(
        self, facts: RoundFacts, scorer_of: Sequence[int], scorers: int
    ) -> list[int]:
        """The odyssey scoring, with each seat's points going to ``scorer_of[seat]``."""
        points = [0] * scorers
        storyteller = scorer_of[facts.storyteller]
        card = facts.storyteller_card
        found = [seat for seat, cards in facts.votes.items() if card in cards]
        if not found or len(found) == len(facts.votes):
            for seat in facts.votes:
                points[scorer_of[seat]] += 2
        else:
            points[storyteller] += 3
            for seat in found:
                points[scorer_of[seat]] += 3
        bonus = [0] * scorers
        for cards in facts.votes.values():
            for voted in cards:
                if voted != card:
                    bonus[scorer_of[facts.owners[voted]]] += 1
        cap = self.bonus_cap
        for scorer, extra in enumerate(bonus):
            points[scorer] += extra if cap is None else min(extra, cap)
        if self.max_votes(facts.players) > 1:
            # [interpretation] the single-vote extra also applies when all found it.
            for seat in found:
                if len(facts.votes[seat]) == 1:
                    points[scorer_of[seat]] += 1
        return points


class Odyssey(Variant):
    """The standard Dixit Odyssey game for 3 to 12 players."""

    name = "odyssey"
    title = "Dixit Odyssey"
    player_counts = tuple(range(3, 13))
    hand_size_by_players: ClassVar[Mapping[int, int]] = {3: 7}
    hand_ins_by_players: ClassVar[Mapping[int, int]] = {3: 2}
    second_vote_from = 7
    default_options = Options(target_score=30)
    allowed_options = frozenset({"target_score", "rotations", "first_storyteller"})


class Classic(Variant):
    """The original Dixit: 4 to 6 players, no bonus cap, ends when the draw pile runs out."""

    name = "classic"
    title = "Classic Dixit"
    player_counts = (4, 5, 6)
    bonus_cap = None
    reshuffle_discard = False
    ends_when_draw_pile_empty = True


class Party(Variant):
    """Party Dixit: the clue comes first, everyone hands in and votes, a red token."""

    name = "party"
    title = "Party Dixit"
    player_counts = tuple(range(6, 13))
    default_hand_size = 5
    clue_first = True
    everyone_votes = True
    pass_hands_left = True
    default_options = Options(rotations=1)
    allowed_options = frozenset({"rotations", "first_storyteller"})

    def score(self, facts: RoundFacts) -> list[int]:
        tokens: dict[str, int] = {}
        for cards in facts.votes.values():
            for card in cards:
                tokens[card] = tokens.get(card, 0) + 1
        points = [0] * facts.players
        for seat, cards in facts.votes.items():
            for card in cards:
                on_card = tokens[card]
                if on_card > 1 and card != facts.red:
                    points[seat] += min(on_card, 5)
        return points


class Team(Variant):
    """Team Dixit: partners sit opposite each other and share one rabbit."""

    name = "team"
    title = "Team Dixit"
    player_counts = (6, 8, 10, 12)
    default_hand_size = 4
    teams = True
    default_options = Options(rotations=1, partner_card_vote=True)
    allowed_options = frozenset({"rotations", "first_storyteller", "partner_card_vote"})

    def score(self, facts: RoundFacts) -> list[int]:
        # [interpretation] votes on the storyteller's partner's card are bonus for
        # the storyteller's team: the bonus goes to every card except the storyteller's.
        return self._storyteller_scoring(facts, facts.team_of, facts.players // 2)


VARIANTS: dict[str, Variant] = {v.name: v for v in (Odyssey(), Classic(), Party(), Team())}


def get_variant(name: object) -> Variant:
    """The registered variant called ``name``; a clear error names the known ones."""
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str) or name not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise MalformedError(f"unknown variant {name!r} (known: {known})")
    return VARIANTS[name]
