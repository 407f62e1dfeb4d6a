"""Fault: ignores shutdown, the end of its input and SIGTERM, so only SIGKILL ends it."""

import signal
import time

from _serve import reference, serve

signal.signal(signal.SIGTERM, signal.SIG_IGN)
serve(reference)  # returns on shutdown or at the end of input...
time.sleep(3600)  # ...and the engine stays anyway
