"""Which bot process owns which games when Gnomehost runs as several sharded processes.

Discord splits a bot's servers (guilds) over shards by `(guild_id >> 22) % shard_count`; a game
belongs to its guild, so to its guild's shard, and the process that holds that shard owns the
game's channel messages. Discord delivers interactions without a guild (DMs) on shard 0: a game
with no guild is shard 0's too. `ShardSet` is what one process holds (`SHARD_COUNT`, `SHARD_IDS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from host.errors import HostError

# Discord's shard for guild-less traffic (DMs): https://discord.com/developers/docs/topics/gateway#sharding
DM_SHARD = 0
# Discord asks bots to shard from 2,500 guilds on; far beyond any sane count, a typo is more likely.
MAX_SHARD_COUNT = 16384


class InvalidShards(HostError):
    """SHARD_COUNT / SHARD_IDS cannot describe a set of shards; the message says why in plain words."""

    code = "H_SHARDS"


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord delivers `guild_id`'s events on, out of `shard_count` shards."""
    if shard_count < 1:
        raise InvalidShards(f"A bot has at least one shard, not {shard_count}.")
    return (guild_id >> 22) % shard_count


def shard_of_game(guild_id: int | None, shard_count: int) -> int:
    """The shard a game belongs to: its guild's shard, or shard 0 for a game outside any guild (a DM)."""
    return DM_SHARD if guild_id is None else shard_of(guild_id, shard_count)


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The shards one bot process holds: `ids` (sorted, no repeats) out of `count` shards in all."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARD_COUNT:
            raise InvalidShards(f"SHARD_COUNT must be between 1 and {MAX_SHARD_COUNT}, not {self.count}.")
        if not self.ids:
            raise InvalidShards("SHARD_IDS names no shard: a process must hold at least one.")
        outside = [i for i in self.ids if not 0 <= i < self.count]
        if outside:
            raise InvalidShards(
                f"SHARD_IDS names shard {_words(outside)}, but with SHARD_COUNT={self.count} the shards are "
                f"numbered 0 to {self.count - 1}."
            )
        repeated = sorted({i for i in self.ids if self.ids.count(i) > 1})
        if repeated:
            raise InvalidShards(f"SHARD_IDS names shard {_words(repeated)} more than once.")
        if list(self.ids) != sorted(self.ids):
            raise InvalidShards("SHARD_IDS must be given in increasing order (ShardSet.of sorts them).")

    @classmethod
    def of(cls, count: int, ids: Iterable[int]) -> ShardSet:
        """A validated ShardSet from numbers (ids in any order; repeats are refused)."""
        return cls(count, tuple(sorted(ids)))

    @classmethod
    def single(cls) -> ShardSet:
        """One process holding the only shard: how Gnomehost runs without SHARD_COUNT."""
        return cls(1, (0,))

    @classmethod
    def parse(cls, count_text: str | None, ids_text: str | None) -> ShardSet | None:
        """The shards named by the SHARD_COUNT and SHARD_IDS settings; None when both are empty (no sharding).

        SHARD_IDS is a comma-separated list (`0,1`); empty with SHARD_COUNT set means every shard.
        """
        count_raw = (count_text or "").strip()
        ids_raw = (ids_text or "").strip()
        if not count_raw and not ids_raw:
            return None
        if not count_raw:
            raise InvalidShards(
                f"SHARD_IDS is set ({ids_raw!r}) but SHARD_COUNT is not: say how many shards the bot has in all."
            )
        if not count_raw.isdigit():
            raise InvalidShards(f"SHARD_COUNT must be a whole number (how many shards in all), not {count_raw!r}.")
        count = int(count_raw)
        if not ids_raw:
            # No SHARD_IDS: this one process holds every shard (AutoShardedBot's default).
            return cls(count, tuple(range(count))) if 1 <= count <= MAX_SHARD_COUNT else cls(count, (0,))
        ids: list[int] = []
        for part in ids_raw.split(","):
            item = part.strip()
            if not item.isdigit():
                raise InvalidShards(
                    f"SHARD_IDS must be shard numbers separated by commas (like 0,1), but {item!r} is not a number."
                )
            ids.append(int(item))
        return cls.of(count, ids)

    @property
    def is_single(self) -> bool:
        """True for one shard in all (sharding changes nothing)."""
        return self.count == 1

    def holds(self, shard_id: int) -> bool:
        """Whether this process holds shard `shard_id`."""
        return shard_id in self.ids

    def owns_guild(self, guild_id: int) -> bool:
        """Whether the guild's events arrive on one of this process's shards."""
        return self.holds(shard_of(guild_id, self.count))

    def owns_game(self, guild_id: int | None) -> bool:
        """Whether this process delivers the channel messages of a game in `guild_id` (None: outside a guild)."""
        return self.holds(shard_of_game(guild_id, self.count))

    @property
    def receives_dms(self) -> bool:
        """Whether DM interactions arrive at this process (it holds shard 0)."""
        return self.holds(DM_SHARD)

    def describe(self) -> str:
        """`shards 0,1 of 2`, for logs."""
        return f"shard{'s' if len(self.ids) > 1 else ''} {','.join(map(str, self.ids))} of {self.count}"


def _words(numbers: list[int]) -> str:
    """`3`, `3 and 4`, `3, 4 and 5`."""
    texts = [str(n) for n in numbers]
    if len(texts) == 1:
        return texts[0]
    return ", ".join(texts[:-1]) + " and " + texts[-1]
