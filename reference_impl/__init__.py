"""The reference Sheepshead engine.

It will implement the rules catalogued in :mod:`sheepshead_spec`, reading every
variant choice from a profile; it is built in a later issue.
"""
