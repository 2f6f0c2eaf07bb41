"""Deck data: minimum sizes from the rules engine, normalization, the default data folder."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from dixit.decks import CARD_SIZE, DeckError, DeckLibrary, default_data_dir, minimum_deck_size
from dixit.decks.images import hamming, normalize, perceptual_hash
from dixit.engine import VARIANTS

from .conftest import picture


def test_minimum_deck_size_comes_from_the_engine() -> None:
    assert minimum_deck_size("odyssey", 12) == 84
    assert minimum_deck_size("odyssey", 3) == VARIANTS["odyssey"].deck_size(3)
    smallest = min(v.deck_size(n) for v in VARIANTS.values() for n in v.player_counts)
    assert minimum_deck_size() == smallest
    assert minimum_deck_size(None, 4) == min(
        v.deck_size(4) for v in VARIANTS.values() if 4 in v.player_counts
    )
    with pytest.raises(DeckError, match="no mode is played by 40 players"):
        minimum_deck_size(None, 40)


@pytest.mark.parametrize("size", [(1200, 400), (300, 900), (600, 900)])
@pytest.mark.parametrize("fit", ["crop", "letterbox"])
def test_normalize_gives_a_2_by_3_card(size: tuple[int, int], fit: str) -> None:
    picture = Image.new("RGBA", size, (200, 40, 40, 128))
    card = normalize(picture, fit)  # type: ignore[arg-type]
    assert card.size == CARD_SIZE
    assert card.mode == "RGB"


def test_perceptual_hash_tells_pictures_apart() -> None:
    def open_picture(seed: int) -> Image.Image:
        return Image.open(io.BytesIO(picture(seed, (200, 300))))

    first, second = open_picture(1), open_picture(2)
    assert hamming(perceptual_hash(first), perceptual_hash(first.resize((120, 180)))) < 12
    assert hamming(perceptual_hash(first), perceptual_hash(second)) > 40


def test_default_data_dir_is_the_users() -> None:
    assert default_data_dir().name == "dixit"
    assert DeckLibrary().data_dir == default_data_dir()


def test_unknown_card_and_deck(tmp_path: Path) -> None:
    library = DeckLibrary(tmp_path)
    deck = library.default_deck()
    with pytest.raises(DeckError, match="deck dream has no card nope"):
        deck.card("nope")
    with pytest.raises(DeckError, match=r"no deck called '\.\./etc'"):
        library.get("../etc")
    with pytest.raises(DeckError, match="cannot be removed"):
        library.remove("dream")
    assert deck.summary()["cards"] == len(deck)
