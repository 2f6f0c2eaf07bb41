"""Stacked-deck scenarios: each mode's particular rules, played move by move."""

from __future__ import annotations

import pytest

from dixit.engine import Game, IllegalActionError, MalformedError, Phase, view

from .conftest import NAMES, deck_of, new_game


def hand(game: Game, player: str) -> list[str]:
    return list(game.hands[game.seat_of[player]])


def test_three_players_hold_seven_and_hand_in_two() -> None:
    game = new_game("odyssey", 3)
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert hand(game, "ann") == deck_of(7)
    game.tell("ann", "moonlight", "c000")
    with pytest.raises(IllegalActionError, match="each player hands in 2 cards, not 1"):
        game.hand_in("bob", ["c007"])
    with pytest.raises(IllegalActionError, match="the same card is named twice"):
        game.hand_in("bob", ["c007", "c007"])
    game.hand_in("bob", ["c007", "c008"])
    game.hand_in("cyd", ["c014", "c015"])
    assert game.phase is Phase.VOTING
    assert sorted(game.board) == ["c000", "c007", "c008", "c014", "c015"]
    with pytest.raises(IllegalActionError, match="it is a card they handed in"):
        game.vote("bob", ["c008"])
    game.vote("bob", ["c014"])
    game.vote("cyd", ["c000"])
    assert game.history[-1].points == {"ann": 3, "bob": 0, "cyd": 4}
    assert [len(h) for h in game.hands] == [7, 7, 7]


def _seven_plus_round(players: int) -> Game:
    game = new_game("odyssey", players)
    h = game.hand_size
    game.tell("ann", "a door", "c000")
    for seat in range(1, players):
        game.hand_in(NAMES[seat], [f"c{seat * h:03d}"])
    return game


def test_second_vote_is_optional_with_seven_or_more() -> None:
    game = _seven_plus_round(8)
    assert game.max_votes == 2
    with pytest.raises(IllegalActionError, match="both votes are on the same card"):
        game.vote("bob", ["c000", "c000"])
    with pytest.raises(IllegalActionError, match="each voter has 2 votes"):
        game.vote("bob", ["c000", "c012", "c018"])
    game.vote("bob", ["c000"])  # one vote only: the single-vote extra applies
    game.vote("cyd", ["c000", "c006"])
    for seat in range(3, 8):
        game.vote(NAMES[seat], ["c006"])
    points = game.history[-1].points
    assert points["ann"] == 3
    assert points["bob"] == 3 + 3 + 1  # found, bonus from six votes capped at 3, single vote
    assert points["cyd"] == 3
    assert all(points[NAMES[s]] == 0 for s in range(3, 8))


def test_no_second_vote_below_seven() -> None:
    game = _seven_plus_round(6)
    with pytest.raises(IllegalActionError, match="only allowed with 7 or more players"):
        game.vote("bob", ["c000", "c012"])


def test_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() -> None:
    game = new_game("odyssey", 4, extra=0)  # 28 cards: 24 dealt, 4 in the draw pile
    everyone = set(game.deck)
    for _ in range(3):
        storyteller = game.players[game.storyteller]
        game.tell(storyteller, "again", hand(game, storyteller)[0])
        for name in game.waiting_for():
            game.hand_in(name, [hand(game, name)[0]])
        for name in game.waiting_for():
            game.vote(name, [c for c in game.board if game.owner[c] != game.seat_of[name]][:1])
        assert all(len(h) == 6 for h in game.hands)
        places = [c for h in game.hands for c in h] + game.draw_pile + game.discard_pile
        assert sorted(places) == sorted(everyone)
        game.next_round()
    assert game.reshuffles >= 1


def test_classic_ends_when_the_draw_pile_is_empty_after_a_refill() -> None:
    game = new_game("classic", 4, extra=0)
    _play_plain_round(game)
    assert game.draw_pile == []
    assert game.phase is Phase.GAME_OVER
    assert game.winners()


def test_classic_ends_when_a_refill_cannot_complete() -> None:
    game = new_game("classic", 4, extra=2)  # 6 in the draw pile: one round and a short refill
    _play_plain_round(game)
    assert game.phase is Phase.REVEAL
    game.next_round()
    _play_plain_round(game)
    assert game.phase is Phase.GAME_OVER
    assert [len(h) for h in game.hands] == [6, 6, 5, 5]  # refilled in seat order from seat 0
    assert game.reshuffles == 0


def _play_plain_round(game: Game, found_by: int = 1) -> None:
    """Storyteller tells with their first card; the first ``found_by`` voters find it."""
    storyteller = game.players[game.storyteller]
    card = hand(game, storyteller)[0]
    game.tell(storyteller, "a clue", card)
    for name in game.waiting_for():
        game.hand_in(name, hand(game, name)[: game.hand_in_count])
    for index, name in enumerate(game.waiting_for()):
        mine = game.seat_of[name]
        other = next(c for c in game.board if c != card and game.owner[c] != mine)
        game.vote(name, [card if index < found_by else other])


def test_odyssey_ends_at_the_target_score() -> None:
    game = new_game("odyssey", 4, options={"target_score": 6})
    _play_plain_round(game)  # ann and bob +3
    assert game.phase is Phase.REVEAL
    game.next_round()
    _play_plain_round(game)  # bob +3 more as storyteller reaches 6
    assert game.phase is Phase.GAME_OVER
    assert max(game.scores) >= 6
    assert game.winners() == [n for n, s in game.score_dict().items() if s == max(game.scores)]


def test_ties_share_the_win() -> None:
    game = new_game("odyssey", 4, options={"target_score": 2})
    _play_plain_round(game, found_by=3)  # everyone found it: 0 for ann, 2 for the rest
    assert game.finished
    assert game.winners() == ["bob", "cyd", "dan"]
    assert view(game, "ann")["winners"] == ["bob", "cyd", "dan"]


def test_party_clue_first_and_hands_pass_left() -> None:
    game = new_game("party", 6)
    assert game.hand_size == 5
    assert view(game, "ann")["hand"] == []
    assert view(game, "ann")["hand_hidden"] is True
    assert view(game, "bob")["hand"] == hand(game, "bob")
    with pytest.raises(IllegalActionError, match="the clue comes first"):
        game.tell("ann", "wings", "c000")
    game.tell("ann", "wings")
    assert view(game, "ann")["hand"] == hand(game, "ann")
    for name in NAMES[:6]:
        game.hand_in(name, [hand(game, name)[0]])
    assert len(game.board) == 6
    with pytest.raises(IllegalActionError, match="must also place the red token"):
        game.vote("ann", ["c000"])
    with pytest.raises(IllegalActionError, match="only the party storyteller places the red"):
        game.vote("bob", ["c000"], red="c005")
    game.vote("ann", ["c000"], red="c005")  # own card allowed in party
    game.vote("bob", ["c000"])
    # What each seat should hold after refilling: a copy of the refill, then the pass.
    before = [list(h) for h in game.hands]
    draw = list(game.draw_pile)
    refilled = []
    for held in before:
        refilled.append(held + [draw.pop() for _ in range(5 - len(held))])
    for name in NAMES[2:6]:
        game.vote(name, ["c005"])
    assert game.phase is Phase.REVEAL
    assert game.history[-1].points == {
        "ann": 2,
        "bob": 2,
        "cyd": 0,
        "dan": 0,
        "eve": 0,
        "fay": 0,
    }
    for seat in range(6):
        assert game.hands[(seat + 1) % 6] == refilled[seat]


def test_party_ends_after_every_player_told_the_chosen_number_of_times() -> None:
    for rotations in (1, 2):
        game = new_game("party", 6, extra=200, options={"rotations": rotations})
        rounds = 0
        while not game.finished:
            if game.phase is Phase.REVEAL:
                game.next_round()
            storyteller = game.players[game.storyteller]
            game.tell(storyteller, "again")
            for name in game.waiting_for():
                game.hand_in(name, [hand(game, name)[0]])
            for name in game.waiting_for():
                red = game.board[0] if name == storyteller else None
                game.vote(name, [game.board[1]], red)
            rounds += 1
        assert rounds == 6 * rotations


def test_team_hand_ins_and_voters() -> None:
    game = new_game("team", 6, options={"partner_card_vote": False})
    assert game.team_names == ("team-1", "team-2", "team-3")
    # seats: ann bob cyd | dan eve fay; partners ann-dan, bob-eve, cyd-fay
    assert game.hand_size == 4
    game.tell("ann", "a key", "c000")
    with pytest.raises(IllegalActionError, match="the storyteller's card is already chosen"):
        game.hand_in("ann", ["c001"])
    game.hand_in("dan", ["c012"])
    game.hand_in("eve", ["c016"])
    with pytest.raises(IllegalActionError, match=r"already handed in \(through eve\)"):
        game.hand_in("bob", ["c004"])
    assert game.waiting_for() == ["cyd", "fay"]
    game.hand_in("cyd", ["c008"])
    assert game.phase is Phase.VOTING
    assert game.voters() == ["bob", "fay"]
    with pytest.raises(IllegalActionError, match="the storyteller's team does not vote"):
        game.vote("dan", ["c000"])
    with pytest.raises(IllegalActionError, match="eve handed in their team's card, so bob votes"):
        game.vote("eve", ["c000"])
    with pytest.raises(IllegalActionError, match="the card their team handed in"):
        game.vote("bob", ["c016"])
    game.vote("bob", ["c000"])
    game.vote("fay", ["c012"])
    assert game.history[-1].points == {"team-1": 4, "team-2": 3, "team-3": 0}
    assert game.score_dict() == {"team-1": 4, "team-2": 3, "team-3": 0}
    # partners never see each other's hands
    assert view(game, "ann")["hand"] == hand(game, "ann")
    assert not set(view(game, "ann")["hand"]) & set(hand(game, "dan"))


def test_team_partners_must_sit_opposite() -> None:
    with pytest.raises(MalformedError, match="partners sit opposite each other"):
        Game(
            "team",
            NAMES[:6],
            deck_of(60),
            teams={"a": ["ann", "bob"], "b": ["cyd", "dan"], "c": ["eve", "fay"]},
        )


def test_next_storyteller_is_the_left_neighbour() -> None:
    game = new_game("odyssey", 5)
    seen = []
    for _ in range(6):
        seen.append(game.players[game.storyteller])
        _play_plain_round(game)
        game.next_round()
    assert seen == ["ann", "bob", "cyd", "dan", "eve", "ann"]


@pytest.mark.parametrize(
    ("variant", "players", "message"),
    [
        ("odyssey", 2, "odyssey is for 3 to 12 players, not 2"),
        ("odyssey", 13, "odyssey is for 3 to 12 players, not 13"),
        ("classic", 7, "classic is for 4 to 6 players, not 7"),
        ("party", 5, "party is for 6 to 12 players, not 5"),
        ("team", 7, "team is for 6, 8, 10, 12 players, not 7"),
    ],
)
def test_player_counts(variant: str, players: int, message: str) -> None:
    names = [f"p{i}" for i in range(players)]
    with pytest.raises(MalformedError, match=message):
        Game(variant, names, deck_of(200))


def test_deck_too_small_and_bad_options() -> None:
    with pytest.raises(MalformedError, match="needs at least 84 cards, the deck has 83"):
        Game("odyssey", [f"p{i}" for i in range(12)], deck_of(83))
    with pytest.raises(MalformedError, match="classic has no option target_score"):
        Game("classic", NAMES[:4], deck_of(100), options={"target_score": 10})
    with pytest.raises(MalformedError, match="rotations must be 1, 2 or 3"):
        Game("party", NAMES[:6], deck_of(100), options={"rotations": 9})
    with pytest.raises(MalformedError, match="unknown variant 'chess'"):
        Game("chess", NAMES[:4], deck_of(100))
    with pytest.raises(MalformedError, match="card c001 is in the deck twice"):
        Game("odyssey", NAMES[:4], [*deck_of(100), "c001"])
