"""Differential fuzzing: random hands against an engine and the reference (or two engines), each
first divergence shrunk to a hand record that ``check`` replays (:mod:`conformance.fuzz.run`)."""
