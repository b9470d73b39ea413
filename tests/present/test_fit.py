from present.fit import MESSAGE_CONTENT, fit_lines, split_message, trim


def test_trim_keeps_short_text():
    assert trim("hello", 10) == "hello"


def test_trim_cuts_with_ellipsis_within_limit():
    out = trim("x" * 300, 100)
    assert len(out) == 100
    assert out.endswith("…")


def test_trim_zero_limit():
    assert trim("abc", 0) == ""


def test_split_message_short_is_one_chunk():
    assert split_message("a\nb") == ["a\nb"]


def test_split_message_empty_gives_nothing():
    assert split_message("") == []


def test_split_message_respects_limit_and_keeps_all_words():
    lines = [f"line {i} " + "word " * (i % 40) for i in range(300)]
    text = "\n".join(lines)
    chunks = split_message(text)
    assert len(chunks) > 1
    assert all(len(c) <= MESSAGE_CONTENT for c in chunks)
    assert " ".join("\n".join(chunks).split()) == " ".join(text.split())


def test_split_message_cuts_a_long_line_at_spaces():
    text = ("abcdefghi " * 500).strip()
    chunks = split_message(text, 100)
    assert all(len(c) <= 100 for c in chunks)
    assert all(not c.startswith(" ") and "abcdefghi" in c for c in chunks)
    assert "".join(chunks).replace(" ", "") == text.replace(" ", "")


def test_split_message_cuts_a_word_longer_than_limit_hard():
    chunks = split_message("z" * 250, 100)
    assert [len(c) for c in chunks] == [100, 100, 50]


def test_fit_lines_all_fit():
    assert fit_lines(["a", "b"], 100, tail="<@1>") == "a\nb\n<@1>"


def test_fit_lines_drops_tail_lines_with_marker():
    lines = [f"event number {i} " + "x" * 80 for i in range(100)]
    out = fit_lines(lines, MESSAGE_CONTENT, tail="Now: <@1>")
    assert len(out) <= MESSAGE_CONTENT
    assert out.endswith("Now: <@1>")
    assert "more lines in /game log" in out and "(s)" not in out
    assert out.startswith("event number 0 ")


def test_fit_lines_with_huge_single_line():
    out = fit_lines(["y" * 5000], 2000, tail="t")
    assert len(out) <= 2000
    assert out.endswith("t")


def test_fit_lines_counts_one_dropped_line_in_the_singular():
    lines = ["x" * 60 for _ in range(3)]
    out = fit_lines(lines, 150)
    assert out.endswith("… 1 more line in /game log"), out
