"""InFlight: admission on receipt, the stop flag, and draining."""

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


async def test_admitted_before_the_stop_runs_after_it():
    inflight = InFlight()
    assert inflight.admit(1)
    inflight.stop_admitting()
    assert not inflight.admit(2)
    async with inflight.handling(1) as allowed:
        assert allowed and inflight.count == 1
    async with inflight.handling(2) as allowed:
        assert not allowed and inflight.count == 0
    assert inflight.count == 0


async def test_unadmitted_interactions_run_until_the_stop():
    inflight = InFlight()
    async with inflight.handling(None) as allowed:
        assert allowed
    inflight.stop_admitting()
    async with inflight.handling(None) as allowed:
        assert not allowed


async def test_drain_waits_for_an_admitted_interaction_until_its_handler_ends():
    inflight = InFlight()
    inflight.admit(7)
    drain = asyncio.create_task(inflight.drain(5.0))
    await asyncio.sleep(0.01)
    assert not drain.done()
    async with inflight.handling(7) as allowed:
        assert allowed
        await asyncio.sleep(0)
        assert not drain.done()
    assert await drain


async def test_an_admission_no_handler_claims_expires():
    now = [100.0]
    inflight = InFlight(claim_seconds=5.0, clock=lambda: now[0])
    inflight.admit(9)
    assert inflight.count == 1
    now[0] += 6.0
    assert await inflight.drain(1.0)
    assert inflight.count == 0
