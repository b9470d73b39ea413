"""Playing white, violet and red cards in one's own activation (§11.3, R-A32, R-A40)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.associates import board, words
from engine.associates.actions import attack, crafting, movement, transfer
from engine.associates.actions.common import active_fig, active_seat, play_card
from engine.associates.cards import card_name, card_type, is_listed_copy
from engine.associates.components import ARTEFACTS, GUILD_INFO, ITEM_NAMES, fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.ids import Command, Improvise, OnFig, OnZone, Recipe, Row, parse, step_id
from engine.associates.purse import spend_gold, spendable_gold
from engine.associates.state import (
    Draft,
    State,
    Trap,
    designated,
    effective_terrain,
    figs_in_zone,
    intact_lair_at,
    lair_intact,
    zone_of,
)
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phrases import Phrase, listed, phrase

ATTACK_CARDS = {"aggressiveness": "combat", "petit_malin": "theft", "siege": "combat", "burglary": "theft",
                "bailiff": "combat"}
SCAVENGE = {"hill": "sacred_wood", "forest": "sacred_wood", "ruin": "moonstone", "stone_circle": "moonstone"}
ZONE_CARDS = ("trap", "mined_terrain", "storm")
FIG_CARDS = ("pumpkin", "root")
BLUE = ("protection", "shield", "alarm", "bribe", "tomb")
ZONE_PAGE = 23  # + undo + end = 25 menu entries


def zone_choices(s: State, t: str) -> list[str]:
    """Legal zones for Trap, Mined Terrain or Storm."""
    fig = active_fig(s)
    here = zone_of(s, fig)
    if t == "trap":
        if s.supply["trap"] <= 0:
            return []
        return [z for z in board.zone_ids() if not intact_lair_at(s, z) and s.zones[z].trap is None]
    near = [here, *board.adjacent(here)]
    if t == "mined_terrain":
        if s.supply["trap"] <= 0:
            return []
        return [z for z in near if not intact_lair_at(s, z) and s.zones[z].trap is None]
    if s.supply["storm"] <= 0:
        return []
    return [z for z in near if s.zones[z].storm is None]


def fig_choices(s: State, t: str) -> list[str]:
    """Legal figurine targets for Pumpkin or Root."""
    fig = active_fig(s)
    g = guild_of(fig)
    here = zone_of(s, fig)
    if t == "pumpkin":
        if s.figs[fig].kind != "fairy" or s.supply["pumpkin"] <= 0:
            return []
        return [f for f in figs_in_zone(s, here) if guild_of(f) != g and not s.figs[f].pumpkin]
    if s.supply["root"] <= 0:
        return []
    out = []
    for z in [here, *board.adjacent(here)]:
        out += [f for f in figs_in_zone(s, z) if guild_of(f) != g and not s.figs[f].rooted]
    return out


def improv_kinds(s: State) -> list[str]:
    """Action types Improvisation could start now."""
    fig = active_fig(s)
    out = []
    if movement.can_move(s, fig):
        out.append("move")
    if transfer.possible(s, fig):
        out.append("transfer")
    if attack.targets(s, "combat", "improvisation"):
        out.append("combat")
    if attack.targets(s, "theft", "improvisation"):
        out.append("theft")
    if any(crafting.feasible(s, a, False) for a in ARTEFACTS):
        out.append("craft")
    return out


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a card cannot be played now: the English a refusal shows, and the phrase saying it in any language."""

    text: str
    said: Phrase


def why_not(s: State, card: str) -> str | None:
    """None if the card can be played now by the active player, else the player-facing reason."""
    reason = why_not_said(s, card)
    return None if reason is None else reason.text


def why_not_said(s: State, card: str) -> Reason | None:
    """None if the card can be played now by the active player, else the reason: its English and its phrase."""
    t = card_type(card)
    fig = active_fig(s)
    g = guild_of(fig)
    f = s.figs[fig]
    name = card_name(card)
    said = words.card(card)
    if t in BLUE:
        return Reason(f"{name} is a reaction card: it is played only in its window during an adverse action.",
                            phrase("refusal.reaction-card", card=said))
    if t == "sprint":
        if f.rooted:
            return Reason("Sprint cannot be played on a Rooted figurine: it cannot move this turn.",
                                phrase("refusal.sprint-rooted"))
        return Reason("Sprint is played while declaring a Movement (choose Move, then add Sprint).",
                            phrase("refusal.sprint-with-movement"))
    if t == "ransom":
        return None if s.ransom else Reason(
            "Ransom is playable only as the first command after your Combat eliminated an adverse figurine.",
            phrase("refusal.ransom-after-elimination"))
    if t in ATTACK_CARDS:
        if t == "bailiff" and not designated(s):
            return Reason("Bailiff needs a designated guild.", phrase("refusal.bailiff-designated"))
        if not attack.targets(s, ATTACK_CARDS[t], t):
            if t == "siege":
                return Reason("Siege needs an adverse intact lair in this zone.", phrase("refusal.siege-lair"))
            if t == "burglary":
                return Reason("Burglary needs an adverse intact lair in this zone.",
                                    phrase("refusal.burglary-lair"))
            if t == "bailiff":
                return Reason("Bailiff needs a figurine of the designated guild in reach.",
                                    phrase("refusal.bailiff-reach"))
            return Reason("There is no legal target in reach.", phrase("refusal.no-target"))
        return None
    if t == "improvisation":
        return None if improv_kinds(s) else Reason("No action is possible for this figurine.",
                                                         phrase("refusal.no-action-possible"))
    if t == "quick_hands":
        return None if transfer.possible(s, fig) else Reason("There is nothing to transfer.",
                                                                   phrase("refusal.nothing-to-transfer"))
    if t == "second_wind":
        return None if f.stuns > 0 else Reason("Second Wind needs a Stunned token on the active figurine.",
                                                     phrase("refusal.second-wind"))
    if t == "ambush" or t == "war_cry":
        return None
    if t == "forge":
        return None if any(crafting.feasible(s, a, True) for a in ARTEFACTS) else Reason(
            "Forge needs the components of an artefact among your figurines in this zone (and supply).",
            phrase("refusal.forge"))
    if t == "scavenge":
        comp = SCAVENGE.get(effective_terrain(s, zone_of(s, fig)))
        if comp is None:
            return Reason("Scavenge works only on a hill, forest, ruin or stone circle.",
                                phrase("refusal.scavenge-terrain"))
        return None if s.supply[comp] > 0 else Reason(f"No {ITEM_NAMES[comp]} left in the supply.",
                                                            phrase("refusal.scavenge-supply", item=words.item(comp)))
    if t in ZONE_CARDS:  # R-A40: a token card is illegal with its supply empty
        if s.supply["trap" if t != "storm" else "storm"] <= 0:
            return Reason(f"No {name} token is left in the supply.", phrase("refusal.no-token", card=said))
        return None if zone_choices(s, t) else Reason("No legal zone for this token.",
                                                            phrase("refusal.no-token-zone"))
    if t in FIG_CARDS:
        if t == "pumpkin" and f.kind != "fairy":
            return Reason("Pumpkin must be played by an active Fairy.", phrase("refusal.pumpkin-fairy"))
        if s.supply[t] <= 0:
            return Reason(f"No {name} token is left in the supply.", phrase("refusal.no-token", card=said))
        return None if fig_choices(s, t) else Reason("No legal adverse figurine for this card.",
                                                           phrase("refusal.no-adverse-figurine"))
    if t in ("safe", "bank"):
        if not lair_intact(s, g):
            return Reason(f"{name} needs your intact lair.", phrase("refusal.needs-intact-lair", card=said))
        if s.lairs[g].safe_token if t == "safe" else s.lairs[g].bank_token:
            return Reason(f"Your lair already has a {name} token.", phrase("refusal.lair-has-token", card=said))
        if s.supply["safe_bank"] <= 0:
            return Reason("No Safe/Bank token is left in the supply.", phrase("refusal.no-safe-bank"))
        return None
    return Reason("This card cannot be played now.", phrase("refusal.card-not-now"))


def playable(s: State) -> list[Action]:
    """'play:<card>' for every card of the active hand that has a legal use now (R-A32: any moment of the
    activation, even with 0 actions left)."""
    out = []
    seen: set[str] = set()
    for c in s.players[active_seat(s)].hand:
        t = card_type(c)
        if t in seen:
            continue  # G-1: one copy per type keeps the menu short; the copies are identical
        if why_not(s, c) is None:
            seen.add(t)
            out.append(Action(f"play:{c}", f"Play {card_name(c)}", phrase("label.play", card=words.card(c))))
    return out


def check_play(s: State, card: str) -> None:
    """The §17 refusal of playing `card` now, if any."""
    hand = s.players[active_seat(s)].hand
    if card not in hand:
        raise IllegalAction("That card is not in your hand.", "E_CARD_NOT_IN_HAND",
                            phrase=phrase("refusal.card-not-hand"))
    reason = why_not_said(s, card)
    if reason is not None:
        code = "E_REACTION_CARD" if card_type(card) in BLUE else "E_CARD_CONDITION"
        if card_type(card) == "sprint":
            code = "E_ROOTED" if s.figs[active_fig(s)].rooted else "E_NO_MOVEMENT"
        raise IllegalAction(reason.text, code, phrase=reason.said)
    if not is_listed_copy(hand, card):
        raise IllegalAction(f"Play {card_name(card)} with the listed choice (its copies are identical).",
                            "E_UNKNOWN_ACTION", phrase=phrase("refusal.play-listed-copy", card=words.card(card)))


def play(ctx: Ctx, card: str) -> None:
    """Start playing a card: direct effect now, or open its target draft."""
    s = ctx.s
    check_play(s, card)
    t = card_type(card)
    if t in ATTACK_CARDS:
        s.draft = Draft(kind=ATTACK_CARDS[t], source=card)
    elif t == "improvisation":
        s.draft = Draft(kind="improv", source=card)
    elif t == "quick_hands":
        s.draft = Draft(kind="transfer", source=card)
    elif t == "forge":
        s.draft = Draft(kind="craft", source=card, forge=True)
    elif t in ZONE_CARDS:
        s.draft = Draft(kind="zone", source=card)
    elif t in FIG_CARDS:
        s.draft = Draft(kind="fig", source=card)
    else:
        _direct(ctx, card)


def _direct(ctx: Ctx, card: str) -> None:
    s = ctx.s
    t = card_type(card)
    fig = active_fig(s)
    g = guild_of(fig)
    f = s.figs[fig]
    play_card(ctx, card)
    if t == "ambush":
        if g not in s.effects.ambush:
            s.effects.ambush.append(g)
    elif t == "war_cry":
        s.effects.war_cry[g] = s.effects.war_cry.get(g, 0) + 1
    elif t == "second_wind":
        f.stuns -= 1
        ctx.say(f"{fig_name(fig)} removes a Stunned token.", "second_wind",
                phrase=phrase("effect.second-wind", figurine=words.figurine(fig)), figurine=fig)
    elif t == "scavenge":
        comp = SCAVENGE[effective_terrain(s, zone_of(s, fig))]
        s.supply[comp] -= 1
        f.treasure[comp] += 1
        ctx.say(f"{fig_name(fig)} scavenges 1 {ITEM_NAMES[comp]}.", "scavenge",
                phrase=phrase("effect.scavenge", figurine=words.figurine(fig), component=words.counted(comp, 1)),
                figurine=fig, component=comp)
    elif t == "ransom":
        victim = s.ransom
        assert victim is not None, "why_not lets Ransom through only right after an elimination"
        s.ransom = None
        paid = min(2, spendable_gold(s, victim))
        spend_gold(s, victim, paid)
        f.treasure["gold"] += paid
        ctx.say(f"Ransom: the {GUILD_INFO[victim]['title']} pay {paid} GP to {fig_name(fig)}.", "ransom",
                phrase=phrase("effect.ransom", guild=words.guild(victim), gold=paid, figurine=words.figurine(fig)),
                gold=paid)
    elif t in ("safe", "bank"):
        if t == "safe":
            s.lairs[g].safe_token = card
        else:
            s.lairs[g].bank_token = card
        s.supply["safe_bank"] -= 1
        ctx.say(f"A {card_name(card)} token is placed on the {GUILD_INFO[g]['title']} lair.", "token",
                phrase=phrase("token.on-lair", card=words.card(card), lair=words.lair(g)))


def draft_legal(s: State, draft: Draft) -> list[Action]:
    """Steps of the card drafts: zone, figurine, recipe, Improvisation type."""
    kind = draft.kind
    t = card_type(draft.source) if draft.source else ""
    if kind == "zone":
        zones = zone_choices(s, t)
        if _rows_first(zones, draft):
            # G-2: too many zones for one menu (Trap may go almost anywhere): pick a board row first.
            rows = sorted({_row_of(z) for z in zones})
            return [Action(step_id(Row(r)), f"Zones of row {r + 1}: " + ", ".join(
                board.zone_name(z) for z in zones if _row_of(z) == r),
                phrase("label.row", row=r + 1, zones=listed(words.zone(z) for z in zones if _row_of(z) == r)))
                for r in rows]
        card = draft.card()
        return [Action(f"z:{z}", f"{card_name(card)} on {board.zone_name(z)}",
                       phrase("label.card-on", card=words.card(card), target=words.zone(z)))
                for z in _in_chosen_row(zones, draft)]
    if kind == "fig":
        card = draft.card()
        return [Action(f"f:{x}", f"{card_name(card)} on {fig_name(x)}",
                       phrase("label.card-on", card=words.card(card), target=words.figurine(x)))
                for x in fig_choices(s, t)]
    if kind == "craft":
        forge = draft.forge
        return [crafting.craft_action(f"recipe:{a}", a) for a in ARTEFACTS if crafting.feasible(s, a, forge)]
    if kind == "improv":
        return [Action(f"do:{k}", f"Improvise: {IMPROVISED[k][0]}", phrase("label.improvise", kind=IMPROVISED[k][1]))
                for k in improv_kinds(s)]
    return []


# What an Improvisation may stand for, in English and as the catalog says it (labels never show ids).
IMPROVISED: dict[str, tuple[str, Phrase]] = {
    "move": ("Movement", phrase("label.movement")), "transfer": ("Transfer", phrase("label.transfer")),
    "combat": ("Combat", phrase("label.combat")), "theft": ("Theft", phrase("label.theft")),
    "craft": ("Craft", phrase("label.craft-kind")),
}


def _row_of(zone: str) -> int:
    return board.zone_ids().index(zone) // 5


def _rows_first(zones: list[str], draft: Draft) -> bool:
    """Whether the zone draft must pick a board row before a zone (G-2)."""
    return len(zones) > ZONE_PAGE and not draft.steps


def _in_chosen_row(zones: list[str], draft: Draft) -> list[str]:
    """The zones of the row picked in the draft (all of them when no row was needed)."""
    if not draft.steps:
        return zones
    # the row step was checked against the listed rows when it was recorded
    step = parse(draft.steps[-1])
    assert isinstance(step, Row)
    return [z for z in zones if _row_of(z) == step.row]


def check_draft_step(s: State, draft: Draft, cmd: Command) -> None:
    """The refusal of a card-draft step (zone, figurine, recipe, Improvisation type), if any."""
    kind = draft.kind
    card = draft.source
    t = card_type(card) if card else ""
    match kind, cmd:
        case "zone", Row() if not draft.steps:
            if cmd not in (parse(a.id) for a in draft_legal(s, draft)):
                raise IllegalAction("Choose one of the listed rows.", "E_UNKNOWN_ACTION",
                                    phrase=phrase("refusal.choose-one-listed-rows"))
        case "zone", OnZone(z):
            if not board.is_zone(z):
                raise IllegalAction("Unknown zone.", "E_UNKNOWN_ZONE", phrase=phrase("refusal.unknown-zone"))
            zones = zone_choices(s, t)
            if z not in zones:
                if intact_lair_at(s, z) and t != "storm":
                    raise IllegalAction(f"{card_name(draft.card())} cannot go on an intact lair.", "E_TOKEN_ZONE",
                                        phrase=phrase("refusal.token-on-lair", card=words.card(draft.card())))
                raise IllegalAction(f"{card_name(draft.card())} cannot go there (one token per zone"
                                    + ("; your zone or an adjacent one" if t != "trap" else "") + ").",
                                    "E_TOKEN_ZONE",
                                    phrase=phrase("refusal.token-zone-near", card=words.card(draft.card()))
                                    if t != "trap" else phrase("refusal.token-zone", card=words.card(draft.card())))
            if _rows_first(zones, draft):
                raise IllegalAction("Choose the board row first, then the zone.", "E_UNKNOWN_ACTION",
                                    phrase=phrase("refusal.choose-board-row"))
            if z not in _in_chosen_row(zones, draft):
                raise IllegalAction("That zone is not in the row you chose; undo to choose another row.",
                                    "E_UNKNOWN_ACTION", phrase=phrase("refusal.zone-not-row"))
        case "fig", OnFig(x):
            if x not in fig_choices(s, t):
                raise IllegalAction(f"{card_name(draft.card())} needs an adverse figurine without that token "
                                    + ("in the Fairy's zone." if t == "pumpkin" else "here or adjacent."),
                                    "E_CARD_TARGET",
                                    phrase=phrase("refusal.card-target-fairy", card=words.card(draft.card()))
                                    if t == "pumpkin" else phrase("refusal.card-target-near",
                                                                  card=words.card(draft.card())))
        case "craft", Recipe(a):
            crafting.check(s, a, draft.forge)
        case "improv", Improvise(k):
            if k not in improv_kinds(s):
                raise IllegalAction("That action is not possible for this figurine now.", "E_CARD_CONDITION",
                                    phrase=phrase("refusal.action-not-possible"))
        case _:
            raise IllegalAction("Choose one of the listed options.", "E_UNKNOWN_ACTION",
                                phrase=phrase("refusal.choose-one-listed-options"))


def draft_step(ctx: Ctx, draft: Draft, cmd: Command) -> None:
    """Apply a card-draft step (each but a row choice completes the play)."""
    s = ctx.s
    check_draft_step(s, draft, cmd)
    t = card_type(draft.source) if draft.source else ""
    match cmd:
        case Row():
            draft.steps.append(step_id(cmd))
        case OnZone(z):
            s.draft = None
            play_card(ctx, draft.card())
            if t == "storm":
                s.zones[z].storm = active_seat(s)
                s.supply["storm"] -= 1
            else:
                s.zones[z].trap = Trap(kind=t, card=draft.card())
                s.supply["trap"] -= 1
            ctx.say(f"A {card_name(draft.card())} token is placed on {board.zone_name(z)}.", "token",
                    phrase=phrase("token.on-zone", card=words.card(draft.card()), zone=words.zone(z)), zone=z, token=t)
        case OnFig(x):
            s.draft = None
            play_card(ctx, draft.card())
            s.supply[t] -= 1
            if t == "pumpkin":
                s.figs[x].pumpkin = True
                s.figs[x].activated = True  # marked activated at once, with no actions
            else:
                s.figs[x].rooted = True
            ctx.say(f"{fig_name(x)} is under a {card_name(draft.card())} token this turn.", "token",
                    phrase=phrase("token.on-figurine", figurine=words.figurine(x), card=words.card(draft.card())),
                    figurine=x, token=t)
        case Recipe(a):
            s.draft = None
            play_card(ctx, draft.card())
            crafting.craft(ctx, a, draft.forge)
        case Improvise(k):
            s.draft = Draft(kind=k, source=draft.source)
