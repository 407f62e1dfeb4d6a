"""The three versions every report names: the suite, the spec and the protocol.

>>> suite_version() != ""
True
"""

from __future__ import annotations

import importlib
from importlib import metadata

__all__ = ["protocol_version", "suite_version"]

_DISTRIBUTION = "sheepshead-conformance"
_UNKNOWN = "unknown"


def suite_version() -> str:
    """The version of the installed ``sheepshead-conformance`` distribution (the suite)."""
    try:
        return metadata.version(_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _UNKNOWN


def protocol_version() -> str:
    """The subprocess protocol version spoken by this harness (``conformance.engines.protocol``)."""
    try:
        module = importlib.import_module("conformance.engines.protocol")
    except ImportError:
        return _UNKNOWN
    value = getattr(module, "PROTOCOL_VERSION", None)
    return _UNKNOWN if value is None else str(value)
