"""The words of a finished game's replay: each frame's caption, the animation's message and the step viewer's page.

Pure: built from `host.results` values (a `GameReplay` holds public views and public events only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.core.events import Event
from host.results import GameReplay, ReplayRound, TableInfo
from i18n import ENGLISH, Locale, mark, t
from present import text
from present.fit import MESSAGE_CONTENT, trim
from present.titles import table_title

CAPTION_CHARS = 150  # two lines of the caption band at most; the step viewer shows every line in full
NOTHING_PUBLIC = "Nothing anyone could see happened."  # its English: replay.nothing-public


def round_name(number: int, locale: Locale = ENGLISH) -> str:
    """"Round 3"; the rules' round 0 (set-up before the first round) is "Setting up"."""
    return t(locale, "replay.round", round=number) if number > 0 else t(locale, "replay.setting-up")


def kind_counts(replay: GameReplay) -> Counter[str]:
    """How often each kind of public event happens in the whole game (the rarer, the more telling)."""
    return Counter(e.kind for r in replay.rounds for e in r.events)


def headline(events: Sequence[Event], counts: Mapping[str, int], names: Mapping[int, str], game: str | None = None,
             locale: Locale = ENGLISH) -> str:
    """The one line that tells a round best: an event of the game's rarest kind in it (the latest such one).

    Works for any game without knowing its event kinds: routine lines (a pass, a draw) happen every round,
    a battle or a game's end rarely.
    """
    if not events:
        return t(locale, "replay.nothing-public")
    best = min(range(len(events)), key=lambda i: (counts.get(events[i].kind, 0), -i))
    return text.event_text(events[best], names, game, locale)


def caption(replay: GameReplay, index: int, counts: Mapping[str, int]) -> str:
    """The caption drawn over frame `index`: "Round 3 of 30: <what happened>", the last one saying the game ended.

    Players are named by the side they play (a picture cannot show a mention).
    """
    entry = replay.rounds[index]
    locale = text.table_language(replay.table)
    names = text.faction_names(entry.public_view, replay.table.game_name, locale)
    last = replay.rounds[-1].round
    where = t(locale, "replay.round-of", round=entry.round, last=last) if entry.round > 0 \
        else round_name(entry.round, locale)
    if index == len(replay.rounds) - 1:
        where = t(locale, "replay.the-end", where=round_name(entry.round, locale))
    said = headline(entry.events, counts, names, replay.table.game_name, locale)
    return trim(t(locale, "replay.caption", where=where, said=said), CAPTION_CHARS)


def hold_ms(index: int, total: int) -> int:
    """How long frame `index` of `total` is shown: the end board four times as long as a round."""
    return 4000 if index == total - 1 else 1000


def animation_message(table: TableInfo, shown: int, total: int) -> str:
    """The message above the animated replay, saying when long games show only some of their rounds."""
    locale = text.table_language(table)
    title = table_title(table, locale)
    lines = [t(locale, "replay.animation", game=table.game_id, title=title)]
    if shown < total:
        lines.append(t(locale, "replay.some-rounds", n=total, shown=shown))
    return "\n".join([*lines, t(locale, "replay.step-hint")])


def alt_text(table: TableInfo, shown: int) -> str:
    """The animation's description for screen readers."""
    locale = text.table_language(table)
    return trim(t(locale, "replay.alt", n=shown, title=table_title(table, locale)), 1024)


def step_page(replay: GameReplay, index: int) -> str:
    """The step viewer's text at round `index`: where we are, and that round's public log lines."""
    entry: ReplayRound = replay.rounds[index]
    table = replay.table
    locale = text.table_language(table)
    names = text.player_names(table, entry.public_view, locale)
    title = table_title(table, locale)
    where = t(locale, "replay.step-where", where=round_name(entry.round, locale), step=index + 1,
              steps=len(replay.rounds))
    if index == len(replay.rounds) - 1:
        where = t(locale, "replay.the-end", where=where)
    head = t(locale, "replay.step-head", game=table.game_id, title=title, where=where)
    lines = ([text.event_text(e, names, table.game_name, locale) for e in entry.events]
             or [t(locale, "replay.nothing-public")])
    body: list[str] = []
    room = MESSAGE_CONTENT - len(head) - 40
    for line in lines:
        line = trim(line, 300)
        if sum(len(b) + 1 for b in body) + len(line) + 1 > room:
            body.append(t(locale, "replay.more-lines", n=len(lines) - len(body)))
            break
        body.append(line)
    return trim("\n".join([head, *body]), MESSAGE_CONTENT)


def not_finished() -> str:
    """The bot's message saying why there is no replay yet (said in the reader's language by the front end)."""
    return mark("replay.not-finished")
