"""The reference engine as an in-process adapter, through the protocol messages.

Every request is encoded to its protocol message, answered by
:func:`reference_impl.server.handle_request` (the same function ``python -m reference_impl``
serves) and decoded again, so the default engine exercises exactly what a subprocess engine
sees, without a process.

>>> from conformance.adapter import CardPointsRequest
>>> adapter = ReferenceAdapter(validate=True)
>>> adapter.info().name
'sheepshead-reference'
>>> adapter.card_points(CardPointsRequest(cards=("AS", "TS", "QC")))
24
"""

from __future__ import annotations

from typing import Any

from conformance.adapter import AdapterError, EngineInfo
from conformance.engines.protocol import PROTOCOL_VERSION, decode_hello, hello_message, validation_default
from conformance.engines.protocol_adapter import ProtocolAdapter
from reference_impl.server import handle_request

__all__ = ["ReferenceAdapter"]


class ReferenceAdapter(ProtocolAdapter):
    """The reference engine, in this process.

    :param validate: check every request and reply against the protocol schemas (a self-check
        of the harness and the reference server; off by default for speed, on when
        ``$SHEEPSHEAD_PROTOCOL_VALIDATE`` is ``1``).
    """

    def __init__(self, *, validate: bool | None = None) -> None:
        super().__init__(validate=validation_default() if validate is None else validate)
        version, info = decode_hello(handle_request(hello_message()), validate=self.validate)
        if version != PROTOCOL_VERSION:  # pragma: no cover - the two sides ship together
            raise AdapterError("protocol-version", f"reference server speaks {version}, harness {PROTOCOL_VERSION}")
        self._info = info

    def info(self) -> EngineInfo:
        """The reference engine's handshake answer: every capability and every option."""
        return self._info

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        return handle_request(message)
