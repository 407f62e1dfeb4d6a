"""The Sheepshead conformance harness.

For now it offers the ``sheepshead-conformance`` command line (:mod:`conformance.cli`)
with ``spec check`` and ``spec render``.
"""
