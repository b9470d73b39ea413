"""present/replay.py: the captions of a replay's frames, its message and the step viewer's page."""

from __future__ import annotations

from engine.core.events import public_event
from host.results import GameReplay, ReplayRound, TableStatus
from present import replay as words
from present.fit import MESSAGE_CONTENT
from tests.present.test_text import make_table

VIEW = {"factions": {"0": "Dingleson", "1": "Schnitzel"}}


def _replay(rounds: int = 3, lines: int = 3) -> GameReplay:
    entries = []
    for n in range(1, rounds + 1):
        events = [public_event(f"{{p{i % 2}}} passes in round {n}.", "move") for i in range(lines)]
        if n == 2:
            events.append(public_event("{p1} holds Oak Grove.", "combat_end"))
        entries.append(ReplayRound(n, VIEW, tuple(events)))
    return GameReplay(make_table(TableStatus.FINISHED), tuple(entries))


def test_a_caption_names_the_round_and_its_most_telling_line_by_faction() -> None:
    rep = _replay()
    counts = words.kind_counts(rep)
    # The rare kind (a held place) tells round 2 better than the passes every round has.
    assert words.caption(rep, 1, counts) == "Round 2 of 3: Schnitzel holds Oak Grove."
    # No mention in a picture: the side's name, and the latest of equally common lines.
    assert words.caption(rep, 0, counts) == "Round 1 of 3: Dingleson passes in round 1."
    assert words.caption(rep, 2, counts).startswith("Round 3, the end: ")


def test_a_round_with_nothing_public_says_so_and_setup_has_its_own_name() -> None:
    rep = GameReplay(make_table(TableStatus.FINISHED), (ReplayRound(0, VIEW, ()), ReplayRound(1, VIEW, ())))
    assert words.caption(rep, 0, {}) == f"Setting up: {words.NOTHING_PUBLIC}"
    assert words.step_page(rep, 0).endswith(words.NOTHING_PUBLIC)


def test_the_end_board_is_held_longest() -> None:
    assert words.hold_ms(4, 5) > words.hold_ms(3, 5) == words.hold_ms(0, 5)


def test_the_message_says_when_only_some_rounds_are_shown() -> None:
    table = make_table(TableStatus.FINISHED)
    assert "evenly spaced" not in words.animation_message(table, 30, 30)
    sampled = words.animation_message(table, 60, 84)
    assert "84 rounds" in sampled and "60 of them are shown, evenly spaced" in sampled


def test_the_step_page_shows_where_we_are_and_the_rounds_lines_with_mentions() -> None:
    rep = _replay()
    page = words.step_page(rep, 1)
    assert page.startswith("**Replay of game #7** (Vendetta) — Round 2 (2 of 3)")
    assert "<@10> (Schnitzel) holds Oak Grove." in page and "AI 2 (Dingleson) passes in round 2." in page
    assert "round 1." not in page and "{p" not in page
    assert words.step_page(rep, 2).split("\n")[0].endswith(", the end")


def test_a_long_round_fits_one_message() -> None:
    page = words.step_page(_replay(rounds=1, lines=200), 0)
    assert len(page) <= MESSAGE_CONTENT and "more lines: see `/game log`" in page


def test_a_replay_of_a_french_table_reads_french_its_events_from_the_games_catalog() -> None:
    from dataclasses import replace

    from engine.core.phrases import name, phrase
    from host.results import TableSettings

    french = replace(make_table(TableStatus.FINISHED), settings=TableSettings(language="fr"))
    passes = public_event("McDingle passes.", "move", phrase=phrase("move.pass", clan=name("clan", "yellow")))
    rep = GameReplay(french, (ReplayRound(0, VIEW, ()), ReplayRound(1, VIEW, (passes,)), ReplayRound(2, VIEW, ())))
    counts = words.kind_counts(rep)
    assert words.caption(rep, 0, counts) == "Mise en place : Rien de visible par tous ne s'est passé."
    assert words.caption(rep, 1, counts) == "Manche 1 sur 2 : McDingle passe."
    assert words.caption(rep, 2, counts).startswith("Manche 2, la fin : ")
    page = words.step_page(rep, 1)
    assert page.startswith(
        "**Rediffusion de la partie n° 7** (Nains de jardin : Vendetta violente) — Manche 1 (2 sur 3)"), page
    assert page.endswith("McDingle passe.")
    assert "pas_à_pas:True" in words.animation_message(french, 2, 3)
    # The same events on an English table read as the engine wrote them.
    english = GameReplay(make_table(TableStatus.FINISHED), rep.rounds)
    assert words.caption(english, 1, counts) == "Round 1 of 2: McDingle passes."
