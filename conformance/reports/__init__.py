"""The reports of a finished run: the :class:`~conformance.reports.report.Report` every format is
made from, the text, JSON, JUnit, Markdown and matrix renderings, and reading a JSON report back.
Reports read results; they never run an engine."""
