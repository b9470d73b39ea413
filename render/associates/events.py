"""The last move's events in the reader's language, rebuilt from what each event's data says.

The view's `last` events carry their English `text`, their `kind` and their `data` (ids and numbers), not the
catalog phrase the engine said them with. Each event is said again from its data (and the public view: a seat's
guild, a lair's zone, the figurines on the board) through the phrase ids of the game's catalog. Where the data
leaves a part open (whom a theft robbed, where a reward went), the few parts the public view allows are tried
in turn. A rebuilt sentence is used only when its English is exactly the event's text, so it says what the
engine said; an event no candidate rebuilds keeps its English text.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.associates import words
from engine.associates.cards import is_card_id
from engine.associates.components import GUILDS, ITEMS
from engine.core.phrases import Arg, ListOf, NameRef, Phrase, PlayerRef, Verbatim, listed, phrase
from i18n import ENGLISH, Locale, format_number, game_t, t

GAME = "associates"
# The tokens a card may place on a lair, and the cards whose token triggers on a figurine entering a zone.
LAIR_TOKENS = ("safe", "bank")
TRAPS = ("trap", "mined_terrain")


def say(locale: Locale, said: Phrase) -> str:
    """`said` in `locale` from the game's catalog; a seat is "a player" (pictures know no names)."""
    args = {key: _arg(locale, value) for key, value in said.args.items()}
    return game_t(locale, GAME, said.msgid, n=said.n, **args)


def _arg(locale: Locale, value: Arg) -> str:
    match value:
        case int():
            return format_number(locale, value)
        case PlayerRef():
            return t(locale, "player.unknown")
        case NameRef(n=n):
            return game_t(locale, GAME, value.msgid, n=n)
        case ListOf(items=items, style=style):
            return _separator(locale, style).join(_arg(locale, item) for item in items)
        case Phrase():
            return say(locale, value)
        case Verbatim(text=text):
            return text
    raise TypeError(f"not a phrase argument: {value!r}")


def _separator(locale: Locale, style: str) -> str:
    # Each id written out, so that the catalog check sees it used.
    if style == "semicolon":
        return t(locale, "list.semicolon")
    if style == "and":
        return t(locale, "list.and")
    return t(locale, "list.comma")


def _shown(text: str) -> str:
    """A sentence as the view shows it: its first letter in capitals."""
    return text[:1].upper() + text[1:]


def event_text(event: Mapping[str, Any], view: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """One `last` event in `locale`: rebuilt from its data when that says what its English text says, else the
    English text."""
    text = str(event.get("text", ""))
    if locale == ENGLISH or not text:
        return text
    said = _rebuilt(text, str(event.get("kind", "")), event.get("data") or {}, view)
    return _shown(say(locale, said)) if said is not None else text


def _rebuilt(text: str, kind: str, data: Mapping[str, Any], view: Mapping[str, Any]) -> Phrase | None:
    """The first candidate phrase whose English is `text`."""
    try:
        for said in _candidates(kind, data, _Board(view), text):
            if _english(said) == text:
                return said
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None
    return None


def _english(said: Phrase) -> str:
    return _shown(say(ENGLISH, said))


class _Board:
    """What the public view tells a rebuilt event: seats' guilds, lairs' zones, the figurines, the game's mode."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.guild_of_seat = {int(g.get("seat", i)): g.get("guild") for i, g in enumerate(view.get("guilds") or [])}
        self.figurines = [str(f.get("id")) for f in view.get("figurines") or [] if f.get("id")]
        self.spaces = {str(f.get("id")): int(f.get("spaces", 2)) for f in view.get("figurines") or []}
        self.lairs = [str(lair.get("guild")) for lair in view.get("lairs") or [] if lair.get("guild")]
        self.lair_zone = {str(lair.get("guild")): lair.get("zone") for lair in view.get("lairs") or []}
        self.last = [e.get("data") or {} for e in view.get("last") or [] if e.get("kind") == "declare"]
        self.zone_ids = [str(z.get("id")) for z in view.get("zones") or [] if z.get("id")]

    def seat_guild(self, seat: Any) -> str:
        guild = self.guild_of_seat.get(int(seat))
        if not guild:
            raise KeyError(seat)
        return str(guild)

    def declared(self) -> list[dict[str, Any]]:
        """The Combats and Thefts declared in the last move, latest first."""
        return [dict(d) for d in reversed(self.last)]

    def actors(self) -> list[str]:
        """The figurines that may have acted: those that declared, then every figurine."""
        return _unique([*(str(d.get("actor")) for d in self.declared()), *self.figurines])

    def targets(self) -> list[dict[str, str]]:
        """The targets declared in the last move, then every figurine and lair."""
        out = [dict(d["target"]) for d in self.declared() if isinstance(d.get("target"), dict)]
        return out + [{"fig": f} for f in self.figurines] + [{"lair": g} for g in self.lairs]


def _unique(items: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _guild_of_fig(fig: str) -> str:
    return fig.split("_")[0]


def _destinations(guild: str, board: _Board) -> Iterator[Arg]:
    """Where a guild's gold may go: one of its figurines, its safe, its reserve, nowhere."""
    for fig in board.actors():
        if _guild_of_fig(fig) == guild:
            yield words.figurine(fig)
    yield phrase("reward.safe", guild=words.guild(guild))
    yield phrase("reward.reserve", guild=words.guild(guild))
    yield phrase("reward.nowhere")


def _cards(ids: Sequence[str]) -> list[Arg]:
    """A list of card instances as the engine may have said it."""
    return [listed(map(words.card, ids)), words.cards_once(ids), words.cards_joined(ids)]


def _candidates(kind: str, data: Mapping[str, Any], board: _Board, text: str = "") -> Iterator[Phrase]:
    """The phrases an event of `kind` with `data` may have been said with, likeliest first."""
    fig = str(data.get("figurine", ""))
    if kind == "setup":
        view = board.view
        for how in (phrase("setup.drawn-at-random"), phrase("setup.named-by-host")):
            yield phrase("setup.opening", n=int(data["players"]), mode=words.mode(str(view["mode"])),
                         figurines=int(view["figurines_per_guild"]), turn_cap=int(view["turn_cap"]),
                         first=PlayerRef(int(data["first_player"]), side=False), how=how)
    elif kind == "guild":
        yield phrase("choice.guild", player=PlayerRef(int(data["seat"]), side=False), guild=words.guild(data["guild"]))
    elif kind == "shuffle":
        guild = words.guild(board.seat_guild(data["seat"]))
        yield phrase("deck.shuffled", guild=guild)
        yield phrase("deck.reshuffled", n=int(data["cards"]), guild=guild)
    elif kind == "draw":
        yield phrase("draw.public", n=int(data["count"]), guild=words.guild(board.seat_guild(data["seat"])))
    elif kind == "turn":
        yield phrase("turn.begins", turn=int(data["turn"]), guild=words.guild(board.seat_guild(data["first_player"])))
    elif kind == "designation":
        yield phrase("turn.designation", usurers=words.guild("usurers"), guild=words.guild(data["guild"]))
    elif kind == "activate":
        yield phrase("activation.opens", guild=words.guild(_guild_of_fig(fig)), figurine=words.member(fig))
    elif kind == "activation_end":
        yield phrase("activation.ends", figurine=words.figurine(fig))
        yield phrase("activation.eliminated", figurine=words.figurine(fig))
    elif kind == "card":
        yield phrase("play.card", guild=words.guild(board.seat_guild(data["seat"])), card=words.card(data["card"]))
    elif kind == "discard":
        guild = words.guild(board.seat_guild(data["seat"]))
        for cards in _cards([str(c) for c in data["cards"]]):
            yield phrase("keep.discard", guild=guild, cards=cards)
    elif kind == "gold":
        guild_id = str(data["guild"])
        yield phrase("gold.carried", n=int(data["gold"]), guild=words.guild(guild_id))
        yield phrase("gold.interest", gold=int(data["gold"]), guild=words.guild(guild_id))
    elif kind == "move":
        yield phrase("move.moves", figurine=words.figurine(fig), route=words.route([str(z) for z in data["path"]]))
    elif kind == "declare":
        yield _declared(data)
    elif kind == "reaction":
        ids = [str(c) for c in data.get("cards") or []]
        if not ids:
            yield phrase("reaction.none")
        else:
            for cards in _cards(ids):
                yield phrase("reaction.cards", cards=cards)
            if len(ids) == 1 and is_card_id(ids[0]):
                owner = ids[0].split("-")[1]
                for guild_id in GUILDS:
                    if guild_id.startswith(owner):
                        yield phrase("reaction.tomb", guild=words.guild(guild_id), card=words.card(ids[0]))
    elif kind == "roll":
        yield _roll(data)
    elif kind == "stun":
        yield from _stun(data, board)
    elif kind == "theft":
        yield from _theft(data, board)
    elif kind == "eliminated":
        yield phrase("elimination.done", figurine=words.figurine(fig), zone=words.zone(str(data["zone"])))
    elif kind == "reinforce":
        yield phrase("reinforce.returns", figurine=words.figurine(fig), zone=words.zone(str(data["zone"])))
    elif kind == "craft":
        yield phrase("craft.done", figurine=words.figurine(fig), artefact=words.crafted(str(data["artefact"])))
    elif kind == "scavenge":
        yield phrase("effect.scavenge", figurine=words.figurine(fig),
                     component=words.counted(str(data["component"]), int(data.get("n", 1))))
    elif kind == "second_wind":
        yield phrase("effect.second-wind", figurine=words.figurine(fig))
    elif kind == "amulet":
        yield phrase("stun.amulet", figurine=words.figurine(fig))
    elif kind == "lair_destroyed":
        guild_id = str(data["guild"])
        yield phrase("destroyed.lair", lair=words.lair(guild_id), zone=words.zone(str(board.lair_zone[guild_id])))
    elif kind == "token":
        yield from _token(data, board)
    elif kind == "transfer":
        yield from _transfer(text, fig, board)
    elif kind == "trap":
        for card, victim in itertools.product(TRAPS, board.figurines):
            yield phrase("trap.triggers", card=_card_type(card),
                         zone=words.zone(str(data["zone"])), figurine=words.figurine(victim))
    elif kind == "tomb":
        for victim in board.actors():
            guild_id = _guild_of_fig(victim)
            for zone_view in board.view.get("zones") or []:
                if guild_id in (zone_view.get("tombs") or {}):
                    yield phrase("tomb.treasure", figurine=words.figurine(victim), guild=words.guild(guild_id),
                                 zone=words.zone(str(zone_view.get("id"))))
    elif kind == "bribe":
        for actor in board.actors():
            yield phrase("reaction.bribe", gold=int(data["gold"]), actor=words.figurine(actor))
    elif kind == "ambush":
        for actor, victim in itertools.product(board.actors(), board.figurines):
            yield phrase("effect.ambush", figurine=words.figurine(victim), actor=words.figurine(actor))
    elif kind == "reward":
        yield from _reward(data, board)
    elif kind == "objective":
        yield from _objective(data, board)
    elif kind == "game_over":
        if data.get("reason") == "turn_cap":
            yield phrase("end.turn-cap", turn=int(board.view["turn"]))
        reached = ((board.view.get("outcome") or {}).get("details") or {}).get("reached") or []
        if reached:
            yield phrase("end.mission", guilds=words.joined([words.guild(str(g)) for g in reached]))
        for guild_id in GUILDS:
            yield phrase("end.mission", guilds=words.joined([words.guild(guild_id)]))
    elif kind == "info":
        yield phrase("objective.same-lair")


def _card_type(card: str) -> NameRef:
    return NameRef("card", card)


def _declared(data: Mapping[str, Any]) -> Phrase:
    actor, target = words.figurine(str(data["actor"])), words.target(dict(data["target"]))
    source = data.get("source")
    if data.get("action") == "combat":
        if source:
            return phrase("declare.combat-with", actor=actor, target=target, card=_card_type(str(source)))
        return phrase("declare.combat", actor=actor, target=target)
    if source:
        return phrase("declare.theft-with", actor=actor, target=target, card=_card_type(str(source)))
    return phrase("declare.theft", actor=actor, target=target)


def _roll(data: Mapping[str, Any]) -> Phrase:
    dice = words.dice(str(data["colour"]), int(data["n"]))
    faces = listed(int(f) for f in data["faces"])
    successes = phrase("roll.successes", n=int(data["successes"]))
    if data.get("malin"):
        return phrase("roll.malin", gnome=words.figurine(str(data["malin"])), dice=dice, faces=faces,
                      successes=successes)
    return phrase("roll.rolls", actor=words.figurine(str(data["actor"])), dice=dice, faces=faces, successes=successes)


def _causes(board: _Board) -> Iterator[Arg]:
    """What may have stunned a figurine: a Combat by a figurine that declared one, then any, or a trap."""
    for actor in board.actors():
        yield phrase("stun.by-combat", actor=words.figurine(actor))
    for card in TRAPS:
        yield _card_type(card)


def _stun(data: Mapping[str, Any], board: _Board) -> Iterator[Phrase]:
    tokens, stuns = int(data["tokens"]), int(data["stuns"])
    if "lair" in data:
        yield phrase("stun.lair", n=tokens, lair=words.lair(str(data["lair"])), stuns=stuns)
        return
    fig = str(data["figurine"])
    for cause in _causes(board):
        if tokens:
            yield phrase("stun.placed", n=tokens, figurine=words.figurine(fig), cause=cause, stuns=stuns,
                         spaces=board.spaces.get(fig, 2))
        else:
            yield phrase("stun.none", figurine=words.figurine(fig), cause=cause)


def _theft(data: Mapping[str, Any], board: _Board) -> Iterator[Phrase]:
    actor = words.figurine(str(data["actor"]))
    counts = {str(k): int(v) for k, v in dict(data["items"]).items()}
    stolen = [listed(words.counted(k, n) for k, n in counts.items() if n),
              listed(words.counted(k, counts[k]) for k in ITEMS if counts.get(k))]
    for target in board.targets():
        if "lair" in target:
            lair = words.lair(target["lair"])
            if not any(counts.values()):
                yield phrase("theft.nothing-from-lair", actor=actor, lair=lair)
            for items in stolen:
                yield phrase("theft.from-lair", actor=actor, items=items, lair=lair)
        else:
            victim = words.figurine(target["fig"])
            if not any(counts.values()):
                yield phrase("theft.nothing-from-figurine", actor=actor, target=victim)
            for items in stolen:
                yield phrase("theft.from-figurine", actor=actor, items=items, target=victim)


def _token(data: Mapping[str, Any], board: _Board) -> Iterator[Phrase]:
    token = str(data.get("token", ""))
    if "zone" in data:
        yield phrase("token.on-zone", card=_card_type(token), zone=words.zone(str(data["zone"])))
    elif "figurine" in data:
        yield phrase("token.on-figurine", figurine=words.figurine(str(data["figurine"])), card=_card_type(token))
    else:
        for card, guild_id in itertools.product(LAIR_TOKENS, board.lairs):
            yield phrase("token.on-lair", card=_card_type(card), lair=words.lair(guild_id))


def _reward(data: Mapping[str, Any], board: _Board) -> Iterator[Phrase]:
    guild_id, gold = str(data["guild"]), int(data["gold"])
    mission = words.secondary(guild_id)
    whys: list[Arg] = [mission]
    whys += [phrase("reward.eliminated", actor=words.figurine(d["actor"]), victim=words.figurine(d["target"]["fig"]))
             for d in board.declared() if "fig" in (d.get("target") or {})]
    for why, destination in itertools.product(whys, list(_destinations(guild_id, board))):
        yield phrase("reward.secondary", mission=mission, gold=gold, destination=destination, why=why)


def _objective(data: Mapping[str, Any], board: _Board) -> Iterator[Phrase]:
    guild_id = str(data["guild"])
    whys: list[Arg] = [phrase("objective.manufacture", artefact=words.item(a)) for a in ("amulet", "broom", "tromblon")]
    whys += [phrase("objective.robbed", lair=words.mission_lair(g)) for g in board.lairs]
    whys += [phrase("objective.sow-terror", lair=words.mission_lair(g)) for g in board.lairs]
    whys += [phrase("objective.debts", figurine=words.figurine(f)) for f in board.figurines]
    for why, destination in itertools.product(whys, list(_destinations(guild_id, board))):
        yield phrase("objective.gained", guild=words.guild(guild_id), why=why, objectives=int(data["objectives"]),
                     gold=int(data["gold"]), destination=destination)


# Where a Transfer's items were taken from, as the engine's English ends each part of its list.
SOURCES = {" lying here": "transfer.lying-here", " from their safe": "transfer.from-safe",
           " from their tomb": "transfer.from-tomb"}


def _items(said: str) -> Arg | None:
    """Items counted as the English `said` lists them ("3 GP, 1 Moonstone"): the event's data holds no items."""
    parts: list[Arg] = []
    for part in said.split(", "):
        number, _, _ = part.partition(" ")
        if not number.isdigit():
            return None
        found = next((k for k in ITEMS if game_t(ENGLISH, GAME, f"count.{k}", n=int(number)) == part), None)
        if found is None:
            return None
        parts.append(words.counted(found, int(number)))
    return listed(parts)


def _transfer(text: str, fig: str, board: _Board) -> Iterator[Phrase]:
    """A Transfer's sentence: its items are read back from its English (the event's data names none), the
    rebuilt sentence is then checked against that English like every other."""
    figurine = words.figurine(fig)
    head = _english(phrase("transfer.takes", figurine=figurine, parts=listed([], "semicolon")))[:-1]
    if text.startswith(head) and text.endswith("."):
        parts: list[Arg] = []
        for part in text[len(head):-1].split("; "):
            ending = next((e for e in SOURCES if part.endswith(e)), None)
            items = _items(part[: -len(ending)]) if ending else None
            if ending is None or items is None:
                return
            parts.append(phrase(SOURCES[ending], items=items))
        yield phrase("transfer.takes", figurine=figurine, parts=listed(parts, "semicolon"))
        return
    head = _arg(ENGLISH, figurine)
    rest = text[len(head):] if text.startswith(head) else ""
    for ending in (" into the safe.", " loose on ", " to "):
        said, _, _ = rest.removeprefix(" puts ").partition(ending)
        items = _items(said)
        if items is None:
            continue
        yield phrase("transfer.into-safe", figurine=figurine, items=items)
        for zone_id in board.zone_ids:
            yield phrase("transfer.drops", figurine=figurine, items=items, zone=words.zone(zone_id))
        for other in board.figurines:
            yield phrase("transfer.gives", figurine=figurine, items=items, target=words.figurine(other))
