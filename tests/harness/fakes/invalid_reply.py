"""Fault: answers a request of the kind given as argument with a reply that breaks its schema."""

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    reply = reference(message)
    if message.get("type") == KIND:
        reply = {"id": message["id"], "winer": "S9"}  # a misspelt field, a seat that does not exist
    return reply


serve(answer)
