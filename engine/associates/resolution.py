"""Resolution of one Combat or Theft (§7.7): declaration, windows, pool, roll, effects."""

from __future__ import annotations

from engine.associates import words
from engine.associates.cards import card_name, card_type
from engine.associates.components import (
    ITEM_NAMES,
    ITEMS,
    NEUTRAL,
    THEFT_DEFAULT_ORDER,
    fig_name,
    guild_of,
    guild_title,
    treasure_size,
)
from engine.associates.context import Ctx
from engine.associates.dice import roll, successes
from engine.associates.dicepool import PoolInput, dice_pool
from engine.associates.flow import close_activation
from engine.associates.harm import destroy_lair, eliminate, move_treasure, stun_figure
from engine.associates.missions import secondary, thieves_theft
from engine.associates.state import (
    Res,
    Stage,
    State,
    designated,
    effective_terrain,
    is_defended,
    mode,
    on_own_intact_lair,
    power_works,
    resolving,
    seat_of,
    zone_of,
)
from engine.associates.windows import NO_REACTION, NO_REACTION_SAID, has_w1, has_w2, has_w3
from engine.associates.words import Clause
from engine.core.phrases import Arg, listed, phrase


def target_zone(s: State, target: dict[str, str]) -> str:
    """Zone of a figurine or lair target."""
    if "fig" in target:
        return str(s.figs[target["fig"]].zone)
    return str(s.lairs[target["lair"]].zone)


def target_guild(target: dict[str, str]) -> str:
    """Guild owning the target (or 'neutral')."""
    return guild_of(target["fig"]) if "fig" in target else target["lair"]


def target_treasure(s: State, target: dict[str, str]) -> dict[str, int]:
    """The treasure a Theft takes from: carried treasure or the lair safe."""
    treasure: dict[str, int] = (s.figs[target["fig"]].treasure if "fig" in target
                                else s.lairs[target["lair"]].safe)
    return treasure


def _faces(faces: list[int]) -> str:
    """Dice faces as words, not a raw list: `5, 1`."""
    return ", ".join(str(f) for f in faces) or "no dice"


def _successes(n: int) -> str:
    """`1 success`, `2 successes`."""
    return f"{n} success{'es' if n != 1 else ''}"


def _faces_said(faces: list[int]) -> Arg:
    """The faces of `_faces` as a phrase argument."""
    return listed(faces) if faces else phrase("roll.no-dice")


def _successes_said(n: int) -> Arg:
    """The count of `_successes` as a phrase argument."""
    return phrase("roll.successes", n=n)


def describe_target(target: dict[str, str]) -> str:
    """Short text for a target."""
    return fig_name(target["fig"]) if "fig" in target else f"the {guild_title(target['lair'])} lair"


def pool_input(s: State, res: Res) -> PoolInput:
    """Build the §8 input from the state and the action in progress."""
    actor = res.attacker()
    target = res.target
    a_zone = zone_of(s, actor)
    t_zone = target_zone(s, target)
    is_lair = "lair" in target
    storms = len({z for z in (a_zone, t_zone) if s.zones[z].storm is not None})
    return PoolInput(
        action=res.type,
        actor_kind=s.figs[actor].kind,
        actor_terrain=effective_terrain(s, a_zone),
        target_is_lair=is_lair,
        target_terrain=effective_terrain(s, t_zone),
        target_on_own_lair=(not is_lair) and on_own_intact_lair(s, target["fig"]),
        lair_neutral=is_lair and target["lair"] == NEUTRAL,
        lair_defended=is_lair and is_defended(s, target["lair"]),
        alarm=res.alarm,
        source=res.source,
        war_cries=int(s.effects.war_cry.get(guild_of(actor), 0)),
        protections=res.protections,
        storms=storms,
        mode=mode(s),
    )


def declare(ctx: Ctx, kind: str, actor: str, target: dict[str, str], card: str | None) -> None:
    """§7.7 step 1: the Combat/Theft is declared; then W1 or the roll."""
    s = ctx.s
    defender = seat_of(s, target_guild(target))
    s.res = Res(type=kind, actor=actor, target=target, player=seat_of(s, guild_of(actor)),
                source=card_type(card) if card else None, card=card, defender=defender)
    via = f" with {card_name(card)}" if card else ""
    what = "a Combat" if kind == "combat" else "a Theft"
    # Each id written out, so that the catalog check sees it used.
    who, whom = words.figurine(actor), words.target(target)
    if card and kind == "combat":
        said = phrase("declare.combat-with", actor=who, target=whom, card=words.card(card))
    elif card:
        said = phrase("declare.theft-with", actor=who, target=whom, card=words.card(card))
    elif kind == "combat":
        said = phrase("declare.combat", actor=who, target=whom)
    else:
        said = phrase("declare.theft", actor=who, target=whom)
    ctx.say(f"{fig_name(actor)} declares {what} against {describe_target(target)}{via}.",
            "declare", phrase=said, actor=actor, action=kind, target=target, source=resolving(s).source)
    open_w1(ctx)


def _open_window(ctx: Ctx, stage: Stage, has_response: bool) -> bool:
    """Open window `stage` for the defender if they have a legal response (R-A36); whether it opened.

    A skipped window narrates the same "No reaction." as a pass, so nobody learns
    from the narration whether the defender held a card.
    """
    res = resolving(ctx.s)
    if res.defender is None:
        return False
    if has_response:
        res.stage = stage
        res.asked = res.defender
        res.picks = []
        return True
    ctx.say(NO_REACTION, "reaction", phrase=NO_REACTION_SAID, window=stage.upper())
    return False


def open_w1(ctx: Ctx) -> None:
    """W1 opens only if the defender has a legal response (R-A36); otherwise the dice roll."""
    res = resolving(ctx.s)
    if not _open_window(ctx, "w1", res.defender is not None and has_w1(ctx.s, res)):
        do_roll(ctx)


def do_roll(ctx: Ctx) -> None:
    """§8: compute the pool and roll it."""
    s = ctx.s
    res = resolving(s)
    n, colour = dice_pool(pool_input(s, res))
    res.n, res.colour = n, colour
    res.faces = roll(ctx.rng, n)
    hits = successes(res.faces, colour)
    said = phrase("roll.rolls", actor=words.figurine(res.attacker()), dice=words.dice(colour, n),
                  faces=_faces_said(res.faces), successes=_successes_said(hits))
    ctx.say(f"{fig_name(res.attacker())} rolls {n} {colour}: {_faces(res.faces)} — {_successes(hits)}.", "roll",
            phrase=said, n=n, colour=colour, faces=list(res.faces), successes=hits, actor=res.actor)
    open_w2(ctx)


def open_w2(ctx: Ctx) -> None:
    """W2 opens only if the defender can Malin or Shield; otherwise the roll takes effect."""
    res = resolving(ctx.s)
    if not _open_window(ctx, "w2", res.defender is not None and has_w2(ctx.s, res)):
        apply_roll(ctx)


def malin_reroll(ctx: Ctx, gnome: str) -> None:
    """3.1 / R-A6: the whole roll is rolled again, final; W2 reopens without Malin."""
    s = ctx.s
    res = resolving(s)
    s.figs[gnome].malin_used = True
    res.rerolled = True
    res.faces = roll(ctx.rng, res.n)
    hits = successes(res.faces, res.colour)
    said = phrase("roll.malin", gnome=words.figurine(gnome), dice=words.dice(res.colour, res.n),
                  faces=_faces_said(res.faces), successes=_successes_said(hits))
    ctx.say(f"{fig_name(gnome)} uses Malin: re-roll {res.n} {res.colour}: {_faces(res.faces)} — "
            f"{_successes(hits)}.",
            "roll", phrase=said, n=res.n, colour=res.colour, faces=list(res.faces), successes=hits, malin=gnome)
    open_w2(ctx)


def apply_roll(ctx: Ctx) -> None:
    """§7.7 step 5: apply a Combat, or compute the Theft allowance."""
    s = ctx.s
    res = resolving(s)
    res.stage = "apply"
    res.asked = None
    hits = successes(res.faces, res.colour)
    if res.type == "combat":
        apply_combat(ctx, max(0, hits - 2 * res.shields))
        return
    allowance = hits
    actor = res.attacker()
    if s.figs[actor].kind == "goblin" and hits >= 1 and power_works(s, actor):
        allowance += 1  # Light Fingers
    if "lair" in res.target and s.lairs[res.target["lair"]].safe_token:
        allowance = min(allowance, 1)  # Safe cap, after Light Fingers
    res.allowance = allowance
    res.hits = hits
    # R-A17: the dice were rolled even against an empty target; the thief may take fewer items.
    if allowance == 0 or treasure_size(target_treasure(s, res.target)) == 0:
        finish_theft(ctx, {})
        return
    res.stage = "choose"
    res.picks = []


def apply_combat(ctx: Ctx, net: int) -> None:
    """§7.3: stuns on a figurine (Amulet, Ambush, elimination) or on a lair (destruction)."""
    s = ctx.s
    res = resolving(s)
    actor = res.attacker()
    target = res.target
    if "lair" in target:
        lair = s.lairs[target["lair"]]
        placed = min(net, 3 - lair.stuns)
        lair.stuns += placed
        ctx.say(f"The {guild_title(target['lair'])} lair receives {placed} Stunned token(s) — {lair.stuns}/3.",
                "stun", phrase=phrase("stun.lair", n=placed, lair=words.lair(target["lair"]), stuns=lair.stuns),
                lair=target["lair"], tokens=placed, stuns=lair.stuns)
        if lair.stuns >= 3:
            destroy_lair(ctx, target["lair"], actor)  # R-A18
        s.res = None
        return
    fig = target["fig"]
    cause = Clause(f"Combat by {fig_name(actor)}", phrase("stun.by-combat", actor=words.figurine(actor)))
    placed, full = stun_figure(ctx, fig, net, guild_of(actor), cause, actor)
    if placed and guild_of(actor) in s.effects.ambush:
        t = s.figs[fig].treasure
        if treasure_size(t):
            move_treasure(t, s.figs[actor].treasure)  # R-A39: before any elimination drop
            ctx.say(f"Ambush: {fig_name(fig)}'s whole treasure goes to {fig_name(actor)}.", "ambush",
                    phrase=phrase("effect.ambush", figurine=words.figurine(fig), actor=words.figurine(actor)))
    if full:
        start_elimination(ctx, fig, "combat")
        return
    s.res = None


def start_elimination(ctx: Ctx, fig: str, cause: str) -> None:
    """§7.9: W3 for the owner (if Tomb is possible), then the elimination."""
    s = ctx.s
    owner = seat_of(s, guild_of(fig))
    res = s.res or Res(type="elim", actor=None, target={"fig": fig}, defender=owner)
    s.res = res
    res.fig = fig
    res.cause = cause
    if has_w3(s, fig):
        res.stage = "w3"
        res.asked = owner
        return
    ctx.say(NO_REACTION, "reaction", phrase=NO_REACTION_SAID, window="W3")
    finish_elimination(ctx, None)


def finish_elimination(ctx: Ctx, tomb_card: str | None) -> None:
    """§7.9 steps 3-6: drop or Tomb, remove, Highwaymen, Ransom; close the activation if needed."""
    s = ctx.s
    res = resolving(s)
    fig = res.dying()
    eliminate(ctx, fig, tomb_card)
    s.res = None
    if res.cause == "combat":
        actor = res.attacker()
        if guild_of(actor) == "brigands":
            secondary(ctx, "brigands", actor, Clause(f"{fig_name(actor)} eliminated {fig_name(fig)}",
                                                     phrase("reward.eliminated", actor=words.figurine(actor),
                                                            victim=words.figurine(fig))))
        s.ransom = guild_of(fig)  # Ransom may be the very next command
    active = s.active
    if active is not None and active.fig == fig:
        close_activation(ctx, eliminated=True)


def theft_default_picks(s: State) -> dict[str, int]:
    """12.4: take the maximum allowed, gold first, then artefacts, moonstone, sacred wood."""
    res = resolving(s)
    t = target_treasure(s, res.target)
    left = res.allowance
    picks: dict[str, int] = {}
    for item in THEFT_DEFAULT_ORDER:
        k = min(left, t[item])
        if k:
            picks[item] = k
            left -= k
    return picks


def finish_theft(ctx: Ctx, picks: dict[str, int]) -> None:
    """§7.5: move the chosen items, then Thieves' mission, Pickpockets, Interest."""
    s = ctx.s
    res = resolving(s)
    actor = res.attacker()
    target = res.target
    t = target_treasure(s, target)
    mine = s.figs[actor].treasure
    taken = 0
    for item in ITEMS:
        k = picks.get(item, 0)
        t[item] -= k
        mine[item] += k
        taken += k
    text = ", ".join(f"{k} {ITEM_NAMES[i]}" for i, k in picks.items() if k) or "nothing"
    # Taking nothing has phrases of its own: French says it with a negation ("ne vole rien"), not as a list.
    thief = words.figurine(actor)
    if "lair" in target:
        lair = words.lair(target["lair"])
        said = (phrase("theft.from-lair", actor=thief, items=words.items(picks), lair=lair) if taken
                else phrase("theft.nothing-from-lair", actor=thief, lair=lair))
    else:
        victim = words.figurine(target["fig"])
        said = (phrase("theft.from-figurine", actor=thief, items=words.items(picks), target=victim) if taken
                else phrase("theft.nothing-from-figurine", actor=thief, target=victim))
    ctx.say(f"{fig_name(actor)} steals {text} from {describe_target(target)}.", "theft", phrase=said, actor=actor,
            items=dict(picks))
    s.res = None
    ag = guild_of(actor)
    tg = target_guild(target)
    if ag == "thieves" and "lair" in target:
        success = res.hits >= 1 if tg == NEUTRAL else taken >= 1  # R-A22
        thieves_theft(ctx, actor, tg, success)
    if ag == "thieves" and "fig" in target and taken >= 1:
        secondary(ctx, "thieves", actor, Clause("Pickpockets", words.secondary("thieves")))
    if ag == "usurers" and picks.get("gold", 0) >= 1 and tg == designated(s):
        secondary(ctx, "usurers", actor, Clause("Interest", words.secondary("usurers")))


def pool_of(s: State, kind: str, actor: str, target: dict[str, str], source: str | None = None,
            protections: int = 0, alarm: bool = False) -> tuple[int, str]:
    """(dice, colour) a Combat/Theft would roll now: the §8 pool read from a state (tests, previews)."""
    res = Res(type=kind, actor=actor, target=target, source=source, protections=protections, alarm=alarm)
    return dice_pool(pool_input(s, res))
