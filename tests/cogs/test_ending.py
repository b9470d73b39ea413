"""The end of a game in words, delivery trouble in /game status, rules topics
and the /play line shown when it is not your turn, and the Rematch button's id."""

from __future__ import annotations

import re

import pytest

from cogs.custom_ids import Kind, RematchId, Unreadable, decode, parse
from cogs.limits import CHOICE_NAME, CUSTOM_ID, MESSAGE_CONTENT
from cogs.rules import find_topics, rules_sections
from engine import registry
from engine.core.events import public_event
from engine.core.outcome import Outcome
from engine.core.picks import FinalReport, PlayerReport
from host.final import final_report
from host.results import DeliveryState, SeatInfo, TableInfo, TableSettings, TableStatus, TableUpdate, UpdateKind
from i18n import Locale
from present import ending
from present.choices import waiting_name
from present.delivery_words import delivery_lines
from tests.e2e.language_scan import foreign_findings

VIEW = {"factions": {"0": "Dingleson", "1": "Schnitzel"}, "round": 12}
HOUR = 3600.0


def finished_table(outcome: Outcome, status: TableStatus = TableStatus.FINISHED) -> TableInfo:
    return TableInfo(
        game_id=7, game_name="vendetta", title="Vendetta", guild_id=1, channel_id=2, host_user_id=10,
        status=status, options={"round_limit": 12}, seats=(SeatInfo(0, 10, False, 1), SeatInfo(1, None, True, 0)),
        min_players=2, max_players=6, version=90, settings=TableSettings(), created_at=1_000_000.0,
        updated_at=1_000_000.0 + HOUR + 12 * 60, outcome=outcome,
    )


ADVANCED = Outcome(ranking=((1,), (0,)), scores={0: 41, 1: 80}, reason="round_limit",
                   details={"scoring": "advanced"})
REPORT = FinalReport(
    "Round 12, the last, is over and no clan completed all its objectives, so points decide.",
    (PlayerReport(1, "Schnitzel", 80,
                  ("Schnitzel: 2 objectives completed (40), 8 spare gnome tokens (24) = 80 points.",)),
     PlayerReport(0, "Dingleson", 41,
                  ("Dingleson: 1 objective completed (20), 7 spare gnome tokens (21) = 41 points.",))),
    ("Schnitzel's objectives were Oak Grove and Mill; completed: Oak Grove, Mill.",
     "Dingleson's objectives were Fisher's Statue; completed: Fisher's Statue."),
)


def test_the_end_message_names_the_winner_reason_rounds_duration_breakdowns_and_secrets():
    table = finished_table(ADVANCED)
    out = ending.ending_text(table, ADVANCED, VIEW, REPORT)
    lines = out.splitlines()
    assert lines[0] == "**Game over** — 🏆 <@10> (Schnitzel) wins!"
    assert "Round 12, the last, is over" in out
    assert "12 rounds played in 1 h 12 min." in out
    assert "1st: <@10> (Schnitzel) — 80 pts" in lines and "2nd: AI 2 (Dingleson) — 41 pts" in lines
    assert "  · Schnitzel: 2 objectives completed (40), 8 spare gnome tokens (24) = 80 points." in lines
    assert "**Revealed at the end**" in lines and "• Dingleson's objectives were Fisher's Statue" in out
    assert "round_limit" not in out


def test_the_end_message_keeps_the_scores_form_the_scenarios_read():
    # tests/e2e/test_scenarios.py reads "<@id> … — N <unit>" on the "1st:" line.
    out = ending.ending_text(finished_table(ADVANCED), ADVANCED, VIEW, REPORT)
    found = dict(re.findall(r"<@(\d+)>[^—]*— (-?[\d.]+) pts", out))
    assert found == {"10": "80"}


def test_a_tie_is_a_shared_win():
    tie = Outcome(ranking=((0, 1),), scores={0: 5, 1: 5}, reason="turn_cap")
    out = ending.ending_text(finished_table(tie), tie, VIEW, None)
    assert out.splitlines()[0] == "**Game over** — 🏆 AI 2 (Dingleson) and <@10> (Schnitzel) share the win!"
    assert "The turn limit was reached." in out and out.count("1st:") == 2


def test_a_basic_scoring_win_shows_no_points():
    basic = Outcome(ranking=((1,), (0,)), scores={0: 0, 1: 1}, reason="objectives", details={"scoring": "basic"})
    out = ending.ending_text(finished_table(basic), basic, VIEW, None)
    assert "pts" not in out and "1st: <@10> (Schnitzel)" in out.splitlines()
    assert "A player completed all their objectives." in out


def test_without_a_report_the_outcome_alone_gives_a_readable_end():
    out = ending.ending_text(finished_table(ADVANCED), ADVANCED, VIEW, None)
    assert "The round limit was reached." in out and "  · Score: 80 points" in out


def test_the_final_table_message_keeps_the_narration_and_fits_one_message():
    events = tuple(public_event(f"Move {i}: " + "x" * 200) for i in range(30))
    update = TableUpdate(7, UpdateKind.ENDED, "The last round", 90, public_events=events, public_view=VIEW,
                         outcome=ADVANCED)
    out = ending.ended_message(finished_table(ADVANCED), update, REPORT)
    assert len(out) <= MESSAGE_CONTENT
    assert out.startswith("**The last round**") and "Move 0:" in out
    assert "**Final standings**" in out and "Revealed at the end" in out


def test_finished_status_tells_when_and_how_to_play_again():
    out = ending.finished_status(finished_table(ADVANCED), VIEW, REPORT)
    assert "game #7, ended" in out and "Rematch" in out and "**Final standings**" in out
    assert len(out) <= MESSAGE_CONTENT and "version" not in out


def test_durations_in_words():
    assert ending.duration(30) == "less than a minute"
    assert ending.duration(12 * 60) == "12 min"
    assert ending.duration(HOUR + 5 * 60) == "1 h 5 min"
    assert ending.duration(2 * 24 * HOUR + 3 * HOUR) == "2 days 3 h"
    assert [ending.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]


def test_history_lists_games_with_numbers_and_winners():
    won = finished_table(ADVANCED)
    cancelled = TableInfo(**{**{f: getattr(won, f) for f in won.__dataclass_fields__}, "game_id": 8,
                             "status": TableStatus.CANCELLED, "outcome": None,
                             "status_reason": "cancelled by the host"})
    out = ending.history_text([cancelled, won])
    lines = out.splitlines()
    assert lines[1].startswith("• #8 Vendetta") and lines[1].endswith("cancelled by the host")
    assert lines[2].startswith("• #7 Vendetta") and lines[2].endswith("won by <@10>")
    assert "/game status game:<number>" in out
    assert "No game has been played" in ending.history_text([])
    french = ending.history_text([cancelled, won], locale=Locale("fr")).splitlines()
    assert french[0] == "**Parties récentes de ce salon** (les plus récentes d'abord)"
    assert french[1].startswith("• n° 8 ") and french[1].endswith(" : annulée par l'hôte"), french
    assert french[2].endswith(" : gagnée par <@10>") and "/partie état partie:<numéro>" in french[-1], french
    assert "Aucune partie" in ending.history_text([], locale=Locale("fr"))


def test_history_in_a_channel_names_the_thread_of_each_of_its_threads_games():
    won = finished_table(ADVANCED)
    in_thread = TableInfo(**{**{f: getattr(won, f) for f in won.__dataclass_fields__}, "game_id": 9,
                             "channel_id": won.channel_id + 1})
    lines = ending.history_text([in_thread, won], won.channel_id).splitlines()
    assert lines[1].startswith(f"• #9 Vendetta in <#{won.channel_id + 1}> (")
    assert lines[2].startswith("• #7 Vendetta (")


# The shortest game each set of rules allows, to keep the test quick (other games play their defaults).
QUICK_OPTIONS = {"vendetta": {"round_limit": 10}, "associates": {"turn_cap": 10}, "tribes": {"gnompax_cap": 20}}


@pytest.mark.parametrize("name", registry.names())
def test_every_game_reports_its_end_in_words(name):
    from engine.ai import choose_for

    game = registry.get(name)
    options = QUICK_OPTIONS.get(name, {})  # a new game plays with its defaults
    state = game.new_game(2 if name == "vendetta" else 3, 5, options)
    for step in range(5000):
        if game.outcome(state) is not None:
            break
        decision = game.pending(state)[0]
        state, _ = game.apply(state, decision.player, choose_for(game, state, decision.player, step))
    report = final_report(game, state)
    assert report is not None and report.reason and "_" not in report.reason
    outcome = game.outcome(state)
    assert outcome is not None
    assert [p.player for p in report.players] == [p for g in outcome.ranking for p in g]


# -- delivery trouble ---------------------------------------------------------------------------------------


def test_waiting_messages_are_told_with_their_age():
    lines = delivery_lines(DeliveryState(pending=3, oldest_age=150.0))
    assert lines == ["⏳ 3 messages are waiting to be posted (Discord has not accepted them for 2 min;"
                     " they go out as soon as it does)."]


def test_messages_on_their_way_are_not_worth_a_line():
    assert delivery_lines(DeliveryState(pending=1, oldest_age=2.0)) == []
    assert delivery_lines(DeliveryState()) == []


def test_a_missing_permission_says_what_to_give_once():
    state = DeliveryState(failures=("I am missing a permission there", "I am missing a permission there"))
    lines = delivery_lines(state)
    assert len(lines) == 1
    assert lines[0].startswith("⚠️ I could not post here: I am missing a permission there.")
    assert "Send Messages" in lines[0] and "Attach Files" in lines[0]


def test_closed_dms_point_to_hand():
    lines = delivery_lines(DeliveryState(failures=("the player does not accept direct messages from me",)))
    assert lines and "/hand" in lines[0]


def test_delivery_trouble_reads_in_the_readers_language_and_an_unknown_reason_as_stored():
    french = Locale("fr")
    state = DeliveryState(pending=3, oldest_age=150.0, failures=(
        "I am missing a permission there", "the player does not accept direct messages from me",
        "Discord refused the message (HTTP 400, code 50035)"))
    lines = delivery_lines(state, french)
    assert lines[0].startswith("⏳ 3 messages attendent d'être publiés") and "2 min" in lines[0], lines
    assert lines[1].startswith("⚠️ Je n'ai pas pu publier ici : il me manque une permission là-bas.")
    assert "/main" in lines[2]
    assert lines[3] == "⚠️ Un message n'a pas pu être remis : Discord refused the message (HTTP 400, code 50035)."
    assert foreign_findings([("status", line) for line in lines[:3]], "fr", "en") == []


# -- rules topics and /play ----------------------------------------------------------------------------------


def test_rules_topics_match_by_prefix_and_words():
    sections = {"Overview": "A game of gnomes.", "Moving gnomes": "Move along paths.", "Winning": "Be first.",
                "A round": "Each clan moves, then fights."}
    assert find_topics(sections, "mov")[0] == "Moving gnomes"
    assert find_topics(sections, "win") == ["Winning"]
    assert find_topics(sections, "round") == ["A round"]
    assert "A round" in find_topics(sections, "fight")
    assert find_topics(sections, "zzz") == []
    assert find_topics(sections, "") == list(sections)


def test_mov_finds_a_rules_topic_of_every_game():
    for name in registry.names():
        assert find_topics(rules_sections(name), "mov"), name


def test_not_your_turn_is_one_line_naming_who_plays():
    assert waiting_name(["alice (Red)"], secret=False) == "Not your turn — waiting for alice (Red)"
    assert waiting_name(["bob (Blue)"], secret=True) == "Not your turn — waiting for a secret choice from bob (Blue)"
    assert len(waiting_name(["x" * 80] * 5, secret=False)) <= CHOICE_NAME


# -- the Rematch button ---------------------------------------------------------------------------------------


def test_rematch_id_round_trips_and_fits():
    cid = RematchId(2**63 - 1)
    wire = cid.encode()
    assert len(wire) <= CUSTOM_ID and parse(wire) == cid
    fields = decode(wire)
    assert fields is not None and fields.kind is Kind.REMATCH and fields.game == 2**63 - 1


def test_a_rematch_id_with_an_impossible_game_is_unreadable():
    assert isinstance(parse("gh:R:" + "z" * 20 + ":0:-:"), Unreadable)


def _played_to_the_end(name: str, players: int, seed: int, options: dict) -> tuple[TableInfo, str]:
    """A whole game of random moves, then its end message as the final table message shows it."""
    from engine.ai import make_player

    game = registry.get(name)
    state = game.new_game(players, seed, options)
    bots = [make_player("random", seed * 1000 + p) for p in range(players)]
    while pending := game.pending(state):
        state, _ = game.apply(state, pending[0].player, bots[pending[0].player].choose(game, state, pending[0].player))
    outcome = game.outcome(state)
    assert outcome is not None
    table = TableInfo(
        game_id=3, game_name=name, title=game.title, guild_id=1, channel_id=2, host_user_id=100,
        status=TableStatus.FINISHED, options=options,
        seats=tuple(SeatInfo(p, 100 + p, False, p) for p in range(players)),
        min_players=2, max_players=6, version=1, settings=TableSettings(), created_at=0.0, updated_at=HOUR,
        outcome=outcome)
    return table, ending.ending_text(table, outcome, game.view(state, None), final_report(game, state))


def test_the_end_says_scores_in_the_games_own_unit_and_clock():
    out = _played_to_the_end("associates", 3, 1, {})[1]
    # Gold Points throughout, counted in turns: no "pts" head beside "GP" lines, no rounds in a game of turns.
    assert re.search(r"^1st: <@\d+> \([A-Za-z ]+\) — \d+ GP$", out, re.M), out
    assert "pts" not in out and "Total:" not in out and "30 turns played in 1 h." in out and "rounds" not in out
    assert re.search(r"Objectives completed: \d of the [24] its main mission needs", out), out
    out = _played_to_the_end("tribes", 3, 2, {})[1]
    assert "34 turns played in 1 h." in out and "pts" not in out and "Goal measure" not in out
    # the score is the voted goal's own measure (armies on the board, victory points, …), never "pts"
    assert re.search(r"^1st: <@\d+> \([A-Za-z ]+\) — \d+ (?:armies on the board|victory points|GG of wealth|"
                     r"territories|cards researched|[a-z ]+)$", out, re.M), out
    assert "the rest on posts" not in out and re.search(r"Wealth: \d+ GG, \d+ in the purse and \d+ on posts\.", out)
    out = _played_to_the_end("vendetta", 3, 3, {"round_limit": 10, "scoring": "basic"})[1]
    assert "advanced scoring" not in out and "Round 10, the last, is over" in out and "so points decide." in out
    assert re.search(r"^1st: <@\d+> \([A-Za-z' ]+\) — \d+ points$", out, re.M), out


def test_basic_scoring_says_in_the_lobby_what_the_end_does_at_the_round_limit():
    from present import text

    spec = next(s for s in registry.get("vendetta").options() if s.name == "scoring")
    basic = dict(spec.value_words)["basic"]
    assert "round limit, points decide" in basic
    lobby = TableInfo(
        game_id=3, game_name="vendetta", title="Vendetta", guild_id=1, channel_id=2, host_user_id=100,
        status=TableStatus.LOBBY, options={"scoring": "basic"}, seats=(), min_players=2, max_players=6, version=1,
        settings=TableSettings(), created_at=0.0, updated_at=0.0)
    assert f"• Scoring: basic — {basic}" in text.lobby_text(lobby)
