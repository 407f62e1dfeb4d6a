"""Fault: prints a chatty log line on stdout before each reply (stdout is for replies only)."""

import json

from _serve import reference, serve


def answer(message: dict) -> bytes:
    return b"engine: thinking...\n" + json.dumps(reference(message)).encode() + b"\n"


serve(answer)
