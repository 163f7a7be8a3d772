"""The Python side's message catalogue (cardroom.locale): every message the code writes through it,
and every refusal the room writes as a plain sentence, has a German entry with the same places and
the plural forms German needs; a counted message is a plural one; the language a person asks for is
the one chosen."""

from __future__ import annotations

import ast
import functools
import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from cardroom.locale import LANGUAGES, catalogue_text, negotiate, say, say_n
from cardroom.server.errors import Refused, StaleStep
from cardroom.server.store import UNAVAILABLE

SRC = Path(__file__).resolve().parents[2] / "src" / "cardroom"
PLACE = re.compile(r"\{(\w+)\}")


def _extract(path: Path, keywords: dict[str, tuple[int, ...]]) -> list[str | tuple[str, ...]]:
    return [msg for _, msg, _, _ in extract_from_file("python", str(path), keywords=keywords, comment_tags=())]


@functools.cache
def used_messages() -> dict[str, tuple[str, ...]]:
    """Every message id the code writes (its English forms), found by Babel's own extractor: calls of
    ``say``/``say_n``/``Phrase``/``Plural`` in files that use the catalogue, and refusals written as one
    literal or raised with a module constant (``INVISIBLE = "..."``)."""
    found: dict[str, tuple[str, ...]] = {}
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "from cardroom.locale import" in text or re.search(r"^from \S+ import .*\bsaid\b", text, re.M):
            for msg in _extract(path, WORDING):
                forms = (msg,) if isinstance(msg, str) else tuple(msg)
                found[forms[0]] = forms
        if "from cardroom.core.words import" in text:  # words.say/say_n (the lab, the arena's plots), handed in
            for msg in _extract(path, LAB_WORDING):
                forms = (msg,) if isinstance(msg, str) else tuple(msg)
                found[forms[0]] = forms
        if "Refused(" in text:  # a refusal written as one literal is a catalogue message too
            for msg in _extract(path, {"Refused": (1,)}):
                assert isinstance(msg, str)
                found[msg] = (msg,)
        for value in _named_messages(text):
            found[value] = (value,)
    return found


# The calls that word a message: say/say_n, a Phrase or Plural kept for later, Worded.__init__(self, msg),
# the HTTP edge's said(request, msg), and a command's help texts, _(msg) (locale.in_terminal_language).
WORDING: dict[str, tuple[int, ...]] = {
    "say": (2,),
    "say_n": (2, 3),
    "__init__": (2,),
    "Phrase": (1,),
    "Plural": (1, 2),
    "said": (2,),
    "_": (1,),
}
# The balance lab's and the arena's plots' ``words.say(msg)`` and ``words.say_n(singular, plural, n)``
# (core/words.py: the lab may not import the catalogue, so the terminal hands it one bound to its language).
LAB_WORDING: dict[str, tuple[int, ...]] = {"say": (1,), "say_n": (1, 2)}
# Where a call may name its message by a module constant: the argument's place (0-based).
BY_CONSTANT = {"Refused": 0, "said": 1, "say": 1}


def _named_messages(text: str) -> list[str]:
    """Module constants that a refusal is raised with (``raise Refused(INVISIBLE, ...)``) or that a
    request's answer is worded from (``said(request, WRONG)``), written in the module itself or
    imported from another of the package's modules (``from cardroom.server.store import UNAVAILABLE``)."""
    tree = ast.parse(text)
    raised: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BY_CONSTANT:
            named = node.args[BY_CONSTANT[node.func.id] :][:1]
            raised.update(arg.id for arg in named if isinstance(arg, ast.Name))
    found = (_constant(tree, name) for name in raised)
    return [value for value in found if value is not None]


def _constant(tree: ast.Module, name: str) -> str | None:
    """The text a module's constant ``name`` holds: assigned there, or imported from the package."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            if any(isinstance(target, ast.Name) and target.id == name for target in node.targets):
                return node.value.value
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardroom."):
            imported = [alias.name for alias in node.names if (alias.asname or alias.name) == name]
            if imported:
                origin = SRC.joinpath(*str(node.module).split(".")[1:])
                source = origin / "__init__.py" if origin.is_dir() else origin.with_suffix(".py")
                return _constant(ast.parse(source.read_text(encoding="utf-8")), imported[0])
    return None


def german() -> dict[str, tuple[str, ...]]:
    catalog = read_po(io.StringIO(catalogue_text("de")), locale="de")
    out: dict[str, tuple[str, ...]] = {}
    for m in catalog:
        if not m.id:
            continue
        assert not m.fuzzy, f"fuzzy German entry {m.id!r}"
        key = m.id if isinstance(m.id, str) else m.id[0]
        out[key] = (m.string,) if isinstance(m.string, str) else tuple(m.string or ())
    assert catalog.num_plurals == 2, "German's plural rule has two forms (Babel's CLDR data)"
    return out


def test_the_extractor_finds_the_code_s_messages() -> None:
    used = used_messages()
    assert "Player {n}" in used and "stale step: the game is at step {current}" in used
    assert "the game is already over" in used  # a room refusal (server/room/leaving.py)
    assert "the others' hidden choices" in used  # analysis/words.py
    assert "Seat advantage (by turn order)" in used  # balance/terminal.py, through the words handed in
    assert "Ratings" in used and len(used["the other {count} seat"]) == 2  # arena/plots.py, the same way
    assert len(used["{count} more card in {full_at}."]) == 2
    assert UNAVAILABLE in used  # said by server/edge/fastpath.py, imported from the store's package
    assert len(used["your accuracy {accuracy}% over {count} decision (100% = as good as the hard bot at each)"]) == 2


def test_every_message_has_a_german_entry_with_the_same_places() -> None:
    used, de = used_messages(), german()
    missing = sorted(set(used) - set(de))
    assert not missing, f"messages without a German entry: {missing}"
    unused = sorted(set(de) - set(used))
    assert not unused, f"German entries the code no longer writes: {unused}"
    for msgid, forms in used.items():
        translated = de[msgid]
        assert len(translated) == (2 if len(forms) == 2 else 1), msgid
        for text in translated:
            assert text.strip(), f"empty German entry for {msgid!r}"
            assert set(PLACE.findall(text)) == set(PLACE.findall(msgid)), f"places differ in {msgid!r}"


def test_a_counted_message_is_a_plural_one() -> None:
    counted = [forms for forms in used_messages().values() if "{count}" in forms[0]]
    assert counted, "the headline counts decisions"
    singular_only = [forms[0] for forms in counted if len(forms) != 2]
    assert not singular_only, f"counted with one form only (write it with say_n): {singular_only}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_follow_the_count(lang: str) -> None:
    one = say_n(lang, "{count} decision", "{count} decisions", 1)
    many = say_n(lang, "{count} decision", "{count} decisions", 2)
    assert (one, many) == ("1 decision", "2 decisions")  # an id the catalogue lacks keeps the English forms
    msg = (
        "your accuracy {accuracy}% over {count} decision (100% = as good as the hard bot at each)",
        "your accuracy {accuracy}% over {count} decisions (100% = as good as the hard bot at each)",
    )
    words = {n: say_n(lang, *msg, n, accuracy=80) for n in (0, 1, 2)}
    expected = {
        "en": ("0 decisions", "1 decision ", "2 decisions"),
        "de": ("0 Entscheidungen", "1 Entscheidung ", "2 Entscheidungen"),
    }[lang]
    assert [expected[n] in words[n] for n in (0, 1, 2)] == [True, True, True], words


def test_refusals_are_worded_in_the_asked_language() -> None:
    stale = StaleStep(7)
    assert str(stale) == "stale step: the game is at step 7" and stale.current == 7
    assert stale.in_language("de") == "veralteter Schritt: das Spiel ist bei Schritt 7"
    assert Refused("the game is already over").in_language("de") == "das Spiel ist schon vorbei"
    engine = Refused("P1 has no {braces} card")  # an engine's text the catalogue lacks: as written
    assert str(engine) == engine.in_language("de") == "P1 has no {braces} card"
    assert say("de", "Player {n}", n=3) == "Spieler 3" and say("fr", "Player {n}", n=3) == "Player 3"


@pytest.mark.parametrize(
    ("asked", "lang"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("fr-FR,de;q=0.5,en;q=0.4", "de"),
        ("en-US,de;q=0.9", "en"),
        ("de_AT.UTF-8", "de"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
        ("*", "en"),
        ("de;q=bad,xx-!!", "en"),
    ],
)
def test_the_asked_language_is_negotiated(asked: str | None, lang: str) -> None:
    assert negotiate(asked) == lang
