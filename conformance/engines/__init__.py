"""Everything that starts, talks to or wraps an engine: loading an engine text
(:mod:`~conformance.engines.loading`), the JSON-lines protocol and its schemas, the subprocess
adapter and its process handling, and the in-process reference adapter. Nothing else in the
harness knows an engine except through :class:`conformance.adapter.Adapter`."""
