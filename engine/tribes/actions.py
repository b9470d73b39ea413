"""The ids of the economy and vote decisions, parsed once into small typed values (then `match`ed).

Grammar (each phase owns its prefix; `undo`, `confirm`, `clear` and `pass` are shared):
  tribe:<tribe>                                   tribe pick (setup)
  inv:at:<territory> · inv:n:<count>              add recruits: territory, then how many
  inv:post:<post> · inv:bill:<denomination>       add a bill: post, then its value
  inv:do:<territory>*<n>,<post>+<value>,…         a whole investment order, sealed in one go
  launch:spy · launch:spy:<player>                espionage, then its target
  launch:kill · launch:kill:<player> · launch:post:<post>   assassination: target, then the post to wreck
  launch:do:spy:<player> · launch:do:kill:<player>:<post>   a whole launch order, sealed in one go
  xchg:<player> · xchg:decline                    Gnom'But (Exchange): swap VP with a player, or not
  vote:<goal> · vote:none                         goal vote (none = abstain)
  but:keep · but:cancel:<player>                  the Gnom'But decision
Numbers are read in canonical ASCII only, so an id names its choice one way only.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import CLEAR_ID, CONFIRM_ID, UNDO_ID
from engine.core.errors import IllegalAction
from engine.core.numbers import parse_int
from engine.core.phrases import phrase
from engine.tribes.board import load_board
from engine.tribes.state import POSTS

PASS_ID = "pass"
# Heads of the whole orders a shortcut (or a player typing in /play) sends in one go.
WHOLE_INVESTMENT = "inv:do:"
WHOLE_LAUNCH = "launch:do:"
LAUNCH_POSTS = ("research", "espionage", "assassination")  # what an assassination may wreck (R-T16)


@dataclass(frozen=True, slots=True)
class Undo:
    """Back one step of the draft."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Seal the whole order."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Send an empty order."""


@dataclass(frozen=True, slots=True)
class Clear:
    """Empty the draft built so far (the order stays open)."""


@dataclass(frozen=True, slots=True)
class PickTribe:
    """Play this tribe."""

    tribe: str


@dataclass(frozen=True, slots=True)
class RecruitAt:
    """Start adding recruits on a territory."""

    territory: str


@dataclass(frozen=True, slots=True)
class Count:
    """How many armies to recruit there."""

    count: int


@dataclass(frozen=True, slots=True)
class BillOn:
    """Start adding a bill to a post."""

    post: str


@dataclass(frozen=True, slots=True)
class Bill:
    """The denomination of the bill added."""

    value: int


@dataclass(frozen=True, slots=True)
class WholeInvestment:
    """A whole investment order in one step: (territory, armies) recruits and (post, value) bills, sealed."""

    recruits: tuple[tuple[str, int], ...]
    bills: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class WholeLaunch:
    """A whole launch order in one step: espionage against `spy`, or an assassination of `kill` wrecking `post`."""

    spy: int | None
    kill: int | None
    post: str | None


@dataclass(frozen=True, slots=True)
class Spy:
    """Launch espionage: target None = choose the target next."""

    target: int | None


@dataclass(frozen=True, slots=True)
class Kill:
    """Launch an assassination: target None = choose the target next."""

    target: int | None


@dataclass(frozen=True, slots=True)
class KillPost:
    """The post the assassination wrecks."""

    post: str


@dataclass(frozen=True, slots=True)
class Swap:
    """Gnom'But (Exchange): swap VP totals with `target`, or decline (None)."""

    target: int | None


@dataclass(frozen=True, slots=True)
class Ballot:
    """A goal vote: goal 1-6, or None to abstain."""

    goal: int | None


@dataclass(frozen=True, slots=True)
class ButAnswer:
    """The Gnom'But decision: keep (None) or cancel naming `excluded`."""

    excluded: int | None


Step = (Undo | Confirm | Pass | Clear | PickTribe | RecruitAt | Count | BillOn | Bill | WholeInvestment | Spy | Kill
        | KillPost | WholeLaunch | Swap | Ballot | ButAnswer)


def _number(text: str) -> int | None:
    return parse_int(text, canonical=True, max_digits=3)


def _whole_investment(text: str) -> WholeInvestment | None:
    """`wheatburg*2,research+10`: recruits as territory*count, bills as post+value; None if malformed."""
    board = load_board()
    recruits: list[tuple[str, int]] = []
    bills: list[tuple[str, int]] = []
    for part in text.split(","):
        territory, star, count = part.partition("*")
        post, plus, value = part.partition("+")
        if star and territory in board and (n := _number(count)) is not None:
            recruits.append((territory, n))
        elif plus and post in POSTS and (v := _number(value)) is not None:
            bills.append((post, v))
        else:
            return None
    return WholeInvestment(tuple(recruits), tuple(bills))


def parse(action_id: str) -> Step:
    """The typed step an id names; IllegalAction E_UNKNOWN_ACTION for anything else."""
    board = load_board()
    parts = action_id.split(":")
    match parts:
        case [head] if head == UNDO_ID:
            return Undo()
        case [head] if head == CONFIRM_ID:
            return Confirm()
        case [head] if head == PASS_ID:
            return Pass()
        case [head] if head == CLEAR_ID:
            return Clear()
        case ["tribe", tribe] if tribe in board.tribes:
            return PickTribe(tribe)
        case ["inv", "at", territory] if territory in board:
            return RecruitAt(territory)
        case ["inv", "n", n] if (k := _number(n)) is not None:
            return Count(k)
        case ["inv", "post", post] if post in POSTS:
            return BillOn(post)
        case ["inv", "bill", d] if (v := _number(d)) is not None:
            return Bill(v)
        case ["inv", "do", rest] if (whole := _whole_investment(rest)) is not None:
            return whole
        case ["launch", "do", "spy", p] if (t := _number(p)) is not None:
            return WholeLaunch(t, None, None)
        case ["launch", "do", "kill", p, post] if (t := _number(p)) is not None and post in POSTS:
            return WholeLaunch(None, t, post)
        case ["launch", "spy"]:
            return Spy(None)
        case ["launch", "spy", p] if (t := _number(p)) is not None:
            return Spy(t)
        case ["launch", "kill"]:
            return Kill(None)
        case ["launch", "kill", p] if (t := _number(p)) is not None:
            return Kill(t)
        case ["launch", "post", post] if post in POSTS:
            return KillPost(post)
        case ["xchg", "decline"]:
            return Swap(None)
        case ["xchg", p] if (t := _number(p)) is not None:
            return Swap(t)
        case ["vote", "none"]:
            return Ballot(None)
        case ["vote", g] if (goal := _number(g)) is not None:
            return Ballot(goal)
        case ["but", "keep"]:
            return ButAnswer(None)
        case ["but", "cancel", p] if (t := _number(p)) is not None:
            return ButAnswer(t)
    raise IllegalAction("That is not a choice of this game. Pick one of the offered choices.", "E_UNKNOWN_ACTION",
                        phrase=phrase("refuse.not-choice-game-pick-offered"))


def step_id(step: Step) -> str:
    """The id of a typed step (parse(step_id(s)) == s)."""
    match step:
        case Undo():
            return UNDO_ID
        case Confirm():
            return CONFIRM_ID
        case Pass():
            return PASS_ID
        case Clear():
            return CLEAR_ID
        case PickTribe(tribe):
            return f"tribe:{tribe}"
        case RecruitAt(territory):
            return f"inv:at:{territory}"
        case Count(count):
            return f"inv:n:{count}"
        case BillOn(post):
            return f"inv:post:{post}"
        case Bill(value):
            return f"inv:bill:{value}"
        case WholeInvestment(recruits, bills):
            parts = [f"{t}*{n}" for t, n in recruits] + [f"{post}+{v}" for post, v in bills]
            return WHOLE_INVESTMENT + ",".join(parts)
        case WholeLaunch(spy, kill, post):
            return f"{WHOLE_LAUNCH}spy:{spy}" if spy is not None else f"{WHOLE_LAUNCH}kill:{kill}:{post}"
        case Spy(target):
            return "launch:spy" if target is None else f"launch:spy:{target}"
        case Kill(target):
            return "launch:kill" if target is None else f"launch:kill:{target}"
        case KillPost(post):
            return f"launch:post:{post}"
        case Swap(target):
            return "xchg:decline" if target is None else f"xchg:{target}"
        case Ballot(goal):
            return "vote:none" if goal is None else f"vote:{goal}"
        case ButAnswer(excluded):
            return "but:keep" if excluded is None else f"but:cancel:{excluded}"
    raise AssertionError(step)
