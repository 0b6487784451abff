"""The installable web app's icons (web/public/icon-*.png): the favicon's tile (web/public/
favicon.svg: a 48 x 96 tile, six red and six white pips) on the felt green of the app's
``theme-color``, drawn with Pillow at each size, supersampled 4x. ``maskable``: the tile within
the safe zone (the middle 80%), for launchers that crop icons to a circle.

Run from the checkout: ``.venv/bin/python scripts/app_icons.py``.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "web" / "public"
FELT = (13, 59, 42)
TILE, EDGE, RED, WHITE = (20, 20, 20), (0, 0, 0), (226, 58, 46), (246, 242, 230)
#: The favicon's pips (x, y, red?) in its 48 x 96 box.
PIPS = [(14, y, True) for y in (14, 28, 42)] + [(34, y, False) for y in (14, 28, 42)]
PIPS += [(34, y, True) for y in (54, 68, 82)] + [(14, y, False) for y in (54, 68, 82)]


def icon(size: int, tile_share: float) -> Image.Image:
    """The icon ``size`` pixels square, the tile ``tile_share`` of its height."""
    big = size * 4
    img = Image.new("RGB", (big, big), FELT)
    d = ImageDraw.Draw(img)
    scale = big * tile_share / 96
    left, top = (big - 48 * scale) / 2, (big - 96 * scale) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * scale, top + y * scale

    d.rounded_rectangle(
        (*at(2, 2), *at(46, 94)), radius=7 * scale, fill=TILE, outline=EDGE, width=int(2 * scale)
    )
    for x, y, red in PIPS:
        d.ellipse((*at(x - 5, y - 5), *at(x + 5, y + 5)), fill=RED if red else WHITE)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    """Write the icons."""
    for size in (192, 512):
        icon(size, 0.86).save(OUT / f"icon-{size}.png", optimize=True)
    icon(512, 0.66).save(OUT / "icon-maskable-512.png", optimize=True)
    icon(180, 0.86).save(OUT / "apple-touch-icon.png", optimize=True)


if __name__ == "__main__":
    main()
