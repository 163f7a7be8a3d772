"""Which optional extra of cardroom installs a missing module, so a command can say what to install.

The base install is what ``cardroom play`` needs; the learned value needs numpy
(the ``fast`` extra), the arena's plots matplotlib (``arena``), and so on. A command that reaches an
optional module that is not installed fails with one line naming the extra, not a traceback. The
extras are read from the installed package's own metadata, so this never disagrees with
pyproject.toml.
"""

from __future__ import annotations

import re

from cardroom.locale import ENGLISH, say

_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRA = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")


def _normal(name: str) -> str:
    """A distribution's name as PEP 503 compares them (``Open_Spiel`` and ``open-spiel`` are one)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def extras_by_distribution() -> dict[str, list[str]]:
    """Each optional distribution's normalized name, with the extras that install it (smallest first:
    numpy is in ``fast`` and in ``rl``, and ``fast`` is the lighter install). Empty when cardroom runs
    from a source tree without being installed."""
    from importlib import metadata  # only on the way to an error: it takes a while to import

    try:
        requirements = metadata.requires("cardroom") or []
    except metadata.PackageNotFoundError:
        return {}
    members: dict[str, list[str]] = {}  # extra -> its distributions
    for requirement in requirements:
        marker, name = _EXTRA.search(requirement), _NAME.match(requirement)
        if marker and name:
            members.setdefault(marker.group(1), []).append(_normal(name.group(1)))
    found: dict[str, list[str]] = {}
    for extra in sorted(members, key=lambda e: len(members[e])):
        for distribution in members[extra]:
            found.setdefault(distribution, []).append(extra)
    return found


def extra_for(module: str | None) -> str | None:
    """The extra that installs the (missing) top-level ``module``, or None when no extra holds it."""
    if not module:
        return None
    extras = extras_by_distribution().get(_normal(module.split(".")[0]))
    return extras[0] if extras else None


def missing_extra_message(command: str, module: str | None, lang: str = ENGLISH) -> str | None:
    """What to tell a person whose ``cardroom COMMAND`` needs the missing ``module``, in ``lang``; None if
    no extra of cardroom provides it (then it is a bug, and its traceback is worth seeing)."""
    extra = extra_for(module)
    if extra is None:
        return None
    return say(
        lang,
        "cardroom {command} needs the [{extra}] extra ({module} is not installed): {install}",
        command=command,
        extra=extra,
        module=module,
        install=f"pip install 'cardroom[{extra}]'",
    )
