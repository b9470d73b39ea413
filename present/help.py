"""The help a newcomer reads: what the bot does, how to start a game, the games, a quick start for each.

Front-end neutral words (a Discord cog turns them into messages; a picture of each game's board with
its marks named is drawn by render/<game>/guide.py and shown beside the quick start).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engine import registry

log = logging.getLogger(__name__)

ABOUT = (
    "Gnomehost hosts gnome board games right here in Discord, for 2 to 6 people.",
    "Start a table in a channel, gather players (or computer players), and the bot keeps the board, "
    "the turns and the secrets.",
    "You play by tapping buttons on the table's messages; secret choices come to you privately.",
)

HOW_TO_START = (
    "Type `/game new game:<game>` in a channel: a lobby opens (in its own thread).",
    "Everyone who plays presses **Join**; the host may press **Add AI** for computer players.",
    "The host presses **Start**. On your turn press **Take my turn** and tap your choice.",
)


@dataclass(frozen=True, slots=True)
class QuickStart:
    """One game told to a newcomer: what it is, how to win, and a turn in three steps."""

    name: str
    pitch: str
    goal: str
    turn: tuple[str, str, str]
    first_tip: str


QUICK_STARTS: dict[str, QuickStart] = {
    "vendetta": QuickStart(
        name="vendetta",
        pitch="Lead a clan of garden gnomes: grab territories, fight, loot, complete secret objectives.",
        goal="Be the first clan to fulfil all your secret objective cards at once (food, gnome tokens of other "
             "clans, statues held). If nobody does before the round limit, points decide.",
        turn=(
            "New gnomes arrive on your home by themselves. Then, on your turn, make one move: spread gnomes "
            "from one territory, or gather them onto one. Ending on enemies is an attack.",
            "Wherever clans share a territory they fight: every gnome rolls a die, and a high enough roll "
            "kills an enemy. It goes on until one clan is left.",
            "Each clan then takes a loot token for every territory it holds. The bot checks everyone's "
            "objectives, and the next round begins.",
        ),
        first_tip="First you keep a few of the 8 objective cards the bot sends you privately: they tell you "
                  "which territories are worth holding.",
    ),
    "associates": QuickStart(
        name="associates",
        pitch="Run a guild of gnomes, trolls, goblins and fairies: steal, fight and craft for gold.",
        goal="Fulfil your guild's mission (craft, destroy lairs, stun a rival guild, or rob lairs) often "
             "enough to end the game, and hold the most gold when it ends.",
        turn=(
            "When it is your turn, activate one of your figurines that has not acted yet this turn.",
            "Give it 2 actions: move, pick up or drop items, fight, steal or craft. You may play cards "
            "from your hand at any moment of your activation.",
            "End the activation; the next player activates. When everyone has used every figurine, the "
            "turn ends: gold goes home, you draw cards and keep 5.",
        ),
        first_tip="First each player picks a guild; its mission is shown on your panel.",
    ),
    "tribes": QuickStart(
        name="tribes",
        pitch="Lead a gnome tribe: invest gold in armies, spies and research, conquer land, vote on the goal.",
        goal="Nobody knows the goal at first: when the Gnompax card comes out, everyone votes on one of six "
             "goals (most gold, land, cards, armies, victory points, or balance). Four turns later the best "
             "at it wins; meanwhile victory points weigh your vote.",
        turn=(
            "Collect your income, then secretly recruit armies (3 gold each) and put bills on your posts: "
            "research, espionage, assassination, guards.",
            "Spies, assassins and research act by themselves from what lies on your posts; research draws "
            "invention cards and scores victory points.",
            "In turn order, plan attacks from your land on the neighbours, pick battle cards, then move "
            "your remaining armies one step.",
        ),
        first_tip="First each player picks a tribe; your home city is in one corner of the board.",
    ),
}


def game_names() -> list[str]:
    """The games that have a quick start, in the registry's order."""
    return [name for name in registry.names() if name in QUICK_STARTS]


def game_line(name: str) -> str:
    """One line about a game: its title, how many play, what it is."""
    game = registry.get(name)
    low, high = game.player_range
    return f"**{game.title}** (`{name}`, {low}–{high} players): {QUICK_STARTS[name].pitch}"


def help_text() -> str:
    """The whole help: what the bot does, how to start a game, the games with one line each."""
    lines = ["**What Gnomehost does**", *ABOUT, "", "**How to start a game**"]
    lines += [f"{i}. {step}" for i, step in enumerate(HOW_TO_START, start=1)]
    lines += ["", "**The games**"]
    lines += [f"- {game_line(name)}" for name in game_names()]
    lines += ["", "**Quick start:** `/help game:<game>` shows a game's goal, a turn in three steps and a "
                  "picture of its board with every mark named. `/game rules` gives the full rules, topic by topic."]
    return "\n".join(lines)


def quick_start_text(name: str) -> str:
    """A game's quick start: its goal, a turn in three steps, how to begin and where the full rules are.

    KeyError for a game without a quick start.
    """
    quick = QUICK_STARTS[name]
    title = registry.get(name).title
    lines = [f"**Quick start: {title}**", quick.pitch, "", f"**Goal:** {quick.goal}", "", "**A turn**"]
    lines += [f"{i}. {step}" for i, step in enumerate(quick.turn, start=1)]
    lines += ["", f"**Getting going:** {quick.first_tip}",
              f"Start one with `/game new game:{name}`. The picture shows the board at the start and names "
              f"each mark. Full rules: `/game rules game:{name}`."]
    return "\n".join(lines)
