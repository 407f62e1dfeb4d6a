"""How a run is stopped between two cases: :class:`RunInterrupted`, raised by a signal handler.

Its own module so that the command line can catch it without importing the case loop.
"""

from __future__ import annotations

__all__ = ["RunInterrupted"]


class RunInterrupted(BaseException):
    """Raised (by a signal handler) to stop a run between two cases; ``args[0]`` names the signal.

    A ``BaseException``, like :class:`KeyboardInterrupt`, so that nothing catching ``Exception``
    swallows it."""
