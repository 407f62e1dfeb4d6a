"""Fault: follows the protocol but names the wrong trick winner and gives the picker one point too many."""

from _serve import reference, serve


def answer(message: dict) -> dict:
    reply = reference(message)
    if "error" in reply:
        return reply
    if message.get("type") == "trick-winner":
        reply["winner"] = (reply["winner"] + 1) % len(message["cards"])
    elif message.get("type") == "score":
        reply["picker"] += 1
    return reply


serve(answer)
