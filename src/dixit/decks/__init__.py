"""Decks of cards: the default dream deck, decks people bring, and how to check them.

The server needs only :class:`DeckLibrary`::

    from dixit.decks import DeckLibrary

    library = DeckLibrary(data_dir)          # imported decks live in data_dir/decks
    deck = library.default_deck()            # or library.get("my-photos")
    deck.check_size("odyssey", 8)            # DeckError when too small
    for card in deck.cards:                  # id, title, description, tags,
        card.image, card.thumbnail           # image and thumbnail paths (WebP)
    library.import_path("photos.zip")        # DeckError names the file and the fault

Every error is a :class:`DeckError`, a :class:`dixit.engine.DixitError`.
"""

from .errors import DeckError
from .images import CARD_SIZE, THUMB_SIZE, ImageLimits
from .importer import ImportOptions, read_deck
from .library import DEFAULT_DECK_ID, DeckLibrary, default_data_dir, load_deck
from .model import DECK_FORMAT, Card, Deck, minimum_deck_size
from .sheet import contact_sheet, write_contact_sheet

__all__ = [
    "CARD_SIZE",
    "DECK_FORMAT",
    "DEFAULT_DECK_ID",
    "THUMB_SIZE",
    "Card",
    "Deck",
    "DeckError",
    "DeckLibrary",
    "ImageLimits",
    "ImportOptions",
    "contact_sheet",
    "default_data_dir",
    "load_deck",
    "minimum_deck_size",
    "read_deck",
    "write_contact_sheet",
]
