"""The fake Discord's multipart reader: the same parts as the stdlib email parser, on the bodies aiohttp writes."""

from __future__ import annotations

import json

import aiohttp
import pytest

from tests.e2e.fakediscord.rest import _parse_multipart_by_email, parse_multipart

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40 + b"\r\n--not-the-boundary\r\n\r\n"


async def _form_data(*, filename: str = "board.png", quoted: bool = True) -> tuple[str, bytes]:
    """A body as discord.py sends a message with two pictures: its Content-Type and its bytes."""
    form = aiohttp.FormData(quote_fields=quoted)
    form.add_field("payload_json", json.dumps({"content": "Ton tour — « choisis »", "attachments": [{"id": 0}]}),
                   content_type="application/json")
    form.add_field("files[0]", PNG, filename=filename, content_type="image/png")
    form.add_field("files[1]", b"", filename="empty.png", content_type="application/octet-stream")
    writer = form()
    return writer.headers["Content-Type"], await writer.as_bytes()


@pytest.mark.parametrize("filename", ["board.png", 'un "plateau"; été.png'])
async def test_the_direct_split_reads_what_the_email_parser_reads(filename: str) -> None:
    content_type, raw = await _form_data(filename=filename)
    body, files = parse_multipart(content_type, raw)
    expected_body, expected_files = _parse_multipart_by_email(content_type, raw)
    assert body == expected_body and body["content"] == "Ton tour — « choisis »"
    assert files == expected_files  # an odd name arrives as aiohttp wrote it (percent-quoted), as before
    assert [(f.field, f.content_type, f.data) for f in files] == [
        ("files[0]", "image/png", PNG), ("files[1]", "application/octet-stream", b"")]
    assert files[1].filename == "empty.png" and (filename != "board.png" or files[0].filename == filename)


async def test_a_body_the_split_cannot_read_goes_to_the_email_parser() -> None:
    content_type, raw = await _form_data()
    boundary = content_type.split("boundary=")[1].strip('"')
    # An RFC 2231 file name and a base64 part: read by the stdlib parser, not the direct split.
    encoded = raw.replace(b'filename="board.png"', b"filename*=utf-8''pr%C3%A9.png")
    encoded = encoded.replace(b"Content-Type: application/octet-stream",
                              b"Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64")
    _, files = parse_multipart(content_type, encoded)
    assert [f.filename for f in files] == ["pré.png", "empty.png"]
    assert boundary and files[0].data == PNG
