"""Responses encoded with orjson (:mod:`cardroom.server.jsonbytes`): it skips FastAPI re-validating a
snapshot through its response model (the models still document the shapes in the OpenAPI document;
tests check answers against them)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import Response

from cardroom.server.jsonbytes import dumps

__all__ = ["FastJSON", "dumps"]


class FastJSON(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)
