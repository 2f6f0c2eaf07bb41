"""``dixit replay`` and ``dixit score`` as a user runs them: a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent.parent / "data"
RULES_EXAMPLES = json.loads((DATA / "rules-examples.json").read_text())
RECORD_EXAMPLES = json.loads((DATA / "record-examples.json").read_text())


def dixit(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dixit.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_replay_prints_expected(tmp_path: Path) -> None:
    for index, case in enumerate(RECORD_EXAMPLES):
        path = tmp_path / f"record-{index}.json"
        path.write_text(json.dumps(case["record"]))
        done = dixit("replay", str(path))
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == case["expected"]


def test_replay_stops_at_first_illegal_action(tmp_path: Path) -> None:
    record = json.loads(json.dumps(RECORD_EXAMPLES[0]["record"]))
    # In round 2 cyd votes for the card cyd handed in.
    record["rounds"][1]["votes"]["cyd"] = ["card-053"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    done = dixit("replay", str(path))
    assert done.returncode == 2
    assert "round 2: cyd cannot vote for card-053: it is a card they handed in" in done.stderr
    assert done.stdout == ""


def test_replay_rejects_wrong_storyteller_and_bad_json(tmp_path: Path) -> None:
    record = json.loads(json.dumps(RECORD_EXAMPLES[0]["record"]))
    record["rounds"][1]["storyteller"] = "dan"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    done = dixit("replay", str(path))
    assert done.returncode == 2
    assert "round 2: the storyteller is bob, not 'dan'" in done.stderr
    path.write_text("{not json")
    done = dixit("replay", str(path))
    assert done.returncode == 2
    assert "is not JSON" in done.stderr
    done = dixit("replay", str(tmp_path / "missing.json"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr


def _round(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case.items() if k not in ("note", "expected")}


def test_score_list_from_stdin() -> None:
    done = dixit("score", "-", stdin=json.dumps(RULES_EXAMPLES))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [{"points": c["expected"]} for c in RULES_EXAMPLES]


def test_score_single_round_from_file(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(RULES_EXAMPLES[0]))  # note and expected are ignored
    done = dixit("score", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"points": RULES_EXAMPLES[0]["expected"]}


def _case(note_start: str) -> dict[str, Any]:
    for case in RULES_EXAMPLES:
        if case["note"].startswith(note_start):
            copy: dict[str, Any] = json.loads(json.dumps(_round(case)))
            return copy
    raise LookupError(note_start)


def _illegal_rounds() -> list[tuple[str, dict[str, Any], str]]:
    four = _case("odyssey, 4 players: some")
    out: list[tuple[str, dict[str, Any], str]] = []

    own = json.loads(json.dumps(four))
    own["votes"]["bob"] = ["c11"]
    out.append(("own card", own, "bob cannot vote for c11: it is a card they handed in"))

    st = json.loads(json.dumps(four))
    st["votes"]["ann"] = ["c11"]
    out.append(("storyteller votes", st, "the storyteller does not vote"))

    second = json.loads(json.dumps(four))
    second["votes"]["bob"] = ["c03", "c27"]
    out.append(("second vote", second, "a second vote is only allowed with 7 or more players"))

    eight = _case("odyssey, 8 players")
    twice = json.loads(json.dumps(eight))
    twice["votes"]["bob"] = ["c40", "c40"]
    out.append(("two votes on one card", twice, "both votes are on the same card"))

    off = json.loads(json.dumps(four))
    off["votes"]["cyd"] = ["c99"]
    out.append(("card not on board", off, "c99 is not on the board"))

    party = _case("party, 6 players")
    party.pop("red")
    out.append(("party without red", party, "must also place the red token"))

    team = _case("team, 6 players")
    team["votes"] = {"bob": ["c10"], "cyd": ["c11"]}
    out.append(("team voter who handed in", team, "bob handed in their team's card, so eve votes"))

    short = json.loads(json.dumps(four))
    del short["board"]["c27"]
    out.append(
        ("missing hand-in", short, "wrong number of hand-ins: no card on the board from dan")
    )

    three = _case("odyssey, 3 players")
    del three["board"]["c32"]
    out.append(("3 players, one card", three, "each player hands in 2 cards, not 1"))

    extra = json.loads(json.dumps(four))
    extra["board"]["c99"] = "ann"
    out.append(("two storyteller cards", extra, "the storyteller ann has 2 cards on the board"))

    missing_vote = json.loads(json.dumps(four))
    del missing_vote["votes"]["dan"]
    out.append(("missing vote", missing_vote, "votes are missing from dan"))
    return out


@pytest.mark.parametrize(
    ("name", "spec", "message"), _illegal_rounds(), ids=[c[0] for c in _illegal_rounds()]
)
def test_score_rejects_illegal_round(name: str, spec: dict[str, Any], message: str) -> None:
    done = dixit("score", "-", stdin=json.dumps(spec))
    assert done.returncode == 2, done.stdout
    assert message in done.stderr
    assert done.stdout == ""


def test_score_names_the_bad_round_in_a_list() -> None:
    bad = _illegal_rounds()[0][1]
    done = dixit("score", "-", stdin=json.dumps([_round(RULES_EXAMPLES[0]), bad]))
    assert done.returncode == 2
    assert "round 2 of the list" in done.stderr
