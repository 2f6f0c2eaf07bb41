"""Every worked example of the shared rules: scoring tables and whole records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dixit.engine import replay_summary, score_round

DATA = Path(__file__).parent.parent / "data"
RULES_EXAMPLES = json.loads((DATA / "rules-examples.json").read_text())
RECORD_EXAMPLES = json.loads((DATA / "record-examples.json").read_text())


def _round(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case.items() if k not in ("note", "expected")}


@pytest.mark.parametrize("case", RULES_EXAMPLES, ids=[c["note"][:60] for c in RULES_EXAMPLES])
def test_rules_example_scores(case: dict[str, Any]) -> None:
    assert score_round(_round(case)) == case["expected"]


@pytest.mark.parametrize(
    "case", RECORD_EXAMPLES, ids=[e["record"]["variant"] for e in RECORD_EXAMPLES]
)
def test_record_example_replays(case: dict[str, Any]) -> None:
    assert replay_summary(case["record"]) == case["expected"]


def test_shared_copies_are_current() -> None:
    """The tests' copies match ../shared whenever the shared folder is beside the repo."""
    shared = Path(__file__).resolve().parents[3] / "shared"
    if not shared.is_dir():
        pytest.skip("no ../shared beside this checkout")
    for name in ("rules-examples.json", "record-examples.json"):
        assert json.loads((shared / name).read_text()) == json.loads((DATA / name).read_text())
