"""Sample pictures of every registered game, for people and for the golden tests.

    python -m render.gallery --out DIR     # boards and private views at several stages
    python -m render.gallery --goldens     # rewrite tests/render/golden/ (views + PNGs), on purpose
    python -m render.gallery --docs        # rewrite docs/images/<game>.png (the README pictures)

Sample views come from the real engine: a seeded game played by random legal
moves, stopped at a few stages. A render module may add hand-made views (for
states random play rarely reaches) through ``extra_samples() -> dict[str, view]``.
"""

from __future__ import annotations

import argparse
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import render

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "render" / "golden"
DOCS_DIR = ROOT / "docs" / "images"

SEED = 7
# Keys a player's view adds to the public one, per the games' view docstrings.
PRIVATE_KEYS = frozenset({"me", "you", "hand", "draft", "drawn"})  # Tribes keeps a player's secrets under "you"
MAX_MOVES = 5000  # a random game that has not ended by then is cut short (stages still drawn)


@dataclass
class Sample:
    """One stage of one game: its public view and every player's view."""

    game: str
    label: str
    public: dict[str, Any]
    players: dict[int, dict[str, Any]] = field(default_factory=dict)


def _player_counts(game: Any) -> list[int]:
    low, high = game.player_range
    return sorted({low, min(max(low, 4), high), high})


_ACTION_KINDS = frozenset({"move", "roll", "stun", "theft", "eliminated", "transfer", "craft", "combat"})


def _interesting(view: dict[str, Any]) -> bool:
    """A state worth showing mid-game: something actually moved or fought (any game's view keys)."""
    last = view.get("last_move") or {}
    events = view.get("last") or []
    return bool(
        last.get("moves")
        or last.get("kind") == "combat"
        or view.get("combat")
        or view.get("window")
        or (view.get("war") or {}).get("cards_played")  # Tribes: a war step with its battle cards revealed
        or any(isinstance(e, dict) and e.get("kind") in _ACTION_KINDS for e in events)
    )


def play(game_name: str, players: int, seed: int = SEED) -> list[Any]:
    """Every state of a seeded random game of `players` players, first to last."""
    from engine import registry
    from engine.ai import RandomPlayer

    game = registry.get(game_name)
    state = game.new_game(players, seed)
    ai = RandomPlayer(seed)
    states = [state]
    while not game.is_over(state) and len(states) < MAX_MOVES:
        pending = game.pending(state)
        if not pending:
            break
        player = pending[0].player
        state, _ = game.apply(state, player, ai.choose(game, state, player))
        states.append(state)
    return states


def engine_samples(game_name: str, players: int, seed: int = SEED) -> list[Sample]:
    """start / early / mid / combat / end samples of one seeded random game."""
    from engine import registry

    game = registry.get(game_name)
    states = play(game_name, players, seed)
    picks: dict[str, int] = {"start": 0, "choosing": min(1, len(states) - 1)}
    views = [game.view(s, None) for s in states]
    for label, frac in (("early", 0.15), ("mid", 0.5)):
        start = int(len(states) * frac)
        # The next state where something happened, if one comes soon; else the plain one.
        later = (j for j in range(start, min(len(states) - 1, start + len(states) // 10 + 1)) if _interesting(views[j]))
        picks[label] = next(later, start)
    fights = [i for i, v in enumerate(views) if v.get("combat")]
    if fights:
        picks["combat"] = fights[len(fights) // 2]
    picks["end"] = len(states) - 1
    out = []
    for label, i in picks.items():
        state = states[i]
        player_views = {p: game.view(state, p) for p in range(players)}
        out.append(Sample(game_name, f"{players}p_{label}", views[i], player_views))
    return out


def samples(game_name: str) -> Iterator[Sample]:
    """Every sample of a game: engine stages for a few player counts, then hand-made views."""
    from engine import registry

    game = registry.get(game_name)
    for n in _player_counts(game):
        yield from engine_samples(game_name, n)
    module = render.module_for(game_name)
    extra = getattr(module, "extra_samples", None)
    if extra is not None:
        for label, view in extra().items():
            owner = view.get("me") or view.get("you")
            players = {int(owner["player"]): view} if owner else {}
            public = {k: v for k, v in view.items() if k not in PRIVATE_KEYS}
            yield Sample(game_name, label, public, players)


def write_gallery(out: Path) -> list[Path]:
    """Render every sample of every registered game into `out`; returns the files written."""
    from engine import registry

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in registry.names():
        for sample in samples(name):
            path = out / f"{name}_{sample.label}_board.png"
            path.write_bytes(render.board(name, sample.public))
            written.append(path)
            for p, view in sample.players.items():
                path = out / f"{name}_{sample.label}_p{p}.png"
                path.write_bytes(render.private(name, view))
                written.append(path)
    return written


# The fixed states behind the golden pictures: (label, players, stage).
GOLDEN_STAGES = (("start", 4, "choosing"), ("mid", 4, "mid"), ("combat", 4, "combat"), ("end", 4, "end"))


def golden_views(game_name: str) -> dict[str, dict[str, Any]]:
    """The views the golden pictures are drawn from, freshly made by the engine."""
    out: dict[str, dict[str, Any]] = {}
    by_label = {s.label: s for s in engine_samples(game_name, 4)}
    for label, players, stage in GOLDEN_STAGES:
        sample = by_label.get(f"{players}p_{stage}")
        if sample is None:
            continue
        out[f"{label}_board"] = sample.public
        first = min(sample.players) if sample.players else None
        if first is not None:
            out[f"{label}_private"] = sample.players[first]
    module = render.module_for(game_name)
    extra = getattr(module, "extra_samples", None)
    if extra is not None:
        for label, view in extra().items():
            kind = "private" if "me" in view or "you" in view else "board"
            out[f"{label}_{kind}"] = view
    return out


def draw(game_name: str, key: str, view: dict[str, Any]) -> bytes:
    """Render a golden view: `key` ends in _board or _private."""
    if key.endswith("_private"):
        return render.private(game_name, view)
    return render.board(game_name, view)


def write_goldens() -> list[Path]:
    """Rewrite tests/render/golden/: each view as JSON (the test input) and its PNG."""
    from engine import registry

    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for name in registry.names():
        for key, view in golden_views(name).items():
            base = GOLDEN_DIR / f"{name}_{key}"
            # Key order is kept (it is drawing order: requirement lists, seats), and
            # the picture is drawn from the JSON as the test will read it back.
            text = json.dumps(view, indent=1) + "\n"
            base.with_suffix(".json").write_text(text, encoding="utf-8")
            base.with_suffix(".png").write_bytes(draw(name, key, json.loads(text)))
            written += [base.with_suffix(".json"), base.with_suffix(".png")]
    return written


def write_docs() -> list[Path]:
    """Rewrite docs/images/<game>.png: a mid-game board of each registered game."""
    from engine import registry

    DOCS_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for name in registry.names():
        by_label = {s.label: s for s in engine_samples(name, 4)}
        sample = by_label.get("4p_mid") or next(iter(by_label.values()))
        path = DOCS_DIR / f"{name}.png"
        path.write_bytes(render.board(name, sample.public))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help="directory for the gallery pictures")
    parser.add_argument("--goldens", action="store_true", help="rewrite the golden test pictures")
    parser.add_argument("--docs", action="store_true", help="rewrite docs/images/<game>.png")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not (args.out or args.goldens or args.docs):
        parser.error("give --out DIR, --goldens or --docs")
    if args.out:
        files = write_gallery(args.out)
        log.info("wrote %d pictures to %s", len(files), args.out)
    if args.goldens:
        files = write_goldens()
        log.info("wrote %d golden files to %s", len(files), GOLDEN_DIR)
    if args.docs:
        files = write_docs()
        log.info("wrote %s", ", ".join(str(f.relative_to(ROOT)) for f in files))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
