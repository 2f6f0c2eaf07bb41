"""Where an untrusted deck comes from: a folder or a ``.zip``, read within limits.

Both kinds give the same view: relative POSIX file names, their sizes, and a way
to read one file's bytes (never more than a limit, whatever a header claims).
Names that could escape the deck (absolute paths, ``..``, links that point
outside, zip "symlinks") are refused before anything is read.
"""

from __future__ import annotations

import os
import re
import stat
import threading
import zipfile
from pathlib import Path, PurePosixPath

from .errors import DeckError
from .images import ImageLimits

__all__ = ["DeckSource", "FolderSource", "ZipSource", "open_source"]

IGNORED_PARTS = frozenset({"__MACOSX", "Thumbs.db", "desktop.ini"})


def _ignored(name: str) -> bool:
    return any(part.startswith(".") or part in IGNORED_PARTS for part in name.split("/"))


class DeckSource:
    """Files of a deck, by relative name."""

    label: str
    sizes: dict[str, int]

    def read(self, name: str, limit: int) -> bytes:
        raise NotImplementedError

    def close(self) -> None:
        return None

    def where(self, name: str) -> str:
        """How a message names one file: ``deck.zip:cards/cat.png`` or ``folder/cards/cat.png``."""
        return f"{self.label}/{name}"

    def _checked_size(self, name: str, limit: int) -> int:
        size = self.sizes.get(name)
        if size is None:
            raise DeckError(f"{self.where(name)}: no such file in the deck")
        if size > limit:
            raise DeckError(
                f"{self.where(name)}: file is {size:,} bytes, over the limit of {limit:,} bytes"
            )
        return size


class FolderSource(DeckSource):
    def __init__(self, root: Path, limits: ImageLimits) -> None:
        self.root = root.resolve()
        self.label = str(root)
        self.sizes = {}
        total = 0
        for dirpath, dirnames, filenames in os.walk(self.root, followlinks=False):
            dirnames.sort()
            for filename in sorted(filenames):
                path = Path(dirpath) / filename
                name = path.relative_to(self.root).as_posix()
                if _ignored(name):
                    continue
                if path.is_symlink():
                    target = path.resolve()
                    if not target.is_relative_to(self.root):
                        raise DeckError(f"{self.where(name)}: link points outside the deck folder")
                info = path.stat()
                if not stat.S_ISREG(info.st_mode):
                    raise DeckError(f"{self.where(name)}: not a regular file")
                self.sizes[name] = info.st_size
                total += info.st_size
                if len(self.sizes) > limits.max_files:
                    raise DeckError(f"{self.label}: more than {limits.max_files} files")
                if total > limits.max_total_bytes:
                    raise DeckError(
                        f"{self.label}: files add up to more than {limits.max_total_bytes:,} bytes"
                    )
            dirnames[:] = [d for d in dirnames if not _ignored(d)]

    def read(self, name: str, limit: int) -> bytes:
        self._checked_size(name, limit)
        with open(self.root / name, "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise DeckError(f"{self.where(name)}: file grew over the limit of {limit:,} bytes")
        return data


_BAD_NAME = re.compile(r"(^/)|(^[A-Za-z]:)|\\|\x00")


class ZipSource(DeckSource):
    def __init__(self, path: Path, limits: ImageLimits) -> None:
        self.label = str(path)
        self._prefix = ""
        size = path.stat().st_size
        if size > limits.max_archive_bytes:
            raise DeckError(
                f"{path}: archive is {size:,} bytes, over the limit of "
                f"{limits.max_archive_bytes:,} bytes"
            )
        try:
            self.zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError) as error:
            raise DeckError(f"{path}: not a readable zip archive ({error})") from None
        self._lock = threading.Lock()
        self.sizes = {}
        self._entries: dict[str, zipfile.ZipInfo] = {}
        try:
            self._scan(limits)
        except DeckError:
            self.zip.close()
            raise

    def _scan(self, limits: ImageLimits) -> None:
        infos = self.zip.infolist()
        if len(infos) > limits.max_files:
            raise DeckError(f"{self.label}: more than {limits.max_files} entries")
        total = 0
        names: list[tuple[str, zipfile.ZipInfo]] = []
        for info in infos:
            raw = info.filename
            where = f"{self.label}:{raw}"
            if _BAD_NAME.search(raw):
                raise DeckError(f"{where}: entry name is not a plain relative path")
            parts = PurePosixPath(raw).parts
            if ".." in parts:
                raise DeckError(f"{where}: entry escapes the deck folder")
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                raise DeckError(f"{where}: symbolic links are not accepted")
            if info.is_dir():
                continue
            if info.flag_bits & 0x1:
                raise DeckError(f"{where}: encrypted entries are not accepted")
            name = PurePosixPath(raw).as_posix()
            if _ignored(name):
                continue
            total += info.file_size
            if total > limits.max_total_bytes:
                raise DeckError(
                    f"{self.label}: entries unpack to more than {limits.max_total_bytes:,} bytes"
                )
            names.append((name, info))
        # A zip made from a folder holds everything under that folder's name.
        prefix = _common_folder([name for name, _ in names])
        for name, info in names:
            short = name[len(prefix) :] if prefix else name
            if short in self._entries:
                raise DeckError(f"{self.label}:{name}: the archive holds this name twice")
            self._entries[short] = info
            self.sizes[short] = info.file_size
        self._prefix = prefix

    def where(self, name: str) -> str:
        return f"{self.label}:{self._prefix}{name}"

    def read(self, name: str, limit: int) -> bytes:
        self._checked_size(name, limit)
        info = self._entries[name]
        try:
            with self._lock, self.zip.open(info) as handle:
                # The header's size may lie: never read more than the limit.
                data = handle.read(limit + 1)
        except (zipfile.BadZipFile, OSError, NotImplementedError, RuntimeError) as error:
            raise DeckError(f"{self.where(name)}: cannot be unpacked ({error})") from None
        if len(data) > limit:
            raise DeckError(f"{self.where(name)}: unpacks to more than {limit:,} bytes")
        return data

    def close(self) -> None:
        self.zip.close()


def _common_folder(names: list[str]) -> str:
    if not names:
        return ""
    first = names[0].split("/", 1)
    if len(first) < 2:
        return ""
    prefix = first[0] + "/"
    return prefix if all(name.startswith(prefix) for name in names) else ""


def open_source(path: Path, limits: ImageLimits) -> DeckSource:
    """A folder or a zip archive as a :class:`DeckSource`."""
    if not path.exists():
        raise DeckError(f"{path}: no such file or folder")
    if path.is_dir():
        return FolderSource(path, limits)
    if zipfile.is_zipfile(path):
        return ZipSource(path, limits)
    raise DeckError(f"{path}: a deck must be a folder or a .zip archive")
