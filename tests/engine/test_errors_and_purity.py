"""Errors: two kinds, precise messages, and no change to the game. Purity of the engine."""

from __future__ import annotations

import ast
import copy
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dixit.engine
from dixit.engine import (
    DixitError,
    Game,
    HandIn,
    IllegalActionError,
    MalformedError,
    Tell,
    Vote,
    action_from_dict,
    action_to_dict,
    view,
)

from .conftest import new_game, play_to_end


def snapshot(game: Game) -> dict[str, Any]:
    state = {k: copy.deepcopy(v) for k, v in vars(game).items() if k != "_rng"}
    state["rng"] = game._rng.getstate()
    return state


def test_errors_change_nothing() -> None:
    rng = random.Random(5)
    game = new_game("odyssey", 4)
    bad_actions = [
        Tell("bob", "not my turn", "c006"),
        Tell("ann", "   ", "c000"),
        Tell("ann", "x" * 201, "c000"),
        Tell("ann", "a clue", "c999"),
        Tell("ann", "a clue"),
        HandIn("bob", ("c000",)),
        HandIn("bob", ("c006", "c007")),
        Vote("bob", ("c999",)),
        Vote("ann", ("c006",)),
        Tell("zed", "who am I", "c000"),
    ]
    for _ in range(3):
        for action in bad_actions:
            before = snapshot(game)
            with pytest.raises(IllegalActionError):
                game.apply(action)
            assert snapshot(game) == before
        # move on one step, then try the bad actions again in the next phase
        name = game.waiting_for()[0]
        choices = game.legal_actions(name)
        game.apply(rng.choice(choices))


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Tell("bob", "x", "c006"), "round 1: bob cannot tell with c006: ann is the storyteller"),
        (Tell("ann", " ", "c000"), "round 1: ann cannot tell with c000: the clue is empty"),
        (Tell("ann", "x", "c006"), "round 1: ann cannot tell with c006: c006 is not in their hand"),
        (
            Tell("zed", "x", "c006"),
            "round 1: there is no player called 'zed' (players: ann, bob, cyd, dan)",
        ),
        (Vote("bob", ("c000",)), "round 1: bob cannot vote for c000: the storyteller is still"),
    ],
)
def test_messages_name_round_seat_card_and_reason(action: Any, message: str) -> None:
    game = new_game("odyssey", 4)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert str(caught.value).startswith(message)


def test_both_error_kinds_are_value_errors() -> None:
    assert issubclass(MalformedError, ValueError)
    assert issubclass(IllegalActionError, ValueError)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an action must be an object"),
        ({"type": "dance"}, "unknown action type 'dance'"),
        ({"type": "vote", "player": "bob", "cards": 3}, "'cards' must be a list of card ids"),
        ({"type": "vote", "player": "bob", "cards": [1]}, "'cards' must be a list of card ids"),
        ({"type": "tell", "player": "ann"}, "tell: 'clue' must be a string"),
        ({"type": "hand_in", "cards": ["c1"]}, "hand_in: 'player' must be a string"),
        ({"type": "vote", "player": "a", "cards": ["c1"], "red": 5}, "'red' must be a string"),
    ],
)
def test_malformed_actions(data: Any, message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        action_from_dict(data)


def test_actions_round_trip_as_plain_data() -> None:
    for action in (
        Tell("ann", "a clue", "c000"),
        Tell("ann", "party clue"),
        HandIn("bob", ("c006", "c007")),
        Vote("cyd", ("c001",), red="c002"),
    ):
        assert action_from_dict(action_to_dict(action)) == action


def test_spectator_view_has_no_hand() -> None:
    game = new_game("odyssey", 4)
    shown = view(game, None)
    assert shown["you"] is None
    assert shown["hand"] == []
    assert shown["choice"] is None


def test_engine_imports_only_the_standard_library() -> None:
    package = Path(dixit.engine.__file__).parent
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside the engine
                    continue
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in stdlib, f"{path.name} imports {root}"
            banned = {"asyncio", "socket", "io", "os", "pathlib", "subprocess", "threading"}
            assert not set(roots) & banned, f"{path.name} does I/O through {roots}"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=8)
    | st.sampled_from(["ann", "bob", "c000", "c006", "c012", "tell", "hand_in", "vote"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
ACTION_LIKE = st.fixed_dictionaries(
    {"type": st.sampled_from(["tell", "hand_in", "vote", "pass"])},
    optional={"player": JSON, "clue": JSON, "card": JSON, "cards": JSON, "red": JSON},
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.lists(JSON | ACTION_LIKE, min_size=1, max_size=6))
def test_garbage_gets_a_clear_error_and_changes_nothing(data: list[Any]) -> None:
    game = new_game("odyssey", 4)
    game.tell("ann", "a clue", "c000")
    for item in data:
        before = snapshot(game)
        message = ""
        try:
            game.apply(action_from_dict(item))
        except DixitError as error:
            message = str(error) or "an empty message"
        if message:
            assert snapshot(game) == before, message


def test_view_without_history_is_the_view_less_its_history() -> None:
    game = new_game("odyssey", 4)
    play_to_end(game, random.Random(3))
    for player in (None, *game.players):
        full = view(game, player)
        assert full["history"]
        del full["history"]
        assert view(game, player, history=False) == full


def test_a_clue_with_a_control_character_is_refused() -> None:
    game = new_game("odyssey", 4)
    with pytest.raises(IllegalActionError, match=r"control character \(U\+0000\)"):
        game.tell("ann", "\x00\n\t", "c000")
    game.tell("ann", "  two\n lines\t", "c000")
    assert game.clue == "two lines"
