"""Fault: starts a grandchild process, then never answers a request of the kind given as argument."""

import subprocess
import sys
import time

from _serve import kind_argument, reference, serve

KIND = kind_argument()


def answer(message: dict) -> dict:
    if message.get("type") == KIND:
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        sys.stderr.write(f"grandchild pid {child.pid}\n")
        sys.stderr.flush()
        time.sleep(3600)
    return reference(message)


serve(answer)
