"""The words of a finished game's replay: each frame's caption, the animation's message and the step viewer's page.

Pure: built from `host.results` values (a `GameReplay` holds public views and public events only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.core.events import Event
from engine.core.names import fill_names
from host.results import GameReplay, ReplayRound, TableInfo
from present import text
from present.fit import MESSAGE_CONTENT, trim

CAPTION_CHARS = 150  # two lines of the caption band at most; the step viewer shows every line in full
NOTHING_PUBLIC = "Nothing anyone could see happened."


def round_name(number: int) -> str:
    """"Round 3"; the rules' round 0 (set-up before the first round) is "Setting up"."""
    return f"Round {number}" if number > 0 else "Setting up"


def kind_counts(replay: GameReplay) -> Counter[str]:
    """How often each kind of public event happens in the whole game (the rarer, the more telling)."""
    return Counter(e.kind for r in replay.rounds for e in r.events)


def headline(events: Sequence[Event], counts: Mapping[str, int], names: Mapping[int, str]) -> str:
    """The one line that tells a round best: an event of the game's rarest kind in it (the latest such one).

    Works for any game without knowing its event kinds: routine lines (a pass, a draw) happen every round,
    a battle or a game's end rarely.
    """
    if not events:
        return NOTHING_PUBLIC
    best = min(range(len(events)), key=lambda i: (counts.get(events[i].kind, 0), -i))
    return fill_names(events[best].text, names)


def caption(replay: GameReplay, index: int, counts: Mapping[str, int]) -> str:
    """The caption drawn over frame `index`: "Round 3 of 30: <what happened>", the last one saying the game ended.

    Players are named by the side they play (a picture cannot show a mention).
    """
    entry = replay.rounds[index]
    names = text.faction_names(entry.public_view)
    last = replay.rounds[-1].round
    where = f"{round_name(entry.round)} of {last}" if entry.round > 0 else round_name(entry.round)
    if index == len(replay.rounds) - 1:
        where = f"{round_name(entry.round)}, the end"
    return trim(f"{where}: {headline(entry.events, counts, names)}", CAPTION_CHARS)


def hold_ms(index: int, total: int) -> int:
    """How long frame `index` of `total` is shown: the end board four times as long as a round."""
    return 4000 if index == total - 1 else 1000


def animation_message(table: TableInfo, shown: int, total: int) -> str:
    """The message above the animated replay, saying when long games show only some of their rounds."""
    title = table.title or table.game_name
    head = f"**Replay of game #{table.game_id}** ({title}): the public board round by round, the end board last."
    if shown < total:
        head += f"\nThe game had {text.plural(total, 'round')}: {shown} of them are shown, evenly spaced."
    return head + "\nUse `step:True` to step through it round by round with the log."


def alt_text(table: TableInfo, shown: int) -> str:
    """The animation's description for screen readers."""
    title = table.title or table.game_name
    return trim(f"Animated replay of a {title} game: the public board in {shown} pictures, one per round shown, "
                "each captioned with its round and what happened, ending on the final board.", 1024)


def step_page(replay: GameReplay, index: int) -> str:
    """The step viewer's text at round `index`: where we are, and that round's public log lines."""
    entry: ReplayRound = replay.rounds[index]
    table = replay.table
    names = text.player_names(table, entry.public_view)
    title = table.title or table.game_name
    where = f"{round_name(entry.round)} ({index + 1} of {len(replay.rounds)})"
    if index == len(replay.rounds) - 1:
        where += ", the end"
    head = f"**Replay of game #{table.game_id}** ({title}) — {where}"
    lines = [fill_names(e.text, names) for e in entry.events] or [NOTHING_PUBLIC]
    body: list[str] = []
    room = MESSAGE_CONTENT - len(head) - 40
    for line in lines:
        line = trim(line, 300)
        if sum(len(b) + 1 for b in body) + len(line) + 1 > room:
            body.append(f"… and {text.plural(len(lines) - len(body), 'more line')}: see `/game log`.")
            break
        body.append(line)
    return trim("\n".join([head, *body]), MESSAGE_CONTENT)


def not_finished() -> str:
    """Why there is no replay yet."""
    return "A replay can be watched once the game is over."
