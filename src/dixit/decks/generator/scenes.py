"""Scene templates: how each kind of card is composed, and the sentence that tells it.

A template draws from a :class:`CardPlan` (its subjects, ground and light)
and describes the same plan, so a description is always true to its picture.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFilter

from .art import icon
from .paint import PALETTES, Canvas, H, W, mix
from .words import a, count, its, join, noun, plural, sentence, them

__all__ = ["GROUNDS", "TEMPLATES", "CardPlan", "Template", "paint_card"]

GROUNDS = {
    "sea": ("the sea", "across the sea", "on the sea"),
    "mirror": ("a flooded salt flat", "across a flooded salt flat", "on a flooded salt flat"),
    "dunes": ("the dunes", "across the dunes", "in the dunes"),
    "checker": ("a checkered plain", "across a checkered plain", "on a checkered plain"),
    "clouds": ("a sea of clouds", "across a sea of clouds", "on a sea of clouds"),
    "meadow": ("green hills", "across green hills", "on a green hill"),
    "snow": ("a snowfield", "across a snowfield", "on a snowfield"),
}


def place(ground: str) -> str:
    return GROUNDS[ground][0]


def across(ground: str) -> str:
    return GROUNDS[ground][1]


def on(ground: str) -> str:
    return GROUNDS[ground][2]


@dataclass(frozen=True)
class CardPlan:
    """Everything that decides one card, fixed before a pixel is drawn."""

    id: str
    template: str
    cast: tuple[str, ...]
    ground: str
    palette: str
    seed: int
    number: int = 0
    extra: dict[str, int | str] = field(default_factory=dict)
    title: str = ""

    @property
    def when(self) -> str:
        return PALETTES[self.palette].words


@dataclass(frozen=True)
class Template:
    name: str
    titles: tuple[str, ...]
    themes: tuple[str, ...]
    casts: tuple[tuple[str, ...], ...]
    grounds: tuple[str, ...]
    palettes: tuple[str, ...]
    draw: Callable[[Canvas, CardPlan], None]
    describe: Callable[[CardPlan], str]
    extra: Callable[[random.Random, tuple[str, ...]], dict[str, int | str]] = lambda rng, cast: {}


DAY = ("dawn", "dusk", "noon", "mint", "violet", "golden", "rose", "storm")
NIGHT = ("night", "teal-night")
ANY = DAY + NIGHT


def _ground_y(canvas: Canvas, t: float) -> float:
    """A y on the ground: 0 at the horizon, 1 at the bottom edge."""
    return canvas.horizon + (H - canvas.horizon) * t


# -- 1. giant things on a small world -------------------------------------------------


def _draw_giant(c: Canvas, p: CardPlan) -> None:
    big, small = p.cast
    c.sky()
    c.sun(disc=False)
    c.clouds(4)
    c.ground(p.ground)
    cx = W * c.rng.uniform(0.42, 0.58)
    c.put(big, cx, _ground_y(c, 0.22), H * 0.5, reflect=big)
    side = -1 if cx > W / 2 else 1
    c.put(
        small,
        cx + side * W * c.rng.uniform(0.18, 0.28),
        _ground_y(c, 0.8),
        H * 0.075,
        reflect=small,
    )


def _say_giant(p: CardPlan) -> str:
    big, small = p.cast
    return (
        f"{a(big)} as tall as a house stands {on(p.ground)} {p.when}, "
        f"and a tiny {noun(small)} in the foreground looks up at it"
    )


# -- 2. the reflection shows something else -------------------------------------------


def _draw_reflection(c: Canvas, p: CardPlan) -> None:
    real, mirrored = p.cast
    c.sky()
    c.sun(disc=not PALETTES[p.palette].night)
    c.clouds(3, alpha=110)
    c.ground(p.ground)
    c.put(
        real,
        W * c.rng.uniform(0.4, 0.6),
        _ground_y(c, 0.12),
        H * 0.24,
        reflect=mirrored,
        clear=True,
        haze=0.06,
    )


def _say_reflection(p: CardPlan) -> str:
    real, mirrored = p.cast
    return (
        f"{a(real)} stands {on(p.ground)} {p.when}, but {its(real)} "
        f"reflection in the water is {a(mirrored)}"
    )


# -- 3. riding ---------------------------------------------------------------------

FLOATING = {"jellyfish", "spouting-whale", "whale", "fish", "tropical-fish", "dolphin", "octopus"}


def _draw_rider(c: Canvas, p: CardPlan) -> None:
    rider, mount = p.cast
    c.sky()
    c.sun(disc=not PALETTES[p.palette].night)
    c.clouds(4)
    c.ground(p.ground)
    floating = mount in FLOATING
    cx = W * c.rng.uniform(0.4, 0.6)
    base = _ground_y(c, 0.35)
    lift = H * 0.2 if floating else 0.0
    box = c.put(mount, cx, base, H * 0.3, lift=lift, reflect=mount, flip=c.rng.random() < 0.5)
    top = box[1] + (box[3] - box[1]) * (0.12 if floating else 0.08)
    c.put(rider, (box[0] + box[2]) / 2, top, H * 0.13, shadow=False)


def _say_rider(p: CardPlan) -> str:
    rider, mount = p.cast
    verb = "drifts" if mount in FLOATING else "travels"
    return f"{a(rider)} {verb} {across(p.ground)} {p.when} on the back of {a(mount)}"


# -- 4. a door where no door should be -----------------------------------------------


def _draw_door(c: Canvas, p: CardPlan) -> None:
    (companion,) = p.cast
    c.sky()
    c.sun(disc=False)
    c.clouds(4)
    c.ground(p.ground)
    cx = W * c.rng.uniform(0.4, 0.6)
    if companion == "ladder":
        door_base = c.horizon - H * 0.22
        c.glow(cx, door_base - H * 0.1, H * 0.5, PALETTES[p.palette].light, 0.5)
        box = c.put("door", cx, door_base, H * 0.2, shadow=False)
        foot = _ground_y(c, 0.75)
        _ladder(c, (cx - W * 0.18, foot), (cx - 6, box[3] - 10), 40)
        return
    base = _ground_y(c, 0.25)
    c.glow(cx, base - H * 0.12, H * 0.45, PALETTES[p.palette].light, 0.55)
    box = c.put("door", cx, base, H * 0.26, reflect="door")
    # Light escaping under and around the closed door.
    c.polygon(
        [
            (box[0] + 8, base - 2),
            (box[2] - 8, base - 2),
            (box[2] + 60, base + 40),
            (box[0] - 60, base + 40),
        ],
        mix(PALETTES[p.palette].light, (255, 255, 255), 0.6),
        alpha=170,
        blur=12,
    )
    c.glow((box[0] + box[2]) / 2, base + 14, W * 0.6, PALETTES[p.palette].light, 0.6, squash=0.25)
    if companion == "footprints":
        for i in range(5):
            t = 0.42 + i * 0.12
            c.put(
                "footprints",
                cx + (i - 2) * 8 + W * 0.06 * i,
                _ground_y(c, t),
                H * (0.02 + 0.012 * i),
                shadow=False,
                rotate=-8,
            )
    else:
        c.put(companion, cx - W * 0.25, _ground_y(c, 0.55), H * 0.09, reflect=companion, flip=True)


def _ladder(c: Canvas, foot: tuple[float, float], top: tuple[float, float], rungs: int) -> None:
    brown = (120, 78, 48)
    (x0, y0), (x1, y1) = foot, top
    length = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    half_bottom, half_top = 22.0, 11.0
    for side in (-1, 1):
        c.line(
            [
                (x0 + nx * half_bottom * side, y0 + ny * half_bottom * side),
                (x1 + nx * half_top * side, y1 + ny * half_top * side),
            ],
            brown,
            5,
        )
    steps = max(4, round(length / 26))
    for i in range(1, steps):
        t = i / steps
        px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        half = half_bottom + (half_top - half_bottom) * t
        c.line([(px - nx * half, py - ny * half), (px + nx * half, py + ny * half)], brown, 3)


def _say_door(p: CardPlan) -> str:
    (companion,) = p.cast
    if companion == "ladder":
        return (
            f"a door hangs in the empty sky {p.when}, and a ladder "
            f"leans up to it from {place(p.ground)}"
        )
    if companion == "footprints":
        return (
            f"a closed door stands alone {on(p.ground)} with light "
            f"under it, and footprints lead up to it"
        )
    return (
        f"{a(companion)} waits before a door that stands alone "
        f"{on(p.ground)} {p.when}, light spilling from under it"
    )


# -- 5. a procession ---------------------------------------------------------------


def _draw_procession(c: Canvas, p: CardPlan) -> None:
    follower, leader = p.cast
    n = int(p.extra["count"])
    c.sky()
    c.sun(disc=leader not in ("full-moon", "glowing-star", "crescent-moon"))
    c.clouds(3)
    c.ground(p.ground)
    far_x = W * c.rng.uniform(0.3, 0.7)
    lead_base = _ground_y(c, 0.1)
    c.put(
        leader,
        far_x,
        lead_base,
        H * 0.2,
        lift=H * 0.06 if leader in ("full-moon", "glowing-star") else 0,
        reflect=leader,
    )
    start_x = W * c.rng.choice((0.15, 0.85))
    for i in range(n):
        t = 1 - (i + 1) / (n + 1)
        y = lead_base + (H - 40 - lead_base) * t**1.2
        x = far_x + (start_x - far_x) * t**1.2 + math.sin(i * 1.3) * 12
        c.put(follower, x, y, H * (0.025 + 0.075 * t**1.2), reflect=follower, flip=start_x > far_x)


def _say_procession(p: CardPlan) -> str:
    follower, leader = p.cast
    n = int(p.extra["count"])
    return (
        f"{count(n, follower)} follow one another {across(p.ground)} {p.when} towards {a(leader)}"
    )


# -- 6. carried by balloons --------------------------------------------------------


def _draw_balloons(c: Canvas, p: CardPlan) -> None:
    (cargo,) = p.cast
    n = int(p.extra["count"])
    c.sky()
    c.sun()
    c.clouds(5)
    c.ground(p.ground)
    cx = W * c.rng.uniform(0.42, 0.58)
    base = _ground_y(c, 0.5)
    lift = H * 0.3
    box = c.put(cargo, cx, base, H * 0.18, lift=lift)
    anchor = ((box[0] + box[2]) / 2, box[1] + 8)
    for i in range(n):
        angle = (i - (n - 1) / 2) * 0.32 + c.rng.uniform(-0.08, 0.08)
        reach = H * c.rng.uniform(0.13, 0.19)
        bx, by = anchor[0] + math.sin(angle) * reach, anchor[1] - math.cos(angle) * reach
        c.line([anchor, (bx + 2, by + 40), (bx, by)], (240, 240, 240), 1, 200)
        c.put(
            "balloon", bx, by + H * 0.05, H * 0.09, shadow=False, rotate=-math.degrees(angle) * 0.6
        )


def _say_balloons(p: CardPlan) -> str:
    (cargo,) = p.cast
    n = int(p.extra["count"])
    return (
        f"{a(cargo)} floats high above {place(p.ground)} {p.when}, carried by {count(n, 'balloon')}"
    )


# -- 7. something else where the moon should be ------------------------------------


def _draw_moon(c: Canvas, p: CardPlan) -> None:
    thing, watcher = p.cast
    c.sky()
    x, y = W * c.rng.uniform(0.3, 0.7), H * c.rng.uniform(0.18, 0.28)
    c.light_x, c.light_y = x, y
    c.glow(x, y, H * 0.55, PALETTES[p.palette].light, 0.45)
    c.clouds(3, top=0.4, bottom=0.8, alpha=90)
    c.put(thing, x, y + H * 0.1, H * 0.2, shadow=False, lit=True)
    c.ground(p.ground)
    if c.water:
        c._reflection(icon(thing, round(H * 0.1)), x, c.horizon + 20)
    c.put(watcher, W * c.rng.choice((0.25, 0.75)), _ground_y(c, 0.7), H * 0.12, reflect=watcher)


def _say_moon(p: CardPlan) -> str:
    thing, watcher = p.cast
    return (
        f"{a(thing)} shines in the night sky where the moon should be, and "
        f"{a(watcher)} watches it from {place(p.ground)}"
    )


# -- 8. inside a soap bubble ---------------------------------------------------------


def _draw_bubble(c: Canvas, p: CardPlan) -> None:
    (inside,) = p.cast
    c.sky()
    c.sun()
    c.clouds(4)
    c.ground(p.ground)
    cx, cy = W * c.rng.uniform(0.38, 0.62), H * c.rng.uniform(0.36, 0.44)
    radius = W * 0.27
    c.put(inside, cx, cy + radius * 0.55, radius * 1.05, shadow=False)
    c.bubble(cx, cy, radius)
    # A few small bubbles drift around the big one, never inside it.
    for _ in range(4):
        r = c.rng.uniform(10, 28)
        angle = c.rng.uniform(0, math.tau)
        reach = radius * c.rng.uniform(1.2, 1.7) + r
        c.bubble(cx + math.cos(angle) * reach, cy + math.sin(angle) * reach * 0.9, r)

    # The bubble's shadow far below.
    shadow = Image.new("L", (W, H))
    d = ImageDraw.Draw(shadow)
    gy = _ground_y(c, 0.45)
    d.ellipse((cx - radius * 0.7, gy - 10, cx + radius * 0.7, gy + 10), fill=60)
    c.shade(shadow.filter(ImageFilter.GaussianBlur(10)), (20, 10, 40))


def _say_bubble(p: CardPlan) -> str:
    (inside,) = p.cast
    return f"{a(inside)} drifts over {place(p.ground)} {p.when}, sealed inside a soap bubble"


# -- 9. the shadow is someone else -------------------------------------------------


def _draw_shadow(c: Canvas, p: CardPlan) -> None:
    thing, shade = p.cast
    c.sky()
    cx = W * c.rng.uniform(0.4, 0.6)
    # A low sun just behind the thing throws its shadow towards us, upside down.
    c.light_x = cx + W * c.rng.choice((-0.16, 0.16))
    c.light_y = c.horizon - H * 0.05
    c.sun(radius=34)
    c.clouds(3)
    c.ground(p.ground)
    base = _ground_y(c, 0.16)
    height = H * 0.16
    flip = c.light_x > cx
    shape = icon(shade, round(height * 1.9), flip=flip).getchannel("A")
    feet = shape.crop((0, round(shape.height * 0.9), shape.width, shape.height)).getbbox()
    feet_x = (feet[0] + feet[2]) / 2 if feet else shape.width / 2
    stretch = (H - base) / shape.height * 1.05
    long = shape.resize((shape.width, max(2, round(shape.height * stretch))))
    long = long.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    # Lean away from the sun as the shadow gets longer.
    lean = 0.25 if flip else -0.25
    pad = round(abs(lean) * long.height)
    sheared = Image.new("L", (long.width + 2 * pad, long.height))
    sheared.paste(long, (pad, 0))
    sheared = sheared.transform(
        sheared.size,
        Image.Transform.AFFINE,
        (1, lean, 0, 0, 1, 0),
        Image.Resampling.BILINEAR,
    )
    mask = Image.new("L", (W, H))
    mask.paste(
        sheared.point(lambda v: round(v * 0.62)), (round(cx - feet_x - pad), round(base - 6))
    )
    c.shade(
        mask.filter(ImageFilter.GaussianBlur(2.5)),
        mix(PALETTES[p.palette].sky[0], (10, 0, 20), 0.6),
    )
    contact = Image.new("L", (W, H))
    ImageDraw.Draw(contact).ellipse(
        (cx - height * 0.3, base - 7, cx + height * 0.3, base + 7), fill=150
    )
    c.shade(contact.filter(ImageFilter.GaussianBlur(4)), (20, 10, 30))
    c.put(thing, cx, base, height, shadow=False, flip=flip)


def _say_shadow(p: CardPlan) -> str:
    thing, shade = p.cast
    return (
        f"{a(thing)} stands {on(p.ground)} in the low sun, but {its(thing)} long "
        f"shadow is the shadow of {a(shade)}"
    )


# -- 10. an impossible tower -------------------------------------------------------


def _draw_stack(c: Canvas, p: CardPlan) -> None:
    *items, top = p.cast
    c.sky()
    c.sun(disc=False)
    c.clouds(4)
    c.ground(p.ground)
    cx = W * c.rng.uniform(0.44, 0.56)
    y = _ground_y(c, 0.45)
    size = H * 0.19
    first = True
    for item in items:
        box = c.put(
            item,
            cx + c.rng.uniform(-14, 14),
            y,
            size,
            shadow=first,
            reflect=item if first else None,
            rotate=c.rng.uniform(-7, 7),
        )
        first = False
        y = box[1] + (box[3] - box[1]) * 0.1
        size *= 0.82
    c.put(top, cx, y + 4, H * 0.06, shadow=False)


def _say_stack(p: CardPlan) -> str:
    *items, top = p.cast
    return (
        f"{join([a(i) for i in items])} are stacked one on top of another {on(p.ground)}, "
        f"and {a(top)} stands at the very top"
    )


# -- 11. it is raining things --------------------------------------------------------


def _draw_rain(c: Canvas, p: CardPlan) -> None:
    falling, under = p.cast
    c.sky()
    c.sun(disc=False)
    c.clouds(6, top=0.02, bottom=0.3, alpha=170)
    c.ground(p.ground)
    for _ in range(26):
        x, y = c.rng.uniform(0.03, 0.97) * W, c.rng.uniform(0.12, 0.95) * H
        size = H * c.rng.uniform(0.025, 0.05) * (0.6 + y / H)
        c.put(falling, x, y, size, shadow=False, rotate=c.rng.uniform(-40, 40), alpha=0.95)
    cx = W * c.rng.uniform(0.35, 0.65)
    base = _ground_y(c, 0.62)
    person = c.put(under, cx, base, H * 0.11, reflect=under)
    c.put("umbrella", cx, person[1] + 14, H * 0.11, shadow=False)


def _say_rain(p: CardPlan) -> str:
    falling, under = p.cast
    return (
        f"it is raining {plural(falling)} {on(p.ground)} {p.when}, "
        f"and {a(under)} shelters under an umbrella"
    )


# -- 12. a frame onto somewhere else ------------------------------------------------


def _draw_frame(c: Canvas, p: CardPlan) -> None:
    (inside,) = p.cast
    inner_palette, inner_ground = str(p.extra["inner_palette"]), str(p.extra["inner_ground"])
    c.sky()
    c.sun(disc=False)
    c.clouds(3)
    c.ground(p.ground)
    world = Canvas(random.Random(p.seed + 1), PALETTES[inner_palette], horizon=0.55)
    world.sky()
    world.sun()
    world.ground(inner_ground)
    world.put(
        inside,
        W * 0.5,
        _ground_y(world, 0.25),
        H * 0.3,
        reflect=inside,
        lift=H * 0.08 if inside in FLOATING else 0,
    )
    cx, base = W * c.rng.uniform(0.45, 0.55), _ground_y(c, 0.3)
    fw, fh = round(W * 0.5), round(H * 0.42)
    view = world.finish(grain=0, vignette=0.2).resize((fw, fh), Image.Resampling.LANCZOS)
    x0, y0 = round(cx - fw / 2), round(base - fh - 20)
    # Shadow of the frame on the ground, then the frame, then the other world inside it.
    shadow = Image.new("L", (W, H))
    ImageDraw.Draw(shadow).polygon(
        [(x0, base - 4), (x0 + fw, base - 4), (x0 + fw + 90, base + 24), (x0 + 60, base + 24)],
        fill=90,
    )
    c.shade(shadow.filter(ImageFilter.GaussianBlur(8)), (20, 10, 30))
    gold, dark_gold = (222, 176, 84), (140, 96, 40)
    border = 18
    c.polygon(
        [
            (x0 - border, y0 - border),
            (x0 + fw + border, y0 - border),
            (x0 + fw + border, y0 + fh + border),
            (x0 - border, y0 + fh + border),
        ],
        dark_gold,
    )
    c.polygon(
        [
            (x0 - border + 4, y0 - border + 4),
            (x0 + fw + border - 4, y0 - border + 4),
            (x0 + fw + border - 8, y0 + fh + border - 8),
            (x0 - border + 8, y0 + fh + border - 8),
        ],
        gold,
    )
    c.image.paste(view, (x0, y0))
    for leg in (x0 + 10, x0 + fw - 10):
        c.line([(leg, y0 + fh + border), (leg, base)], dark_gold, 5)


def _say_frame(p: CardPlan) -> str:
    (inside,) = p.cast
    inner_palette, inner_ground = str(p.extra["inner_palette"]), str(p.extra["inner_ground"])
    return (
        f"a gilded frame stands {on(p.ground)} {p.when}; through it lies another place, "
        f"{place(inner_ground)} {PALETTES[inner_palette].words} with {a(inside)}"
    )


# -- 13. a face rises like the sun ------------------------------------------------


def _draw_face(c: Canvas, p: CardPlan) -> None:
    (face,) = p.cast
    c.sky()
    x = W * c.rng.uniform(0.4, 0.6)
    c.light_x, c.light_y = x, c.horizon - H * 0.08
    c.glow(x, c.horizon - H * 0.05, H * 0.9, PALETTES[p.palette].light, 0.6)
    c.clouds(4, alpha=120)
    c.put(face, x, c.horizon + H * 0.16, H * 0.42, shadow=False, lit=True)
    c.ground(p.ground)
    if c.water:
        c._reflection(
            icon(face, round(H * 0.25)).crop((0, 0, round(H * 0.42), round(H * 0.1))), x, c.horizon
        )
    c.put(
        "sailboat" if c.water else "person-walking",
        W * c.rng.choice((0.2, 0.8)),
        _ground_y(c, 0.6),
        H * 0.07,
        reflect="sailboat" if c.water else None,
    )


def _say_face(p: CardPlan) -> str:
    (face,) = p.cast
    small = (
        "a small sailboat goes on its way"
        if p.ground in ("sea", "mirror")
        else ("a walker goes on their way")
    )
    return (
        f"{a(face)} as big as a mountain rises over {place(p.ground)} "
        f"like the sun, and {small} below"
    )


# -- 14. a light in the dark ---------------------------------------------------------


def _draw_lantern(c: Canvas, p: CardPlan) -> None:
    walker, light = p.cast
    c.sky()
    c.clouds(3, alpha=80)
    c.ground(p.ground)
    cx, base = W * c.rng.uniform(0.35, 0.5), _ground_y(c, 0.5)
    lx, ly = cx + W * 0.2, base - H * 0.19
    c.light_x, c.light_y = lx, ly
    warm = mix(PALETTES[p.palette].light, (255, 200, 120), 0.7)
    c.glow(lx, ly, H * 0.7, warm, 0.55)
    c.glow(lx - W * 0.05, base + 6, W * 1.1, warm, 0.75, squash=0.3)
    c.put(walker, cx, base, H * 0.17, reflect=walker, lit=True)  # lit by the light beside it
    c.put(light, lx, ly + H * 0.045, H * 0.09, shadow=False, lit=True)
    c.glow(lx, ly, H * 0.22, (255, 230, 170), 0.6)


def _say_lantern(p: CardPlan) -> str:
    walker, light = p.cast
    return (
        f"{a(walker)} crosses {place(p.ground)} in the dark, led by "
        f"{a(light)} that floats beside {them(walker)} and lights the way"
    )


# -- 15. constellations --------------------------------------------------------------


def _draw_stars_shape(c: Canvas, p: CardPlan) -> None:
    shape, watcher = p.cast
    c.sky()
    c.ground(p.ground)
    size = round(H * 0.4)
    figure = icon(shape, size)
    alpha = figure.getchannel("A")
    edges = alpha.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v > 120 else 0)
    points: list[tuple[float, float]] = []
    ox, oy = W / 2 - alpha.width / 2, H * 0.07
    px = edges.load()
    assert px is not None
    candidates = [
        (x, y) for y in range(0, edges.height, 3) for x in range(0, edges.width, 3) if px[x, y]
    ]
    c.rng.shuffle(candidates)
    for x, y in candidates:
        if all((x - qx) ** 2 + (y - qy) ** 2 > 34**2 for qx, qy in points):
            points.append((x, y))
        if len(points) >= 36:
            break
    stars = [(ox + x, oy + y) for x, y in points]
    # A faint ghost of the figure, as if the eye fills in what the stars suggest.
    # Its inner lines show too, like a nebula, so the figure can be read.
    nebula = Image.merge(
        "RGBA",
        (
            *Image.merge("RGB", [figure.convert("L")] * 3).split(),
            alpha.point(lambda v: v * 70 // 255),
        ),
    )
    nebula = Image.blend(nebula, Image.new("RGBA", nebula.size, (120, 150, 255, 0)), 0.45)
    nebula.putalpha(alpha.point(lambda v: v * 60 // 255))
    layer = Image.new("RGBA", (W, H))
    layer.alpha_composite(nebula.filter(ImageFilter.GaussianBlur(1.5)), (round(ox), round(oy)))
    c.image.alpha_composite(layer)
    links: set[tuple[int, int]] = set()
    for i, (sx, sy) in enumerate(stars):
        near = sorted(
            range(len(stars)), key=lambda j: (stars[j][0] - sx) ** 2 + (stars[j][1] - sy) ** 2
        )
        for j in near[1:3]:
            links.add((min(i, j), max(i, j)))
    for i, j in sorted(links):
        c.line([stars[i], stars[j]], (205, 220, 255), 1, 150)
    for sx, sy in stars:
        c.glow(sx, sy, 26, (200, 220, 255), 0.8)
        c.polygon([(sx - 2.5, sy), (sx, sy - 2.5), (sx + 2.5, sy), (sx, sy + 2.5)], (255, 255, 250))
    c.put(watcher, W * c.rng.choice((0.22, 0.78)), _ground_y(c, 0.55), H * 0.12, reflect=watcher)


def _say_stars_shape(p: CardPlan) -> str:
    shape, watcher = p.cast
    return (
        f"the stars above {place(p.ground)} are joined into the shape of "
        f"{a(shape)}, and {a(watcher)} {'points' if watcher == 'telescope' else 'looks'} up at them"
    )


# -- 16. a ladder to the sky ---------------------------------------------------------


def _draw_ladder(c: Canvas, p: CardPlan) -> None:
    target, climber = p.cast
    c.sky()
    tx, ty = W * c.rng.uniform(0.55, 0.72), H * c.rng.uniform(0.14, 0.22)
    c.light_x, c.light_y = tx, ty
    c.glow(tx, ty, H * 0.5, PALETTES[p.palette].light, 0.45)
    c.clouds(4)
    box = c.put(target, tx, ty + H * 0.08, H * 0.16, shadow=False, lit=True)
    c.ground(p.ground)
    foot = (W * 0.3, _ground_y(c, 0.6))
    _ladder(c, foot, ((box[0] + box[2]) / 2 - 20, box[3] - 12), 30)
    c.put(climber, foot[0] - W * 0.12, foot[1] + 10, H * 0.1, reflect=climber)


def _say_ladder(p: CardPlan) -> str:
    target, climber = p.cast
    return (
        f"a ladder climbs from {place(p.ground)} all the way up to "
        f"{a(target)} in the sky, and {a(climber)} waits at its foot"
    )


# -- 17. the tree that grows things -------------------------------------------------


def _draw_tree(c: Canvas, p: CardPlan) -> None:
    fruit, visitor = p.cast
    c.sky()
    c.sun(disc=False)
    c.clouds(3)
    c.ground(p.ground)
    cx, base = W * c.rng.uniform(0.45, 0.55), _ground_y(c, 0.3)
    box = c.put("deciduous-tree", cx, base, H * 0.46, reflect="deciduous-tree")
    canopy_h = (box[3] - box[1]) * 0.6
    for _ in range(9):
        angle = c.rng.uniform(0, math.tau)
        r = c.rng.uniform(0.1, 0.42)
        fx = cx + math.cos(angle) * r * (box[2] - box[0])
        fy = box[1] + canopy_h * 0.55 + math.sin(angle) * r * canopy_h
        c.put(fruit, fx, fy + 18, H * 0.045, shadow=False, rotate=c.rng.uniform(-15, 15))
    c.put(
        visitor, cx + W * 0.3 * c.rng.choice((-1, 1)), _ground_y(c, 0.75), H * 0.09, reflect=visitor
    )


def _say_tree(p: CardPlan) -> str:
    fruit, visitor = p.cast
    return (
        f"a lone tree {on(p.ground)} grows {plural(fruit)} instead of "
        f"fruit, and {a(visitor)} stands beneath it {p.when}"
    )


def _count(low: int, high: int) -> Callable[[random.Random, tuple[str, ...]], dict[str, int | str]]:
    return lambda rng, cast: {"count": rng.randint(low, high)}


def _inner(rng: random.Random, cast: tuple[str, ...]) -> dict[str, int | str]:
    return {
        "inner_palette": rng.choice(("night", "teal-night", "noon", "golden")),
        "inner_ground": rng.choice(("sea", "snow", "meadow", "clouds")),
    }


TEMPLATES: dict[str, Template] = {
    t.name: t
    for t in (
        Template(
            "giant",
            (
                "The Monument",
                "Small Questions",
                "Looming",
                "Out of Proportion",
                "The Visitor",
                "Pilgrimage",
                "Too Big to Ignore",
                "Tall Tales",
            ),
            ("scale", "awe", "importance"),
            (
                ("alarm-clock", "person-standing"),
                ("hourglass-not-done", "person-walking"),
                ("light-bulb", "person-mage"),
                ("teapot", "detective"),
                ("chess-pawn", "person-standing"),
                ("old-key", "astronaut"),
                ("egg", "person-walking"),
                ("game-die", "ninja"),
            ),
            ("checker", "dunes", "mirror", "meadow", "snow"),
            DAY,
            _draw_giant,
            _say_giant,
        ),
        Template(
            "reflection",
            (
                "Other Self",
                "What the Water Knows",
                "Deep Down",
                "Two Faces",
                "Wishful Thinking",
                "The True Shape",
                "Underneath",
                "Mirror, Mirror",
            ),
            ("identity", "hidden nature", "dreams"),
            (
                ("cat", "tiger"),
                ("duck", "swan"),
                ("baby-chick", "eagle"),
                ("house", "castle"),
                ("rabbit", "dragon"),
                ("person-standing", "astronaut"),
                ("candle", "glowing-star"),
                ("mouse", "elephant"),
            ),
            ("sea", "mirror"),
            ANY,
            _draw_reflection,
            _say_reflection,
        ),
        Template(
            "rider",
            (
                "Moving House",
                "The Long Way Home",
                "Passengers",
                "Carried Away",
                "Nomads",
                "Slow Travel",
                "Everything I Own",
                "Drifting",
            ),
            ("journey", "home", "dependence"),
            (
                ("house", "jellyfish"),
                ("castle", "turtle"),
                ("tent", "snail"),
                ("ferris-wheel", "spouting-whale"),
                ("circus-tent", "elephant"),
                ("hut", "whale"),
                ("bed", "octopus"),
                ("classical-building", "camel"),
            ),
            ("dunes", "sea", "clouds", "meadow", "checker"),
            ANY,
            _draw_rider,
            _say_rider,
        ),
        Template(
            "door",
            (
                "The Other Side",
                "Knock",
                "Way Out",
                "Invitation",
                "Threshold",
                "Nowhere Door",
                "Somebody's Home",
                "Through",
            ),
            ("the unknown", "choice", "passage"),
            (
                ("ladder",),
                ("footprints",),
                ("cat",),
                ("snail",),
                ("ghost",),
                ("robot",),
                ("owl",),
                ("unicorn",),
            ),
            ("dunes", "clouds", "checker", "snow", "mirror", "meadow"),
            ANY,
            _draw_door,
            _say_door,
        ),
        Template(
            "procession",
            (
                "Follow the Leader",
                "The Pilgrims",
                "Single File",
                "Where Are We Going?",
                "The Parade",
                "Devotion",
                "Almost There",
                "Migration",
            ),
            ("following", "devotion", "journey"),
            (
                ("duck", "old-key"),
                ("penguin", "full-moon"),
                ("snail", "alarm-clock"),
                ("ant", "crown"),
                ("baby-chick", "egg"),
                ("person-walking", "light-bulb"),
                ("turtle", "glowing-star"),
                ("flamingo", "palm-tree"),
            ),
            ("dunes", "snow", "checker", "mirror", "meadow"),
            DAY,
            _draw_procession,
            _say_procession,
            _count(5, 8),
        ),
        Template(
            "balloons",
            (
                "Lighter Than Air",
                "Lift-off",
                "Leaving Everything",
                "Up and Away",
                "Weightless",
                "The Escape",
                "Unburdened",
                "Lost Toy",
            ),
            ("escape", "lightness", "letting go"),
            (
                ("house",),
                ("whale",),
                ("bathtub",),
                ("elephant",),
                ("snail",),
                ("musical-keyboard",),
                ("anchor",),
                ("teddy-bear",),
            ),
            ("clouds", "sea", "dunes", "meadow", "checker"),
            DAY,
            _draw_balloons,
            _say_balloons,
            _count(3, 7),
        ),
        Template(
            "moon",
            (
                "Night Light",
                "A Different Moon",
                "Craving",
                "Tonight Only",
                "The Watcher",
                "Sleepless",
                "Hungry Night",
                "Sour Moon",
            ),
            ("night", "longing", "dreams"),
            (
                ("cookie", "owl"),
                ("egg", "cat"),
                ("alarm-clock", "rabbit"),
                ("eye", "black-cat"),
                ("tangerine", "deer"),
                ("game-die", "person-standing"),
                ("doughnut", "penguin"),
                ("lemon", "giraffe"),
            ),
            ("sea", "meadow", "snow", "dunes", "mirror"),
            NIGHT,
            _draw_moon,
            _say_moon,
        ),
        Template(
            "bubble",
            (
                "Fragile World",
                "Safe Inside",
                "Do Not Touch",
                "A Little Room",
                "Floating Home",
                "Held Breath",
                "The Daydream",
                "Time Out",
            ),
            ("fragility", "protection", "isolation"),
            (
                ("cat",),
                ("house",),
                ("tropical-fish",),
                ("person-in-lotus-position",),
                ("rose",),
                ("snail",),
                ("octopus",),
                ("mantelpiece-clock",),
            ),
            ("sea", "clouds", "meadow", "dunes", "checker"),
            DAY,
            _draw_bubble,
            _say_bubble,
        ),
        Template(
            "shadow",
            (
                "Inner Beast",
                "Late Afternoon",
                "Who I Really Am",
                "Big Ideas",
                "The Long Shadow",
                "Secret Self",
                "Becoming",
                "Unravelled",
            ),
            ("hidden nature", "ambition", "fear"),
            (
                ("rabbit", "t-rex"),
                ("chess-pawn", "crown"),
                ("baby-chick", "eagle"),
                ("snowman", "person-walking"),
                ("cat", "tiger"),
                ("seedling", "deciduous-tree"),
                ("mouse", "elephant"),
                ("yarn", "cat"),
            ),
            ("dunes", "checker", "snow", "meadow"),
            ("dawn", "dusk", "golden", "violet", "rose"),
            _draw_shadow,
            _say_shadow,
        ),
        Template(
            "stack",
            (
                "Balancing Act",
                "Hold Still",
                "Precarious",
                "How It All Fits",
                "The Top",
                "Everything at Once",
                "Concerto",
                "Cold Comfort",
            ),
            ("balance", "ambition", "fragility"),
            (
                ("books", "teapot", "fish", "person-standing"),
                ("elephant", "turtle", "house", "cat"),
                ("rock", "egg", "crown", "mouse"),
                ("package", "wrapped-gift", "birthday-cake", "person-fairy"),
                ("whale", "bathtub", "chair", "owl"),
                ("mushroom", "snail", "red-apple", "lady-beetle"),
                ("open-book", "violin", "spiral-shell", "butterfly"),
                ("ice", "cactus", "snowflake", "penguin"),
            ),
            ("checker", "dunes", "mirror", "meadow", "clouds"),
            DAY,
            _draw_stack,
            _say_stack,
        ),
        Template(
            "rain",
            (
                "Forecast",
                "Downpour",
                "Sudden Weather",
                "Heavy Sky",
                "Showers",
                "Luck Falls",
                "Under Cover",
                "Missing Pieces",
            ),
            ("abundance", "fate", "protection"),
            (
                ("fish", "person-standing"),
                ("old-key", "detective"),
                ("feather", "penguin"),
                ("envelope", "person-walking"),
                ("maple-leaf", "snowman"),
                ("glowing-star", "person-mage"),
                ("game-die", "cat"),
                ("puzzle-piece", "robot"),
            ),
            ("checker", "meadow", "snow", "dunes", "mirror"),
            ("storm", "noon", "mint", "violet", "dusk"),
            _draw_rain,
            _say_rain,
        ),
        Template(
            "frame",
            (
                "Window on Elsewhere",
                "Still Life",
                "The Gallery",
                "Somewhere Else",
                "Escape Route",
                "Memory Lane",
                "Homesick",
                "Open Water",
            ),
            ("memory", "escape", "other worlds"),
            (
                ("spouting-whale",),
                ("sailboat",),
                ("castle",),
                ("jellyfish",),
                ("deer",),
                ("rocket",),
                ("house",),
                ("dolphin",),
            ),
            ("dunes", "checker", "mirror", "meadow", "snow"),
            DAY,
            _draw_frame,
            _say_frame,
            _inner,
        ),
        Template(
            "face",
            (
                "Morning Person",
                "Rise and Shine",
                "Who Is Watching",
                "Sleepyhead",
                "New Day",
                "The Old Ones",
                "Dawn of Time",
                "Good Morning",
            ),
            ("waking", "watching", "cycles"),
            (
                ("sleeping-face",),
                ("full-moon-face",),
                ("moai",),
                ("owl",),
                ("anatomical-heart",),
                ("eye",),
                ("sauropod",),
                ("unicorn",),
            ),
            ("sea", "dunes", "mirror", "clouds"),
            ("dawn", "dusk", "golden", "rose", "violet"),
            _draw_face,
            _say_face,
        ),
        Template(
            "lantern",
            (
                "Night Walk",
                "Guiding Light",
                "Lost and Found",
                "Keep Going",
                "A Bright Idea",
                "Company",
                "Follow Me",
                "A Little Magic",
            ),
            ("hope", "guidance", "solitude"),
            (
                ("person-walking", "light-bulb"),
                ("detective", "candle"),
                ("robot", "red-paper-lantern"),
                ("person-mage", "crystal-ball"),
                ("astronaut", "glowing-star"),
                ("rabbit", "jellyfish"),
                ("ninja", "gem-stone"),
                ("deer", "magic-wand"),
            ),
            ("dunes", "snow", "meadow", "checker"),
            NIGHT,
            _draw_lantern,
            _say_lantern,
        ),
        Template(
            "constellation",
            (
                "Star Map",
                "Join the Dots",
                "Signs",
                "Written in the Stars",
                "Up There",
                "Someone Drew This",
                "Old Stories",
                "The Rider",
            ),
            ("fate", "imagination", "wonder"),
            (
                ("whale", "person-standing"),
                ("old-key", "telescope"),
                ("rabbit", "owl"),
                ("teapot", "person-in-lotus-position"),
                ("snail", "astronaut"),
                ("umbrella", "cat"),
                ("sailboat", "person-rowing-boat"),
                ("horse", "detective"),
            ),
            ("sea", "snow", "dunes", "meadow", "mirror"),
            NIGHT,
            _draw_stars_shape,
            _say_stars_shape,
        ),
        Template(
            "ladder",
            (
                "Reaching",
                "The Climb",
                "Almost",
                "Ambition",
                "One Step at a Time",
                "Way Up",
                "Dare",
                "Loose String",
            ),
            ("ambition", "reaching", "escape"),
            (
                ("crescent-moon", "cat"),
                ("cloud", "penguin"),
                ("glowing-star", "person-standing"),
                ("ringed-planet", "astronaut"),
                ("hole", "rabbit"),
                ("full-moon", "snail"),
                ("comet", "owl"),
                ("kite", "person-standing"),
            ),
            ("sea", "dunes", "meadow", "snow", "mirror"),
            ("night", "teal-night", "violet", "dusk"),
            _draw_ladder,
            _say_ladder,
        ),
        Template(
            "tree",
            (
                "Harvest",
                "Strange Fruit",
                "It Grew",
                "Orchard",
                "Ripe",
                "The Gardener",
                "Seasons",
                "Locked Garden",
            ),
            ("growth", "abundance", "nature"),
            (
                ("light-bulb", "person-mage"),
                ("old-key", "detective"),
                ("eye", "cat"),
                ("alarm-clock", "snail"),
                ("envelope", "person-walking"),
                ("fish", "black-cat"),
                ("bell", "owl"),
                ("locked", "ninja"),
            ),
            ("meadow", "dunes", "checker", "snow", "mirror"),
            DAY,
            _draw_tree,
            _say_tree,
        ),
    )
}


#: Things every card of a template shows besides its cast; they are tagged like the cast.
PROPS: dict[str, tuple[str, ...]] = {
    "door": ("door",),
    "balloons": ("balloon",),
    "rain": ("umbrella",),
    "tree": ("deciduous-tree",),
    "ladder": ("ladder",),
}


def paint_card(plan: CardPlan) -> Image.Image:
    """Draw the card ``plan`` describes: the same plan always gives the same picture."""
    template = TEMPLATES[plan.template]
    canvas = Canvas(
        random.Random(plan.seed),
        PALETTES[plan.palette],
        horizon=random.Random(plan.seed).uniform(0.56, 0.66),
    )
    template.draw(canvas, plan)
    return canvas.finish()


def describe(plan: CardPlan) -> str:
    return sentence(TEMPLATES[plan.template].describe(plan))
