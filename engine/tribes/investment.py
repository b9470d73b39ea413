"""Phase 2 (spec §6, R-T13): one secret order per player, built step by step, revealed all at once.

Draft steps (§15.1): add recruits (territory, then count) · add a bill (post, then denomination) · undo ·
confirm · pass. Each step offers only choices that keep the whole order valid; `confirm` checks the
order as a whole again (`validate_order`).
"""

from __future__ import annotations

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, CONFIRM_ID, UNDO_ID, Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.phrases import Arg, Phrase, listed, phrase
from engine.tribes import phases, words
from engine.tribes.actions import (
    PASS_ID,
    WHOLE_INVESTMENT,
    Bill,
    BillOn,
    Clear,
    Confirm,
    Count,
    Kill,
    KillPost,
    Pass,
    RecruitAt,
    Spy,
    Undo,
    WholeInvestment,
    parse,
    step_id,
)
from engine.tribes.board import GNOMLAB, load_board
from engine.tribes.common import (
    POST_IN_SENTENCE,
    armies,
    army_total,
    bills_text,
    bluff_bills,
    joined,
    plural,
    side_start,
    territory_name,
)
from engine.tribes.state import (
    DENOMINATIONS,
    MAX_ARMIES,
    MAX_STACK,
    POSTS,
    Draft,
    InvestmentOrder,
    TribesState,
)

ARMY_PRICE = 3  # GG per army (§6)


def draft_of(state: TribesState, player: int) -> Draft:
    """`player`'s investment draft (a fresh one when nothing was added yet); never stored by this call."""
    return state.drafts.get(player) or Draft()


def _own_draft(state: TribesState, player: int) -> Draft:
    return state.drafts.setdefault(player, Draft())


def spent(order: InvestmentOrder) -> int:
    """The GG an order costs: 3 per army plus its bills (0-GG bills cost nothing)."""
    return ARMY_PRICE * sum(order.recruits.values()) + sum(sum(b) for b in order.bills.values())


def zeros_used(order: InvestmentOrder) -> int:
    """How many 0-GG bills an order places."""
    return sum(1 for bills in order.bills.values() for b in bills if b == 0)


def recruit_places(state: TribesState, player: int) -> list[str]:
    """Where `player` may recruit: territories he controls that are a city or of his home type (§6)."""
    board = load_board()
    home = state.players[player].tribe
    return [t for t in board.order
            if state.areas[t].controller == player and board.type_of(t) in ("city", home) and t != GNOMLAB]


def _refuse_place(state: TribesState, player: int, territory: str) -> None:
    if territory == GNOMLAB:
        raise IllegalAction("You cannot recruit on the Gnomlab: only on your cities and your home-type territories.",
                            "E_RECRUIT_PLACE", phrase=phrase("refuse.cannot-recruit-gnomlab-cities-home"))
    if territory not in recruit_places(state, player):
        raise IllegalAction(f"You cannot recruit at {territory_name(territory)}: recruits go only on a city you "
                            "control or on a territory of your home type that you control.", "E_RECRUIT_PLACE",
                            phrase=phrase("refuse.recruit-place", place=words.place(territory)))


def room_at(state: TribesState, player: int, order: InvestmentOrder, territory: str) -> int:
    """How many more armies the order may still recruit on `territory` (stack, supply and money)."""
    here = MAX_STACK - state.areas[territory].armies - order.recruits.get(territory, 0)
    supply = MAX_ARMIES - army_total(state, player) - sum(order.recruits.values())
    money = (state.players[player].purse - spent(order)) // ARMY_PRICE
    return max(0, min(here, supply, money))


def _refuse_count(state: TribesState, player: int, order: InvestmentOrder, territory: str, count: int) -> None:
    if count < 1:
        raise IllegalAction("Recruit at least 1 army.", "E_COUNT", phrase=phrase("refuse.recruit-least-1-army"))
    if state.areas[territory].armies + order.recruits.get(territory, 0) + count > MAX_STACK:
        raise IllegalAction(f"{territory_name(territory)} would hold more than {MAX_STACK} armies.", "E_STACK",
                            phrase=phrase("refuse.stack", n=MAX_STACK, place=words.place(territory)))
    if army_total(state, player) + sum(order.recruits.values()) + count > MAX_ARMIES:
        raise IllegalAction(f"You would have more than {MAX_ARMIES} armies on the board.", "E_SUPPLY",
                            phrase=phrase("refuse.supply", n=MAX_ARMIES))
    left = state.players[player].purse - spent(order)
    if ARMY_PRICE * count > left:
        raise IllegalAction(f"You have {left} GG left for this order and an army costs {ARMY_PRICE} GG.", "E_PURSE",
                            phrase=phrase("refuse.purse-army", gold=left, price=ARMY_PRICE))


def _refuse_bill(state: TribesState, player: int, order: InvestmentOrder, value: int) -> None:
    if value not in DENOMINATIONS:
        raise IllegalAction("Bills are worth 0, 1, 2, 5, 10 or 20 GG.", "E_DENOMINATION",
                            phrase=phrase("refuse.bills-worth-0-1-2"))
    if value == 0 and zeros_used(order) >= state.players[player].zeros:
        raise IllegalAction("You have no bluff bill (0 GG) left in hand.", "E_ZEROS",
                            phrase=phrase("refuse.bluff-bill-0-gg-left"))
    left = state.players[player].purse - spent(order)
    if value > left:
        raise IllegalAction(f"You have {left} GG left for this order.", "E_PURSE",
                            phrase=phrase("refuse.purse-bill", gold=left))


def bill_choices(state: TribesState, player: int, order: InvestmentOrder) -> list[int]:
    """The denominations the order may still add."""
    out = []
    for value in DENOMINATIONS:
        try:
            _refuse_bill(state, player, order, value)
        except IllegalAction:
            continue
        out.append(value)
    return out


def validate_order(state: TribesState, player: int, order: InvestmentOrder) -> None:
    """Check a whole order (§6, §16 Phase 2); IllegalAction naming the first problem, nothing changed."""
    board = load_board()
    for territory, count in order.recruits.items():
        if territory not in board:
            raise IllegalAction("That territory is not on the board.", "E_UNKNOWN_TERRITORY",
                                phrase=phrase("refuse.territory-not-board"))
        if count < 1:
            raise IllegalAction("Recruit at least 1 army wherever you recruit.", "E_COUNT",
                                phrase=phrase("refuse.recruit-least-1-army-wherever"))
        _refuse_place(state, player, territory)
        if state.areas[territory].armies + count > MAX_STACK:
            raise IllegalAction(f"{territory_name(territory)} would hold more than {MAX_STACK} armies.", "E_STACK",
                                phrase=phrase("refuse.stack", n=MAX_STACK, place=words.place(territory)))
    if army_total(state, player) + sum(order.recruits.values()) > MAX_ARMIES:
        raise IllegalAction(f"You would have more than {MAX_ARMIES} armies on the board.", "E_SUPPLY",
                            phrase=phrase("refuse.supply", n=MAX_ARMIES))
    for post, bills in order.bills.items():
        if post not in POSTS:
            raise IllegalAction("Posts are Research, Espionage, Assassination and Gnomguards.", "E_UNKNOWN_POST",
                                phrase=phrase("refuse.posts-research-espionage-assassination-gnomguards"))
        if any(b not in DENOMINATIONS for b in bills):
            raise IllegalAction("Bills are worth 0, 1, 2, 5, 10 or 20 GG.", "E_DENOMINATION",
                                phrase=phrase("refuse.bills-worth-0-1-2"))
    if zeros_used(order) > state.players[player].zeros:
        zeros = state.players[player].zeros
        raise IllegalAction(f"You have only {bluff_bills(zeros)} in hand.", "E_ZEROS",
                            phrase=phrase("refuse.zeros", bluffs=words.bluffs(zeros)))
    if spent(order) > state.players[player].purse:
        purse = state.players[player].purse
        raise IllegalAction(f"The order costs {spent(order)} GG and your purse holds {purse} GG.", "E_PURSE",
                            phrase=phrase("refuse.purse-order", gold=spent(order), purse=purse))


# --- the phase table entry ---------------------------------------------------------------------------


def waiting(state: TribesState) -> list[int]:
    """Every player whose order is not sealed yet (all at once, secret)."""
    return [p for p in range(state.player_count) if not draft_of(state, p).done]


def prompt(state: TribesState, player: int) -> str:
    """The pending decision's prompt."""
    return "Send your secret investment order: recruits and bills for your posts."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    return phrase("prompt.investment")


def legal(state: TribesState, player: int) -> list[Action]:
    """The current step of `player`'s order: only choices that keep it valid, plus undo, confirm and pass."""
    if player not in waiting(state):
        return []
    draft = draft_of(state, player)
    order = draft.investment
    out: list[Action] = []
    match draft.path:
        case ["at", territory]:
            for k in range(1, room_at(state, player, order, territory) + 1):
                out.append(Action(step_id(Count(k)), f"{armies(k)} ({ARMY_PRICE * k} GG)",
                                  phrase=phrase("label.recruit-count", armies=words.armies(k), gg=ARMY_PRICE * k)))
            out.append(Action(UNDO_ID, "Back", phrase=phrase("label.back")))
        case ["post", post]:
            for value in bill_choices(state, player, order):
                bill = f"a {value} GG bill" if value else "a bluff bill (worth nothing)"
                said = (phrase("label.add-bill", value=value, post=words.post_on(post)) if value else
                        phrase("label.add-bluff", post=words.post_on(post)))
                out.append(Action(step_id(Bill(value)), f"Add {bill} to {POST_IN_SENTENCE[post]}", phrase=said))
            out.append(Action(UNDO_ID, "Back", phrase=phrase("label.back")))
        case _:
            for territory in recruit_places(state, player):
                if room_at(state, player, order, territory) > 0:
                    out.append(Action(step_id(RecruitAt(territory)), f"Recruit at {territory_name(territory)}",
                                      phrase=phrase("label.recruit-at", place=words.place(territory))))
            if bill_choices(state, player, order):
                for post in POSTS:
                    out.append(Action(step_id(BillOn(post)), f"Add a bill to {POST_IN_SENTENCE[post]}",
                                      phrase=phrase("label.add-a-bill", post=words.post_on(post))))
            if draft.history:
                out.append(Action(UNDO_ID, "Take back: " + _part_text(draft.history[-1]),
                                  phrase=phrase("label.take-back", part=_part_phrase(draft.history[-1]))))
                out.append(Action(CONFIRM_ID, "Confirm and seal this order", phrase=phrase("label.confirm-seal")))
    out.append(Action(PASS_ID, "Pass: invest nothing this turn", phrase=phrase("label.pass-invest")))
    return out


def _part_text(part: str) -> str:
    kind, what, number = part.split(":")
    if kind == "r":
        return f"{armies(int(number))} at {territory_name(what)}"
    return f"a {number} GG bill on {POST_IN_SENTENCE[what]}"


def _part_phrase(part: str) -> Phrase:
    """`_part_text` as catalog words."""
    kind, what, number = part.split(":")
    if kind == "r":
        return phrase("label.part-recruit", armies=words.armies(int(number)), place=words.place(what))
    return phrase("label.part-bill", value=int(number), post=words.post_on(what))


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """Take one draft step (validated before anything changes)."""
    step = parse(action.id)
    draft = _own_draft(state, player)
    order = draft.investment
    match step:
        case RecruitAt(territory):
            _at_top(draft)
            _refuse_place(state, player, territory)
            if room_at(state, player, order, territory) < 1:
                _refuse_count(state, player, order, territory, 1)
            draft.path = ["at", territory]
        case Count(count):
            if len(draft.path) != 2 or draft.path[0] != "at":
                raise IllegalAction("Choose where to recruit first.", "E_STEP",
                                    phrase=phrase("refuse.choose-where-recruit"))
            territory = draft.path[1]
            _refuse_count(state, player, order, territory, count)
            order.recruits[territory] = order.recruits.get(territory, 0) + count
            draft.history.append(f"r:{territory}:{count}")
            draft.path = []
        case BillOn(post):
            _at_top(draft)
            if not bill_choices(state, player, order):
                raise IllegalAction("You have no money and no bluff bill (0 GG) left for this order.", "E_PURSE",
                                    phrase=phrase("refuse.money-bluff-bill-0-gg"))
            draft.path = ["post", post]
        case Bill(value):
            if len(draft.path) != 2 or draft.path[0] != "post":
                raise IllegalAction("Choose the post for the bill first.", "E_STEP",
                                    phrase=phrase("refuse.choose-post-for-bill"))
            _refuse_bill(state, player, order, value)
            post = draft.path[1]
            order.bills.setdefault(post, []).append(value)
            draft.history.append(f"b:{post}:{value}")
            draft.path = []
        case Undo():  # G-T4: back out of the step, else take the last part back
            if draft.path:
                draft.path = []
            elif draft.history:
                _take_back(order, draft.history.pop())
            else:
                raise IllegalAction("There is nothing to take back.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.there-nothing-take-back"))
        case Confirm():
            _at_top(draft)
            if not draft.history:
                raise IllegalAction("Your order is empty: add recruits or bills, or pass.", "E_EMPTY_ORDER",
                                    phrase=phrase("refuse.order-empty-add-recruits-bills"))
            validate_order(state, player, order)
            draft.done = True
            _sealed(state, player, order, events)
        case Clear():
            if not draft.history:
                raise IllegalAction("Your order is empty already.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.order-empty-already"))
            state.drafts[player] = Draft()
        case Pass():
            state.drafts[player] = Draft(done=True)  # G-T4: the draft is dropped
            events.append(private_event(player, "You invest nothing this turn.", "info",
                                        phrase=phrase("investment.nothing")))
            events.append(public_event(f"{side_start(state, player)} have sent their investment order.", "info",
                                       phrase=phrase("investment.sent", tribe=words.tribe(state, player)),
                                       player=player))
        case WholeInvestment(recruits, bills):
            whole = _whole_order(state, player, draft, recruits, bills)
            state.drafts[player] = whole
            _sealed(state, player, whole.investment, events)
        case Spy() | Kill() | KillPost():
            raise IllegalAction("Espionage and assassination are launched in Phase 3, from turn 5 (from turn 1 in "
                                "turboGnom); now is the investment: add recruits or bills, confirm or pass.",
                                "E_PHASE", phrase=phrase("refuse.espionage-assassination-launched-phase-3"))
        case _:
            raise IllegalAction("That is not a choice of the investment. Add recruits or bills, confirm or pass.",
                                "E_PHASE", phrase=phrase("refuse.not-choice-investment-add-recruits"))


def _sealed(state: TribesState, player: int, order: InvestmentOrder, events: list[Event]) -> None:
    events.append(private_event(player, "Your investment order is sealed: " + order_text(order) + ".", "info",
                                phrase=phrase("investment.sealed", order=order_said(order))))
    events.append(public_event(f"{side_start(state, player)} have sent their investment order.", "info",
                               phrase=phrase("investment.sent", tribe=words.tribe(state, player)), player=player))


def _whole_order(state: TribesState, player: int, draft: Draft, recruits: tuple[tuple[str, int], ...],
                 bills: tuple[tuple[str, int], ...]) -> Draft:
    """The sealed draft of a whole order sent in one go, checked part by part as the steps would check it."""
    if draft.history or draft.path:  # R-T46: a whole order never replaces steps already built
        raise IllegalAction("Your order already holds steps: confirm it, or clear the draft before sending a "
                            "whole order.", "E_STEP", phrase=phrase("refuse.order-already-holds-steps-confirm"))
    if not recruits and not bills:
        raise IllegalAction("Your order is empty: add recruits or bills, or pass.", "E_EMPTY_ORDER",
                            phrase=phrase("refuse.order-empty-add-recruits-bills"))
    whole = Draft()
    order = whole.investment
    for territory, count in recruits:
        _refuse_place(state, player, territory)
        _refuse_count(state, player, order, territory, count)
        order.recruits[territory] = order.recruits.get(territory, 0) + count
        whole.history.append(f"r:{territory}:{count}")
    for post, value in bills:
        _refuse_bill(state, player, order, value)
        order.bills.setdefault(post, []).append(value)
        whole.history.append(f"b:{post}:{value}")
    validate_order(state, player, order)
    whole.done = True
    return whole


MAX_RECRUIT_SHORTCUTS = 4  # the places offered as whole orders; the others stay one step away


def shortcuts(state: TribesState, player: int) -> list[Action]:
    """Whole orders in one tap, sealed at once, while the order is empty: all the armies the purse and the
    stack allow at one place, or the biggest bill the purse allows on one post."""
    draft = draft_of(state, player)
    if player not in waiting(state) or draft.history or draft.path:
        return []
    order = draft.investment
    out: list[Action] = []
    for territory in recruit_places(state, player):
        n = room_at(state, player, order, territory)
        if n > 0 and len(out) < MAX_RECRUIT_SHORTCUTS:
            out.append(Action(step_id(WholeInvestment(((territory, n),), ())),
                              f"Recruit {armies(n)} at {territory_name(territory)} and seal ({ARMY_PRICE * n} GG)",
                              phrase=phrase("label.recruit-seal", armies=words.armies(n),
                                            place=words.place(territory), gg=ARMY_PRICE * n)))
    bills = [v for v in bill_choices(state, player, order) if v > 0]
    if bills:
        for post in POSTS:
            out.append(Action(step_id(WholeInvestment((), ((post, bills[-1]),))),
                              f"Add a {bills[-1]} GG bill to {POST_IN_SENTENCE[post]} and seal",
                              phrase=phrase("label.add-bill-seal", value=bills[-1], post=words.post_on(post))))
    return out


def _at_top(draft: Draft) -> None:
    if draft.path:
        raise IllegalAction("Finish the current step first (or go back).", "E_STEP",
                            phrase=phrase("refuse.finish-current-step-go-back"))


def _take_back(order: InvestmentOrder, part: str) -> None:
    kind, what, number = part.split(":")
    if kind == "r":
        order.recruits[what] -= int(number)
        if order.recruits[what] == 0:
            del order.recruits[what]
    else:
        order.bills[what].pop()
        if not order.bills[what]:
            del order.bills[what]


def order_text(order: InvestmentOrder) -> str:
    """An order in words: "2 armies at Wheatburg; bills 10 GG on Research, 0 GG on Gnomguards (10 GG)"."""
    parts = [f"{armies(n)} at {territory_name(t)}" for t, n in order.recruits.items()]
    parts += [f"{bills_text(order.bills[p])} on {POST_IN_SENTENCE[p]}" for p in POSTS if order.bills.get(p)]
    if not parts:
        return "nothing"
    return "; ".join(parts) + f" (costs {spent(order)} GG)"


def order_said(order: InvestmentOrder) -> Phrase:
    """An order as a catalog phrase, as `order_text` says it."""
    parts = [phrase("order.recruit", armies=words.armies(n), place=words.place(t)) for t, n in order.recruits.items()]
    parts += [phrase("order.bills", bills=words.joined(order.bills[p]), post=words.post_on(p))
              for p in POSTS if order.bills.get(p)]
    if not parts:
        return phrase("order.nothing")
    return phrase("order.costs", parts=listed(parts, "semicolon"), gold=spent(order))


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: a silent player passes."""
    return Action(PASS_ID, "Pass: invest nothing this turn", phrase=phrase("label.pass-invest"))


def describe(state: TribesState, player: int) -> list[str]:
    """`player`'s order so far, with the money and 0 GG bills left."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    draft = draft_of(state, player)
    if draft.done:
        return [("Your investment order is sealed; it is revealed when every order is in.",
                 phrase("investment.draft-sealed"))]
    order = draft.investment
    left = state.players[player].purse - spent(order)
    zeros = state.players[player].zeros - zeros_used(order)
    lines = [(f"Your investment order so far: {order_text(order)}. Left: {left} GG and {bluff_bills(zeros)}.",
              phrase("investment.draft", order=order_said(order), gold=left, bluffs=words.bluffs(zeros)))]
    match draft.path:
        case ["at", territory]:
            lines.append((f"Recruiting at {territory_name(territory)}: choose how many armies.",
                          phrase("investment.draft-recruit", place=words.place(territory))))
        case ["post", post]:
            lines.append((f"Adding a bill to {POST_IN_SENTENCE[post]}: choose its value.",
                          phrase("investment.draft-bill", post=words.post_on(post))))
    return lines


def auto_step(state: TribesState, player: int) -> Action | None:
    """The only count of a recruit step (1 army possible): a private forward step."""
    draft = draft_of(state, player)
    if (player in waiting(state) and len(draft.path) == 2 and draft.path[0] == "at"
            and room_at(state, player, draft.investment, draft.path[1]) == 1):
        return Action(step_id(Count(1)), f"{armies(1)} ({ARMY_PRICE} GG)",
                      phrase=phrase("label.recruit-count", armies=words.armies(1), gg=ARMY_PRICE))
    return None


def reveal(state: TribesState, events: list[Event]) -> None:
    """All orders at once (§6): money paid, recruits placed, bills appended; counts public, values private."""
    for player in state.turn_order():
        order = draft_of(state, player).investment
        validate_order(state, player, order)  # the board has not changed since the orders were sealed
        owner = state.players[player]
        owner.purse -= spent(order)
        owner.zeros -= zeros_used(order)
        for territory, count in order.recruits.items():
            state.areas[territory].armies += count
        parts = [f"recruited {armies(n)} at {territory_name(t)}" for t, n in order.recruits.items()]
        said: list[Arg] = [phrase("reveal.recruited", n=n, place=words.place(t)) for t, n in order.recruits.items()]
        bills_public: list[str] = []
        bills_said: list[Arg] = []
        for post in POSTS:
            added = order.bills.get(post, [])
            if added:
                owner.posts[post].extend(added)
                # "1 bill to Research (1 in all) and 1 to the Gnomguards": the noun once, as a sentence says it
                how_many = plural(len(added), "bill") if not bills_public else str(len(added))
                bills_said.append(
                    phrase("reveal.more-bills", count=len(added), post=words.post_on(post),
                           total=len(owner.posts[post])) if bills_public else
                    phrase("reveal.bills", n=len(added), post=words.post_on(post), total=len(owner.posts[post])))
                bills_public.append(f"{how_many} to {POST_IN_SENTENCE[post]} ({len(owner.posts[post])} in all)")
        if bills_public:
            parts.append("added " + joined(bills_public))
            said.append(phrase("reveal.added", bills=words.joined(bills_said)))
        text = joined(parts) if parts else "invested nothing"
        tribe = words.tribe(state, player)
        events.append(public_event(f"{side_start(state, player)} {text}.", "reveal",
                                   phrase=phrase("investment.revealed", tribe=tribe, actions=words.joined(said))
                                   if said else phrase("investment.revealed-nothing", tribe=tribe),
                                   player=player,
                                   recruits=dict(order.recruits),
                                   bills={p: len(order.bills.get(p, [])) for p in POSTS}))
        if order.recruits or order.bills:
            events.append(private_event(player, f"You paid {spent(order)} GG for: {order_text(order)}. "
                                                f"Your purse now holds {owner.purse} GG.", "reveal",
                                        phrase=phrase("investment.paid", gold=spent(order), order=order_said(order),
                                                      purse=owner.purse)))
    state.drafts = {}
    state.phase = phases.LAUNCH


def draft_built(state: TribesState, player: int) -> bool:
    """Whether `player`'s order holds recruits or bills that a pass would throw away."""
    return bool(draft_of(state, player).history)


def discards(state: TribesState, player: int, action: Action) -> bool:
    """Whether `action` drops the order built so far: the pass (R-T46)."""
    return action.id == PASS_ID


def clear(state: TribesState, player: int) -> Action:
    """The step that empties the order, after which passing is offered again (R-T46)."""
    return Action(CLEAR_ID, CLEAR_LABEL, phrase=phrase("label.clear"))


RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.SIMULTANEOUS, waiting=waiting, prompt=prompt,
    prompt_phrase=prompt_phrase, legal=legal, apply=apply, timeout=timeout,
    describe=describe, describe_phrases=describe_phrases, auto_step=auto_step, complete=reveal,
    label="Phase 2: investment",
    draft_built=draft_built, discards=discards, clear=clear, shortcuts=shortcuts, typed_prefixes=(WHOLE_INVESTMENT,),
)
