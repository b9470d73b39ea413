"""The words of a player's private panel, in the reader's language: its first line, its headings, the words
around the engine's prompt, and each choice's label (said from the game's catalog where the engine gave it as
a phrase)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.core.phrases import Phrase
from engine.core.picks import MultiPick
from host.results import TableStatus
from i18n import ENGLISH, Locale, mark, t
from present.phrases import say


def choice_label(label: str, said: Phrase | None, game: str, locale: Locale = ENGLISH,
                 names: Mapping[int, str] | None = None) -> str:
    """A choice's label in `locale`: its phrase said from `game`'s catalog, else the engine's own label."""
    return say(locale, game, said, names or {}) if said is not None else label


def worded_pick(pick: MultiPick | None, game: str, locale: Locale = ENGLISH) -> MultiPick | None:
    """A 'pick k of n' menu with its prompt and options in `locale` where the engine gave them as phrases."""
    if pick is None:
        return None
    options = tuple(replace(o, label=choice_label(o.label, o.phrase, game, locale)) for o in pick.options)
    return replace(pick, prompt=choice_label(pick.prompt, pick.prompt_phrase, game, locale), options=options)


def step_by_step(locale: Locale = ENGLISH) -> str:
    """The placeholder of the one-step-at-a-time menu beside quicker choices."""
    return t(locale, "panel.step-by-step")


def quick_orders(locale: Locale = ENGLISH) -> str:
    """The placeholder of the menu of whole orders, when they are too many for buttons."""
    return t(locale, "panel.quick-orders")


def choose(locale: Locale = ENGLISH) -> str:
    """The placeholder of a menu of choices."""
    return t(locale, "panel.choose")


def paged(word: str, page: int, pages: int, locale: Locale = ENGLISH) -> str:
    """A menu's placeholder with the page it shows: "Choose… (page 2/3)"."""
    return t(locale, "panel.paged", word=word, page=page, pages=pages)


def previous_page(locale: Locale = ENGLISH) -> str:
    """The button showing the previous page of a long menu."""
    return t(locale, "panel.previous")


def next_page(locale: Locale = ENGLISH) -> str:
    """The button showing the next page of a long menu."""
    return t(locale, "panel.next")


def panel_headline(title: str, game_id: int, side: str | None, locale: Locale = ENGLISH) -> str:
    """ "**Vendetta** — game #3 · you play Dingleson": the panel's first line (no mention: it is the reader)."""
    if side:
        return t(locale, "panel.headline-side", title=title, game=game_id, side=side)
    return t(locale, "panel.headline", title=title, game=game_id)


def private_heading(locale: Locale = ENGLISH) -> str:
    """The heading above the engine's sentences about what only the reader sees."""
    return t(locale, "panel.private-heading")


def more_in_picture(locale: Locale = ENGLISH) -> str:
    """The line saying some private sentences did not fit and are in the picture."""
    return t(locale, "panel.more-in-picture")


def your_choice(prompt: str, locale: Locale = ENGLISH) -> str:
    """The line above the choices: the engine's prompt in bold, or "Your choice:" when it gives none."""
    return f"**{prompt}**" if prompt else t(locale, "panel.your-choice")


def nothing_to_decide(waiting: str, locale: Locale = ENGLISH) -> str:
    """The line of a panel whose reader has nothing to decide now, with whom the game waits for."""
    return t(locale, "panel.nothing-to-decide", waiting=waiting).strip()


# A game's state in a word, as the panel of a game no longer running says it.
STATUS_WORDS = {
    TableStatus.LOBBY: mark("status.lobby"),
    TableStatus.ACTIVE: mark("status.active"),
    TableStatus.FINISHED: mark("status.finished"),
    TableStatus.CANCELLED: mark("status.cancelled"),
    TableStatus.QUARANTINED: mark("status.quarantined"),
}


def outdated(locale: Locale = ENGLISH) -> str:
    """The note atop a panel refreshed after a click on an outdated message."""
    return t(locale, "panel.outdated")


def stale(pending: str, locale: Locale = ENGLISH) -> str:
    """The private answer to a click on a message the game had moved past, with whom it waits for now."""
    return t(locale, "panel.stale", pending=pending).strip()


def forced_steps(labels: list[str], locale: Locale = ENGLISH) -> str:
    """The line naming the steps taken for the player because each was their only choice."""
    return t(locale, "panel.forced", steps=t(locale, "list.semicolon").join(labels))


def finished_line(title: str, game_id: int, status: TableStatus, locale: Locale = ENGLISH) -> str:
    """The first line of the panel of a game no longer running: "**Vendetta** — game #3 is finished."."""
    return t(locale, "panel.finished", title=title, game=game_id, status=t(locale, STATUS_WORDS[status]))
