"""Engine selection, the same for the CLI (``--engine``) and the pytest plugin (``--sheepshead-engine``).

An engine is named by one of three forms:

``reference``
    The reference engine in-process (:class:`conformance.engines.reference.ReferenceAdapter`).
``python:MODULE:ATTR``
    ``ATTR`` of the module ``MODULE`` (imported from ``sys.path`` or, failing that, the working
    directory) is a factory (a class or a function taking no arguments) returning an :class:`~conformance.adapter.Adapter`, or a
    :class:`~conformance.kit.steps.StepEngine` (wrapped in a :class:`~conformance.kit.steps.StepAdapter`).
``cmd:COMMAND ARGS…``
    A program speaking the subprocess protocol (``spec/PROTOCOL.md``); the text after ``cmd:`` is
    split as a POSIX shell would split it (:func:`shlex.split`), but no shell ever runs it.

>>> parse_engine("cmd:python -m my_engine --fast").argv
('python', '-m', 'my_engine', '--fast')
>>> parse_engine("cmd:")
Traceback (most recent call last):
...
conformance.engines.loading.EngineSelectionError: engine 'cmd:': no command after 'cmd:' (e.g. cmd:./my-engine --protocol)
"""

from __future__ import annotations

import importlib
import os
import shlex
import sys
from dataclasses import dataclass

from conformance.adapter import Adapter

__all__ = ["ENGINE_FORMS", "EngineSelectionError", "EngineSpec", "load_engine", "parse_engine"]

ENGINE_FORMS = "reference | python:MODULE:ATTR | cmd:COMMAND ARGS…"
"""The accepted forms, for usage messages."""


class EngineSelectionError(Exception):
    """An engine text that names no usable engine (a usage error: exit 2, or pytest.UsageError)."""


@dataclass(frozen=True)
class EngineSpec:
    """A parsed engine text; nothing imported or started yet."""

    kind: str
    """``reference``, ``python`` or ``cmd``."""
    text: str
    """The text as given."""
    argv: tuple[str, ...] = ()
    """The command and its arguments (``cmd``)."""
    module: str = ""
    """The module to import (``python``)."""
    attr: str = ""
    """The factory's name in that module, dotted for nested attributes (``python``)."""


def _fail(text: str, why: str) -> EngineSelectionError:
    return EngineSelectionError(f"engine {text!r}: {why}")


def parse_engine(text: str) -> EngineSpec:
    """Check the form of an engine text without importing or starting anything.

    :param text: ``reference``, ``python:MODULE:ATTR`` or ``cmd:COMMAND ARGS…``.
    :param timeout: seconds a ``cmd:`` engine has for each reply (default: the adapter's 10 s);
        in-process engines are called directly and have none.
    :return: the parsed form.
    :raises EngineSelectionError: if the text has none of the three forms.
    """
    stripped = text.strip()
    if stripped == "reference":
        return EngineSpec("reference", text)
    if stripped.startswith("python:"):
        module, sep, attr = stripped[len("python:") :].partition(":")
        if not sep or not module or not attr:
            raise _fail(text, "expected python:MODULE:ATTR (e.g. python:my_engine.adapter:make_adapter)")
        names = [*module.split("."), *attr.split(".")]
        if not all(name.isidentifier() for name in names):
            raise _fail(text, "MODULE and ATTR must be dotted Python names")
        return EngineSpec("python", text, module=module, attr=attr)
    if stripped.startswith("cmd:"):
        try:
            argv = tuple(shlex.split(stripped[len("cmd:") :]))
        except ValueError as error:  # unbalanced quotes
            raise _fail(text, f"cannot split the command: {error}") from None
        if not argv:
            raise _fail(text, "no command after 'cmd:' (e.g. cmd:./my-engine --protocol)")
        return EngineSpec("cmd", text, argv=argv)
    raise _fail(text, f"unknown engine; expected {ENGINE_FORMS}")


def _import(module: str) -> object:
    """Import ``module``; only when it cannot be found otherwise, from the working directory,
    which is on ``sys.path`` just for that import (so that files there named like other modules
    are never imported by anyone else)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name is None or module.split(".")[0] != error.name.split(".")[0]:
            raise
    cwd = os.getcwd()
    sys.path.append(cwd)
    try:
        return importlib.import_module(module)
    finally:
        if cwd in sys.path:
            sys.path.remove(cwd)


def _load_python(spec: EngineSpec) -> Adapter:
    try:
        target: object = _import(spec.module)
    except ImportError as error:
        raise _fail(spec.text, f"cannot import module {spec.module!r}: {error}") from None
    except SystemExit as error:  # a module that exits on import must not end the run silently
        raise _fail(spec.text, f"importing {spec.module!r} called sys.exit({error.code!r})") from None
    except Exception as error:  # noqa: BLE001 - a broken module must not give a traceback
        raise _fail(spec.text, f"importing {spec.module!r} failed: {type(error).__name__}: {error}") from None
    for name in spec.attr.split("."):
        try:
            target = getattr(target, name)
        except AttributeError:
            raise _fail(spec.text, f"module {spec.module!r} has no attribute {spec.attr!r}") from None
    if not callable(target):
        raise _fail(spec.text, f"{spec.module}:{spec.attr} is not callable; it must be a factory returning an adapter")
    try:
        adapter = target()
    except SystemExit as error:  # e.g. python:sys:exit
        raise _fail(spec.text, f"the factory called sys.exit({error.code!r}) instead of returning an adapter") from None
    except Exception as error:  # noqa: BLE001
        raise _fail(spec.text, f"the factory raised {type(error).__name__}: {error}") from None
    if not isinstance(adapter, Adapter):
        from conformance.kit.steps import StepAdapter, StepEngine

        if isinstance(adapter, StepEngine):  # a game object wrapped by its steps
            return StepAdapter(adapter)
        missing = sorted(
            name
            for name in (
                "info",
                "replay",
                "session",
                "trick_winner",
                "legal_plays",
                "callable_cards",
                "score",
                "card_points",
                "close",
            )
            if not callable(getattr(adapter, name, None))
        )
        raise _fail(
            spec.text,
            f"the factory returned {type(adapter).__name__}, neither an adapter (missing: {', '.join(missing)})"
            " nor a step engine (info, start, turn, legal_actions, apply, result)",
        )
    return adapter


def load_engine(text: str, *, timeout: float | None = None) -> Adapter:
    """Make the adapter an engine text names.

    The ``reference`` and ``cmd:`` adapters are imported lazily, so that a broken or missing
    optional part never gets in the way of the other forms. A ``cmd:`` engine is started by its
    adapter (the handshake happens at the first request or at :meth:`~conformance.adapter.Adapter.info`).

    :param text: ``reference``, ``python:MODULE:ATTR`` or ``cmd:COMMAND ARGS…``.
    :return: the adapter; the caller closes it with :meth:`~conformance.adapter.Adapter.close`.
    :raises EngineSelectionError: if the text is malformed, the module or attribute cannot be
        found, the factory fails or returns something that is not an adapter, or the command
        cannot be started.
    :raises ~conformance.adapter.AdapterError: if a started engine fails its handshake.
    """
    spec = parse_engine(text)
    if spec.kind == "reference":
        from conformance.engines.reference import ReferenceAdapter

        return ReferenceAdapter()
    if spec.kind == "cmd":
        from conformance.engines.subprocess_adapter import SubprocessAdapter

        try:
            return (
                SubprocessAdapter(list(spec.argv))
                if timeout is None
                else SubprocessAdapter(list(spec.argv), timeout=timeout)
            )
        except OSError as error:  # the program is missing or not executable
            raise _fail(text, f"cannot start {spec.argv[0]!r}: {error.strerror or error}") from None
    return _load_python(spec)
