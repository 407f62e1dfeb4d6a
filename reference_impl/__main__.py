"""``python -m reference_impl``: the reference engine speaking the engine protocol on stdin/stdout.

One JSON object per line in each direction (``spec/PROTOCOL.md``): every request line gets
exactly one reply line, flushed at once; nothing else is written to standard output (stray
``print`` output goes to standard error). The loop ends on a ``shutdown`` request or at the end
of input, with exit status 0.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterator
from typing import BinaryIO

from reference_impl.server import handle_request


def serve(requests: BinaryIO, replies: BinaryIO) -> int:
    """Answer requests line by line until ``shutdown`` or end of input; return the exit status.

    The replies to the lines of one read are written and flushed together: a harness that sends
    a hand's step messages ahead (PROTOCOL.md 3.3) gets them in one write, and a request sent
    alone is still answered at once.
    """
    for lines in _reads(requests):
        out: list[bytes] = []
        for raw in lines:
            line = raw.strip()
            if not line:
                continue
            try:
                message = json.loads(line)
            except ValueError as error:  # includes UnicodeDecodeError
                reply = {"id": None, "error": {"code": "invalid-request", "message": f"not a JSON line: {error}"}}
            else:
                if isinstance(message, dict) and message.get("type") == "shutdown":
                    _write(replies, out)
                    return 0
                reply = handle_request(message)
            out.append(json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
        _write(replies, out)
    return 0


def _write(replies: BinaryIO, out: list[bytes]) -> None:
    if out:
        replies.write(b"".join(out))
        replies.flush()


def _reads(requests: BinaryIO) -> Iterator[list[bytes]]:
    """The complete lines of each read of the input (one line at a time for a stream that is
    no file)."""
    try:
        fd = requests.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        for line in requests:
            yield [line]
        return
    pending = b""
    while chunk := os.read(fd, 65536):
        *lines, pending = (pending + chunk).split(b"\n")
        if lines:
            yield lines
    if pending.strip():
        yield [pending]  # a last line without its newline


def main() -> int:
    """Serve the protocol on this process's standard input and output."""
    replies = sys.stdout.buffer
    sys.stdout = sys.stderr  # anything printed by accident must not corrupt the protocol stream
    try:
        return serve(sys.stdin.buffer, replies)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the harness went away
        return 0


if __name__ == "__main__":
    sys.exit(main())
