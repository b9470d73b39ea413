"""`python bot.py` without a usable token: one clear paragraph on stderr, exit code 2, no traceback."""

import asyncio
import os
import re
import sys
from pathlib import Path

from aiohttp import web

REPO = Path(__file__).resolve().parents[2]
BOT = REPO / "bot.py"
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ [A-Z]+ ")


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("DISCORD_") and k not in ("DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL")}
    env.update(extra)
    return env


async def run_bot(cwd: Path, env: dict[str, str], timeout: float = 30) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(BOT), cwd=cwd, env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None  # communicate() returns once the process has exited
    return proc.returncode, out.decode(), err.decode()


async def test_missing_token_exits_2_with_one_paragraph(tmp_path):
    code, out, err = await run_bot(tmp_path, clean_env())
    assert code == 2
    assert "Traceback" not in err + out
    assert "DISCORD_TOKEN" in err and ".env.example" in err and ".env" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "gnomehost.db").exists()


async def test_blank_token_in_env_file_is_missing(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    code, _, err = await run_bot(tmp_path, clean_env())
    assert code == 2
    assert "DISCORD_TOKEN is not set" in err
    assert "Traceback" not in err


async def test_rejected_token_exits_2_without_traceback(tmp_path, unused_tcp_port):
    seen: list[str] = []

    async def unauthorized(request: web.Request) -> web.Response:
        seen.append(f"{request.method} {request.path}")
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401,
                                 content_type="application/json")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", unauthorized)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", unused_tcp_port)
    await site.start()
    try:
        # The token comes from .env here: the file is read when the environment lacks the key.
        (tmp_path / ".env").write_text("DISCORD_TOKEN=not-a-real-token\n")
        env = clean_env(
            DISCORD_API_BASE=f"http://127.0.0.1:{unused_tcp_port}/api/v10",
            DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{unused_tcp_port}/gateway",
            DATABASE_PATH=str(tmp_path / "g.db"),
        )
        code, out, err = await run_bot(tmp_path, env)
    finally:
        await runner.cleanup()
    assert "GET /api/v10/users/@me" in seen  # the redirection reached our server
    assert code == 2, err
    assert "Traceback" not in err + out
    assert "rejected the DISCORD_TOKEN" in err
    assert ".env" in err
    # One paragraph for the person starting the bot; anything else on stderr is an ordinary log line.
    told = [line for line in err.strip().splitlines() if not LOG_LINE.match(line)]
    assert len(told) == 1 and "rejected the DISCORD_TOKEN" in told[0], err
    assert " ERROR " not in err and " CRITICAL " not in err, err
