"""Judging an engine: under which configurations each case runs, running them, and the verdict.

- :mod:`conformance.judge.ruleset`: the engine's declared rule set (one or more options per axis,
  or none of the listed ones, with a note), and named profiles as rule sets.
- :mod:`conformance.judge.plan`: for each case, the configurations it is judged under, the
  probes that read the engine's variants from its behaviour, or why it cannot run.
- :mod:`conformance.judge.run`: the plain loop that runs them and makes the results.
- :mod:`conformance.judge.verdict`: blame on the first divergence, variants read from behaviour,
  coverage by reason.
"""
