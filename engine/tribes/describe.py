"""Gnome Tribes for players in words: private panel, draft lines and the final report.

Plain English with names (tribes, territories, cards, posts), never ids.
"""

from __future__ import annotations

from engine.core.phrases import Phrase, listed, phrase
from engine.core.picks import FinalReport, PlayerReport
from engine.tribes import goals, phases, words
from engine.tribes.common import (
    GOAL_NAMES,
    GOAL_TEXTS,
    POST_NAMES,
    army_total,
    bills_text,
    bluff_bills,
    cards_text,
    controlled,
    plural,
    real,
    side_start,
    tribe_name,
    wealth,
)
from engine.tribes.flow import PHASE_TABLE
from engine.tribes.state import POSTS, TribesState


def player_name(state: TribesState, player: int) -> str:
    """The tribe `player` plays ("Plains Gnomes"); "" before the tribe choice."""
    return tribe_name(state, player)


def situation_lines(state: TribesState, player: int) -> list[str]:
    """`player`'s money, posts and hand in short sentences."""
    return words.english(situation_said(state, player))


def situation_said(state: TribesState, player: int) -> list[words.Said]:
    """`player`'s money, posts and hand, each line with its phrase."""
    me = state.players[player]
    posts = "; ".join(posts_text(me.posts[p], p) for p in POSTS)
    return [
        (f"Your purse: {me.purse} GG; {bluff_bills(me.zeros)} in hand; {me.vp} VP.",
         phrase("panel.purse", gold=me.purse, bluffs=words.bluffs(me.zeros), vp=me.vp)),
        (f"Your posts: {posts}.",
         phrase("panel.posts", posts=listed([post_said(me.posts[p], p) for p in POSTS], "semicolon"))),
        (f"Your hand: {cards_text(me.hand)}.", phrase("panel.hand", cards=words.cards(me.hand))),
    ]


def posts_text(bills: list[int], post: str) -> str:
    """"Research: 10, 2 and 0 GG (12 GG)", "Espionage: 5 GG", "Gnomguards: empty"."""
    if not bills:
        return f"{POST_NAMES[post]}: empty"
    total = f" ({real(bills)} GG)" if len(bills) > 1 else ""
    return f"{POST_NAMES[post]}: {bills_text(bills)}{total}"


def post_said(bills: list[int], post: str) -> Phrase:
    """A post as `posts_text` says it, as a phrase."""
    if not bills:
        return phrase("panel.post-empty", post=words.post(post))
    if len(bills) == 1:
        return phrase("panel.post-bill", post=words.post(post), bills=bills[0])
    return phrase("panel.post-bills", post=words.post(post), bills=words.joined(bills), total=real(bills))


def draft_lines(state: TribesState, player: int) -> list[str]:
    """The decision `player` is building now, in sentences (empty when he has none)."""
    return words.english(draft_said(state, player))


def draft_said(state: TribesState, player: int) -> list[words.Said]:
    """The decision `player` is building now, each line with its phrase."""
    rules = PHASE_TABLE.get(state.phase)
    if rules is None or not 0 <= player < state.player_count:
        return []
    if player in rules.waiting(state):
        # Every phase of the table gives its lines as phrases too (flow.py checks it), line for line.
        said = [] if rules.describe_phrases is None else rules.describe_phrases(state, player)
        return list(zip(rules.describe(state, player), said, strict=True))
    draft = state.drafts.get(player)
    if state.phase in (phases.INVESTMENT, phases.LAUNCH) and draft is not None and draft.done:
        return [("Your order is sealed; it is revealed when every order is in.", phrase("panel.order-sealed"))]
    return []


def describe_private(state: TribesState, player: int) -> list[str]:
    """Situation first, then the draft of the pending decision."""
    return words.english(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe_private`'s lines, each with its phrase."""
    if not 0 <= player < state.player_count:
        return []
    return situation_said(state, player) + draft_said(state, player)


# What each goal measures, singular and plural: the standings say every score in the goal's own unit
# rather than as "points" beside the victory points.
GOAL_UNITS = {
    1: ("GG of wealth", "GG of wealth"),
    2: ("territory", "territories"),
    3: ("card in hand", "cards in hand"),
    4: ("army on the board", "armies on the board"),
    5: ("victory point", "victory points"),
    6: ("in summed ranks", "in summed ranks"),
}


def final_report(state: TribesState) -> FinalReport | None:
    """Why the game ended, each player's figures for the goal, and every secret revealed (§12.4), in English
    and as catalog phrases, line for line."""
    result = goals.outcome(state)
    if result is None or state.goal is None:
        return None
    goal = state.goal
    assert state.gnompax_turn is not None
    how = ("Gnompax was forced out" if state.gnompax_forced else "Gnompax came out") + f" in turn {state.gnompax_turn}"
    reason = (f"{how}; the vote chose {GOAL_NAMES[goal]} and the game ended after turn {state.turn}. The winner is "
              f"the player with {GOAL_TEXTS[goal]} (ties: most VP, then most wealth).")
    at, chosen, aim = state.gnompax_turn, words.goal(goal), words.goal_aim(goal)
    if state.gnompax_forced:
        reason_said = phrase("end.reason-forced", gnompax=at, goal=chosen, turn=state.turn, aim=aim)
    else:
        reason_said = phrase("end.reason-came", gnompax=at, goal=chosen, turn=state.turn, aim=aim)
    m = goals.measures(state)
    players = []
    for p in [p for group in result.ranking for p in group]:
        lines = _standing_lines(state, p, m[goal][p] if goal == 6 else None)
        players.append(PlayerReport(p, player_name(state, p), result.scores[p], tuple(words.english(lines)),
                                    tuple(words.phrases(lines))))
    secrets = [_revealed(state, p) for p in range(state.player_count)]
    return FinalReport(reason, tuple(players), tuple(words.english(secrets)), unit=GOAL_UNITS[goal],
                       reason_said=reason_said, secrets_said=tuple(words.phrases(secrets)),
                       unit_said=words.goal_unit(goal))


def _standing_lines(state: TribesState, p: int, ranks: int | None) -> list[words.Said]:
    """One player's figures at the end: VP, wealth, lands, armies and cards (and the sum of ranks for goal 6)."""
    me = state.players[p]
    rich = wealth(state, p)
    on_posts = rich - me.purse
    lands, armies, hand = len(controlled(state, p)), army_total(state, p), len(me.hand)
    lines: list[words.Said] = []
    if ranks is not None:
        lines.append((f"Sum of ranks in gold, lands and genius: {ranks}.", phrase("end.ranks", ranks=ranks)))
    lines.append((f"Victory points: {me.vp}.", phrase("end.vp", vp=me.vp)))
    if on_posts:
        lines.append((f"Wealth: {rich} GG, {me.purse} in the purse and {on_posts} on posts.",
                      phrase("end.wealth-split", wealth=rich, purse=me.purse, posts=on_posts)))
    else:
        lines.append((f"Wealth: {rich} GG, all in the purse.", phrase("end.wealth-purse", wealth=rich)))
    lines.append((f"{plural(lands, 'territory', 'territories')}, {plural(armies, 'army', 'armies')} and "
                  f"{plural(hand, 'card')} in hand.",
                  phrase("end.holdings", lands=phrase("end.lands", n=lands), armies=words.armies(armies),
                         cards=phrase("end.cards", n=hand))))
    return lines


def _revealed(state: TribesState, p: int) -> words.Said:
    """What the rules reveal of one player at the end: purse, bluff bills, posts and hand."""
    me = state.players[p]
    posts = "; ".join(posts_text(me.posts[post], post) for post in POSTS)
    text = (f"{side_start(state, p)} had {me.purse} GG, {bluff_bills(me.zeros)}, "
            f"posts: {posts}; hand: {cards_text(me.hand)}.")
    said = phrase("end.revealed", tribe=words.tribe(state, p), gold=me.purse, bluffs=words.bluffs(me.zeros),
                  posts=listed([post_said(me.posts[post], post) for post in POSTS], "semicolon"),
                  cards=words.cards(me.hand))
    return text, said
