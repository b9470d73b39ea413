"""The six clans of Violent Vendetta and their fixed statistics (spec §2)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Clan:
    """One clan's card: identity, strength and home."""

    id: str
    name: str
    colour: str
    gnomes: int
    threshold: int
    reinforcements: int
    home: str
    seat_index: int
    ability: str

    @property
    def modifier(self) -> int:
        """What this clan adds to the face of each die it rolls."""
        return 1 if self.id == "white" else 0  # R-V5 Sharp Shooters


# R-V1 colours, R-V2 green kills on 4, R-V3 the invented black clan.
CLANS: dict[str, Clan] = {
    c.id: c
    for c in (
        Clan("red", "Dingleson", "#C62828", 8, 5, 4, "home_dingleson", 0, ""),
        Clan("white", "Westdingledongleson", "#F5F5F5", 7, 5, 3, "home_westdingledongleson", 1, "Sharp Shooters"),
        Clan("green", "O'Dingle", "#2E7D32", 9, 4, 5, "home_odingle", 2, ""),
        Clan("blue", "Schnitzel", "#1565C0", 9, 3, 5, "home_schnitzel", 3, "Revive"),
        Clan("black", "Von Dingle", "#212121", 11, 3, 7, "home_vondingle", 4, ""),
        Clan("yellow", "McDingle", "#F9A825", 9, 4, 5, "home_mcdingle", 5, ""),
    )
}

# R-V14: clockwise = the order of the homes on the board.
CLOCKWISE: tuple[str, ...] = ("red", "white", "green", "blue", "black", "yellow")

FOODS: tuple[str, ...] = ("acorn", "apple", "berry", "mushroom")
GNOME_TOKENS: tuple[str, ...] = tuple(f"gnome_{c}" for c in CLOCKWISE)
TOKEN_TYPES: tuple[str, ...] = FOODS + GNOME_TOKENS


def clan(clan_id: str) -> Clan:
    """The clan with this id; KeyError for an unknown id."""
    return CLANS[clan_id]


def clockwise_from(seats: list[str], start: str) -> list[str]:
    """`seats` (in clockwise order) rotated so that it begins with `start`."""
    i = seats.index(start)
    return seats[i:] + seats[:i]


def next_clockwise(seats: list[str], current: str) -> str:
    """The seat after `current`, wrapping around (R-V14)."""
    return seats[(seats.index(current) + 1) % len(seats)]


def gnome_token(clan_id: str) -> str:
    """The token type that shows a gnome of this clan."""
    return f"gnome_{clan_id}"
