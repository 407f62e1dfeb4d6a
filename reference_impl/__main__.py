"""``python -m reference_impl``: the reference engine speaking the engine protocol on stdin/stdout.

One JSON object per line in each direction (``spec/PROTOCOL.md``): every request line gets
exactly one reply line, flushed at once; nothing else is written to standard output (stray
``print`` output goes to standard error). The loop ends on a ``shutdown`` request or at the end
of input, with exit status 0.
"""

from __future__ import annotations

import json
import sys
from typing import BinaryIO

from reference_impl.server import handle_request


def serve(requests: BinaryIO, replies: BinaryIO) -> int:
    """Answer requests line by line until ``shutdown`` or end of input; return the exit status."""
    for raw in requests:
        line = raw.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError as error:  # includes UnicodeDecodeError
            reply = {"id": None, "error": {"code": "invalid-request", "message": f"not a JSON line: {error}"}}
        else:
            if isinstance(message, dict) and message.get("type") == "shutdown":
                return 0
            reply = handle_request(message)
        replies.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
        replies.flush()
    return 0


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
