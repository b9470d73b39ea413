"""Transfer (§7.2, R-A16): Take, Drop or Give, items chosen one step at a time."""

from __future__ import annotations

from engine.associates import board, words
from engine.associates.actions.common import active_fig, pay, require_action
from engine.associates.components import (
    COMPONENTS,
    ITEM_NAMES,
    ITEMS,
    describe_treasure,
    empty_treasure,
    fig_name,
    guild_of,
    treasure_size,
)
from engine.associates.context import Ctx
from engine.associates.ids import Command, DraftStep, Drop, Give, Take, TransferMode, drop_id, parse, step_id, take_id
from engine.associates.missions import secondary
from engine.associates.state import (
    Draft,
    State,
    effective_terrain,
    figs_in_zone,
    on_own_intact_lair,
    zone_of,
)
from engine.associates.words import Clause
from engine.core.actions import CONFIRM_ID, Action
from engine.core.errors import IllegalAction
from engine.core.phrases import Phrase, listed, phrase

PROSPECT_TERRAINS = ("hill", "forest", "ruin", "stone_circle")
TAKE = TransferMode("take")
DROP = TransferMode("drop")


# Where a Take draws from, in words (no ids in labels).
SOURCE_WORDS = {"loose": "lying here", "safe": "from your safe", "tomb": "from your tomb", "own": "carried"}
SOURCE_SAID = {"loose": phrase("source.loose"), "safe": phrase("source.safe"), "tomb": phrase("source.tomb"),
               "own": phrase("source.own")}


def sources(s: State, fig: str) -> dict[str, dict[str, int]]:
    """Treasures a Take may draw on: loose, own safe (on own intact lair), own Tomb here (R-A16; G-5: one Take
    may combine them)."""
    zone = zone_of(s, fig)
    out = {"loose": s.zones[zone].loose}
    g = guild_of(fig)
    if on_own_intact_lair(s, fig):
        out["safe"] = s.lairs[g].safe
    if g in s.zones[zone].tombs:
        out["tomb"] = s.zones[zone].tombs[g]
    return out


def friends_here(s: State, fig: str) -> list[str]:
    """Friendly figurines in the same zone (Give targets)."""
    zone = zone_of(s, fig)
    return [f for f in figs_in_zone(s, zone) if f != fig and guild_of(f) == guild_of(fig)]


def possible(s: State, fig: str) -> bool:
    """Whether any Transfer could move something."""
    if treasure_size(s.figs[fig].treasure):
        return True
    return any(treasure_size(t) for t in sources(s, fig).values())


def mode_of(draft: Draft) -> TransferMode | Give | None:
    """The first step (Take or Drop mode, or Give to a figurine), None while not chosen."""
    if not draft.steps:
        return None
    first = parse(draft.steps[0])
    assert isinstance(first, TransferMode | Give)  # only a checked mode step is ever recorded first
    return first


def is_take(mode: TransferMode | Give | None) -> bool:
    """Whether the Transfer takes (rather than drops or gives)."""
    return mode == TAKE


def selection(s: State, fig: str, draft: Draft) -> dict[str, dict[str, int]]:
    """Chosen counts per source ('own' for Drop/Give), replaying the steps."""
    sel: dict[str, dict[str, int]] = {}
    avail = sources(s, fig)
    avail["own"] = s.figs[fig].treasure
    for step in map(parse, draft.steps[1:]):
        match step:
            case Take(src, str(item), tail):
                pass
            case Drop(item, tail):
                src = "own"
            case _:
                continue
        cur = sel.setdefault(src, empty_treasure())
        cur[item] += (avail[src][item] - cur[item]) if tail == ("all",) else 1
    return sel


def legal(s: State, draft: Draft) -> list[Action]:
    """Mode step, then item steps, then confirm."""
    fig = active_fig(s)
    m = mode_of(draft)
    out: list[Action] = []
    if m is None:
        srcs = sources(s, fig)
        if any(treasure_size(t) for t in srcs.values()):
            out.append(Action(step_id(TAKE), "Take items here", phrase("label.take-here")))
        if treasure_size(s.figs[fig].treasure):
            safe = on_own_intact_lair(s, fig)
            where = "into your safe" if safe else "loose here"
            out.append(Action(step_id(DROP), f"Drop items {where}",
                              phrase("label.drop-safe") if safe else phrase("label.drop-loose")))
            for f in friends_here(s, fig):
                out.append(Action(step_id(Give(f)), f"Give items to {fig_name(f)}",
                                  phrase("label.give", figurine=words.figurine(f))))
        return out
    sel = selection(s, fig, draft)
    if is_take(m):
        for src, t in sources(s, fig).items():
            chosen = sel.get(src, empty_treasure())
            for item in ITEMS:
                left = t[item] - chosen[item]
                if left > 0:
                    out.append(Action(take_id(src, item), f"Take 1 {ITEM_NAMES[item]} ({SOURCE_WORDS[src]})",
                                      phrase("label.take-one", items=words.counted(item, 1),
                                             source=SOURCE_SAID[src])))
                if left > 1 and item == "gold":  # G-1: "all" for gold only keeps the menu within 25
                    out.append(Action(take_id(src, item, everything=True),
                                      f"Take all {left} {ITEM_NAMES[item]} ({SOURCE_WORDS[src]})",
                                      phrase("label.take-all", items=words.counted(item, left),
                                             source=SOURCE_SAID[src])))
    else:
        t = s.figs[fig].treasure
        chosen = sel.get("own", empty_treasure())
        for item in ITEMS:
            left = t[item] - chosen[item]
            if left > 0:
                out.append(Action(drop_id(item), f"Add 1 {ITEM_NAMES[item]}",
                                  phrase("label.add-one", items=words.counted(item, 1))))
            if left > 1 and item == "gold":
                out.append(Action(drop_id(item, everything=True), f"Add all {left} {ITEM_NAMES[item]}",
                                  phrase("label.add-all", items=words.counted(item, left))))
    if any(treasure_size(v) for v in sel.values()):
        out.append(Action(CONFIRM_ID, "Confirm the Transfer", phrase("label.confirm-transfer")))
    return out


def check_step(s: State, draft: Draft, cmd: Command) -> DraftStep:
    """The Transfer step `cmd` adds, or its §17.9 refusal."""
    fig = active_fig(s)
    m = mode_of(draft)
    if m is None:
        match cmd:
            case TransferMode("take"):
                if not any(treasure_size(t) for t in sources(s, fig).values()):
                    raise IllegalAction("There is nothing here you may take.", "E_NOTHING_TO_TAKE",
                                        phrase=phrase("refusal.there-nothing-here"))
            case TransferMode("drop"):
                if not treasure_size(s.figs[fig].treasure):
                    raise IllegalAction("This figurine carries nothing to drop.", "E_NOTHING_TO_DROP",
                                        phrase=phrase("refusal.figurine-carries-nothing"))
            case Give(other):
                if other not in s.figs or guild_of(other) != guild_of(fig):
                    raise IllegalAction("You can only give to a figurine of your own guild.", "E_GIVE_ADVERSE",
                                        phrase=phrase("refusal.give-figurine-own"))
                if other not in friends_here(s, fig):
                    raise IllegalAction("You can only give to a friendly figurine in the same zone.", "E_GIVE_ZONE",
                                        phrase=phrase("refusal.give-friendly-figurine"))
                if not treasure_size(s.figs[fig].treasure):
                    raise IllegalAction("This figurine carries nothing to give.", "E_NOTHING_TO_DROP",
                                        phrase=phrase("refusal.figurine-carries-nothing-give"))
            case _:
                raise IllegalAction("Choose Take, Drop or Give first.", "E_UNKNOWN_ACTION",
                                    phrase=phrase("refusal.choose-take-drop"))
        return cmd
    if is_take(m):
        if not isinstance(cmd, Take):
            raise IllegalAction("One Transfer either takes or drops/gives, never both.", "E_TRANSFER_MIX",
                                phrase=phrase("refusal.one-transfer-either"))
        src, item = cmd.source, cmd.item
        if item is None or item not in ITEMS:
            raise IllegalAction("Unknown item.", "E_UNKNOWN_ITEM", phrase=phrase("refusal.unknown-item"))
        g = guild_of(fig)
        if src == "safe" and "safe" not in sources(s, fig):
            raise IllegalAction("You may only take from your own guild's safe, standing on your intact lair.",
                                "E_ADVERSE_SAFE", phrase=phrase("refusal.take-from-own"))
        if src == "tomb" and "tomb" not in sources(s, fig):
            holder = [k for k in s.zones[zone_of(s, fig)].tombs if k != g]
            raise IllegalAction("Only the owner's figurines may take from a Tomb." if holder else
                                "There is no Tomb of yours here.", "E_ADVERSE_TOMB",
                                phrase=phrase("refusal.adverse-tomb") if holder else phrase("refusal.no-tomb-here"))
        avail = sources(s, fig).get(src)
        if avail is None:
            raise IllegalAction("Unknown source.", "E_UNKNOWN_ITEM", phrase=phrase("refusal.unknown-source"))
        chosen = selection(s, fig, draft).get(src, empty_treasure())
        if avail[item] - chosen[item] <= 0:
            raise IllegalAction(f"There is no {ITEM_NAMES[item]} left to take there.", "E_ITEM_NOT_PRESENT",
                                phrase=phrase("refusal.none-left-there", item=words.item(item)))
        _require_listed_form(cmd.tail, item, avail[item] - chosen[item])
        return cmd
    if not isinstance(cmd, Drop):
        raise IllegalAction("One Transfer either takes or drops/gives, never both.", "E_TRANSFER_MIX",
                            phrase=phrase("refusal.one-transfer-either"))
    item = cmd.item
    if item not in ITEMS:
        raise IllegalAction("Unknown item.", "E_UNKNOWN_ITEM", phrase=phrase("refusal.unknown-item"))
    chosen = selection(s, fig, draft).get("own", empty_treasure())
    if s.figs[fig].treasure[item] - chosen[item] <= 0:
        raise IllegalAction(f"This figurine does not hold that {ITEM_NAMES[item]}.", "E_ITEM_NOT_HELD",
                            phrase=phrase("refusal.item-not-held", item=words.item(item)))
    _require_listed_form(cmd.tail, item, s.figs[fig].treasure[item] - chosen[item])
    return cmd


def step(s: State, draft: Draft, cmd: Command) -> None:
    """Validate and record one Transfer step (§17.9)."""
    draft.steps.append(step_id(check_step(s, draft, cmd)))


def everything_steps(s: State, fig: str, mode: str) -> list[DraftStep]:
    """The item steps taking (`take`) everything lying here and in one's Tomb (never the safe, which keeps
    it safe) or dropping (`drop`) everything carried, as the menu spells them."""
    steps: list[DraftStep] = []
    if mode == "take":
        pools = {src: t for src, t in sources(s, fig).items() if src != "safe"}
    else:
        pools = {"own": s.figs[fig].treasure}
    for src, t in pools.items():
        for item in ITEMS:
            n = t[item]
            one: DraftStep = Take(src, item) if mode == "take" else Drop(item)
            if item == "gold" and n > 1:
                steps.append(Take(src, item, ("all",)) if mode == "take" else Drop(item, ("all",)))
            else:
                steps += [one] * n
    return steps


def _require_listed_form(rest: tuple[str, ...], item: str, left: int) -> None:
    """Refuse an item step the menu does not list: anything after the item but ':all', and ':all' except
    for gold with more than one left (G-1)."""
    if not rest:
        return
    if rest != ("all",):
        raise IllegalAction("Choose one of the listed items.", "E_UNKNOWN_ACTION",
                            phrase=phrase("refusal.choose-one-listed-items"))
    if item != "gold" or left < 2:
        raise IllegalAction("'All' is offered for gold only, when more than one is left; take items one by one.",
                            "E_UNKNOWN_ACTION", phrase=phrase("refusal.all-offered-gold"))


def check_confirm(s: State, draft: Draft) -> None:
    """Refuse a Transfer moving nothing, or one with no action left to pay (§17.7)."""
    if mode_of(draft) is None or not any(treasure_size(v) for v in selection(s, active_fig(s), draft).values()):
        raise IllegalAction("A Transfer must move at least one item.", "E_EMPTY_TRANSFER",
                            phrase=phrase("refusal.transfer-must-move"))
    if draft.source is None:
        require_action(s)


def confirm(ctx: Ctx, draft: Draft) -> None:
    """Pay and move the chosen items; Prospectors; empty Tombs return their token."""
    s = ctx.s
    fig = active_fig(s)
    m = mode_of(draft)
    sel = selection(s, fig, draft)
    check_confirm(s, draft)
    s.draft = None
    pay(ctx, draft.source)
    mine = s.figs[fig].treasure
    zone = zone_of(s, fig)
    g = guild_of(fig)
    if is_take(m):
        srcs = sources(s, fig)
        for src, chosen in sel.items():
            for item in ITEMS:
                srcs[src][item] -= chosen[item]
                mine[item] += chosen[item]
        public = {"loose": "lying here", "safe": "from their safe", "tomb": "from their tomb"}
        text = "; ".join(f"{_txt(c)} {public[src]}" for src, c in sel.items() if treasure_size(c))
        parts = listed((_taken(src, c) for src, c in sel.items() if treasure_size(c)), "semicolon")
        ctx.say(f"{fig_name(fig)} takes {text}.", "transfer",
                phrase=phrase("transfer.takes", figurine=words.figurine(fig), parts=parts), figurine=fig, mode="take")
        if "tomb" in sel and treasure_size(s.zones[zone].tombs[g]) == 0:
            del s.zones[zone].tombs[g]
            s.supply["tomb"] += 1
        loose = sel.get("loose", empty_treasure())
        if g == "artisans" and any(loose[c] for c in COMPONENTS) and effective_terrain(s, zone) in PROSPECT_TERRAINS:
            secondary(ctx, "artisans", fig, Clause("Prospectors", words.secondary("artisans")))
        return
    chosen = sel["own"]
    put = words.treasure(chosen)
    if isinstance(m, Give):
        dest = s.figs[m.fig].treasure
        where = f"to {fig_name(m.fig)}"
        said = phrase("transfer.gives", figurine=words.figurine(fig), items=put, target=words.figurine(m.fig))
    else:
        dest = s.lairs[g].safe if on_own_intact_lair(s, fig) else s.zones[zone].loose
        where = "into the safe" if on_own_intact_lair(s, fig) else f"loose on {board.zone_name(zone)}"
        said = (phrase("transfer.into-safe", figurine=words.figurine(fig), items=put) if on_own_intact_lair(s, fig)
                else phrase("transfer.drops", figurine=words.figurine(fig), items=put, zone=words.zone(zone)))
    for item in ITEMS:
        mine[item] -= chosen[item]
        dest[item] += chosen[item]
    ctx.say(f"{fig_name(fig)} puts {_txt(chosen)} {where}.", "transfer", phrase=said, figurine=fig,
            mode="give" if isinstance(m, Give) else "drop")


def _txt(t: dict[str, int]) -> str:
    return describe_treasure(t)


def _taken(source: str, t: dict[str, int]) -> Phrase:
    """One source of a Take in words, as the public narration says it ("2 GP lying here")."""
    if source == "loose":
        return phrase("transfer.lying-here", items=words.treasure(t))
    if source == "safe":
        return phrase("transfer.from-safe", items=words.treasure(t))
    return phrase("transfer.from-tomb", items=words.treasure(t))
