"""host.shards: the shard formula, the SHARD_COUNT/SHARD_IDS parser and which process owns which game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from host.errors import HostError
from host.shards import DM_SHARD, MAX_SHARD_COUNT, InvalidShards, ShardSet, shard_of, shard_of_game

SNOWFLAKES = st.integers(min_value=0, max_value=(1 << 63) - 1)
COUNTS = st.integers(min_value=1, max_value=64)


def test_shard_of_follows_discords_formula_on_known_ids() -> None:
    # A snowflake's top bits are its timestamp: the shard is that timestamp modulo the shard count.
    guild = 197038439483310086  # a real guild id; its timestamp part is 46977624770
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 2) == 0
    assert shard_of(guild, 3) == 46977624770 % 3 == 2
    assert shard_of(guild + (1 << 22), 2) == 1
    assert shard_of(5 << 22, 3) == 2
    assert shard_of((5 << 22) | 0x3FFFFF, 3) == 2  # the low 22 bits (worker, process, counter) never matter


@given(SNOWFLAKES, COUNTS)
def test_every_guild_maps_to_exactly_one_shard_in_range(guild_id: int, count: int) -> None:
    shard = shard_of(guild_id, count)
    assert 0 <= shard < count
    owners = [i for i in range(count) if ShardSet.of(count, [i]).owns_guild(guild_id)]
    assert owners == [shard]


@given(SNOWFLAKES, COUNTS, st.data())
def test_a_split_of_the_shards_over_processes_gives_every_game_one_owner(guild_id: int, count: int,
                                                                          data: st.DataObject) -> None:
    # Deal the shards out to up to 4 processes: each game (guild or DM) has exactly one owner.
    processes = data.draw(st.integers(min_value=1, max_value=min(4, count)))
    # Shard s goes to process holders[s]; every process holds at least one shard.
    extra = [data.draw(st.integers(min_value=0, max_value=processes - 1)) for _ in range(count - processes)]
    holders = data.draw(st.permutations([*range(processes), *extra]))
    sets = [ShardSet.of(count, [s for s in range(count) if holders[s] == p]) for p in range(processes)]
    assert sum(s.owns_game(guild_id) for s in sets) == 1
    assert sum(s.owns_game(None) for s in sets) == 1
    assert sum(s.receives_dms for s in sets) == 1


def test_a_game_outside_a_guild_belongs_to_shard_zero_where_dms_arrive() -> None:
    assert shard_of_game(None, 4) == DM_SHARD == 0
    assert ShardSet.of(2, [0]).owns_game(None)
    assert not ShardSet.of(2, [1]).owns_game(None)
    assert ShardSet.of(2, [0]).receives_dms and not ShardSet.of(2, [1]).receives_dms


def test_a_game_belongs_to_its_guilds_shard() -> None:
    guild_on_1 = (7 << 22) | 12345  # 7 % 2 == 1
    assert shard_of_game(guild_on_1, 2) == 1
    assert ShardSet.of(2, [1]).owns_game(guild_on_1)
    assert not ShardSet.of(2, [0]).owns_game(guild_on_1)
    assert ShardSet.single().owns_game(guild_on_1) and ShardSet.single().is_single


@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("2", "0,1", ShardSet(2, (0, 1))),
    ("2", "1", ShardSet(2, (1,))),
    ("4", " 3 , 1 ", ShardSet(4, (1, 3))),
    ("3", "", ShardSet(3, (0, 1, 2))),  # no SHARD_IDS: every shard in this process
    (" 1 ", None, ShardSet(1, (0,))),
])
def test_parse_reads_the_settings(count: str, ids: str | None, expected: ShardSet) -> None:
    assert ShardSet.parse(count, ids) == expected


@pytest.mark.parametrize(("count", "ids"), [(None, None), ("", ""), ("  ", " ")])
def test_no_settings_means_no_sharding(count: str | None, ids: str | None) -> None:
    assert ShardSet.parse(count, ids) is None


@pytest.mark.parametrize(("count", "ids", "words"), [
    ("2", "0,2", "SHARD_IDS names shard 2, but with SHARD_COUNT=2 the shards are numbered 0 to 1."),
    ("2", "3,5", "names shard 3 and 5, but"),
    ("3", "1,1", "SHARD_IDS names shard 1 more than once."),
    ("3", "0,2,0,2", "names shard 0 and 2 more than once"),
    ("2", "0,one", "but 'one' is not a number"),
    ("2", "0,", "but '' is not a number"),
    ("2", "-1", "but '-1' is not a number"),
    ("two", "0", "SHARD_COUNT must be a whole number (how many shards in all), not 'two'."),
    ("", "0,1", "SHARD_IDS is set ('0,1') but SHARD_COUNT is not"),
    ("0", "", "SHARD_COUNT must be between 1 and"),
    ("0", "0", "SHARD_COUNT must be between 1 and"),
    (str(MAX_SHARD_COUNT + 1), "0", "SHARD_COUNT must be between 1 and"),
])
def test_parse_refuses_in_plain_words(count: str, ids: str, words: str) -> None:
    with pytest.raises(InvalidShards) as info:
        ShardSet.parse(count, ids)
    assert words in info.value.message
    assert isinstance(info.value, HostError) and info.value.code == "H_SHARDS"


def test_a_shard_set_is_validated_however_it_is_built() -> None:
    with pytest.raises(InvalidShards, match="at least one"):
        ShardSet(2, ())
    with pytest.raises(InvalidShards, match="increasing order"):
        ShardSet(2, (1, 0))
    with pytest.raises(InvalidShards, match="numbered 0 to 1"):
        ShardSet.of(2, [2])
    with pytest.raises(InvalidShards, match="at least one shard"):
        shard_of(1 << 22, 0)


@given(COUNTS, st.data())
def test_parse_round_trips_any_valid_selection(count: int, data: st.DataObject) -> None:
    ids = data.draw(st.lists(st.integers(min_value=0, max_value=count - 1), min_size=1, unique=True))
    text = ",".join(map(str, ids))
    parsed = ShardSet.parse(str(count), text)
    assert parsed is not None
    assert parsed.count == count and parsed.ids == tuple(sorted(ids))
    assert all(parsed.holds(i) for i in ids)
    assert parsed.describe().endswith(f"of {count}")


def test_describe_names_the_shards_for_the_log() -> None:
    assert ShardSet.of(4, [2, 0]).describe() == "shards 0,2 of 4"
    assert ShardSet.of(2, [1]).describe() == "shard 1 of 2"
