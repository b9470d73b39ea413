from engine.core.decisions import DecisionKind
from engine.core.events import private_event, public_event
from engine.core.outcome import Outcome
from host.results import (
    HEADLINE_EVENT,
    PendingPlayer,
    SeatInfo,
    TableInfo,
    TableSettings,
    TableStatus,
    TableUpdate,
    UpdateKind,
)
from i18n import Locale
from present import text

VIEW = {"factions": {"0": "Dingleson", "1": "Schnitzel"}}


def make_table(status=TableStatus.ACTIVE, pending=()):
    return TableInfo(
        game_id=7, game_name="vendetta", title="Vendetta", guild_id=1, channel_id=2, host_user_id=10,
        status=status, options={"round_limit": 10, "objectives_kept": None},
        seats=(SeatInfo(0, 10, False, 1), SeatInfo(1, None, True, 0)),
        min_players=2, max_players=6, version=3, settings=TableSettings(), created_at=0.0, updated_at=0.0,
        pending=tuple(pending),
    )


def test_player_label_names_user_and_faction():
    table = make_table()
    assert text.player_label(table, 1, VIEW) == "<@10> (Schnitzel)"
    assert text.player_label(table, 0, VIEW) == "AI 2 (Dingleson)"
    # Never a number: an unknown player is "a player".
    assert text.player_label(table, 5, None) == "a player"


def test_lobby_text_lists_seats_and_options_in_words():
    out = text.lobby_text(make_table(TableStatus.LOBBY))
    assert "game #7" in out and "• Round limit: 10 — the game ends after round 10 at the latest." in out
    assert "objectives" not in out
    assert "<@10>" in out and "🤖 AI 2 (normal)" in out and "Lobby: 2/6 seats taken; 2 players needed to start." in out
    # Words, not code: the only parentheses name an AI's level.
    assert "_" not in out and "=" not in out and "(" not in out.replace("(normal)", "")


def test_an_empty_lobby_says_so_in_a_sentence():
    table = make_table(TableStatus.LOBBY)
    empty = TableInfo(**{**{f: getattr(table, f) for f in table.__dataclass_fields__}, "seats": ()})
    assert "Nobody has joined yet." in text.lobby_text(empty)


def test_table_message_uses_public_events_only_and_mentions_pending():
    pending = (PendingPlayer(1, 10, DecisionKind.TURN, "Move"),)
    update = TableUpdate(7, UpdateKind.MOVES, "Round 2", 4,
                         public_events=(public_event("Red moved."), private_event(1, "You drew SECRETCARD")),
                         public_view=VIEW, pending=pending)
    out = text.table_message(make_table(), update)
    assert "Red moved." in out and "SECRETCARD" not in out
    assert out.splitlines()[-1] == "Now: <@10> (Schnitzel)"


def test_an_edit_through_the_round_keeps_the_first_headline_bold():
    """The status message's later edits carry its headline as an event: it still reads as the headline."""
    update = TableUpdate(7, UpdateKind.MOVES, "", 4,
                         public_events=(public_event("The game begins.", HEADLINE_EVENT), public_event("Red moved.")),
                         public_view=VIEW, pending=())
    lines = text.table_message(make_table(), update).splitlines()
    assert lines[:2] == ["**The game begins.**", "Red moved."]


def test_table_message_says_which_players_are_away_and_until_when():
    pending = (PendingPlayer(1, 10, DecisionKind.TURN, "Move"),)
    update = TableUpdate(7, UpdateKind.MOVES, "Round 2", 4, public_events=(public_event("Red moved."),),
                         public_view=VIEW, pending=pending)
    out = text.table_message(make_table(), update, {10: 1_800_000_000.5, 999: 1_800_000_000.0})
    assert out.splitlines()[-2:] == ["Now: <@10> (Schnitzel)", "Away: <@10> until <t:1800000000:f>."]
    assert "999" not in out  # someone away who does not play here is not named
    assert "Away" not in text.table_message(make_table(), update, {})


def test_secret_choices_say_only_who_chooses():
    pending = (PendingPlayer(1, 10, DecisionKind.SIMULTANEOUS, "Choose Home Harvest"),)
    line = text.pending_line(make_table(), pending, VIEW)
    assert line.startswith("Waiting for a secret choice from:") and "Harvest" not in line


def test_outcome_text_ranks_with_scores_and_says_why_in_words():
    outcome = Outcome(ranking=((1,), (0,)), scores={0: 2, 1: 5.5}, reason="round_limit")
    out = text.outcome_text(make_table(), outcome, VIEW)
    lines = out.splitlines()
    assert lines[0] == "**Game over** — The round limit was reached."
    assert lines[1] == "1st: <@10> (Schnitzel) — 5.5 pts"
    assert lines[2] == "2nd: AI 2 (Dingleson) — 2 pts"


def test_a_basic_scoring_win_is_said_in_words_not_as_one_point():
    outcome = Outcome(ranking=((1,), (0,)), scores={0: 0, 1: 1}, reason="objectives",
                      details={"scoring": "basic"})
    out = text.outcome_text(make_table(), outcome, VIEW)
    assert "pts" not in out and "objectives" in out.splitlines()[0]
    assert out.splitlines()[1] == "1st: <@10> (Schnitzel) — wins"


def test_status_text_has_no_version_raw_codes_or_doubled_punctuation():
    pending = (PendingPlayer(1, 10, DecisionKind.TURN, "Move"),)
    table = make_table(pending=pending)
    view = {**VIEW, "round": 3, "round_limit": 10, "phase": "move_phase"}
    out = text.status_text(table, view)
    assert "version" not in out and "move_phase" not in out and "_" not in out
    assert "being played" in out and "Round 3 of 10." in out and "Now: <@10> (Schnitzel)" in out
    assert ".." not in out and "(round" not in out


def test_status_text_of_a_cancelled_game_says_why_once():
    table = make_table(TableStatus.CANCELLED)
    cancelled = TableInfo(**{**{f: getattr(table, f) for f in table.__dataclass_fields__},
                             "status_reason": "cancelled by the host"})
    out = text.status_text(cancelled, None)
    assert out.count("cancelled by the host") == 1 and "This game was cancelled by the host." in out
    assert "Note:" not in out
    french = text.status_text(cancelled, None, Locale("fr"))
    assert "Cette partie a été annulée par l'hôte." in french and "cancelled" not in french
    by_moderator = TableInfo(**{**{f: getattr(table, f) for f in table.__dataclass_fields__},
                                "status_reason": "cancelled by a moderator"})
    assert "annulée par un modérateur" in text.status_text(by_moderator, None, Locale("fr"))
    # A reason stored in other words (an older release's) is shown as it was stored.
    assert text.cancel_reason("stopped by the bot", Locale("fr")) == "stopped by the bot"


def test_table_message_is_within_2000_chars():
    events = tuple(public_event("x" * 300) for _ in range(50))
    update = TableUpdate(7, UpdateKind.MOVES, "h" * 500, 4, public_events=events, public_view=VIEW,
                         pending=(PendingPlayer(1, 10, DecisionKind.TURN, "p"),))
    out = text.table_message(make_table(), update)
    assert len(out) <= 2000 and out.endswith("(Schnitzel)")


def test_pending_mentions_skip_ai_and_duplicates():
    pending = [PendingPlayer(0, None, DecisionKind.TURN, "", is_ai=True), PendingPlayer(1, 10, DecisionKind.TURN, ""),
               PendingPlayer(2, 10, DecisionKind.TURN, "")]
    assert text.pending_mentions(pending) == [10]


def test_event_placeholders_are_filled_with_mentions_and_factions():
    table = make_table()
    names = text.player_names(table, VIEW)
    assert names == {0: "AI 2 (Dingleson)", 1: "<@10> (Schnitzel)"}
    event = public_event("{p1} plays the Usurers; {p0} waits; {p7} is nobody.")
    assert text.event_text(event, names) == (
        "<@10> (Schnitzel) plays the Usurers; AI 2 (Dingleson) waits; a player is nobody."
    )


def test_table_message_and_private_lines_name_players_never_by_number():
    table = make_table()
    update = TableUpdate(game_id=7, kind=UpdateKind.MOVES, headline="", version=4,
                         public_events=(public_event("{p1} plays the Usurers."),), public_view=VIEW)
    out = text.table_message(table, update)
    assert "<@10> (Schnitzel) plays the Usurers." in out and "{p" not in out
    lines = text.private_events_text([private_event(1, "{p0} shows you Sprint.")], table, VIEW)
    assert lines == ["🔒 AI 2 (Dingleson) shows you Sprint."]
    # Without the table the placeholder still never shows an index.
    assert text.private_events_text([private_event(1, "{p0} shows you Sprint.")]) == ["🔒 a player shows you Sprint."]


def test_log_text_keeps_newest():
    from host.results import LogLine, MoveSource

    lines = [LogLine(i, 0, f"line {i} " + "z" * 100, "info", i % 2 == 0, 0.0, MoveSource.HUMAN) for i in range(100)]
    out = text.log_text(lines)
    joined = "\n".join(out)
    assert len(joined) <= 2000
    assert "line 99" in joined and "earlier lines not shown" in out[0] and "(s)" not in out[0]
    assert any(x.startswith("🔒") for x in out)


def test_faction_names_come_from_the_engine_wide_view_key():
    from present.text import faction_names

    assert faction_names({"factions": {"0": "Dingleson & McDingle", "1": "The Artisans"}}) == {
        0: "Dingleson & McDingle",
        1: "The Artisans",
    }
    assert faction_names({"seats": [{"player": 0, "name": "Dingleson"}]}) == {}
    assert faction_names(None) == {}


def test_log_text_fills_player_names():
    from host.results import LogLine, MoveSource

    lines = [LogLine(1, 0, "{p1} moved to the Oak.", "move", False, 0.0, MoveSource.HUMAN)]
    out = text.log_text(lines, names={1: "<@10> (Schnitzel)"})
    assert out == ["<@10> (Schnitzel) moved to the Oak."]


def test_players_text_counts_in_words():
    out = text.players_text(make_table(), VIEW)
    assert "2 players" in out and "(s)" not in out


def _table(game, options, status=TableStatus.LOBBY, seats=None, random_start=()):
    seats = seats if seats is not None else (SeatInfo(0, 10, False), SeatInfo(1, 11, False), SeatInfo(2, 12, False))
    return TableInfo(
        game_id=8, game_name=game, title=game, guild_id=1, channel_id=2, host_user_id=10, status=status,
        options=options, seats=seats, min_players=2, max_players=4, version=1, settings=TableSettings(),
        created_at=0.0, updated_at=0.0, random_start=random_start,
    )


def test_lobby_options_are_named_and_explained_in_words():
    table = _table("tribes", {"turbo": False, "escargnom": False, "gnomicide": True, "gnompax_cap": 30,
                              "tribe_pick": "join"})
    out = text.lobby_text(table)
    assert ("• Turbo start: off — when on, everyone starts with 12 armies and a card, and may spy and "
            "assassinate from turn 1.") in out
    assert "• Gnomicide: on — when on, card and home bonuses count once per army." in out
    assert "• Gnompax by turn: 30 — Gnompax comes out after the research of turn 30 at the latest." in out
    assert "• Tribe choice: join — players pick their tribes in the order they joined." in out
    assert "turbo off" not in out and "gnompax cap" not in out and "tribe pick" not in out
    lair = text.lobby_text(_table("associates", {"neutral_lair": "auto", "mode": "even_simpler"}))
    assert "• Neutral lair: auto — in a 2-player game, a neutral lair is laid when Thieves or Brigands play." in lair
    assert "• Rules: even simpler — no guild cards" in lair
    scoring = text.lobby_text(_table("vendetta", {"scoring": "basic"}))
    assert ("• Scoring: basic — the first to complete their objectives wins; if nobody has by the round limit, "
            "points decide.") in scoring


def test_the_first_player_is_always_a_person():
    # A rematch lobby: a random Start seats join order 2 as player 0, a join-order Start seats join order 0.
    lobby = _table("associates", {"first_player": 0}, random_start=(2, 0, 1))
    out = text.lobby_text(lobby)
    assert "• First player: <@12> if started in random order, <@10> in join order" in out
    assert "seat" not in out.lower().replace("seats taken", "")
    same = _table("associates", {"first_player": 1}, random_start=(2, 1, 0))
    assert "• First player: <@11>\n" in text.lobby_text(same)
    seated = _table("associates", {"first_player": 1}, TableStatus.ACTIVE,
                    seats=(SeatInfo(0, 10, False, 1), SeatInfo(1, 11, False, 0)))
    assert text.format_options(seated.options, seated) == "First player <@10>"
    assert text.format_options({"first_player": -1}) == "First player drawn at random when the game starts"
    assert text.format_options({"undo": True, "scoring": "basic"}) == "Undo on, Scoring basic"


def test_every_option_of_every_game_has_player_words():
    from engine import registry

    for name in registry.GAMES:
        for spec in registry.get(name).options():
            assert spec.label, f"{name} {spec.name} has no label"
            if spec.name != "first_player":
                choices = {c for c, _ in spec.value_words}
                assert spec.explain or choices == set(spec.choices), f"{name} {spec.name} is not explained"
            assert "§" not in spec.explain + "".join(w for _, w in spec.value_words)


def test_a_seating_names_the_side_once():
    from engine.core.names import player_ref

    names = {0: "<@10> (Westdingledongleson)", 1: "AI 2 (Schnitzel)"}
    seating = public_event(f"{player_ref(0)} plays Westdingledongleson; {player_ref(1)} plays Schnitzel.")
    assert text.event_text(seating, names) == "<@10> plays Westdingledongleson; AI 2 plays Schnitzel."
    # Elsewhere the side stays beside the name.
    assert text.event_text(public_event(f"{player_ref(0)} moves."), names) == "<@10> (Westdingledongleson) moves."
    # A side named with its article (Associates' guilds) is said once too.
    guilds = {0: "<@10> (Brigands)"}
    assert text.event_text(public_event(f"{player_ref(0)} plays the Brigands."), guilds) == "<@10> plays the Brigands."


def test_a_waiting_player_is_named_by_their_side_when_their_name_is_unknown():
    from present.choices import waiting_name, waiting_who

    line = waiting_name([waiting_who(None, "McDingle"), waiting_who(None, "Schnitzel")], secret=True)
    assert line == "Not your turn — waiting for a secret choice from McDingle, Schnitzel"
    assert waiting_who("alice", "Red") == "alice (Red)" and waiting_who(None, None) == "a player"
    french = Locale("fr")
    assert waiting_name([waiting_who(None, None, french)], secret=True, locale=french) == (
        "Ce n'est pas ton tour — on attend le choix secret de : un joueur")
    assert waiting_name([], secret=False, locale=french) == "Tu n'as rien à décider pour l'instant."


def test_a_two_player_vendetta_seating_names_each_player_once_with_both_clans():
    from engine import registry as games
    from engine.core.names import player_ref

    game = games.get("vendetta")
    state = game.new_game(2, 11, {})
    seating = next(e for e in game.setup_events(state) if " plays " in e.text)
    assert seating.text.count(" plays ") == 2, seating.text
    owner = seating.data["owner"]
    clans = {p: [c for c, q in owner.items() if q == p] for p in (0, 1)}
    from engine.vendetta.clans import CLANS

    names = {p: f"<@{10 + p}> ({' & '.join(CLANS[c].name for c in clans[p])})" for p in (0, 1)}
    said = text.event_text(seating, names)
    first = next(p for p in (0, 1) if said.startswith(f"<@{10 + p}>"))
    assert said.startswith(f"<@{10 + first}> plays {' and '.join(CLANS[c].name for c in clans[first])};"), said
    assert "&" not in said and said.count("<@") == 2, said
    assert player_ref(0) not in said


def test_a_worded_event_is_said_in_the_readers_language_and_an_old_one_in_its_english():
    from engine.core.phrases import PlayerRef, listed, name, phrase
    from i18n import Locale

    cards = listed([name("card", "n08")])
    kept = private_event(1, "Schnitzel keeps: Vendetta.", "info",
                         phrase=phrase("objectives.kept", clan=name("clan", "blue"), cards=cards))
    old = private_event(1, "Schnitzel keeps: Vendetta.", "info")
    table = make_table()
    assert text.private_events_text([kept, old], table, VIEW, Locale("fr")) == [
        "🔒 Schnitzel garde : Festin de champignons.", "🔒 Schnitzel keeps: Vendetta."]
    assert text.private_events_text([kept], table, VIEW) == ["🔒 Schnitzel keeps: Mushroom Feast."]
    seating = public_event("{p1} plays Schnitzel.", "reveal", phrase=phrase("setup.seating", seats=listed([phrase(
        "setup.plays", player=PlayerRef(1, side=False), clans=listed([name("clan", "blue")], "and"))])))
    assert text.event_text(seating, text.player_names(table, VIEW), "vendetta") == "<@10> plays Schnitzel."


def _french_table(pending=()):
    from dataclasses import replace

    return replace(make_table(pending=pending), settings=TableSettings(language="fr-CA"))


def test_a_table_in_french_reads_french_to_the_channel_and_english_stays_as_it_was():
    pending = (PendingPlayer(1, 10, DecisionKind.TURN, "Move"),)
    update = TableUpdate(7, UpdateKind.MOVES, "", 4, public_events=(public_event("Red moved."),),
                         public_view=VIEW, pending=pending)
    french = text.table_message(_french_table(pending), update, {10: 1_800_000_000.5})
    assert french.splitlines()[-2:] == ["À jouer : <@10> (Schnitzel)", "Absents : <@10> jusqu'au <t:1800000000:f>."]
    english = text.table_message(make_table(pending), update, {10: 1_800_000_000.5})
    assert english.splitlines()[-2:] == ["Now: <@10> (Schnitzel)", "Away: <@10> until <t:1800000000:f>."]
    secret = (PendingPlayer(1, 10, DecisionKind.SIMULTANEOUS, "Choose Home Harvest"),)
    line = text.pending_line(make_table(), secret, VIEW, text.table_language(_french_table()))
    assert line.startswith("En attente d'un choix secret de :") and "Harvest" not in line
    assert text.turn_ping_text(_french_table(), [10, 11]) == \
        "<@10>, <@11> — à toi de jouer dans **Nains de jardin : Vendetta violente**."


def test_an_outcome_in_french_says_places_points_and_why_in_french():
    outcome = Outcome(ranking=((1,), (0,)), scores={0: 2, 1: 5.5}, reason="round_limit")
    lines = text.outcome_text(make_table(), outcome, VIEW, text.table_language(_french_table())).splitlines()
    assert lines == ["**Partie terminée** — La limite de manches est atteinte.",
                     "1er : <@10> (Schnitzel) — 5,5 pts", "2e : IA 2 (Dingleson) — 2 pts"]
    odd = Outcome(ranking=((0,), (1,)), scores={}, reason="last_gnome_standing")
    assert text.outcome_text(make_table(), odd, VIEW, text.table_language(_french_table())).splitlines()[0] == (
        "**Partie terminée** — La partie est finie : last gnome standing.")


def test_a_table_language_without_words_reads_english() -> None:
    from dataclasses import replace

    table = replace(make_table(), settings=TableSettings(language="de"))
    assert text.table_language(table) == "en"
    assert TableSettings.from_json({}).language == "en"  # a table stored before the choice reads as it did
    assert TableSettings.from_json(TableSettings(language="fr").to_json()).language == "fr"


def test_a_headline_reads_in_the_tables_language_and_an_old_one_as_it_was_stored():
    from host.announce import away_headline
    from host.results import Headline

    said = away_headline("<@10>", "timer", "turn timer")
    assert said.english() == "<@10> was away: the turn timer ran out, so the rules' default was played for them."
    assert Headline.from_json(said.to_json()) == said
    update = TableUpdate(7, UpdateKind.AFK, said.english(), 4, public_view=VIEW, headline_said=said)
    assert text.table_message(_french_table(), update).startswith("**<@10> était absent : le délai (turn timer)")
    assert text.table_message(make_table(), update).startswith(f"**{said.english()}**")
    kept = public_event("The game begins.", HEADLINE_EVENT, said=Headline("headline.begins").to_json())
    edited = TableUpdate(7, UpdateKind.MOVES, "", 5, public_events=(kept,), public_view=VIEW)
    assert text.table_message(_french_table(), edited).startswith("**La partie commence.**")
    stored_before = public_event("The game resumes after a restart.", HEADLINE_EVENT)
    old = TableUpdate(7, UpdateKind.MOVES, "", 5, public_events=(stored_before,), public_view=VIEW)
    assert text.table_message(_french_table(), old).startswith("**The game resumes after a restart.**")
    assert away_headline(None, "ai").english() == "An AI player was away: the AI played for them."


def test_the_log_reads_in_the_readers_language_and_a_line_stored_before_phrases_as_it_was():
    from engine.core.phrases import name, phrase
    from host.results import LogLine, MoveSource
    from i18n import Locale

    said = phrase("move.pass", clan=name("clan", "yellow"))
    lines = [LogLine(1, 0, "McDingle passes.", "move", False, 0.0, MoveSource.HUMAN, said),
             LogLine(2, 1, "{p1} took a secret card.", "draw", True, 0.0, MoveSource.HUMAN)]
    fr = Locale("fr")
    secret = "🔒 <@11> took a secret card."
    assert text.log_line_texts(lines, {1: "<@11>"}, "vendetta", fr) == ["McDingle passe.", secret]
    assert text.log_line_texts(lines, {1: "<@11>"}, "vendetta") == ["McDingle passes.", secret]
    assert text.log_text([], locale=fr) == ["Il ne s'est encore rien passé."]
    assert text.log_attached(12, fr) == "Le journal entier (12 lignes) est joint."
    many = lines * 400
    assert text.log_text(many, 500, {1: "<@11>"}, "vendetta", fr)[0].endswith("ne sont pas montrées ici")


def test_status_and_players_read_in_the_readers_language():
    from i18n import Locale

    fr = Locale("fr")
    pending = (PendingPlayer(1, 10, DecisionKind.TURN, "Move"),)
    table = make_table(pending=pending)
    status = text.status_text(table, {**VIEW, "round": 3, "round_limit": 10}, fr).splitlines()
    assert status[0] == "**Nains de jardin : Vendetta violente** — partie n° 7 : en cours"
    assert status[1].startswith("Hôte : <@10> · Options : ") and status[2] == "Manche 3 sur 10."
    assert status[3] == "À jouer : <@10> (Schnitzel)"
    players = text.players_text(table, VIEW, fr).splitlines()
    assert players[0] == "**Nains de jardin : Vendetta violente** — partie n° 7 : 2 joueurs"
    assert players[1:] == ["• <@10> (Schnitzel) ⏳", "• IA 2 (Dingleson) — 🤖 IA normale"]
    assert text.players_text(table, VIEW).splitlines()[0] == "**Vendetta** — game #7: 2 players"
