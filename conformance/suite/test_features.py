"""Every Gherkin scenario of the suite (:mod:`sheepshead_features`), bound with ``scenarios()``.

The features are linted first (:func:`conformance.plugin.check_features`): an unknown tag, rule
id, option or profile, a scenario without ``@rule:`` tag, a duplicate scenario name or an empty
scenario is a collection error naming ``file:line``. The steps are :mod:`conformance.cases.steps`.
"""

from pytest_bdd import scenarios

from conformance.plugin import check_features, features_dir, suite_marks

pytestmark = suite_marks()

check_features(features_dir())
scenarios(str(features_dir()))
