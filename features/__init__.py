"""The conformance suite's Gherkin scenarios, one folder per rule area (``features/<area>/*.feature``).

Installed as the package :mod:`sheepshead_features`; the harness finds the files with
:func:`importlib.resources.files` and runs them as cases (:mod:`conformance.cases.scenarios`).
Each scenario is tagged ``@rule:<rule-id>`` and, when it holds only under some variant options,
``@<axis>:<option>`` or ``@profile:<name>`` (see ``conformance/steps.py`` for the step vocabulary).
"""
