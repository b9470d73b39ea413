"""The words of "since your last move": one line per player's moves in a row, events of a kind counted, at most
six lines, captions for the animation and the channel's blocks."""

from __future__ import annotations

from engine.core.events import Event, private_event, public_event
from host.results import AiLevel, Recap, RecapFrame, RecapMove, SeatInfo, TableInfo, TableSettings, TableStatus
from present import recap as words
from present.fit import MESSAGE_CONTENT

NAMES = {0: "Bob", 1: "Ann", 2: "Cy"}


def _recap(moves: list[tuple[int, list[Event]]], frames: int = 2, player: int = 0) -> Recap:
    recap_moves = tuple(RecapMove(seq, actor, tuple(events)) for seq, (actor, events) in enumerate(moves, start=2))
    shown = tuple(RecapFrame(seq, {"factions": {}}, (public_event(f"Change {seq}."),) if seq else ())
                  for seq in range(frames))
    return Recap(1, "dash", player, 10, 1, recap_moves, shown, frames - 1)


def test_one_players_moves_in_a_row_make_one_line_with_kinds_counted() -> None:
    recap = _recap([
        (1, [public_event("{p1} raids Gnomewood.", "raid")]),
        (1, [public_event("{p1} raids Gnomewood.", "raid"), public_event("{p1} takes an acorn.", "take")]),
        (1, [public_event("{p1} takes a berry.", "take"), public_event("{p1} takes a leaf.", "take")]),
        (2, [public_event("{p2} passes.", "pass")]),
    ])
    assert words.lines(recap, NAMES) == [
        "Ann raids Gnomewood, twice. Ann takes an acorn. Ann takes a berry. Ann takes a leaf.",
        "Cy passes.",
    ]


def test_many_different_events_of_one_kind_tell_the_first_and_count_the_rest() -> None:
    takes = [public_event(f"{{p1}} takes {n} acorns.", "take") for n in (2, 3, 4, 5)]
    recap = _recap([(1, [*takes, takes[0]])])
    assert words.lines(recap, NAMES) == ["Ann takes 2 acorns, twice. Ann takes 3 acorns. And 2 more like these."]


def test_the_readers_own_secret_is_its_own_part_of_the_line() -> None:
    recap = _recap([(1, [public_event("Ann draws 2 cards.", "draw"), private_event(0, "You draw: Sprint.", "draw")])])
    assert words.lines(recap, NAMES) == ["Ann draws 2 cards. You draw: Sprint."]


def test_more_than_six_lines_keep_the_last_five_and_count_the_moves_before() -> None:
    moves = []
    for n in range(9):  # nine lines: players 1 and 2 in turn, two moves each for the first ones
        actor = 1 + n % 2
        moves.append((actor, [public_event(f"{{p{actor}}} moves {n}.", "move")]))
        if n < 4:
            moves.append((actor, [public_event(f"{{p{actor}}} waits {n}.", "wait")]))
    told = words.lines(_recap(moves), NAMES)
    assert len(told) == words.MAX_LINES
    assert told[0] == "…and 8 more moves before these."  # the four lines left out hold two moves each
    assert told[1] == "Ann moves 4."
    assert told[-1] == "Ann moves 8."


def test_six_lines_are_told_whole() -> None:
    moves = [(1 + n % 2, [public_event(f"Move {n}.", "move")]) for n in range(7)]
    assert words.lines(_recap(moves[:6]), NAMES) == [f"Move {n}." for n in range(6)]
    assert words.lines(_recap(moves), NAMES)[0] == "…and 2 more moves before these."


def test_captions_start_where_the_reader_left_it_and_end_now() -> None:
    recap = _recap([(1, [public_event("x", "x")])], frames=3)
    assert words.captions(recap, NAMES) == ["Where you left it", "Change 1.", "Now: Change 2."]
    assert [words.hold_ms(i, 3) for i in range(3)] == [1500, 900, 3000]


def _table() -> TableInfo:
    seats = tuple(SeatInfo(n, 100 + n, False, n, AiLevel.NORMAL) for n in range(3))
    return TableInfo(1, "dash", "Gnome Dash", 5, 6, 100, TableStatus.ACTIVE, {}, seats, 2, 4, 10, TableSettings(),
                     0.0, 0.0)


def test_the_channel_names_whose_recap_each_block_is() -> None:
    one = _recap([(1, [public_event("{p1} passes.", "pass")])], player=0)
    same = _recap([(1, [public_event("{p1} passes.", "pass")])], player=2)
    text = words.ping_recap_text(_table(), [one, same])
    assert text.splitlines() == ["Since the last moves of <@100> and <@102>:", "• <@101> passes."]
    assert words.ping_recap_text(_table(), [one]).splitlines()[0] == "Since <@100>'s last move:"
    assert words.ping_recap_text(_table(), []) == ""


def test_a_recap_that_ends_a_longer_one_is_not_told_again() -> None:
    """Three players pinged at once, each since their own last move: the channel reads the longest block once."""
    moves = [(1, [public_event("{p1} raids.", "raid")]), (2, [public_event("{p2} digs.", "dig")])]
    oldest = _recap(moves, player=0)
    later = _recap(moves[1:], player=1)
    text = words.ping_recap_text(_table(), [oldest, later])
    assert text.splitlines() == ["Since <@100>'s last move:", "• <@101> raids.", "• <@102> digs."]
    other = _recap([(1, [public_event("{p1} sleeps.", "sleep")])], player=1)
    assert words.ping_recap_text(_table(), [oldest, other]).count("Since ") == 2  # not an end of it: both told


def test_a_recap_is_cut_to_the_room_its_message_leaves() -> None:
    long_line = "x" * 1990
    assert words.with_recap(long_line, "Since your last move:\n• y") == long_line
    told = words.with_recap("Your turn.", "Since your last move:\n" + "• z\n" * 900)
    assert len(told) <= MESSAGE_CONTENT and told.startswith("Your turn.\nSince your last move:")


def test_a_recap_read_in_french_counts_and_joins_in_french_and_says_the_events_from_the_catalog() -> None:
    from engine.core.phrases import name, phrase
    from i18n import Locale

    reader = words.Reader(NAMES, "vendetta", Locale("fr"))
    passes = public_event("McDingle passes.", "move", phrase=phrase("move.pass", clan=name("clan", "yellow")))
    recap = _recap([(1, [passes]), (1, [passes]), (2, [public_event("{p2} waves.", "wave")])])
    assert words.lines(recap, reader) == ["McDingle passe, deux fois.", "Cy waves."]
    assert words.recap_text(recap, reader).startswith("Depuis ton dernier coup :\n• McDingle passe")
    assert words.captions(recap, reader) == ["Là où tu l'as laissé", "Maintenant : Change 1."]
    assert words.recap_text(recap, NAMES).startswith("Since your last move:\n• McDingle passes, twice.")
