"""A process claiming shard leases, for the takeover tests. Run as `python -m tests.db.shard_holder URL COUNT IDS
TIMEOUT` (IDS comma-separated): prints "HELD <ids>" and holds them until stdin closes, or "REFUSED <message>"."""

from __future__ import annotations

import asyncio
import sys
import time

from db.shard_leases import ShardsInUse, open_shard_leases
from db.url import open_store


async def hold(url: str, count: int, ids: list[int], timeout: float) -> None:
    """Claim `ids` of `count` shards and keep them until stdin closes (no renewals: the tests are short)."""
    store = await open_store(url)
    try:
        leases = open_shard_leases(store, count, ids, timeout)
        try:
            held = await leases.claim(time.time())
        except ShardsInUse as refusal:
            print(f"REFUSED {refusal}", flush=True)
            return
        print("HELD " + ",".join(str(i) for i in sorted(held)), flush=True)
        await asyncio.to_thread(sys.stdin.read)
        await leases.release()
    finally:
        await store.close()


def main(argv: list[str]) -> None:
    """Entry point."""
    url, count, ids, timeout = argv
    asyncio.run(hold(url, int(count), [int(i) for i in ids.split(",")], float(timeout)))


if __name__ == "__main__":
    main(sys.argv[1:])
