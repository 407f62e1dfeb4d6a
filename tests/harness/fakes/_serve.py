"""The loop every fake engine shares: read a request line, answer it, until shutdown or EOF."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from reference_impl.server import handle_request

__all__ = ["Answer", "reference", "serve", "write_line"]

Answer = Callable[[dict[str, Any]], "dict[str, Any] | bytes | None"]
"""Returns the reply to send: a message, raw bytes (written as they are), or None (no reply)."""


def reference(message: dict[str, Any]) -> dict[str, Any]:
    """The reference engine's reply."""
    return handle_request(message)


def write_line(data: bytes) -> None:
    """Write raw bytes to standard output and flush."""
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def serve(answer: Answer) -> None:
    """Answer requests with ``answer`` until ``shutdown`` or the end of input."""
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        message = json.loads(raw)
        if message.get("type") == "shutdown":
            return
        reply = answer(message)
        if reply is None:
            continue
        write_line(reply if isinstance(reply, bytes) else json.dumps(reply).encode() + b"\n")


def kind_argument() -> str:
    """The request kind given as the script's first argument."""
    if len(sys.argv) < 2:
        sys.exit(f"usage: {sys.argv[0]} REQUEST-KIND")
    return sys.argv[1]
