"""The conformance suite as a pytest test module (:mod:`conformance.suite.test_cases`).

Run it with ``pytest --pyargs conformance.suite`` (the :mod:`conformance.plugin` adds the options);
``sheepshead-conformance run`` runs the same plan without pytest (:func:`conformance.runner.run_engine`).
"""
