"""A fixed-rule engine over the subprocess protocol: the reference server, or a mutant of it,
playing :data:`tests.judge.fixed_rules.ODD_RULES` whatever it is asked, and declaring them.

Usage: ``python fixed_rules_server.py [MUTANT-ID]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from conformance.gates.mutants import MUTANTS  # noqa: E402
from reference_impl.server import handle_request  # noqa: E402
from tests.judge.fixed_rules import ODD_RULES, options_of  # noqa: E402

PLAYS = options_of(ODD_RULES)


def main() -> None:
    mutant = MUTANTS[sys.argv[1]] if len(sys.argv) > 1 else None
    for raw in sys.stdin:
        message: dict[str, Any] = json.loads(raw)
        if message.get("type") == "shutdown":
            return
        if message.get("type") == "hello":
            reply = handle_request(message)
            reply.update(name="fixed-rules", version="1.0", options={axis: [option] for axis, option in PLAYS.items()})
        else:
            if "options" in message:
                message["options"] = dict(PLAYS)
            if mutant is not None:
                with mutant.patch():
                    reply = handle_request(message)
            else:
                reply = handle_request(message)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
