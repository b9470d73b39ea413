"""The seeded generator: exact, portable, uniform enough, and replayable from its state."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine.core import Rng, seed_state


def test_pcg32_reference_sequence_is_pinned() -> None:
    # Pinned outputs: if these change, every stored game would replay differently.
    rng = Rng(0)
    assert [rng.next_u32() for _ in range(4)] == [0, 1613493245, 3894649422, 2055130073]
    assert Rng.from_seed(1).state == seed_state(1) != seed_state(2)


def test_pinned_dice_for_seed_42() -> None:
    rng = Rng.from_seed(42)
    assert [rng.die() for _ in range(10)] == [2, 4, 6, 6, 4, 5, 3, 4, 3, 2]


def test_state_resumes_the_sequence() -> None:
    rng = Rng.from_seed(7)
    rng.randbelow(100)
    saved = rng.state
    expected = [rng.randbelow(1000) for _ in range(5)]
    resumed = Rng(saved)
    assert [resumed.randbelow(1000) for _ in range(5)] == expected


def test_die_is_roughly_uniform() -> None:
    rng = Rng.from_seed(3)
    counts = Counter(rng.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_400 < counts[face] < 10_600


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=1, max_value=2**31))
def test_randbelow_in_range(seed: int, n: int) -> None:
    rng = Rng.from_seed(seed)
    for _ in range(20):
        assert 0 <= rng.randbelow(n) < n


@given(st.integers(), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_deterministic(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    Rng.from_seed(seed).shuffle(a)
    Rng.from_seed(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(items)


def test_sample_distinct() -> None:
    rng = Rng.from_seed(5)
    picked = rng.sample(range(18), 12)
    assert len(set(picked)) == 12
    assert all(0 <= x < 18 for x in picked)
