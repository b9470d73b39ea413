"""Forced steps: the single forward choices of a player's private draft, taken for them through the ordinary submit.

Only what the engine names as such (`auto_step`: never a pass, an end of turn, a confirmation or anything
public), each one submitted like a click, so every check and the log are as for a click.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from host.errors import HostError
from host.results import ActionChoice, MoveResult, PanelDetails

log = logging.getLogger(__name__)

# A draft never has more forced steps in a row than this; the bound only guards against an engine bug.
MAX_FORCED_STEPS = 12

ReadDetails = Callable[[], Awaitable[PanelDetails]]
SubmitStep = Callable[[ActionChoice, PanelDetails], Awaitable[MoveResult]]


def played_label(result: MoveResult, fallback: str) -> str:
    """The label of the move the submitter just made (shown to them only).

    A whole order typed or sent by a shortcut or pick menu may come back labelled with its bare id: the
    label the player read on the panel (`fallback`) is shown instead, never the id.
    """
    submitted = result.submitted
    if submitted is None or not submitted.label or submitted.label == submitted.id:
        return fallback
    return submitted.label


async def take_forced_steps(read: ReadDetails, submit: SubmitStep) -> tuple[ActionChoice, ...]:
    """Take the forced steps now offered (`read` gives the panel's extras, `submit` plays one); what was taken.

    A refused step (another move came first) ends the run quietly: the panel then shows the step as it stands.
    """
    taken: list[ActionChoice] = []
    for _ in range(MAX_FORCED_STEPS):
        details = await read()
        if details.auto is None or details.player is None:
            break
        try:
            result = await submit(details.auto, details)
        except HostError as error:
            log.info("the forced step %r was not taken (%s)", details.auto.id, type(error).__name__)
            break
        said = result.submitted.phrase if result.submitted is not None else details.auto.phrase
        taken.append(ActionChoice(details.auto.id, played_label(result, details.auto.label), said))
    return tuple(taken)
