"""Fault: answers a request of the kind given as argument with a line that is not JSON."""

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict | bytes:
    if message.get("type") == KIND:
        return b"Traceback? no: this is not JSON\n"
    return reference(message)


serve(answer)
