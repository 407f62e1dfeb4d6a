"""Fault: never answers a request of the kind given as argument (sleeps until killed)."""

import time

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    if message.get("type") == KIND:
        time.sleep(3600)
    return reference(message)


serve(answer)
