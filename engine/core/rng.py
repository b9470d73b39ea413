"""A seeded random generator whose whole state is one integer inside the game state.

Python only promises a stable sequence for `random.random()`; `shuffle`,
`randrange` and `choice` may change between versions. Replays must be exact for
years, so the generator (PCG32, O'Neill 2014) and every derived draw are ours.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407  # must be odd


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int, negative or huge allowed)."""
    # splitmix64 scrambles nearby seeds into unrelated starting states.
    z = (seed + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Rng:
    """PCG32 over an explicit integer state. Copy the state into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator started from `seed`."""
        return cls(seed_state(seed))

    def next_u32(self) -> int:
        """The next raw 32-bit output."""
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n == 1:
            return 0
        if n > 0xFFFFFFFF:
            raise ValueError("randbelow supports n < 2**32")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            r = self.next_u32()
            if r < limit:
                return r % n

    def die(self, sides: int = 6) -> int:
        """One roll of a fair die, 1..sides."""
        return self.randbelow(sides) + 1

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """k distinct elements, in draw order."""
        pool = list(seq)
        if not 0 <= k <= len(pool):
            raise ValueError("sample size out of range")
        out: list[T] = []
        for _ in range(k):
            out.append(pool.pop(self.randbelow(len(pool))))
        return out
