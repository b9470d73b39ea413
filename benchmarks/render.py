"""Render benchmark: `python -m benchmarks.render [--repeat N] [--locale en --locale fr]`.

Per registered game, over the sample views of a seeded 4-player random game
(every stage, plus the game's hand-made samples): the median time of a board
render, of a private render and of the "Take my turn" panel picture (both
stacked), the PNG sizes, and the ratio of the board time
to the floor, the time to encode a blank picture of the same size with the same
encoder settings. Two floors are printed: a blank palette picture (the format
render/ writes) and a blank RGB picture (what a plain Pillow render would
write). The static layer is built once before timing; its cost is shown apart.

Times are CPU time of this process (time.process_time_ns), and each render is
timed alternately with the floor encode, so that other load on the machine
moves both alike.

With several `--locale`, each game is measured in each language in the same run, and the
board and private times of every language after the first are printed as a ratio to the first's:
the cost of the catalog look-ups, against a baseline from the same run.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

import render
from engine import registry
from i18n import Locale, resolve
from render import gallery
from render.common import PNG_COMPRESS_LEVEL


def _cpu_ms(fn: Callable[[], Any]) -> float:
    start = time.process_time_ns()
    fn()
    return (time.process_time_ns() - start) / 1e6


def _median_ms(fn: Callable[[], Any], repeat: int) -> float:
    return statistics.median(_cpu_ms(fn) for _ in range(repeat))


def _interleaved(fn: Callable[[], Any], floor: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median CPU ms of `fn` and of `floor`, timed alternately."""
    a, b = [], []
    for _ in range(repeat):
        a.append(_cpu_ms(fn))
        b.append(_cpu_ms(floor))
    return statistics.median(a), statistics.median(b)


def _blank_png(size: tuple[int, int], mode: str) -> bytes:
    buf = io.BytesIO()
    Image.new(mode, size).save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def bench_game(name: str, repeat: int, locale: Locale) -> dict[str, Any]:
    """Timings and sizes for one game, its pictures drawn in `locale`."""
    samples = list(gallery.engine_samples(name, 4))
    boards = [s.public for s in samples]
    privates = [v for s in samples for v in s.players.values()]
    module = render.module_for(name)
    extra = getattr(module, "extra_samples", None)
    if extra is not None:
        for view in extra().values():
            (privates if "me" in view else boards).append(view)

    start = time.perf_counter()
    first = render.board(name, boards[0], locale)  # builds and caches the static layer
    cold_ms = (time.perf_counter() - start) * 1000
    for view in privates:
        render.private(name, view, locale)

    size = Image.open(io.BytesIO(first)).size
    ratios_p, ratios_rgb, times = [], [], []
    for v in boards:
        draw = partial(render.board, name, v, locale=locale)
        t, floor_p = _interleaved(draw, partial(_blank_png, size, "P"), repeat)
        _, floor_rgb = _interleaved(draw, partial(_blank_png, size, "RGB"), 3)
        times.append(t)
        ratios_p.append(t / floor_p)
        ratios_rgb.append(t / floor_rgb)
    board_ms = statistics.median(times)
    private_ms = statistics.median(
        _median_ms(partial(render.private, name, v, locale=locale), repeat) for v in privates
    )
    # The "Take my turn" picture: board and private picture stacked (player views carry the public view).
    panel_ms = statistics.median(
        _median_ms(partial(render.panel_images, name, None, v, locale), max(3, repeat // 5)) for v in privates
    )
    panel_bytes = statistics.median(sum(map(len, render.panel_images(name, None, v, locale))) for v in privates)
    board_bytes = statistics.median(len(render.board(name, v, locale)) for v in boards)
    private_bytes = statistics.median(len(render.private(name, v, locale)) for v in privates)
    largest = max(len(render.board(name, v, locale)) for v in boards)

    floor_p = _median_ms(lambda: _blank_png(size, "P"), repeat)
    floor_rgb = _median_ms(lambda: _blank_png(size, "RGB"), repeat)
    return {
        "size": f"{size[0]}x{size[1]}",
        "boards": len(boards),
        "privates": len(privates),
        "cold_ms": cold_ms,
        "board_ms": board_ms,
        "private_ms": private_ms,
        "board_bytes": board_bytes,
        "largest_board_bytes": largest,
        "private_bytes": private_bytes,
        "panel_ms": panel_ms,
        "panel_bytes": panel_bytes,
        "floor_p_ms": floor_p,
        "floor_rgb_ms": floor_rgb,
        "ratio_p": statistics.median(ratios_p),
        "ratio_rgb": statistics.median(ratios_rgb),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures for every registered game, in each language asked for."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=25, help="renders per view (median taken)")
    parser.add_argument(
        "--locale", action="append", default=None, help="a language to draw in (repeatable; default en)"
    )
    args = parser.parse_args(argv)
    locales = [resolve(code) for code in (args.locale or ["en"])]
    for name in registry.names():
        first: dict[str, Any] | None = None
        if len(locales) > 1:
            # One untimed pass per language first, so that caches the languages share (fonts, pieces, layers)
            # are warm for every language and not only for those measured after the first.
            for locale in locales:
                bench_game(name, 1, locale)
        for locale in locales:
            r = bench_game(name, args.repeat, locale)
            _print_game(name, str(locale), r)
            if first is None:
                first = r
            else:
                print(
                    f"  against {locales[0]}: board {r['board_ms'] / first['board_ms']:.2f}x, "
                    f"private {r['private_ms'] / first['private_ms']:.2f}x, "
                    f"turn panel {r['panel_ms'] / first['panel_ms']:.2f}x"
                )
    return 0


def _print_game(name: str, language: str, r: dict[str, Any]) -> None:
    print(f"{name} [{language}]: board {r['size']} ({r['boards']} views), private ({r['privates']} views)")
    print(
        f"  board render   median {r['board_ms']:.1f} ms, {r['board_bytes'] / 1024:.0f} KiB "
        f"(largest {r['largest_board_bytes'] / 1024:.0f} KiB); static layer built once in {r['cold_ms']:.0f} ms"
    )
    print(f"  private render median {r['private_ms']:.1f} ms, {r['private_bytes'] / 1024:.0f} KiB")
    print(f"  turn panel     median {r['panel_ms']:.1f} ms, {r['panel_bytes'] / 1024:.0f} KiB (board + private)")
    print(
        f"  floor: blank palette PNG {r['floor_p_ms']:.1f} ms -> board/floor {r['ratio_p']:.2f}x; "
        f"blank RGB PNG {r['floor_rgb_ms']:.1f} ms -> board/floor {r['ratio_rgb']:.2f}x"
    )


if __name__ == "__main__":
    raise SystemExit(main())
