"""The deck library: the default deck shipped in the package, plus decks people import.

Imported decks live in a data folder that the caller chooses (the server passes
its ``--data-dir``), one sub-folder per deck::

    DATA_DIR/decks/<deck-id>/deck.json
    DATA_DIR/decks/<deck-id>/cards/<card-id>.webp
    DATA_DIR/decks/<deck-id>/thumbs/<card-id>.webp

An import is written to a temporary folder and renamed into place only when
every card passed its checks, so a failed import leaves nothing behind.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
from pathlib import Path

from platformdirs import user_data_dir

from .errors import DeckError
from .importer import ImportOptions, PreparedDeck, read_deck
from .model import MANIFEST, Card, Deck, parse_manifest

__all__ = ["DEFAULT_DECK_DIR", "DEFAULT_DECK_ID", "DeckLibrary", "default_data_dir", "load_deck"]

DEFAULT_DECK_ID = "dream"
DEFAULT_DECK_DIR = Path(__file__).parent / "default"


def default_data_dir() -> Path:
    """Where imported decks go when no data folder is given (e.g. ``~/.local/share/dixit``)."""
    return Path(user_data_dir("dixit", appauthor=False))


def load_deck(root: Path) -> Deck:
    """Read a deck folder written by the library or the generator (``deck.json`` + images)."""
    where = root / MANIFEST
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except OSError as error:
        raise DeckError(f"{where}: cannot be read ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise DeckError(f"{where}: not JSON: {error.msg} at line {error.lineno}") from None
    manifest = parse_manifest(data, str(where))
    cards = []
    for entry in manifest.cards:
        image = root / entry.file
        if not image.is_file():
            raise DeckError(f"{image}: card {entry.id} has no image")
        thumb = root / entry.thumbnail if entry.thumbnail else None
        if thumb is not None and not thumb.is_file():
            raise DeckError(f"{thumb}: card {entry.id} has no thumbnail")
        cards.append(
            Card(
                id=entry.id,
                image=image,
                thumbnail=thumb,
                title=entry.title,
                description=entry.description,
                tags=entry.tags,
            )
        )
    return Deck(
        id=manifest.id,
        name=manifest.name,
        root=root,
        cards=tuple(cards),
        licence=manifest.licence,
        attribution=manifest.attribution,
    )


class DeckLibrary:
    """All decks a server can deal from: the default deck and the imported ones.

    >>> library = DeckLibrary(tmp_path)            # doctest: +SKIP
    >>> deck = library.import_path(Path("my-photos.zip"))  # doctest: +SKIP
    >>> [d.id for d in library.list()]             # doctest: +SKIP
    ['dream', 'my-photos']
    """

    def __init__(self, data_dir: Path | str | None = None) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.decks_dir = self.data_dir / "decks"
        self._cache: dict[str, Deck] = {}
        self._lock = threading.Lock()

    # -- reading ----------------------------------------------------------------

    def default_deck(self) -> Deck:
        return self.get(DEFAULT_DECK_ID)

    def ids(self) -> list[str]:
        """The default deck's id first, then the imported decks' ids in order."""
        imported: list[str] = []
        if self.decks_dir.is_dir():
            imported = sorted(
                entry.name
                for entry in self.decks_dir.iterdir()
                if entry.is_dir()
                and not entry.name.startswith(".")
                and (entry / MANIFEST).is_file()
            )
        return [DEFAULT_DECK_ID, *imported]

    def list(self) -> list[Deck]:
        return [self.get(deck_id) for deck_id in self.ids()]

    def get(self, deck_id: str) -> Deck:
        with self._lock:
            deck = self._cache.get(deck_id)
            if deck is None:
                deck = load_deck(self._root(deck_id))
                self._cache[deck_id] = deck
            return deck

    def _root(self, deck_id: str) -> Path:
        if deck_id == DEFAULT_DECK_ID:
            return DEFAULT_DECK_DIR
        root = self.decks_dir / deck_id
        if "/" in deck_id or deck_id.startswith(".") or not (root / MANIFEST).is_file():
            raise DeckError(f"no deck called {deck_id!r} (known: {', '.join(self.ids())})")
        return root

    # -- writing ----------------------------------------------------------------

    def import_path(
        self, path: Path | str, options: ImportOptions | None = None, replace: bool = False
    ) -> Deck:
        """Check, normalize and store the deck at ``path`` (a folder or a ``.zip``).

        Raises :class:`DeckError` naming the file and the fault; then nothing is stored.
        """
        prepared = read_deck(Path(path), options)
        return self.store(prepared, replace=replace)

    def store(self, prepared: PreparedDeck, replace: bool = False) -> Deck:
        if prepared.id == DEFAULT_DECK_ID:
            raise DeckError(f"{prepared.source}: the deck id {DEFAULT_DECK_ID!r} is reserved")
        final = self.decks_dir / prepared.id
        if final.exists() and not replace:
            raise DeckError(
                f"{prepared.source}: a deck called {prepared.id!r} is already in the library"
                " (choose another id, or replace it)"
            )
        self.decks_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".import-", dir=self.decks_dir))
        try:
            deck = _write(prepared, staging)
            with self._lock:
                if final.exists():
                    old = Path(tempfile.mkdtemp(prefix=".old-", dir=self.decks_dir))
                    final.rename(old / prepared.id)
                    staging.rename(final)
                    shutil.rmtree(old, ignore_errors=True)
                else:
                    staging.rename(final)
                self._cache.pop(prepared.id, None)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return self.get(deck.id)

    def remove(self, deck_id: str) -> None:
        if deck_id == DEFAULT_DECK_ID:
            raise DeckError("the default deck cannot be removed")
        root = self._root(deck_id)
        with self._lock:
            shutil.rmtree(root)
            self._cache.pop(deck_id, None)


def _write(prepared: PreparedDeck, root: Path) -> Deck:
    (root / "cards").mkdir()
    (root / "thumbs").mkdir()
    cards = []
    for card in prepared.cards:
        image = root / "cards" / f"{card.id}.webp"
        thumb = root / "thumbs" / f"{card.id}.webp"
        image.write_bytes(card.image)
        thumb.write_bytes(card.thumb)
        cards.append(
            Card(
                id=card.id,
                image=image,
                thumbnail=thumb,
                title=card.title,
                description=card.description,
                tags=card.tags,
            )
        )
    deck = Deck(
        id=prepared.id,
        name=prepared.name,
        root=root,
        cards=tuple(cards),
        licence=prepared.licence,
        attribution=prepared.attribution,
    )
    deck.write_manifest()
    return deck
