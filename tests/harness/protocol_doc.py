"""Keep ``spec/PROTOCOL.md`` true to the schemas: its examples and its schema excerpts.

The document marks its code blocks with an info string:

- ```` ```json example=<schema-name> ````: a message that must validate against
  ``spec/schema/protocol/<schema-name>.schema.json`` (written over several lines for reading);
- ```` ```json excerpt=<file>#<json-pointer> ````: a verbatim excerpt of a schema file, which
  must equal ``json.dumps(value, indent=2, ensure_ascii=False)`` of that part of the file.

``python -m tests.harness.protocol_doc`` rewrites every excerpt from the schema files; the tests
check that nothing needs rewriting.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.engines.protocol_schemas import schema_dir

__all__ = ["Block", "DOC", "blocks", "excerpt_text", "render_excerpts", "resolve"]

DOC = Path(__file__).resolve().parents[2] / "spec" / "PROTOCOL.md"
"""The protocol document of this checkout."""

_BLOCK = re.compile(r"^```json (example|excerpt)=(\S+)\n(.*?)^```$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    """A marked code block of the document."""

    kind: str
    """``example`` or ``excerpt``."""
    target: str
    """The schema name (examples) or ``file#pointer`` (excerpts)."""
    body: str
    line: int
    """The 1-based line of the opening fence."""

    @property
    def message(self) -> Any:
        """The block's JSON value."""
        return json.loads(self.body)


def blocks(text: str) -> list[Block]:
    """Every marked block of ``text``, in order."""
    return [
        Block(match.group(1), match.group(2), match.group(3), text.count("\n", 0, match.start()) + 1)
        for match in _BLOCK.finditer(text)
    ]


def resolve(target: str) -> Any:
    """The part of a schema file named by ``file#/json/pointer``.

    :raises KeyError: the pointer names nothing in the file.
    """
    file, _, pointer = target.partition("#")
    value: Any = json.loads((schema_dir() / file).read_text(encoding="utf-8"))
    for raw in [part for part in pointer.split("/") if part]:
        key = raw.replace("~1", "/").replace("~0", "~")
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def excerpt_text(target: str) -> str:
    """What the excerpt block for ``target`` must hold (without the final newline)."""
    return json.dumps(resolve(target), indent=2, ensure_ascii=False)


def render_excerpts(text: str) -> str:
    """``text`` with every excerpt block rewritten from the schema files."""

    def rewrite(match: re.Match[str]) -> str:
        if match.group(1) != "excerpt":
            return match.group(0)
        return f"```json excerpt={match.group(2)}\n{excerpt_text(match.group(2))}\n```"

    return _BLOCK.sub(rewrite, text)


def main() -> int:
    """Rewrite the excerpts of ``spec/PROTOCOL.md``; say whether anything changed."""
    text = DOC.read_text(encoding="utf-8")
    new = render_excerpts(text)
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"updated the schema excerpts in {DOC}")
    else:
        print(f"{DOC} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
