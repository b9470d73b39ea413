import asyncio

from cogs.inflight import InFlight


async def test_drain_waits_for_running_work():
    inflight = InFlight()
    done = []

    async def work():
        async with inflight.track():
            await asyncio.sleep(0.05)
            done.append(True)

    task = asyncio.create_task(work())
    await asyncio.sleep(0)
    assert inflight.count == 1
    assert await inflight.drain(5.0)
    assert done == [True] and inflight.draining and inflight.count == 0
    await task


async def test_drain_gives_up_after_timeout():
    inflight = InFlight()
    release = asyncio.Event()

    async def stuck():
        async with inflight.track():
            await release.wait()

    task = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    assert not await inflight.drain(0.01)
    release.set()
    await task
    assert inflight.count == 0


async def test_idle_drain_is_immediate():
    assert await InFlight().drain(0.01)
