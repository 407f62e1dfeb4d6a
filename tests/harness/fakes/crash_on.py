"""Fault: exits with status 3, without replying, on a request of the kind given as argument."""

import sys

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    if message.get("type") == KIND:
        sys.exit(3)
    return reference(message)


serve(answer)
