"""Fault: answers a request of the kind given as argument with the error `internal`."""

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    if message.get("type") == KIND:
        return {"id": message["id"], "error": {"code": "internal", "message": "the engine lost its deck"}}
    return reference(message)


serve(answer)
