"""Game records (``dixit-record/1``) and scoring of single rounds.

A record holds everything needed to replay a game card for card: the variant,
options, players (and teams), the deck top first, the seed, and every round's
storyteller, clue, card, hand-ins and votes. See ``docs/records.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import DixitError, IllegalRoundError, MalformedError, RecordError
from .game import Game, Phase, RoundResult
from .variants import get_variant

__all__ = [
    "RECORD_FORMAT",
    "Replay",
    "replay",
    "replay_summary",
    "score_round",
    "to_record",
]

RECORD_FORMAT = "dixit-record/1"


def to_record(game: Game) -> dict[str, Any]:
    """Export ``game``, finished or not, as a ``dixit-record/1`` dict."""
    defaults = game.variant.make_options(None).to_dict()
    options = {k: v for k, v in game.options.to_dict().items() if defaults.get(k) != v}
    options.pop("first_storyteller", None)  # round 1 names the first storyteller
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "variant": game.variant.name,
        "options": options,
        "players": list(game.players),
    }
    if game.team_names:
        half = len(game.players) // 2
        record["teams"] = {
            name: [game.players[t], game.players[t + half]]
            for t, name in enumerate(game.team_names)
        }
    record["deck"] = list(game.deck)
    record["seed"] = game.seed
    rounds = [_round_from_result(game, result) for result in game.history]
    if game.phase in (Phase.TELLING, Phase.HANDING_IN, Phase.VOTING):
        rounds.append(_current_round(game))
    record["rounds"] = rounds
    return record


def _round_from_result(game: Game, result: RoundResult) -> dict[str, Any]:
    out: dict[str, Any] = {"storyteller": result.storyteller, "clue": result.clue}
    if result.storyteller_card is not None:
        out["card"] = result.storyteller_card
    out["handed_in"] = {p: list(c) for p, c in result.handed_in.items()}
    if result.red is not None:
        out["red"] = result.red
    out["votes"] = {p: list(c) for p, c in result.votes.items()}
    return out


def _current_round(game: Game) -> dict[str, Any]:
    names = game.players
    out: dict[str, Any] = {"storyteller": names[game.storyteller]}
    if game.clue is not None:
        out["clue"] = game.clue
        if not game.variant.clue_first:
            out["card"] = game.storyteller_card
    if game.handed_in:
        out["handed_in"] = {names[s]: list(c) for s, c in game.handed_in.items()}
    if game.red is not None:
        out["red"] = game.red
    if game.votes:
        out["votes"] = {names[s]: list(c) for s, c in game.votes.items()}
    return out


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the game as it stands after the last recorded action."""

    game: Game

    @property
    def rounds(self) -> list[RoundResult]:
        return self.game.history

    def summary(self) -> dict[str, Any]:
        return {
            "rounds": [{"points": dict(r.points), "scores": dict(r.scores)} for r in self.rounds],
            "scores": self.game.score_dict(),
            "finished": self.game.finished,
            "winners": self.game.winners(),
        }


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"{what} must be an object, not {type(value).__name__}")
    return value


def replay(record: object) -> Replay:
    """Replay a record; the first illegal action raises :class:`RecordError` naming it."""
    data = _mapping(record, "a record")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a {RECORD_FORMAT} record (format is {data.get('format')!r})")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list")
    options = dict(_mapping(data.get("options", {}), "'options'"))
    if rounds and "first_storyteller" not in options:
        first = _mapping(rounds[0], "round 1").get("storyteller")
        options["first_storyteller"] = first
    try:
        game = Game(
            variant=data.get("variant"),  # type: ignore[arg-type]
            players=data.get("players"),  # type: ignore[arg-type]
            deck=data.get("deck"),  # type: ignore[arg-type]
            seed=data.get("seed", 0),
            options=options,
            teams=data.get("teams"),
        )
    except DixitError as error:
        raise RecordError(f"the record cannot start a game: {error}") from error
    for index, entry in enumerate(rounds):
        number = index + 1
        step = _mapping(entry, f"round {number}")
        if game.phase is Phase.REVEAL:
            game.next_round()
        if game.phase is Phase.GAME_OVER:
            raise RecordError(f"round {number}: the game was already over after round {index}")
        try:
            _play_round(game, step, number, last=number == len(rounds))
        except RecordError:
            raise
        except DixitError as error:
            raise RecordError(str(error)) from error
    return Replay(game)


def _play_round(game: Game, step: Mapping[str, Any], number: int, *, last: bool) -> None:
    expected = game.players[game.storyteller]
    if step.get("storyteller") != expected:
        raise RecordError(
            f"round {number}: the storyteller is {expected}, not {step.get('storyteller')!r}"
        )
    if "clue" in step:
        game.tell(expected, step["clue"], step.get("card"))
    for player, cards in _mapping(step.get("handed_in", {}), f"round {number}: handed_in").items():
        game.hand_in(player, _card_list(cards, number, player))
    red = step.get("red")
    for player, cards in _mapping(step.get("votes", {}), f"round {number}: votes").items():
        mine = red if player == expected and game.variant.everyone_votes else None
        game.vote(player, _card_list(cards, number, player), mine)
    if not last and game.phase not in (Phase.REVEAL, Phase.GAME_OVER):
        waiting = ", ".join(game.waiting_for())
        raise RecordError(
            f"round {number} is incomplete ({game.phase.value}, waiting for {waiting}) "
            "but the record goes on"
        )


def _card_list(cards: object, number: int, player: str) -> tuple[str, ...]:
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise RecordError(f"round {number}: {player}'s cards must be a list of card ids")
    return tuple(cards)


def replay_summary(record: object) -> dict[str, Any]:
    """What ``dixit replay`` prints: per-round points and scores, totals, winners."""
    return replay(record).summary()


# -- scoring one round ----------------------------------------------------------


def score_round(spec: object) -> dict[str, int]:
    """Points for one round given as in ``rules-examples.json``.

    The round is played through a real :class:`Game` whose deck is stacked so
    that every owner holds their board cards, so the engine's own checks decide
    whether the round is legal, and its own scoring gives the points.
    """
    data = _spec_mapping(spec, "a round")
    variant = get_variant(data.get("variant"))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise MalformedError("'players' must be a list of names")
    board = _spec_mapping(data.get("board"), "'board'")
    votes = _spec_mapping(data.get("votes", {}), "'votes'")
    storyteller = data.get("storyteller")
    if storyteller not in players:
        raise MalformedError(f"the storyteller {storyteller!r} is not one of the players")
    owned: dict[str, list[str]] = {p: [] for p in players}
    for card, owner in board.items():
        if owner not in owned:
            raise MalformedError(f"card {card} belongs to {owner!r}, who is not a player")
        owned[owner].append(card)
    hand_size = variant.hand_size(len(players)) if len(players) in variant.player_counts else 0
    for player, cards in owned.items():
        if len(cards) > max(hand_size, 1):
            raise IllegalRoundError(
                f"wrong number of hand-ins: {player} has {len(cards)} cards on the board"
            )
    fillers = (f"filler-{i}" for i in range(10_000) if f"filler-{i}" not in board)
    deck: list[str] = []
    for player in players:
        deck.extend(owned[player])
        deck.extend(next(fillers) for _ in range(hand_size - len(owned[player])))
    deck.extend(next(fillers) for _ in range(variant.board_size(len(players))))
    game = Game(
        variant,
        players,
        deck,
        seed=0,
        options={"first_storyteller": storyteller},
        teams=data.get("teams"),
    )
    st = str(storyteller)
    if variant.clue_first:
        game.tell(st, "clue")
    else:
        mine = owned[st]
        if len(mine) != 1:
            raise IllegalRoundError(
                f"wrong number of hand-ins: the storyteller {st} has {len(mine)} cards "
                "on the board, not 1"
            )
        game.tell(st, "clue", mine[0])
    for player in players:
        if owned[player] and (player != st or variant.clue_first):
            game.hand_in(player, owned[player])
    if game.phase is Phase.HANDING_IN:
        missing = ", ".join(game.waiting_for())
        raise IllegalRoundError(f"wrong number of hand-ins: no card on the board from {missing}")
    red = data.get("red")
    # Whoever may not vote at all goes first, so their error is the one reported.
    ordered = sorted(votes.items(), key=lambda item: game.choice(item[0]) is not None)
    for player, cards in ordered:
        game.vote(player, _card_list(cards, 1, player), red if player == st else None)
    if game.phase is Phase.VOTING:
        if red is not None and not variant.everyone_votes:
            raise IllegalRoundError("only a party round has a red token")
        raise IllegalRoundError(f"votes are missing from {', '.join(game.waiting_for())}")
    if red is not None and not variant.everyone_votes:
        raise IllegalRoundError("only a party round has a red token")
    return dict(game.history[-1].points)


def _spec_mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MalformedError(f"{what} must be an object, not {type(value).__name__}")
    return value
