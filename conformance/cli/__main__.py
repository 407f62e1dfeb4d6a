"""``python -m conformance.cli``: the ``sheepshead-conformance`` command."""

import sys

from conformance.cli import main

sys.exit(main())
