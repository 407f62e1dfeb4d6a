"""Fault: writes a traceback to stderr, then exits with status 1, on a request of the kind given as argument."""

import sys

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    if message.get("type") == KIND:
        sys.stderr.write('Traceback (most recent call last):\n  File "engine.py", line 42\n')
        sys.stderr.write(f"ValueError: cannot handle {KIND} request {message['id']}\n")
        sys.stderr.flush()
        sys.exit(1)
    return reference(message)


serve(answer)
