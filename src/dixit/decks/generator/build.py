"""Plan and render the default deck (``make deck`` / ``dixit deck generate``).

The plan is cheap and pure: every card's template, cast, ground, light, seed,
title, description and tags. Rendering paints each plan and writes the WebP
image, its thumbnail and ``deck.json`` into the deck folder.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from ..images import save_card
from ..library import DEFAULT_DECK_DIR, DEFAULT_DECK_ID
from ..model import Card, Deck
from .art import emoji_info
from .scenes import PROPS, TEMPLATES, CardPlan, describe, paint_card
from .words import SUBJECTS

__all__ = ["DECK_NAME", "MASTER_SEED", "card_tags", "main", "plan_deck", "render"]

MASTER_SEED = 20261129
DECK_NAME = "Dream deck"
LICENCE = "MIT (cards) / MIT Fluent Emoji artwork by Microsoft"
ATTRIBUTION = (
    "Composed by the dixit project's generator from Fluent Emoji (c) Microsoft Corporation, "
    "MIT licence; labels from emojibase-data, MIT licence."
)


GROUND_TAGS = {
    "sea": "sea",
    "mirror": "salt flat",
    "dunes": "dunes",
    "checker": "checkerboard",
    "clouds": "clouds",
    "meadow": "hills",
    "snow": "snow",
}

NOISE = frozenset(
    {
        "amble",
        "amusement",
        "animal",
        "animals",
        "antarctica",
        "aquarium",
        "assassin",
        "barefoot",
        "beach",
        "body",
        "boo",
        "break",
        "brew",
        "bright",
        "burn",
        "cats",
        "chip",
        "classical",
        "clothing",
        "comic",
        "communication",
        "country",
        "creature",
        "cross",
        "dinner",
        "done",
        "dupe",
        "e-mail",
        "elegant",
        "email",
        "entertainment",
        "escargot",
        "european",
        "excited",
        "face",
        "ferris",
        "fight",
        "fighter",
        "fishes",
        "food",
        "footprint",
        "full",
        "gait",
        "glittery",
        "glowing",
        "heart",
        "heavy",
        "hotel",
        "launch",
        "legged",
        "legs",
        "monster",
        "moyai",
        "one",
        "ornithology",
        "person",
        "ramadan",
        "resort",
        "ringed",
        "rockets",
        "roundhouse",
        "solid",
        "stand",
        "standing",
        "terrapin",
        "tool",
        "weather",
    }
)


def plan_deck() -> list[CardPlan]:
    """Every card of the default deck, in order, without drawing anything."""
    rng = random.Random(MASTER_SEED)
    plans: list[CardPlan] = []
    per_template: list[list[CardPlan]] = []
    for template in TEMPLATES.values():
        cards: list[CardPlan] = []
        grounds = list(template.grounds)
        palettes = list(template.palettes)
        rng.shuffle(grounds)
        rng.shuffle(palettes)
        for index, cast in enumerate(template.casts):
            seed = rng.randrange(1 << 30)
            cards.append(
                CardPlan(
                    id="",
                    template=template.name,
                    cast=cast,
                    ground=grounds[index % len(grounds)],
                    palette=palettes[index % len(palettes)],
                    seed=seed,
                    extra=template.extra(random.Random(seed), cast),
                    title=template.titles[index],
                )
            )
        per_template.append(cards)
    # Deal the templates round-robin so that neighbouring cards differ.
    while any(per_template):
        for cards in per_template:
            if cards:
                plans.append(cards.pop(0))
    return [
        CardPlan(**{**plan.__dict__, "id": f"{DEFAULT_DECK_ID}-{number:03d}", "number": number})
        for number, plan in enumerate(plans, start=1)
    ]


def card_tags(plan: CardPlan) -> tuple[str, ...]:
    """Concrete subjects first, then the abstract themes the AI players can read."""
    tags: list[str] = []

    def add(tag: str) -> None:
        if tag not in tags:
            tags.append(tag)

    template = TEMPLATES[plan.template]
    shown = [*plan.cast, *(p for p in PROPS.get(plan.template, ()) if p not in plan.cast)]
    for art in shown:
        add(SUBJECTS[art].noun.lower())
    add(GROUND_TAGS[plan.ground])
    for theme in template.themes:
        add(theme)
    for art in shown:
        for theme in SUBJECTS[art].themes:
            add(theme)
    # emojibase's keywords for the main subject, less the ones that say nothing here.
    keywords = [str(t) for t in emoji_info(plan.cast[0]).get("tags", [])]
    for tag in [t for t in keywords if len(t) > 2 and t not in NOISE][:2]:
        add(tag)
    return tuple(tags)


def render(out: Path, only: set[int] | None = None) -> Deck:
    """Paint the planned cards into ``out`` and write its ``deck.json``."""
    (out / "cards").mkdir(parents=True, exist_ok=True)
    (out / "thumbs").mkdir(parents=True, exist_ok=True)
    cards: list[Card] = []
    for plan in plan_deck():
        image = out / "cards" / f"{plan.id}.webp"
        thumb = out / "thumbs" / f"{plan.id}.webp"
        if only is None or plan.number in only:
            started = time.perf_counter()
            save_card(paint_card(plan), image, thumb)
            sys.stdout.write(f"{plan.id} {plan.template:14} {time.perf_counter() - started:.1f}s\n")
        cards.append(
            Card(
                id=plan.id,
                image=image,
                thumbnail=thumb,
                title=plan.title,
                description=describe(plan),
                tags=card_tags(plan),
            )
        )
    deck = Deck(
        id=DEFAULT_DECK_ID,
        name=DECK_NAME,
        root=out,
        cards=tuple(cards),
        licence=LICENCE,
        attribution=ATTRIBUTION,
    )
    deck.write_manifest()
    return deck


def _numbers(spec: str) -> set[int]:
    numbers: set[int] = set()
    for part in spec.split(","):
        low, _, high = part.partition("-")
        numbers.update(range(int(low), int(high or low) + 1))
    return numbers


def main(out: Path | None = None, only: str | None = None) -> int:
    deck = render(out or DEFAULT_DECK_DIR, _numbers(only) if only else None)
    sys.stdout.write(f"{deck.id}: {len(deck)} cards in {deck.root}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
