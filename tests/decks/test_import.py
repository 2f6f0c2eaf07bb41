"""Bringing your own deck: good decks import, bad ones are refused with a clear error."""

from __future__ import annotations

import io
import json
import os
import random
import stat
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from PIL import Image

from dixit.cli import main
from dixit.decks import (
    CARD_SIZE,
    THUMB_SIZE,
    DeckError,
    DeckLibrary,
    ImageLimits,
    ImportOptions,
    read_deck,
)

from .conftest import SMALLEST, MakeDeck, manifest_for, picture


def test_folder_without_manifest_becomes_a_deck(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "pic-000.txt").write_text("Circles at the fair.\n", encoding="utf-8")
    library = DeckLibrary(tmp_path / "data")
    deck = library.import_path(folder)
    assert deck.id == "holiday"
    assert len(deck) == SMALLEST
    first = deck.card("holiday-pic-000")
    assert first.description == "Circles at the fair."
    assert first.title == "Pic 000"
    with Image.open(first.image) as image:
        assert image.format == "WEBP"
        assert image.size == CARD_SIZE
    assert first.thumbnail is not None
    with Image.open(first.thumbnail) as thumb:
        assert thumb.size == THUMB_SIZE
    assert [d.id for d in library.list()] == ["dream", "holiday"]
    # A fresh library object reads the same deck back from disk.
    again = DeckLibrary(tmp_path / "data").get("holiday")
    assert again.card_ids == deck.card_ids
    assert again.card("holiday-pic-000").description == "Circles at the fair."


def test_manifest_gives_ids_words_and_licence(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder(manifest=manifest_for(SMALLEST))
    deck = DeckLibrary(tmp_path).import_path(folder)
    card = deck.card("snap-003")
    assert (card.title, card.description, card.tags) == (
        "Snap 3",
        "Coloured circles number 3.",
        ("circles", "colour"),
    )
    assert deck.licence == "CC0-1.0"
    assert deck.name == "Holiday snaps"


def test_zip_with_wrapping_folder(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder(fmt="JPEG", size=(600, 400))
    archive = tmp_path / "trip.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in sorted(folder.iterdir()):
            zf.write(path, f"trip/{path.name}")
    deck = DeckLibrary(tmp_path / "data").import_path(archive, ImportOptions(fit="letterbox"))
    assert deck.id == "trip"
    assert len(deck) == SMALLEST
    with Image.open(deck.cards[0].image) as image:
        assert image.size == CARD_SIZE


def test_validate_writes_nothing(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    prepared = read_deck(folder, encode=False)
    assert len(prepared.cards) == SMALLEST
    assert prepared.cards[0].image == b""


def test_deck_size_follows_the_mode_and_player_count(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder(n=40)
    read_deck(folder, ImportOptions(variant="odyssey", players=5), encode=False)
    with pytest.raises(
        DeckError, match=r"40 cards is too few; odyssey with 12 players needs at least 84"
    ):
        read_deck(folder, ImportOptions(variant="odyssey", players=12), encode=False)
    with pytest.raises(DeckError, match="classic is played by 4, 5, 6 players, not 9"):
        read_deck(folder, ImportOptions(variant="classic", players=9), encode=False)


def test_too_small_for_any_game(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder(n=SMALLEST - 1)
    with pytest.raises(DeckError, match="too few; the smallest game of any mode needs"):
        DeckLibrary(tmp_path / "data").import_path(folder)
    assert not (tmp_path / "data" / "decks" / "holiday").exists()


def test_deck_check_size(make_folder: MakeDeck, tmp_path: Path) -> None:
    deck = DeckLibrary(tmp_path).import_path(make_folder())
    assert deck.supports("odyssey", 3)
    assert not deck.supports("odyssey", 12)
    with pytest.raises(DeckError, match="needs at least 84"):
        deck.check_size("odyssey", 12)


# -- malicious and broken decks: a clear error naming the file, and nothing imported ------------


def _refused(path: Path, tmp_path: Path, pattern: str, **options: object) -> None:
    library = DeckLibrary(tmp_path / "data")
    with pytest.raises(DeckError, match=pattern):
        library.import_path(path, ImportOptions(**options))  # type: ignore[arg-type]
    assert library.ids() == ["dream"]
    leftovers = (
        list((tmp_path / "data" / "decks").glob("*"))
        if (tmp_path / "data" / "decks").exists()
        else []
    )
    assert leftovers == []


def test_svg_is_refused(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "evil.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    )
    _refused(folder, tmp_path, r"evil\.svg: SVG images are not accepted")


def test_svg_disguised_as_png_is_refused(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "pic-005.png").write_text('<?xml version="1.0"?><svg><script>x</script></svg>')
    _refused(folder, tmp_path, r"pic-005\.png: SVG images are not accepted")


def test_not_an_image(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "pic-007.png").write_bytes(b"hello, I am not a picture")
    _refused(folder, tmp_path, r"pic-007\.png: not a PNG, JPEG or WebP image")


def test_other_files_are_refused(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "run.exe").write_bytes(b"MZ")
    _refused(folder, tmp_path, r"run\.exe: not an image")


def test_gif_is_refused(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    buffer = io.BytesIO()
    Image.new("RGB", (100, 150)).save(buffer, "GIF")
    (folder / "pic-001.png").write_bytes(buffer.getvalue())
    _refused(folder, tmp_path, r"pic-001\.png: not a PNG, JPEG or WebP image")


def _bomb_png(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims a huge canvas (the data is mostly zeros)."""
    raw = zlib.compress(b"\x00" * (height * (1 + width // 8 + 1)), 9)
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


@pytest.mark.parametrize("side", [8000, 30000])
def test_decompression_bomb_is_refused(make_folder: MakeDeck, tmp_path: Path, side: int) -> None:
    folder = make_folder()
    bomb = _bomb_png(side, side)
    assert len(bomb) < 2_000_000
    (folder / "pic-002.png").write_bytes(bomb)
    _refused(folder, tmp_path, r"pic-002\.png: image is .*pixels.* over the .*limit")


def test_file_over_the_size_limit(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    noise = Image.frombytes("RGB", (300, 450), random.Random(3).randbytes(300 * 450 * 3))
    buffer = io.BytesIO()
    noise.save(buffer, "PNG")
    (folder / "pic-003.png").write_bytes(buffer.getvalue())
    limits = ImageLimits(max_file_bytes=20_000)
    _refused(folder, tmp_path, r"pic-003\.png: file is .* over the limit", limits=limits)


def test_duplicate_pictures(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "copy.png").write_bytes((folder / "pic-004.png").read_bytes())
    _refused(
        folder,
        tmp_path,
        r"pic-004\.png: the same picture as .*copy\.png",
    )


def test_zip_entry_escaping_the_folder(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    archive = tmp_path / "slip.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in folder.iterdir():
            zf.write(path, path.name)
        zf.writestr("../../evil.png", picture(999))
    _refused(archive, tmp_path, r"slip\.zip:\.\./\.\./evil\.png: entry escapes the deck folder")


def test_zip_absolute_entry(tmp_path: Path) -> None:
    archive = tmp_path / "abs.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("/etc/evil.png", picture(1))
    _refused(archive, tmp_path, "entry name is not a plain relative path")


def test_zip_symlink_entry(make_folder: MakeDeck, tmp_path: Path) -> None:
    archive = tmp_path / "link.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        info = zipfile.ZipInfo("pic.png")
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(info, "/etc/passwd")
    _refused(archive, tmp_path, r"link\.zip:pic\.png: symbolic links are not accepted")


def test_zip_bomb_entry(make_folder: MakeDeck, tmp_path: Path) -> None:
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("big.png", b"\x00" * 3_000_000)
    limits = ImageLimits(max_total_bytes=1_000_000)
    _refused(archive, tmp_path, "entries unpack to more than", limits=limits)


def test_archive_over_the_size_limit(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    archive = tmp_path / "big.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in folder.iterdir():
            zf.write(path, path.name)
    _refused(
        archive,
        tmp_path,
        r"big\.zip: archive is .* over the limit",
        limits=ImageLimits(max_archive_bytes=1000),
    )


def test_folder_link_pointing_outside(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    outside = tmp_path / "secret.png"
    outside.write_bytes(picture(500))
    os.symlink(outside, folder / "pic-900.png")
    _refused(folder, tmp_path, r"pic-900\.png: link points outside the deck folder")


def test_manifest_naming_a_missing_file(make_folder: MakeDeck, tmp_path: Path) -> None:
    manifest = manifest_for(SMALLEST)
    manifest["cards"][4]["file"] = "nowhere.png"
    folder = make_folder(manifest=manifest)
    _refused(folder, tmp_path, r"nowhere\.png: card snap-004 names a file that is not there")


def test_manifest_escaping_path(make_folder: MakeDeck, tmp_path: Path) -> None:
    manifest = manifest_for(SMALLEST)
    manifest["cards"][0]["file"] = "../../etc/passwd"
    folder = make_folder(manifest=manifest)
    _refused(folder, tmp_path, r"deck\.json: card 1: file '\.\./\.\./etc/passwd' lies outside")


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        ({"format": "dixit-deck/9"}, "format must be 'dixit-deck/1'"),
        ({"id": "Bad Id!"}, "deck id 'Bad Id!' must be lower-case"),
        ({"cards": []}, "cards must be a non-empty list"),
    ],
)
def test_bad_manifests(
    make_folder: MakeDeck, tmp_path: Path, change: dict[str, object], pattern: str
) -> None:
    manifest = manifest_for(SMALLEST)
    manifest.update(change)
    folder = make_folder(manifest=manifest)
    _refused(folder, tmp_path, pattern)


def test_manifest_not_json(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    (folder / "deck.json").write_text("{nope", encoding="utf-8")
    _refused(folder, tmp_path, r"deck\.json: not JSON")


def test_duplicate_card_ids(make_folder: MakeDeck, tmp_path: Path) -> None:
    manifest = manifest_for(SMALLEST)
    manifest["cards"][1]["id"] = manifest["cards"][0]["id"]
    folder = make_folder(manifest=manifest)
    _refused(folder, tmp_path, "card 2: card id snap-000 is used twice")


def test_same_id_needs_replace(make_folder: MakeDeck, tmp_path: Path) -> None:
    folder = make_folder()
    library = DeckLibrary(tmp_path)
    library.import_path(folder)
    with pytest.raises(DeckError, match="already in the library"):
        library.import_path(folder)
    deck = library.import_path(folder, replace=True)
    assert len(deck) == SMALLEST
    with pytest.raises(DeckError, match="reserved"):
        library.import_path(folder, ImportOptions(deck_id="dream"))


# -- the command line ------------------------------------------------------------------------


def test_cli_import_list_sheet(
    make_folder: MakeDeck, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_folder()
    data = str(tmp_path / "data")
    assert main(["deck", "validate", str(folder)]) == 0
    assert "is valid" in capsys.readouterr().out
    assert main(["deck", "import", str(folder), "--data-dir", data, "--id", "trip"]) == 0
    assert "imported trip" in capsys.readouterr().out
    assert main(["deck", "list", "--data-dir", data]) == 0
    listing = capsys.readouterr().out
    assert "dream\t" in listing
    assert f"trip\t{SMALLEST} cards" in listing
    sheet = tmp_path / "sheet.png"
    assert main(["deck", "sheet", "trip", "--data-dir", data, "-o", str(sheet)]) == 0
    with Image.open(sheet) as image:
        assert image.format == "PNG"
    assert main(["deck", "remove", "trip", "--data-dir", data]) == 0
    assert DeckLibrary(data).ids() == ["dream"]


def test_cli_bad_deck_exits_2(
    make_folder: MakeDeck, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_folder()
    (folder / "evil.svg").write_text("<svg/>")
    assert main(["deck", "import", str(folder), "--data-dir", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "dixit deck: " in err
    assert "evil.svg: SVG images are not accepted" in err


def test_cli_unknown_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "sheet", "nope", "--data-dir", str(tmp_path)]) == 2
    assert "no deck called 'nope'" in capsys.readouterr().err


def test_manifest_roundtrip(make_folder: MakeDeck, tmp_path: Path) -> None:
    deck = DeckLibrary(tmp_path).import_path(make_folder(manifest=manifest_for(SMALLEST)))
    data = json.loads((deck.root / "deck.json").read_text(encoding="utf-8"))
    assert data["format"] == "dixit-deck/1"
    assert data["cards"][0]["thumbnail"] == "thumbs/snap-000.webp"
