"""The words of the Associates board in a language: guild titles by seat, phases, the outcome line, the notes."""

from __future__ import annotations

import re
from typing import Any

from i18n import ENGLISH, Locale, format_list, format_number, game_t, t
from render.associates import names as named
from render.common import readable

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def phase_text(locale: Locale, phase: str) -> str:
    """The name of a phase in `locale`, capitalised as a heading ("Choosing guilds"); an unknown one as is."""
    # One literal id per phase, so that the catalog check sees every one.
    if phase == "guild":
        return game_t(locale, "associates", "render.phase-guild")
    if phase == "designate":
        return game_t(locale, "associates", "render.phase-designate")
    if phase == "activation":
        return game_t(locale, "associates", "render.phase-activation")
    if phase == "keep":
        return game_t(locale, "associates", "render.phase-keep")
    if phase == "reinforce":
        return game_t(locale, "associates", "render.phase-reinforce")
    if phase == "over":
        return game_t(locale, "associates", "render.phase-over")
    return phase


def lowered(text: str) -> str:
    """`text` with its first letter in lower case, for a heading said inside a sentence."""
    # Only the first letter: a language may write other words of a phase's name with a capital.
    return text[:1].lower() + text[1:]


def kind_letters(locale: Locale, kind: str) -> str:
    """The letters a figurine of `kind` is marked with ("Gn"); "?" for an unknown kind."""
    if kind == "gnome":
        return game_t(locale, "associates", "render.letters-gnome")
    if kind == "troll":
        return game_t(locale, "associates", "render.letters-troll")
    if kind == "goblin":
        return game_t(locale, "associates", "render.letters-goblin")
    if kind == "fairy":
        return game_t(locale, "associates", "render.letters-fairy")
    return "?"


def legend(locale: Locale = ENGLISH) -> str:
    """The line that says what the figurines' letters and the pips mean."""
    return game_t(locale, "associates", "render.legend")


def no_guild(locale: Locale = ENGLISH) -> str:
    """The row title of a seat that has no guild yet."""
    return game_t(locale, "associates", "render.no-guild")


def a_player(locale: Locale = ENGLISH) -> str:
    """A seat with no guild yet, inside a sentence ("a player": views carry no player names)."""
    return t(locale, "player.unknown")


def seat_names(view: dict[str, Any], locale: Locale = ENGLISH) -> dict[int, str]:
    """Seat -> the guild's title in `locale`; a seat with no guild yet is "a player" (views carry no names)."""
    out = {}
    for i, g in enumerate(view.get("guilds") or []):
        title = g.get("title")
        who = named.guild(locale, g.get("guild"), str(title)) if title else a_player(locale)
        out[int(g.get("seat", i))] = who
    return out


def player_facing(text: str, view: dict[str, Any]) -> str:
    """An engine message with its seat numbers replaced by guild titles (seat numbers are not for players)."""
    names = seat_names(view)

    def name(m: re.Match[str]) -> str:
        who = names.get(int(m.group(2)), "a player")
        return who[0].upper() + who[1:] if m.group(1) == "S" else who

    out = _SEAT.sub(name, text)
    # "Thieves plays the Thieves." (a seat choosing its guild) reads as the choice it is.
    return re.sub(r"\b([A-Z][\w']*) plays the \1\b", r"\1 chosen", out)


def guild_title(view: dict[str, Any], guild: str, locale: Locale = ENGLISH) -> str:
    """A guild id as its title in this game in `locale` (or its id's words, title-cased)."""
    title = next((g.get("title") for g in view.get("guilds") or [] if g.get("guild") == guild), None)
    return named.guild(locale, guild, str(title) if title else readable(guild))


def capitalised(name: str) -> str:
    """`name` with its first letter in capitals (a sentence starts with it)."""
    return name[:1].upper() + name[1:]


def joined(locale: Locale, items: list[str]) -> str:
    """Items one after the other, comma-separated as `locale` writes a list without a conjunction."""
    return format_list(locale, items, "unit") if items else ""


def outcome_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The winners and final scores, in `locale`."""
    outcome = view.get("outcome") or {}
    names = seat_names(view, locale)
    ranking = outcome.get("ranking") or []
    other = a_player(locale)
    winners = [capitalised(names.get(int(p), other)) for p in (ranking[0] if ranking else [])]
    scores = outcome.get("scores") or {}
    parts = [
        f"{capitalised(names.get(int(p), other))} {format_number(locale, float(v))}"
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1]))
    ]
    if winners:
        head = game_t(locale, "associates", "render.winners", n=len(winners), names=joined(locale, winners))
    else:
        head = game_t(locale, "associates", "render.winner-nobody")
    return head + (" · " + joined(locale, parts) if parts else "")


def last_roll_head(locale: Locale, colour: object) -> str:
    """The caption before the dice of the last roll ("Last roll (yellow):")."""
    return game_t(locale, "associates", "render.last-roll", colour=dice_colour(locale, colour))


def dice_colour(locale: Locale, colour: object) -> str:
    """A dice colour's word ("yellow"); an unknown one as the view gives it."""
    if colour == "green":
        return game_t(locale, "associates", "render.colour-green")
    if colour == "yellow":
        return game_t(locale, "associates", "render.colour-yellow")
    if colour == "red":
        return game_t(locale, "associates", "render.colour-red")
    return str(colour)


def mode_text(locale: Locale, mode: str) -> str:
    """The rules mode shown in the panel's corner ("standard mode")."""
    if mode == "standard":
        return game_t(locale, "associates", "render.mode-standard")
    if mode == "simplified":
        return game_t(locale, "associates", "render.mode-simplified")
    if mode == "even_simpler":
        return game_t(locale, "associates", "render.mode-even-simpler")
    return f"{mode.replace('_', ' ')} mode"
