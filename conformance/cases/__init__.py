"""The suite as data: every scenario row, fixture record and perft position as a :class:`Case`.

A case is built once (:func:`~conformance.cases.catalog.load_cases`), knows the rule ids of each
check it makes and the variant axes its expectations depend on, and is run by
:mod:`conformance.judge` against any adapter under a configuration of options.
"""

from conformance.cases.model import Case, CaseRun, Check, Config, Verdict

__all__ = ["Case", "CaseRun", "Check", "Config", "Verdict"]
