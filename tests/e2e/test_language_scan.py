"""The scan of shown words against the catalogs: what counts as a word of one language only."""

from __future__ import annotations

from tests.e2e.language_scan import foreign_findings, words


def test_words_leave_out_mentions_placeholders_links_and_a_word_cut_short() -> None:
    shown = "<@123> plays {clan} <t:1796637511:f> https://example.org/x — Fée des Voleurs s…"
    assert words(shown) == {"plays", "fée", "des", "voleurs"}


def test_a_french_reader_is_flagged_english_words_only() -> None:
    texts = [("a", "Ton tour : choisis tes objectifs."), ("b", "Tu as passé — Pass: invest nothing this turn.")]
    found = foreign_findings(texts, "fr", "en")
    assert len(found) == 1 and found[0].startswith("invest, nothing, pass, this, turn in b"), found
    # The other way round, the French sentence is the foreign one.
    assert [f for f in foreign_findings(texts, "en", "fr") if " in a:" in f]
