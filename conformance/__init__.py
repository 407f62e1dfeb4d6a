"""The Sheepshead conformance harness.

The ``sheepshead-conformance`` command line (:mod:`conformance.cli`) runs the suite against an
engine and reports (``run``), compares engines (``matrix``), settles rule disputes on a hand
record (``check``), browses the catalogue (``rules``, ``explain``) and checks the spec
(``spec check``, ``spec render``). Engines are seen through :mod:`conformance.adapter`.
"""
