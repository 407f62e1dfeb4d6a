"""Fault: answers the handshake in protocol version 2 (this harness speaks version 1)."""

from _serve import reference, serve


def answer(message: dict) -> dict:
    reply = reference(message)
    if message.get("type") == "hello":
        reply["protocol"] = 2
        reply["name"] = "future-engine"
    return reply


serve(answer)
