"""Copy the artwork the generator uses out of the npm packages, with its licence.

Run by hand when the subject list changes (the result is committed)::

    npm pack @iconify-json/fluent-emoji emojibase-data   # in a scratch folder
    python -m dixit.decks.generator.vendor FLUENT_DIR EMOJIBASE_DIR

``FLUENT_DIR`` and ``EMOJIBASE_DIR`` are the unpacked ``package`` folders.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from .art import ARTWORK_DIR
from .words import SUBJECTS

MIT_FLUENT = """MIT License

Copyright (c) Microsoft Corporation.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""

EXTRA = ("balloon", "umbrella", "door", "ladder", "deciduous-tree", "footprints", "sailboat")


def main(fluent: Path, emojibase: Path) -> int:
    icon_set = json.loads((fluent / "icons.json").read_text("utf-8"))
    version = json.loads((fluent / "package.json").read_text("utf-8"))["version"]
    eb_version = json.loads((emojibase / "package.json").read_text("utf-8"))["version"]
    size = (icon_set.get("width", 32), icon_set.get("height", 32))
    names = sorted({*SUBJECTS, *EXTRA})
    ARTWORK_DIR.mkdir(parents=True, exist_ok=True)
    for old in ARTWORK_DIR.glob("*.svg"):
        old.unlink()
    for name in names:
        body = icon_set["icons"][name]
        w, h = body.get("width", size[0]), body.get("height", size[1])
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">{body["body"]}</svg>\n'
        )
        (ARTWORK_DIR / f"{name}.svg").write_text(svg, encoding="utf-8")
    table = {}
    for entry in json.loads((emojibase / "en" / "data.json").read_text("utf-8")):
        slug = re.sub(r"[^a-z0-9]+", "-", entry["label"].lower()).strip("-")
        if slug in names:
            table[slug] = {"label": entry["label"], "emoji": entry["emoji"], "tags": entry["tags"]}
    (ARTWORK_DIR / "emojibase.json").write_text(
        json.dumps(table, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    (ARTWORK_DIR / "LICENSE").write_text(MIT_FLUENT, encoding="utf-8")
    eb_licence = (emojibase / "LICENSE").read_text("utf-8")
    (ARTWORK_DIR / "LICENSE-emojibase").write_text(eb_licence, encoding="utf-8")
    (ARTWORK_DIR / "NOTICE").write_text(
        f"""The SVG files in this folder are a subset of Fluent Emoji by Microsoft
Corporation (https://github.com/microsoft/fluentui-emoji), MIT licence (see
LICENSE), taken unchanged from the npm package @iconify-json/fluent-emoji
{version} (its "color" style; each file wraps one icon's SVG body in an <svg>
element).

emojibase.json holds the English labels and tags of the same emoji, from the
npm package emojibase-data {eb_version}, MIT licence (see LICENSE-emojibase).

The default deck's cards are composed from these by the project's generator
(src/dixit/decks/generator); the composed cards are under the project's
licence with this notice.
""",
        encoding="utf-8",
    )
    print(f"vendored {len(names)} SVGs and {len(table)} emojibase entries into {ARTWORK_DIR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), Path(sys.argv[2])))
