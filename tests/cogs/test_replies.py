"""cogs.replies: whatever text a command or refusal builds, what is sent fits Discord's limits."""

from __future__ import annotations

from typing import Any

from cogs import replies
from cogs.limits import ECHO, MESSAGE_CONTENT, echo
from tests.cogs.test_errors import fake_interaction, told


async def test_a_reply_over_2000_characters_is_cut_to_fit() -> None:
    interaction = fake_interaction()
    await replies.reply(interaction, "x" * 5000)
    (content, kwargs), = told(interaction)
    assert len(content) == MESSAGE_CONTENT and content.endswith("…")
    assert kwargs["ephemeral"] is True


async def test_a_reply_after_defer_is_a_followup_and_fits_too() -> None:
    interaction = fake_interaction(deferred=True)
    await replies.reply(interaction, "y " * 3000)
    assert interaction.response.sent == []
    (content, _), = interaction.followup.sent
    assert len(content) <= MESSAGE_CONTENT


async def test_a_long_text_is_sent_as_at_most_four_fitting_messages() -> None:
    interaction = fake_interaction(deferred=True)
    await replies.reply_long(interaction, "\n".join("line " * 100 for _ in range(200)))
    sent = [content for content, _ in interaction.followup.sent]
    assert len(sent) == replies.MAX_CHUNKS
    assert all(0 < len(c) <= MESSAGE_CONTENT for c in sent)


async def test_an_edit_is_cut_to_fit() -> None:
    edits: list[dict[str, Any]] = []
    interaction = fake_interaction(deferred=True)

    async def edit_original_response(**kwargs: Any) -> None:
        edits.append(kwargs)

    interaction.edit_original_response = edit_original_response
    await replies.edit_reply(interaction, "z" * 5000, view=None)
    (edit,) = edits
    assert len(edit["content"]) <= MESSAGE_CONTENT and edit["view"] is None


def test_echoed_user_text_is_one_short_line() -> None:
    text = echo("first line\n" + "w" * 5000)
    assert "\n" not in text and len(text) <= ECHO and text.startswith("first line")
