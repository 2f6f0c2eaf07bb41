"""Random playthroughs of every mode at every player count, with invariants.

After every action: every card is in exactly one place, hands have the right
size, scores never fall, the game ends exactly when RULES.md says, and no view
holds a card id its seat may not know. Views are also shown to be blind to
secrets: two games that differ only in one seat's secret choice look the same
to every other seat. Records round-trip: export then replay gives the same game.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dixit.bots import RandomPlayer
from dixit.engine import VARIANTS, Game, Phase, replay, to_record, view

from .conftest import NAMES, deck_of

CASES = [(name, n) for name, variant in VARIANTS.items() for n in variant.player_counts]
CARD_ID = re.compile(r"c\d{3}")


def allowed_cards(game: Game, seat: int | None) -> set[str]:
    """Every card id the seat may legitimately know right now."""
    known: set[str] = set()
    for result in game.history:
        known.update(result.board)
    if game.phase is Phase.VOTING:
        known.update(game.board)
    if seat is None:
        return known
    hidden = game.variant.clue_first and game.phase is Phase.TELLING and seat == game.storyteller
    if not hidden:
        known.update(game.hands[seat])
    if game.phase in (Phase.HANDING_IN, Phase.VOTING):
        known.update(game.handed_in.get(seat, ()))
        if seat == game.storyteller and game.storyteller_card:
            known.add(game.storyteller_card)
    return known


def check_views(game: Game) -> None:
    seats: list[int | None] = [None, *range(len(game.players))]
    for seat in seats:
        player = None if seat is None else game.players[seat]
        shown = view(game, player)
        text = json.dumps(shown)
        leaked = set(CARD_ID.findall(text)) - allowed_cards(game, seat)
        assert not leaked, f"{player or 'a spectator'} sees {sorted(leaked)} in {game.phase}"
        assert "seed" not in shown
        assert "draw_pile" in shown
        assert isinstance(shown["draw_pile"], int)
        if game.phase is Phase.VOTING:
            # no vote of anyone else before all are in
            assert shown["your_vote"] == (
                list(game.votes.get(seat, ())) if seat is not None else []
            )
            current = {k: v for k, v in shown.items() if k != "history"}
            assert not {"votes", "owners", "red"} & set(current)


def check_places(game: Game) -> None:
    in_play: list[str] = []
    if game.phase in (Phase.HANDING_IN, Phase.VOTING):
        in_play = list(game.owner)
    places = [c for h in game.hands for c in h] + game.draw_pile + game.discard_pile + in_play
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) == set(game.deck), "a card went missing"
    size = game.hand_size
    if game.phase in (Phase.TELLING, Phase.REVEAL):
        assert all(len(h) == size for h in game.hands)
    elif game.phase is Phase.GAME_OVER:
        assert all(len(h) <= size for h in game.hands)
    else:
        for seat, held in enumerate(game.hands):
            gone = len(game.handed_in.get(seat, ()))
            if seat == game.storyteller and not game.variant.clue_first and game.clue:
                gone = 1
            assert len(held) == size - gone


def expected_end(game: Game) -> bool:
    options = game.options
    if game.variant.ends_when_draw_pile_empty and not game.draw_pile:
        return True
    if options.target_score is not None and max(game.scores) >= options.target_score:
        return True
    if options.rotations is not None and game.round_number >= options.rotations * len(game.players):
        return True
    return any(len(h) < game.hand_size for h in game.hands)


def check_secret_blindness(game: Game, player: str, rng: random.Random) -> None:
    """Two different secret choices by ``player`` look the same to everyone else."""
    if game.phase not in (Phase.HANDING_IN, Phase.VOTING) or len(game.waiting_for()) < 2:
        return
    actions = game.legal_actions(player)
    if len(actions) < 2:
        return
    first, second = rng.sample(actions, 2)
    one, two = copy.deepcopy(game), copy.deepcopy(game)
    one.apply(first)
    two.apply(second)
    if one.phase is not game.phase or two.phase is not game.phase:
        return  # the last hand-in lays out the board; the last vote reveals everything
    for other in [None, *game.players]:
        if other != player:
            assert view(one, other) == view(two, other), f"{other} can tell {first} from {second}"


def summary(game: Game) -> dict[str, Any]:
    return {
        "scores": game.score_dict(),
        "history": [r.to_dict() for r in game.history],
        "phase": game.phase,
        "views": [view(game, p) for p in game.players],
    }


def play_and_check(
    variant: str, players: int, seed: int, extra: int, options: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    size = VARIANTS[variant].deck_size(players) + extra
    deck = deck_of(size)
    rng.shuffle(deck)
    game = Game(variant, NAMES[:players], deck, seed=seed, options=options)
    bots = {name: RandomPlayer(random.Random(f"{seed}/{name}")) for name in game.players}
    scores = list(game.scores)
    checkpoint = rng.randrange(1, 40)
    actions = 0
    while not game.finished:
        assert game.round_number <= 200, "the game never ended"
        if game.phase is Phase.REVEAL:
            game.next_round()
        else:
            name = rng.choice(game.waiting_for())
            action = bots[name].act(view(game, name))
            assert action is not None
            if rng.random() < 0.3:
                check_secret_blindness(game, name, rng)
            game.apply(action)
            actions += 1
        check_places(game)
        check_views(game)
        assert all(new >= old for new, old in zip(game.scores, scores, strict=True))
        scores = list(game.scores)
        if (
            game.phase in (Phase.REVEAL, Phase.GAME_OVER)
            and game.history[-1].number == game.round_number
        ):
            assert game.finished == expected_end(game)
        if actions == checkpoint:
            assert summary(replay(to_record(game)).game) == summary(game)
    assert game.winners()
    assert summary(replay(to_record(game)).game) == summary(game)
    assert json.loads(json.dumps(to_record(game))) == to_record(game)


OPTIONS = {
    "odyssey": st.fixed_dictionaries({"target_score": st.sampled_from([8, 15, 30])}),
    "classic": st.just({}),
    "party": st.fixed_dictionaries({"rotations": st.sampled_from([1, 2])}),
    "team": st.fixed_dictionaries(
        {"rotations": st.sampled_from([1, 2]), "partner_card_vote": st.booleans()}
    ),
}


@pytest.mark.parametrize(("variant", "players"), CASES, ids=[f"{v}-{n}" for v, n in CASES])
@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_playthrough(variant: str, players: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 2**31), label="seed")
    extra = data.draw(st.sampled_from([0, 1, 5, 40]), label="extra cards")
    options = data.draw(OPTIONS[variant], label="options")
    play_and_check(variant, players, seed, extra, options)
