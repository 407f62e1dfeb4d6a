"""The conformance suite as pytest test modules.

:mod:`conformance.suite.test_features` binds every Gherkin feature of :mod:`sheepshead_features`;
:mod:`conformance.suite.test_fixtures` runs every record of :mod:`sheepshead_fixtures`. Run them with
``pytest --pyargs conformance.suite`` (the :mod:`conformance.plugin` adds the options) or through
:func:`conformance.runner.run_suite`.
"""
