"""The opponent models' measured tables the package ships (``nope_rates.json``, ``place_rates.json``):
one row per model, each made by a bench script whose command the row keeps."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

MODELS = ("heuristic", "ismcts")


def model_row(table: str, model: str, what: str) -> dict[str, Any]:
    """``model``'s row of the shipped ``table``; a clear error for an unknown model or a missing row
    (``what`` names the table's contents, for the message)."""
    if model not in MODELS:
        raise ValueError(f"no opponent model {model!r}; models: {', '.join(MODELS)}")
    models = json.loads(resources.files("cardroom.games.kittens").joinpath(table).read_text())["models"]
    if model not in models:
        script = table.removesuffix(".json")
        raise ValueError(f"the shipped table has no {what} for {model!r}: bench/{script}.py --model {model}")
    row: dict[str, Any] = models[model]
    return row
