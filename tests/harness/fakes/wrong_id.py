"""Fault: answers a request of the kind given as argument with another request's id."""

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    reply = reference(message)
    if message.get("type") == KIND:
        reply["id"] = message["id"] + 1000
    return reply


serve(answer)
