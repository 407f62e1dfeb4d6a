"""Limitation: declares only trick-winner and card-points under the standard options; refuses the rest as unsupported."""

from _serve import reference, serve

CAPABILITIES = ["trick-winner", "card-points"]
STANDARD = {
    "jack-order": "clubs-first",
    "void-play": "free",
    "defender-sweep": "shared",
    "no-tricker": "tricks",
    "double-on-the-bump": "off",
    "all-pass": "leaster",
    "leaster-blind": "last-trick",
    "leaster-needs-trick": "yes",
    "leaster-tie": "no-exchange",
    "called-ten-rank": "normal",
    "no-callable-suit": "under",
    "bury-on-no-trick": "picker",
    "call-timing": "bury-then-call",
    "called-suit-lead": "any-time",
    "doubler-stacking": "queue",
    "all-pass-dealer": "passes-left",
}


def answer(message: dict) -> dict:
    kind = message.get("type")
    if kind == "hello":
        reply = reference(message)
        reply.update(
            name="partial-engine",
            capabilities=CAPABILITIES,
            options={axis: [option] for axis, option in STANDARD.items()},
        )
        return reply
    if kind not in CAPABILITIES:
        return {"id": message["id"], "error": {"code": "unsupported", "message": f"no {kind} here"}}
    if any(STANDARD.get(axis) != option for axis, option in message.get("options", {}).items()):
        return {"id": message["id"], "error": {"code": "unsupported", "message": "standard options only"}}
    return reference(message)


serve(answer)
