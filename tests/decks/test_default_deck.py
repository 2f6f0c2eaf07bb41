"""The default dream deck: enough distinct, well-described cards, in sync with its generator."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from PIL import Image, ImageChops, ImageStat

from dixit.decks import CARD_SIZE, THUMB_SIZE, Deck, DeckLibrary
from dixit.decks.generator.build import card_tags, plan_deck
from dixit.decks.generator.scenes import TEMPLATES, describe, paint_card
from dixit.decks.generator.words import SUBJECTS, a, count, join, sentence
from dixit.decks.images import hamming, perceptual_hash
from dixit.engine import get_variant


@pytest.fixture(scope="module")
def deck() -> Deck:
    return DeckLibrary("/nonexistent-data-dir").default_deck()


def test_big_enough_for_every_game(deck: Deck) -> None:
    assert len(deck) >= 100
    assert len(deck) >= get_variant("odyssey").deck_size(12)
    assert len(set(deck.card_ids)) == len(deck)
    assert all(card_id.startswith("dream-") for card_id in deck.card_ids)


def test_every_card_has_images_and_words(deck: Deck) -> None:
    themes = {theme for s in SUBJECTS.values() for theme in s.themes}
    themes |= {theme for t in TEMPLATES.values() for theme in t.themes}
    for card in deck.cards:
        assert card.title
        assert card.description.endswith(".")
        assert card.description[0].isupper()
        assert len(card.tags) >= 5
        assert themes & set(card.tags), card.id
        with Image.open(card.image) as image:
            assert image.format == "WEBP"
            assert image.size == CARD_SIZE
            assert image.width * 3 == image.height * 2
            assert image.width >= 600
            assert image.height >= 900
        assert card.thumbnail is not None
        with Image.open(card.thumbnail) as thumb:
            assert thumb.size == THUMB_SIZE


def test_deck_matches_its_plan(deck: Deck) -> None:
    """The committed deck.json says what the generator would say today."""
    plans = plan_deck()
    assert [p.id for p in plans] == deck.card_ids
    for plan, card in zip(plans, deck.cards, strict=True):
        assert card.description == describe(plan)
        assert card.tags == card_tags(plan)
        assert card.title == plan.title


def test_templates_are_varied() -> None:
    plans = plan_deck()
    uses = Counter(p.template for p in plans)
    assert max(uses.values()) <= 8
    assert len(uses) >= 13
    assert len({(p.template, p.cast) for p in plans}) == len(plans)
    assert len({p.title for p in plans}) == len(plans)


def test_no_two_cards_alike(deck: Deck) -> None:
    hashes = {}
    for card in deck.cards:
        assert card.thumbnail is not None
        with Image.open(card.thumbnail) as thumb:
            hashes[card.id] = perceptual_hash(thumb)
    close = [
        (x, y, hamming(hashes[x], hashes[y]))
        for x, y in itertools.combinations(hashes, 2)
        if hamming(hashes[x], hashes[y]) < 30
    ]
    assert close == []


def test_painting_is_deterministic_and_matches_the_committed_card(deck: Deck) -> None:
    plan = plan_deck()[0]
    first, second = paint_card(plan), paint_card(plan)
    assert first.tobytes() == second.tobytes()
    with Image.open(deck.card(plan.id).image) as committed:
        diff = ImageChops.difference(first, committed.convert("RGB"))
    assert max(ImageStat.Stat(diff).mean) < 6


def test_words() -> None:
    assert a("hourglass-not-done") == "an hourglass"
    assert a("unicorn") == "a unicorn"
    assert a("old-key") == "an old key"
    assert count(3, "game-die") == "three dice"
    assert count(1, "duck") == "one duck"
    assert count(7, "fish") == "seven fish"
    assert join(["a", "b", "c"]) == "a, b and c"
    assert sentence("it rains fish. ") == "It rains fish."


def test_vendored_artwork_is_exactly_what_the_generator_uses() -> None:
    from dixit.decks.generator.art import ARTWORK_DIR
    from dixit.decks.generator.vendor import EXTRA

    used = {art for plan in plan_deck() for art in plan.cast} | set(EXTRA)
    vendored = {path.stem for path in ARTWORK_DIR.glob("*.svg")}
    assert used <= vendored
    assert vendored == set(SUBJECTS) | set(EXTRA)
    for name in ("LICENSE", "NOTICE", "LICENSE-emojibase"):
        assert (ARTWORK_DIR / name).is_file()
