"""The painter: skies, grounds, light, shadows and reflections, with Pillow only.

Every random choice comes from the ``random.Random`` the caller passes, so a
card painted twice from the same plan is the same picture, pixel for pixel.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from ..images import CARD_SIZE
from .art import icon

__all__ = ["PALETTES", "Canvas", "Palette"]

RGB = tuple[int, int, int]
W, H = CARD_SIZE


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def gradient(size: tuple[int, int], stops: Sequence[tuple[float, RGB]]) -> Image.Image:
    """A vertical gradient through ``stops`` (position 0 at the top, 1 at the bottom)."""
    width, height = size
    column = Image.new("RGB", (1, height))
    pixels = column.load()
    assert pixels is not None
    for y in range(height):
        t = y / max(1, height - 1)
        for (p0, c0), (p1, c1) in itertools.pairwise(stops):
            if t <= p1 or (p1, c1) == stops[-1]:
                pixels[0, y] = mix(c0, c1, (t - p0) / max(1e-6, p1 - p0))
                break
    return column.resize((width, height), Image.Resampling.NEAREST)


def radial(size: int) -> Image.Image:
    """An 'L' disc: 255 in the centre fading smoothly to 0 at the rim."""
    base = Image.radial_gradient("L").resize((size, size), Image.Resampling.BILINEAR)
    # radial_gradient is 0 in the centre; invert and ease so the falloff is soft.
    return base.point(lambda v: round(255 * max(0.0, 1 - v / 255 * 1.414) ** 1.8))


@dataclass(frozen=True, slots=True)
class Palette:
    """A time of day: sky stops, the light and the colours the grounds take from it."""

    name: str
    words: str
    sky: tuple[RGB, RGB, RGB]
    light: RGB
    night: bool = False
    sun: bool = True
    ground_tint: RGB = (255, 255, 255)


PALETTES: dict[str, Palette] = {
    p.name: p
    for p in (
        Palette(
            "dawn", "at dawn", ((64, 82, 150), (226, 160, 160), (252, 216, 168)), (255, 214, 160)
        ),
        Palette(
            "dusk", "at dusk", ((44, 40, 96), (160, 86, 140), (250, 156, 112)), (255, 170, 120)
        ),
        Palette(
            "night",
            "at night",
            ((8, 12, 40), (28, 38, 88), (72, 82, 140)),
            (210, 220, 255),
            night=True,
            sun=False,
        ),
        Palette(
            "teal-night",
            "under a green night sky",
            ((4, 36, 44), (18, 86, 96), (110, 160, 148)),
            (200, 255, 230),
            night=True,
            sun=False,
        ),
        Palette(
            "noon",
            "under a bright sky",
            ((86, 146, 222), (168, 208, 240), (236, 240, 244)),
            (255, 250, 235),
        ),
        Palette(
            "mint",
            "on a pale morning",
            ((112, 186, 190), (196, 228, 214), (250, 240, 220)),
            (255, 248, 225),
        ),
        Palette(
            "violet",
            "in a violet twilight",
            ((58, 30, 100), (160, 90, 170), (255, 190, 200)),
            (255, 200, 220),
        ),
        Palette(
            "golden",
            "in the golden hour",
            ((196, 116, 72), (244, 178, 110), (255, 232, 172)),
            (255, 220, 150),
        ),
        Palette(
            "storm",
            "under a grey sky",
            ((58, 66, 88), (118, 128, 148), (190, 190, 196)),
            (235, 235, 240),
            sun=False,
        ),
        Palette(
            "rose",
            "on a rose-coloured morning",
            ((236, 146, 170), (248, 198, 190), (255, 236, 212)),
            (255, 236, 220),
        ),
    )
}


class Canvas:
    """One card being painted. ``horizon`` is the y of the horizon line."""

    def __init__(self, rng: random.Random, palette: Palette, horizon: float = 0.62) -> None:
        self.rng = rng
        self.palette = palette
        self.horizon = round(H * horizon)
        self.image = Image.new("RGBA", (W, H))
        self.light_x = rng.uniform(0.15, 0.85) * W
        self.light_y = self.horizon - rng.uniform(0.12, 0.4) * H
        self.ground_kind = ""
        self.water = False
        self.haze = palette.sky[2]

    # -- sky -------------------------------------------------------------------

    def sky(self) -> None:
        top, middle, low = self.palette.sky
        stops = [(0.0, top), (0.55, middle), (1.0, low)]
        sky = gradient((W, self.horizon), stops)
        self.image.paste(sky, (0, 0))
        if self.palette.night:
            self.stars()

    def stars(self, count: int = 140) -> None:
        draw = ImageDraw.Draw(self.image, "RGBA")
        for _ in range(count):
            x = self.rng.uniform(0, W)
            y = self.rng.uniform(0, self.horizon * 0.9) ** 1.15 / (self.horizon**0.15)
            r = self.rng.choice((0.7, 0.9, 1.1, 1.4, 1.8))
            a = round(self.rng.uniform(90, 255) * (1 - y / self.horizon) ** 0.5)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 240, a))

    def sun(self, radius: int = 46, disc: bool = True) -> None:
        """A low sun (or the moonlight's glow at night) at the light's place."""
        x, y = self.light_x, self.light_y
        self.glow(x, y, radius * 10, self.palette.light, 0.5)
        if disc and self.palette.sun:
            self.glow(x, y, radius * 3.2, mix(self.palette.light, (255, 255, 255), 0.5), 0.9)
            disc_mask = Image.new("L", (W, H))
            d = ImageDraw.Draw(disc_mask)
            d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
            core = mix(self.palette.light, (255, 255, 255), 0.75)
            self._tint(core, disc_mask.filter(ImageFilter.GaussianBlur(radius / 6)))
            self.glow(x, y, radius * 2.2, (255, 255, 255), 0.35)

    def glow(
        self, x: float, y: float, size: float, colour: RGB, strength: float, squash: float = 1.0
    ) -> None:
        """Light added around (x, y): a soft disc of ``colour`` screened onto the picture.

        ``squash`` < 1 flattens it into a pool of light lying on the ground.
        """
        size = max(4, round(size))
        tall = max(2, round(size * squash))
        mask = radial(size).resize((size, tall)).point(lambda v: round(v * strength))
        layer = Image.new("RGB", (W, H), (0, 0, 0))
        spot = Image.new("RGB", (size, tall), colour)
        black = Image.new("RGB", (size, tall), (0, 0, 0))
        layer.paste(Image.composite(spot, black, mask), (round(x - size / 2), round(y - tall / 2)))
        rgb = self.image.convert("RGB")
        lit = ImageChops.screen(rgb, layer)
        lit.putalpha(self.image.getchannel("A"))
        self.image = lit

    def clouds(
        self, count: int = 5, top: float = 0.08, bottom: float = 0.8, alpha: int = 150
    ) -> None:
        """Soft streaks of cloud between ``top`` and ``bottom`` (fractions of the sky)."""
        layer = Image.new("L", (W, H))
        draw = ImageDraw.Draw(layer)
        for _ in range(count):
            cx = self.rng.uniform(-0.1, 1.1) * W
            cy = self.rng.uniform(top, bottom) * self.horizon
            length = self.rng.uniform(0.25, 0.6) * W
            for _ in range(self.rng.randint(3, 6)):
                dx = self.rng.uniform(-0.4, 0.4) * length
                dy = self.rng.uniform(-10, 10)
                rx = self.rng.uniform(0.2, 0.45) * length
                ry = self.rng.uniform(6, 16)
                draw.ellipse((cx + dx - rx, cy + dy - ry, cx + dx + rx, cy + dy + ry), fill=alpha)
        layer = layer.filter(ImageFilter.GaussianBlur(9))
        colour = mix(self.palette.light, (255, 255, 255), 0.5)
        if self.palette.night:
            colour = mix(self.palette.sky[1], (200, 210, 240), 0.45)
        self._tint(colour, layer)

    def _tint(self, colour: RGB, mask: Image.Image) -> None:
        solid = Image.new("RGBA", (W, H), (*colour, 255))
        solid.putalpha(mask)
        self.image.alpha_composite(solid)

    # -- grounds ---------------------------------------------------------------

    def ground(self, kind: str) -> None:
        self.ground_kind = kind
        {
            "sea": self._sea,
            "mirror": self._mirror,
            "dunes": self._dunes,
            "checker": self._checker,
            "clouds": self._cloud_sea,
            "meadow": self._meadow,
            "snow": self._snow,
        }[kind]()

    def _ground_gradient(self, near: RGB, far: RGB) -> Image.Image:
        return gradient((W, H - self.horizon), [(0.0, far), (1.0, near)])

    def _sea(self) -> None:
        self.water = True
        top, middle, low = self.palette.sky
        far = mix(low, middle, 0.45)
        near = mix(top, (10, 20, 50), 0.45)
        self.image.paste(self._ground_gradient(near, far), (0, self.horizon))
        draw = ImageDraw.Draw(self.image, "RGBA")
        streak = mix(low, (255, 255, 255), 0.4)
        depth = H - self.horizon
        for i in range(70):
            t = (i / 70) ** 1.9
            y = self.horizon + 2 + t * depth
            length = self.rng.uniform(20, 90) * (0.3 + t * 1.6)
            x = self.rng.uniform(-0.1, 1.0) * W
            alpha = round(self.rng.uniform(40, 90) * (1 - 0.5 * t))
            draw.line((x, y, x + length, y), fill=(*streak, alpha), width=1 + round(t * 1.5))
        if self.palette.sun or self.palette.night:
            self._glitter()

    def _glitter(self) -> None:
        """The path of light on the water, below the sun or the moon."""
        draw = ImageDraw.Draw(self.image, "RGBA")
        colour = mix(self.palette.light, (255, 255, 255), 0.5)
        depth = H - self.horizon
        for _ in range(90):
            t = self.rng.random() ** 1.6
            y = self.horizon + 3 + t * depth
            spread = 14 + t * 110
            x = self.light_x + self.rng.gauss(0, spread * 0.45)
            length = self.rng.uniform(6, 26) * (0.4 + t)
            alpha = round(self.rng.uniform(60, 150) * (1 - t * 0.6))
            draw.line(
                (x - length / 2, y, x + length / 2, y), fill=(*colour, alpha), width=1 + round(t)
            )

    def _mirror(self) -> None:
        """A salt flat after rain: a thin sheet of water that mirrors the sky."""
        self.water = True
        sky = self.image.crop((0, 0, W, self.horizon)).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        sky = sky.resize((W, H - self.horizon))
        shade = Image.new("RGBA", sky.size, (*mix(self.palette.sky[0], (0, 0, 0), 0.4), 255))
        fade = gradient(sky.size, [(0.0, (40, 40, 40)), (1.0, (130, 130, 130))]).convert("L")
        shade.putalpha(fade)
        sky.alpha_composite(shade)
        self.image.paste(sky, (0, self.horizon))
        draw = ImageDraw.Draw(self.image, "RGBA")
        for _ in range(40):
            t = self.rng.random() ** 1.5
            y = self.horizon + 3 + t * (H - self.horizon)
            x = self.rng.uniform(-0.1, 1.0) * W
            length = self.rng.uniform(30, 160) * (0.3 + t)
            draw.line((x, y, x + length, y), fill=(255, 255, 255, 22), width=1)

    def _night(self, colour: RGB, amount: float = 0.62) -> RGB:
        """A ground colour as the night sees it: darker and bluer."""
        if not self.palette.night:
            return colour
        return mix(colour, mix(self.palette.sky[0], (0, 0, 0), 0.3), amount)

    def _layers(self, colours: Sequence[RGB], amplitude: float, waves: int) -> None:
        """Rolling layers from far (pale, hazy) to near, each a wavy band with a lit crest."""
        colours = [self._night(c) for c in colours]
        count = len(colours)
        depth = H - self.horizon
        far = mix(colours[0], self.haze, 0.55)
        self.image.paste(Image.new("RGBA", (W, depth), (*far, 255)), (0, self.horizon))
        for index, colour in enumerate(colours):
            t = index / max(1, count - 1)
            base = self.horizon + depth * (0.02 + 0.62 * t**1.4) - 6
            amp = amplitude * (0.25 + 0.9 * t)
            phase = self.rng.uniform(0, math.tau)
            freq = self.rng.uniform(0.6, 1.4) * waves / W

            crest = _wave(base, amp, freq, phase)
            points = [(x * 2, 2 * crest(x)) for x in range(0, W + 8, 8)]
            mask = Image.new("L", (W * 2, H * 2))
            draw = ImageDraw.Draw(mask)
            draw.polygon([*points, (W * 2, H * 2), (0, H * 2)], fill=255)
            mask = mask.resize((W, H), Image.Resampling.BILINEAR)
            lit = mix(colour, self._night(self.palette.light, 0.4), 0.25)
            shade = mix(colour, (30, 20, 40), 0.3)
            band = gradient((W, H), [(0.0, lit), (max(0.01, base / H), lit), (1.0, shade)])
            # Ripples (sand) or furrows (grass) running along the slope give it texture.
            texture = Image.new("L", (W * 2, H * 2))
            tdraw = ImageDraw.Draw(texture)
            for k in range(1, 9):
                drop = k * (6 + 10 * t) * (1 + k * 0.15)
                line = [(x * 2, 2 * crest(x, drop, 1 - k * 0.06)) for x in range(0, W + 8, 8)]
                tdraw.line(line, fill=60, width=2 + round(2 * t))
            texture = texture.resize((W, H), Image.Resampling.BILINEAR)
            dark = Image.new("RGB", (W, H), mix(colour, (20, 10, 30), 0.35))
            band = Image.composite(dark, band, texture)
            haze = 1 - t
            band = Image.blend(band, Image.new("RGB", (W, H), self.haze), 0.55 * haze**1.5)
            self.image.paste(band, (0, 0), mask)
            # The crest catches the light.
            rim = Image.new("L", (W * 2, H * 2))
            ImageDraw.Draw(rim).line(points, fill=110, width=4)
            rim = rim.resize((W, H), Image.Resampling.BILINEAR).filter(
                ImageFilter.GaussianBlur(1.5)
            )
            self._tint(mix(lit, self._night(self.palette.light, 0.3), 0.5), rim)

    def _dunes(self) -> None:
        sand = ((236, 200, 150), (226, 178, 124), (214, 156, 102), (200, 136, 86))
        self._layers([mix(c, self.palette.light, 0.15) for c in sand], 26, 2)

    def _meadow(self) -> None:
        greens = ((150, 190, 140), (110, 168, 112), (80, 144, 96), (56, 118, 80))
        self._layers([mix(c, self.palette.sky[1], 0.2) for c in greens], 22, 2)

    def _snow(self) -> None:
        whites = ((232, 236, 246), (214, 222, 240), (196, 208, 232), (180, 194, 224))
        self._layers([mix(c, self.palette.sky[1], 0.15) for c in whites], 24, 2)

    def _checker(self) -> None:
        """A checkerboard plain running to the horizon, in true perspective."""
        dark = mix((44, 40, 70), self.palette.sky[0], 0.3)
        light = self._night(mix((244, 236, 222), self.palette.light, 0.25), 0.5)
        scale = 2
        big = Image.new("RGB", (W * scale, (H - self.horizon) * scale), light)
        draw = ImageDraw.Draw(big)
        cam = 1.0
        focal = W * 0.9
        tile = 0.6
        cx = W / 2 + self.rng.uniform(-0.3, 0.3) * tile * focal

        def project(xw: float, z: float) -> tuple[float, float]:
            return ((cx + xw * focal / z) * scale, (cam * focal / z) * scale)

        rows = 70
        for i in range(rows):
            z0 = 0.55 + i * tile
            z1 = z0 + tile
            if cam * focal / z1 < 1:
                break
            half = int(W / 2 * z1 / focal / tile) + 3
            for j in range(-half, half + 1):
                if (i + j) % 2:
                    continue
                x0, x1 = j * tile, (j + 1) * tile
                draw.polygon(
                    [project(x0, z0), project(x1, z0), project(x1, z1), project(x0, z1)], fill=dark
                )
        plain = big.resize((W, H - self.horizon), Image.Resampling.LANCZOS)
        fog = gradient(plain.size, [(0.0, self.haze), (0.35, self.haze), (1.0, self.haze)])
        fade = gradient(plain.size, [(0.0, (230, 230, 230)), (0.3, (70, 70, 70)), (1.0, (0, 0, 0))])
        plain = Image.composite(fog, plain, fade.convert("L"))
        self.image.paste(plain, (0, self.horizon))

    def _cloud_sea(self) -> None:
        """A sea of clouds seen from above: heaps of lit mounds, smaller towards the horizon."""
        base = self._night(mix(self.palette.sky[2], (255, 255, 255), 0.3), 0.5)
        shade = self._night(mix(self.palette.sky[1], (90, 90, 130), 0.35), 0.5)
        light = self._night(mix(base, self.palette.light, 0.35), 0.3)
        self.image.paste(self._ground_gradient(shade, mix(shade, base, 0.6)), (0, self.horizon))
        depth = H - self.horizon
        rows = 11
        for row in range(rows):
            t = row / (rows - 1)
            y = self.horizon + depth * (0.02 + 0.98 * t**1.6)
            radius = 8 + 80 * t**1.3
            body = Image.new("L", (W, H))
            top = Image.new("L", (W, H))
            draw, draw_top = ImageDraw.Draw(body), ImageDraw.Draw(top)
            x = self.rng.uniform(-radius, 0)
            while x < W + radius:
                r = radius * self.rng.uniform(0.6, 1.3)
                cy = y + self.rng.uniform(-0.35, 0.35) * radius
                draw.ellipse((x - r, cy - r * 0.75, x + r, cy + r * 1.4), fill=255)
                # The upper side of each mound catches the light.
                draw_top.ellipse(
                    (x - r * 0.75, cy - r * 0.72, x + r * 0.7, cy + r * 0.15), fill=200
                )
                x += r * self.rng.uniform(0.8, 1.5)
            blur = 1.5 + 5 * t
            haze = 0.45 * (1 - t) ** 2
            self._tint(
                mix(mix(shade, base, 0.45), self.haze, haze),
                body.filter(ImageFilter.GaussianBlur(blur)),
            )
            self._tint(
                mix(light, self.haze, haze), top.filter(ImageFilter.GaussianBlur(blur * 1.8))
            )

    # -- subjects --------------------------------------------------------------

    def depth_haze(self, base_y: float) -> float:
        """How much distance fades a thing standing at ``base_y`` (0 near, 1 at the horizon)."""
        if base_y <= self.horizon:
            return 0.0
        t = (base_y - self.horizon) / (H - self.horizon)
        return max(0.0, 0.45 * (1 - t * 3))

    def put(
        self,
        name: str,
        cx: float,
        base_y: float,
        height: float,
        *,
        shadow: bool = True,
        reflect: str | None = None,
        flip: bool = False,
        rotate: float = 0.0,
        alpha: float = 1.0,
        haze: float | None = None,
        lift: float = 0.0,
        tint: RGB | None = None,
        clear: bool = False,
        lit: bool = False,
    ) -> tuple[int, int, int, int]:
        """Draw ``name`` standing on (cx, base_y), ``height`` tall; returns its box.

        ``lift`` raises it above the ground (its shadow stays below, smaller and
        softer); ``reflect`` names what the water shows (itself, or something else).
        """
        picture = icon(name, max(6, round(height)), flip=flip)
        if rotate:
            picture = picture.rotate(rotate, Image.Resampling.BICUBIC, expand=True)
            # Trim the corners the rotation added, so the thing still stands on base_y.
            box = picture.getchannel("A").point(lambda a: 255 if a > 24 else 0).getbbox()
            if box is not None:
                picture = picture.crop(box)
        if haze is None:
            haze = self.depth_haze(base_y)
        if tint is not None:
            picture = _tinted(picture, tint, 0.35)
        if not lit:
            picture = self.in_light(picture)
        if haze > 0:
            picture = _tinted(picture, self.haze, haze)
        if alpha < 1:
            picture.putalpha(picture.getchannel("A").point(lambda a: round(a * alpha)))
        x = round(cx - picture.width / 2)
        y = round(base_y - lift - picture.height)
        if shadow and base_y > self.horizon:
            self._shadow(picture, cx, base_y, lift)
        if reflect is not None and self.water:
            mirrored = picture
            if reflect != name:
                mirrored = icon(reflect, picture.height, flip=flip)
                mirrored = mirrored if lit else self.in_light(mirrored)
            self._reflection(mirrored, cx, base_y + lift, clear)
        self.image.alpha_composite(picture, (x, y))
        return (x, y, x + picture.width, y + picture.height)

    def in_light(self, picture: Image.Image) -> Image.Image:
        """The picture as the scene's light colours it: bluer and dimmer at night,
        warmer at dusk. Things that give light themselves are drawn ``lit`` instead."""
        if self.palette.night:
            light = mix(self.palette.sky[2], (255, 255, 255), 0.55)
        else:
            light = mix(self.palette.light, (255, 255, 255), 0.55)
        graded = ImageChops.multiply(picture, Image.new("RGBA", picture.size, (*light, 255)))
        graded.putalpha(picture.getchannel("A"))
        return graded

    def _shadow(self, picture: Image.Image, cx: float, base_y: float, lift: float) -> None:
        if self.water and self.ground_kind == "sea":
            return
        strength = 0.42 if not self.palette.night else 0.3
        away = (cx - self.light_x) / W
        # A cast shadow: the silhouette laid flat on the ground, away from the light.
        squash = max(0.12, 0.22 - lift / H)
        sil_h = max(2, round(picture.height * squash))
        silhouette = picture.getchannel("A").resize((picture.width, sil_h))
        silhouette = silhouette.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        shear = away * 1.6
        pad = round(abs(shear) * sil_h) + 4
        canvas = Image.new("L", (picture.width + 2 * pad, sil_h + 8))
        canvas.paste(silhouette, (pad, 0))
        sheared = canvas.transform(
            canvas.size,
            Image.Transform.AFFINE,
            (1, shear, 0, 0, 1, 0),
            Image.Resampling.BILINEAR,
        )
        blur = 2 + lift / 12
        sheared = sheared.filter(ImageFilter.GaussianBlur(blur))
        fade = strength / (1 + lift / 80)
        sheared = sheared.point(lambda v: round(v * fade))
        layer = Image.new("L", (W, H))
        ox = round(cx - canvas.width / 2 - (shear * sil_h) / 2)
        layer.paste(sheared, (ox, round(base_y - 4)))
        # A contact shadow: a small dark ellipse right under the thing.
        contact = Image.new("L", (W, H))
        d = ImageDraw.Draw(contact)
        rx = picture.width * 0.36 / (1 + lift / 60)
        ry = max(2.0, rx * 0.13)
        d.ellipse((cx - rx, base_y - ry, cx + rx, base_y + ry), fill=round(200 * fade))
        contact = contact.filter(ImageFilter.GaussianBlur(3 + lift / 10))
        mask = ImageChops.lighter(layer, contact)
        self._tint(mix(self.palette.sky[0], (10, 5, 25), 0.6), mask)

    def _reflection(
        self, picture: Image.Image, cx: float, top_y: float, clear: bool = False
    ) -> None:
        """The picture upside down in the water; ``clear`` when the card is about it."""
        mirrored = picture.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        water = mix(self.palette.sky[0], (10, 20, 50), 0.4)
        tint = 0.35 if self.ground_kind == "sea" else 0.2
        mirrored = _tinted(mirrored, water, tint / 2 if clear else tint)
        fade = gradient(
            (mirrored.width, mirrored.height), [(0.0, (150, 150, 150)), (1.0, (20, 20, 20))]
        ).convert("L")
        if self.ground_kind == "mirror" or clear:
            fade = fade.point(lambda v: min(255, round(v * 1.6)))
        alpha = ImageChops.multiply(mirrored.getchannel("A"), fade)
        mirrored.putalpha(alpha)
        if self.ground_kind == "sea":
            mirrored = _ripple(mirrored, self.rng, 0.4 if clear else 1.0)
        self.image.alpha_composite(mirrored, (round(cx - mirrored.width / 2), round(top_y + 2)))

    def bubble(self, cx: float, cy: float, radius: float) -> None:
        """A soap bubble: a clear sphere with an iridescent rim, a dark edge and highlights."""
        size = round(radius * 2) + 8
        off = (round(cx - size / 2), round(cy - size / 2))
        r = radius
        middle = size / 2

        def disc(scale: float, dx: float = 0.0, dy: float = 0.0) -> tuple[float, ...]:
            return (
                middle + dx - r * scale,
                middle + dy - r * scale,
                middle + dx + r * scale,
                middle + dy + r * scale,
            )

        # The film: faint inside, thicker towards the rim.
        film = Image.new("L", (size, size))
        d = ImageDraw.Draw(film)
        d.ellipse(disc(1.0), fill=170)
        d.ellipse(disc(0.9), fill=60)
        d.ellipse(disc(0.75), fill=22)
        film = film.filter(ImageFilter.GaussianBlur(r / 14))
        stops = [
            (0.0, (150, 220, 255)),
            (0.35, (255, 150, 230)),
            (0.65, (255, 236, 150)),
            (1.0, (140, 255, 200)),
        ]
        colours = gradient((size, size), stops).rotate(
            35, Image.Resampling.BILINEAR, fillcolor=(200, 220, 255)
        )
        tile = colours.convert("RGBA")
        tile.putalpha(film)
        self.image.alpha_composite(tile, off)
        # A crisp bright edge, darker on the side away from the light.
        edge = Image.new("L", (W, H))
        ring = Image.new("L", (size, size))
        ImageDraw.Draw(ring).ellipse(disc(1.0), outline=200, width=max(2, round(r / 60)))
        edge.paste(ring.filter(ImageFilter.GaussianBlur(0.8)), off)
        self._tint((255, 255, 255), edge)
        shade = Image.new("L", (size, size))
        ImageDraw.Draw(shade).ellipse(disc(1.0), outline=90, width=max(3, round(r / 25)))
        cut = Image.new("L", (size, size))
        ImageDraw.Draw(cut).ellipse(disc(1.05, -r * 0.35, -r * 0.35), fill=255)
        shade = ImageChops.subtract(shade, cut).filter(ImageFilter.GaussianBlur(r / 30))
        shade_layer = Image.new("L", (W, H))
        shade_layer.paste(shade, off)
        self._tint(mix(self.palette.sky[0], (20, 20, 60), 0.5), shade_layer)
        # Highlights: a window of light on top, a small glint below.
        shine = Image.new("L", (W, H))
        d = ImageDraw.Draw(shine)
        hx, hy = cx - r * 0.42, cy - r * 0.48
        d.ellipse((hx - r * 0.24, hy - r * 0.13, hx + r * 0.24, hy + r * 0.13), fill=220)
        gx, gy = cx + r * 0.5, cy + r * 0.55
        d.ellipse((gx - r * 0.08, gy - r * 0.05, gx + r * 0.08, gy + r * 0.05), fill=170)
        self._tint((255, 255, 255), shine.filter(ImageFilter.GaussianBlur(max(1.0, r / 30))))

    def line(
        self, points: Sequence[tuple[float, float]], colour: RGB, width: int, alpha: int = 255
    ) -> None:
        layer = Image.new("RGBA", (W * 2, H * 2))
        d = ImageDraw.Draw(layer)
        d.line(
            [(x * 2, y * 2) for x, y in points],
            fill=(*colour, alpha),
            width=width * 2,
            joint="curve",
        )
        self.image.alpha_composite(layer.resize((W, H), Image.Resampling.LANCZOS))

    def polygon(
        self, points: Sequence[tuple[float, float]], colour: RGB, alpha: int = 255, blur: float = 0
    ) -> None:
        mask = Image.new("L", (W * 2, H * 2))
        ImageDraw.Draw(mask).polygon([(x * 2, y * 2) for x, y in points], fill=alpha)
        mask = mask.resize((W, H), Image.Resampling.LANCZOS)
        if blur:
            mask = mask.filter(ImageFilter.GaussianBlur(blur))
        self._tint(colour, mask)

    def shade(self, mask: Image.Image, colour: RGB) -> None:
        self._tint(colour, mask)

    # -- finishing -------------------------------------------------------------

    def finish(self, grain: int = 5, vignette: float = 0.35) -> Image.Image:
        rgb = self.image.convert("RGB")
        mask = radial(int(max(W, H) * 1.6)).crop(
            (
                int((max(W, H) * 1.6 - W) / 2),
                int((max(W, H) * 1.6 - H) / 2),
                int((max(W, H) * 1.6 + W) / 2),
                int((max(W, H) * 1.6 + H) / 2),
            )
        )
        dark = Image.new("RGB", (W, H), mix(self.palette.sky[0], (0, 0, 0), 0.6))
        rgb = Image.composite(rgb, dark, mask.point(lambda v: round(255 - (255 - v) * vignette)))
        if grain:
            noise = Image.frombytes("L", (W, H), self.rng.randbytes(W * H))
            noise = noise.point(lambda v: 128 + round((v - 128) / 128 * grain))
            rgb = ImageChops.add(rgb, Image.merge("RGB", (noise, noise, noise)), 1, -128)
        return rgb


def _wave(base: float, amp: float, freq: float, phase: float) -> Callable[..., float]:
    """The crest line of a dune or hill: ``crest(x, drop, squash)`` is its y at ``x``."""

    def crest(x: float, drop: float = 0.0, squash: float = 1.0) -> float:
        return (
            base
            + drop
            - squash * amp * math.sin(x * freq * math.tau + phase)
            - squash * amp * 0.35 * math.sin(x * freq * 2.7 * math.tau + phase * 1.7)
        )

    return crest


def _tinted(picture: Image.Image, colour: RGB, amount: float) -> Image.Image:
    solid = Image.new("RGBA", picture.size, (*colour, 255))
    out = Image.blend(picture, solid, max(0.0, min(1.0, amount)))
    out.putalpha(picture.getchannel("A"))
    return out


def _ripple(picture: Image.Image, rng: random.Random, strength: float = 1.0) -> Image.Image:
    """Shift thin bands sideways, more further down: a reflection on moving water."""
    out = Image.new("RGBA", (picture.width + 24, picture.height))
    phase = rng.uniform(0, math.tau)
    band = 3
    for y in range(0, picture.height, band):
        t = y / max(1, picture.height)
        shift = round(math.sin(y / 5 + phase) * (1 + 9 * t) * strength)
        strip = picture.crop((0, y, picture.width, min(picture.height, y + band)))
        out.paste(strip, (12 + shift, y))
    return out
