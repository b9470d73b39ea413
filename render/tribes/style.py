"""Gnome Tribes: map geometry, terrain and tribe styles, and where each territory's name and armies go.

Static data only: the packaged board JSON (read once through engine.tribes.board.raw_board)
and the card catalogue's fixed texts; nothing here sees a view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.tribes.board import raw_board
from i18n import ENGLISH, Locale
from render.common import RGB, Box, Point, boxes_overlap, hex_to_rgb, mix, shape_box, text_width, wrap

WIDTH = 800  # picture width; a phone shows it about 360 px wide
MAP_SIZE = 800
SEA_PX = 20  # the sea band drawn round the land (the JSON's is 100 units; the land gets the room)
LAND_MIN = 100  # the land square of the JSON canvas, 100..1100 on both axes
LAND_SPAN = 1000
SCALE = (MAP_SIZE - 2 * SEA_PX) / LAND_SPAN

NAME_SIZE = 20  # territory names: the phone-readable minimum, the map has no room for more
NAME_LINE = 22  # line pitch of a two-line name
TOKEN_R = 15  # half-size of an army token
TOKEN_GAP = 6  # between the still and the moved token of one territory

TERRAINS: tuple[str, ...] = ("plains", "swamp", "mountain", "marsh")
BLACK = frozenset({"city", "gnomlab"})


def to_px(x: float, y: float) -> Point:
    """A point of the 1200-unit JSON canvas in picture pixels."""
    return (SEA_PX + (x - LAND_MIN) * SCALE, SEA_PX + (y - LAND_MIN) * SCALE)


@dataclass(frozen=True)
class TribeStyle:
    """How a tribe's armies are drawn: its seat colour, a shape (for colour-blind readers) and ink."""

    colour: RGB
    shape: str
    outline: RGB


# The seat colours are the board's ring colours (a tribe's colour is its home terrain's);
# the shape tells the tribes apart in greyscale and for every colour-vision deficiency.
_SHAPES = {"plains": "circle", "mountain": "triangle", "marsh": "diamond", "swamp": "square"}


def tribe_style(tribe: str, fallback_hex: str | None = None) -> TribeStyle:
    """The style of `tribe`; an unknown tribe gets its view colour and a pentagon."""
    colours = {t["id"]: t["seat_colour"] for t in board_data()["tribes"]}
    hex_colour = colours.get(tribe) or fallback_hex
    colour = hex_to_rgb(hex_colour) if hex_colour else (150, 150, 150)
    return TribeStyle(colour, _SHAPES.get(tribe, "pentagon"), (25, 22, 18))


# Terrain fills: pale tints of the ring colours, so that armies in the tribe colours stand out on them.
PAPER_TINT: RGB = (250, 246, 236)
SEA: RGB = (150, 196, 222)
SEA_WAVE: RGB = (118, 170, 204)
BORDER: RGB = (60, 56, 48)
CITY_FILL: RGB = (228, 226, 222)
LAB_FILL: RGB = (222, 216, 234)
RING_W = 5  # the coloured ring inside every territory's edge


@dataclass(frozen=True)
class Territory:
    """One territory in picture coordinates, with the places of its name, armies and icon."""

    id: str
    name: str
    type: str
    coastal: bool
    polygon: tuple[Point, ...]
    lines: tuple[str, ...]
    name_at: Point  # centre of the name block
    tokens_at: Point  # centre of the army tokens
    icon_at: Point | None  # city tower / Gnomlab flask

    @property
    def black(self) -> bool:
        """A city or the Gnomlab (black-ringed)."""
        return self.type in BLACK


# Where each name (its lines, block centre) and the armies go, in JSON canvas units.
# Hand-placed: many territories are one 100-unit cell wide, narrower than a two-word
# name at the readable size, so each name sits in the widest part of its territory and
# the armies in another part. Names of the narrow coastal columns lean towards the sea.
_LAYOUT: dict[str, tuple[tuple[str, ...], Point, Point]] = {
    "wheatburg": (("Wheatburg",), (200, 190), (200, 250)),
    "golden_fields": (("Golden", "Fields"), (400, 150), (450, 250)),
    "windy_meadows": (("Windy", "Meadows"), (146, 420), (150, 530)),
    "forest": (("The Forest",), (300, 352), (350, 250)),
    "cloud_crags": (("Cloud", "Crags"), (550, 215), (550, 330)),
    "sunny_downs": (("Sunny Downs",), (345, 550), (300, 448)),
    "frog_hollow": (("Frog Hollow",), (500, 452), (450, 350)),
    "cragburg": (("Cragburg",), (1000, 190), (1000, 250)),
    "eagle_cliffs": (("Eagle Cliffs",), (1000, 452), (1050, 350)),
    "rocky_ridge": (("Rocky Ridge",), (700, 150), (848, 150)),
    "misty_bog": (("Misty Bog",), (900, 352), (850, 250)),
    "heron_fen": (("Heron Fen",), (888, 550), (1042, 550)),
    "iron_hills": (("Iron Hills",), (700, 250), (700, 330)),
    "high_pasture": (("High", "Pasture"), (800, 448), (750, 550)),
    "reedburg": (("Reedburg",), (1000, 990), (1000, 1050)),
    "eelwater": (("Eelwater",), (800, 1048), (750, 948)),
    "reedy_shallows": (("Reedy", "Shallows"), (1056, 700), (1050, 830)),
    "turnip_plain": (("Turnip Plain",), (900, 848), (850, 948)),
    "toad_swamp": (("Toad", "Swamp"), (650, 885), (650, 1020)),
    "willow_mire": (("Willow Mire",), (870, 650), (900, 748)),
    "flint_knoll": (("Flint Knoll",), (700, 748), (750, 848)),
    "mudburg": (("Mudburg",), (200, 990), (200, 1050)),
    "bogwater": (("Bogwater",), (200, 748), (150, 848)),
    "sludge_flats": (("Sludge Flats",), (400, 1050), (548, 1050)),
    "grey_tors": (("Grey Tors",), (300, 848), (350, 948)),
    "clover_lea": (("Clover Lea",), (200, 650), (342, 650)),
    "murkmoss": (("Murkmoss",), (500, 920), (550, 752)),
    "lily_fen": (("Lily Fen",), (400, 752), (450, 650)),
    "gnomlab": (("The", "Gnomlab"), (600, 600), (600, 668)),
}
# Cities and the Gnomlab carry an icon above their names.
_ICONS: dict[str, Point] = {
    "wheatburg": (200, 135),
    "cragburg": (1000, 135),
    "reedburg": (1000, 935),
    "mudburg": (200, 935),
    "gnomlab": (600, 532),
}


@cache
def board_data() -> dict[str, Any]:
    """The packaged board JSON (read once)."""
    return raw_board()


@dataclass(frozen=True)
class Geometry:
    """The map in picture coordinates."""

    territories: dict[str, Territory]
    order: tuple[str, ...]


@cache
def geometry() -> Geometry:
    """Every territory scaled to the picture, computed once."""
    out: dict[str, Territory] = {}
    for t in board_data()["territories"]:
        tid = t["id"]
        lines, name_at, tokens_at = _LAYOUT.get(tid, ((t["name"],), (t["x"], t["y"] - 30), (t["x"], t["y"] + 30)))
        icon = _ICONS.get(tid)
        out[tid] = Territory(
            id=tid,
            name=t["name"],
            type=t["type"],
            coastal=bool(t["coastal"]),
            polygon=tuple(to_px(x, y) for x, y in t["polygon"]),
            lines=lines,
            name_at=to_px(*name_at),
            tokens_at=to_px(*tokens_at),
            icon_at=to_px(*icon) if icon else None,
        )
    return Geometry(out, tuple(out))


def ring_colour(kind: str) -> RGB:
    """The ring colour of a territory type (black for cities and the Gnomlab)."""
    rings = board_data()["ring_colours"]
    return hex_to_rgb(rings[kind]) if kind in rings else (120, 120, 120)


def fill_colour(kind: str) -> RGB:
    """Fill of a territory: a pale tint of its ring colour (cities and the Gnomlab light grey)."""
    if kind == "city":
        return CITY_FILL
    if kind == "gnomlab":
        return LAB_FILL
    # Darker rings need a stronger paling to leave room for the army colours.
    return mix(ring_colour(kind), PAPER_TINT, {"plains": 0.62, "swamp": 0.72, "mountain": 0.7}.get(kind, 0.72))


# -- layout boxes (for drawing and for the layout tests) ------------------------------------------


# A name in another language than the board's is wrapped (at its spaces and hyphens) to this width, or to its
# English lines' width where they are wider.
NAME_W = 120


def name_lines(tid: str, locale: Locale = ENGLISH) -> tuple[str, ...]:
    """The lines of a territory's name in `locale`: the hand-placed ones when it says the board's name."""
    return _name_layouts(locale)[tid][0]


def name_at(tid: str, locale: Locale = ENGLISH) -> Point:
    """Where the centre of a territory's name in `locale` goes: the hand-placed spot, or one near it that keeps
    the name clear of every army token and of the other names."""
    return _name_layouts(locale)[tid][1]


def name_boxes(tid: str, locale: Locale = ENGLISH) -> tuple[Box, ...]:
    """The box of each line of a territory's name in `locale`, halo included."""
    lines, at = _name_layouts(locale)[tid]
    return _line_boxes(lines, at)


# How far a name in another language may move off its hand-placed spot (in 2-pixel steps), to clear the
# tokens of a neighbour that a longer name would touch: a few pixels, so it still reads as its territory's.
NAME_SHIFT = 28
CHOICE_PX = 8


@cache
def _name_layouts(locale: Locale) -> dict[str, tuple[tuple[str, ...], Point]]:
    """Each territory's name lines and centre in `locale`."""
    geo = geometry()
    wanted = {tid: _name_choices(tid, locale) for tid in geo.order}
    tokens = [box for tid in geo.order for box in token_area(tid)]
    # The board's own names stay where they were placed by hand.
    out = {tid: (geo.territories[tid].lines, geo.territories[tid].name_at)
           for tid in geo.order if wanted[tid][0] == geo.territories[tid].lines}
    # A name that would touch tokens where it usually goes is placed first, so the names with room move for it.
    def touches(tid: str) -> bool:
        boxes = _line_boxes(wanted[tid][0], geo.territories[tid].name_at)
        return any(boxes_overlap(box, token) for box in boxes for token in tokens)

    movable = [tid for tid in geo.order if tid not in out]
    for tid in sorted(movable, key=lambda tid: not touches(tid)):
        placed = [box for lines, at in out.values() for box in _line_boxes(lines, at)]
        out[tid] = _clear_place(geo.territories[tid], wanted[tid], tokens + placed)
    return {tid: out[tid] for tid in geo.order}


def _clear_place(t: Territory, choices: list[tuple[str, ...]], avoid: list[Box]) -> tuple[tuple[str, ...], Point]:
    """The way to break the name (of `choices`) and the spot near the hand-placed one that are clear of
    `avoid`, on the map and centred in the territory, the usual breaking and the nearest spot first; the first
    choice unmoved when none is clear."""
    x, y = t.name_at
    steps = range(-NAME_SHIFT, NAME_SHIFT + 1, 2)
    # Each other way to break the name costs as much as moving it CHOICE_PX further.
    tries = sorted(
        (abs(dx) + abs(dy) + CHOICE_PX * i, i, dx, dy) for dx in steps for dy in steps for i in range(len(choices))
    )
    for _, i, dx, dy in tries:
        at = (x + dx, y + dy)
        boxes = _line_boxes(choices[i], at)
        if (
            _inside_polygon(at, t.polygon)
            and all(_on_map(box) for box in boxes)
            and not any(boxes_overlap(box, other) for box in boxes for other in avoid)
        ):
            return choices[i], at
    return choices[0], t.name_at


def _name_choices(tid: str, locale: Locale) -> list[tuple[str, ...]]:
    """Ways to break a territory's name in `locale`, the usual one first: the hand-placed lines when it says
    the board's name; else wrapped to the usual width, then narrower and wider."""
    from render.tribes.names import capital, place  # names reads this module's geometry

    t = geometry().territories[tid]
    name = capital(place(locale, tid))
    if name == " ".join(t.lines):
        return [t.lines]
    # Never narrower than a piece that cannot be broken (a word without a hyphen is not cut).
    pieces = [piece for word in name.split() for piece in word.replace("-", "- ").split()]
    widths = [text_width(text, NAME_SIZE) for text in (*t.lines, *pieces)]
    usual = max([NAME_W, *widths])
    out = [tuple(wrap(name, NAME_SIZE, usual))]
    for width in (*range(usual, max(widths) - 1, -4), *range(usual, 2 * usual, 4)):
        lines = tuple(wrap(name, NAME_SIZE, width))
        if lines not in out:
            out.append(lines)
    return out


def _line_boxes(lines: tuple[str, ...], at: Point) -> tuple[Box, ...]:
    x, y = at
    top = y - len(lines) * NAME_LINE / 2
    out = []
    for i, line in enumerate(lines):
        w = text_width(line, NAME_SIZE)
        ly = top + i * NAME_LINE
        out.append((int(x - w / 2) - 2, int(ly) - 1, int(x + w / 2) + 3, int(ly + NAME_LINE) + 1))
    return tuple(out)


def _on_map(box: Box) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= MAP_SIZE and box[3] <= MAP_SIZE


def _inside_polygon(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Whether `point` lies inside `polygon` (even-odd rule)."""
    px, py = point
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def token_area(tid: str) -> list[Box]:
    """Every box the army tokens of any tribe (one stack or two) may take in `tid`."""
    return [box for tribe in TERRAINS for kinds in (1, 2) for box in token_boxes(tid, tribe, kinds)]


def token_centres(tid: str, kinds: int) -> list[Point]:
    """Centres of `kinds` tokens (1: still or moved armies; 2: both) in a territory."""
    x, y = geometry().territories[tid].tokens_at
    if kinds <= 1:
        return [(x, y)]
    pitch = 2 * TOKEN_R + TOKEN_GAP + 4
    return [(x - pitch / 2, y), (x + pitch / 2, y)]


def token_boxes(tid: str, tribe: str, kinds: int) -> list[Box]:
    """Bounding boxes of the tokens of `tribe` in `tid` (for layout tests)."""
    shape = tribe_style(tribe).shape
    return [shape_box(shape, x, y, TOKEN_R) for x, y in token_centres(tid, kinds)]


# -- words ---------------------------------------------------------------------------------------

POST_NAMES: dict[str, str] = {
    "research": "Research",
    "espionage": "Espionage",
    "assassination": "Assassination",
    "guards": "Guards",
}
POSTS: tuple[str, ...] = tuple(POST_NAMES)

# The goal table of the rules (§12.1), numbered like the faces of a die.
GOAL_NAMES: dict[int, str] = {
    1: "Gnome of Gold",
    2: "Gnome of Lands",
    3: "Gnome of Genius",
    4: "Gnome of War",
    5: "Gnome of Glory",
    6: "Gnome of Balance",
}
