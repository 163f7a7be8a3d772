"""Finds the words a page's script writes into the page without the message catalogue.

A small reader of JavaScript's tokens (strings, template literals, names, brackets; comments and
regular expressions skipped) that reports every string literal with a letter in it in a place the
page shows or says it: a child of ``el(tag, attributes, ...children)``, the argument of a call that
shows or says a text (``showMessage``, ``announce``, ``tell``, ``prompt``, cards.js's ``zone``,
``pile``, ``list``), a string of more than one word that a function returns, the right side of
``textContent =``, the value of an ``aria-label``, ``title`` or ``placeholder`` attribute or of a card's words
(``label``, ``text``, ``before``, ``after``, ``verb``, ``big``), and
anything in a module's table of words (``const WORDS = {...}``); and anywhere, a string that reads as a
sentence (a capitalised word and two more), as a message kept in a constant. A text
from the catalogue is a call of ``t(...)``, whose own argument (the message's key) is not reported.
Only a template's fixed parts count (``${...}`` is code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

# Calls whose every argument is shown or said: the page's own and cards.js's builders of what is drawn.
SHOWING_CALLS = {"showMessage", "announce", "tell", "prompt", "noteDecision", "zone", "pile", "list", "say"}
# Keys whose value is shown: attributes, and the words of cards.js's card() and back() and a choice's verb.
SHOWN_KEYS = {"aria-label", "title", "placeholder", "label", "text", "before", "after", "verb", "big"}
LETTER = re.compile(r"[A-Za-zÄÖÜäöüß]")
# A sentence wherever it stands (a message kept in a constant, a variable set to words): a capital
# letter's word and at least two more words.
SENTENCE = re.compile(r"^\s*[A-Z][a-z]+(?:[ ,;:'’]+[A-Za-z]+){2,}")
# Calls that compare a text rather than show it.
COMPARING_CALLS = {"startsWith", "endsWith", "includes", "test", "match"}


@dataclass
class Token:
    kind: str  # "str", "name", "punct"
    text: str  # a string's value (a template's fixed parts), a name, or the punctuation mark
    line: int


def tokens(source: str) -> list[Token]:
    found: list[Token] = []
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            line += source.count("\n", i, end)
            i = end + 2
        elif c in "\"'":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            found.append(Token("str", source[i + 1 : j], line))
            i = j + 1
        elif c == "`":
            j, fixed, start = i + 1, [], line
            while source[j] != "`":
                if source[j] == "\\":
                    j += 2
                elif source.startswith("${", j):
                    depth, j = 1, j + 2
                    while depth:
                        depth += {"{": 1, "}": -1}.get(source[j], 0)
                        j += 1
                else:
                    fixed.append(source[j])
                    line += source[j] == "\n"
                    j += 1
            found.append(Token("str", "".join(fixed), start))
            i = j + 1
        elif c == "/" and _regex_may_start(found):
            j = i + 1
            while source[j] != "/":
                if source[j] == "[":
                    j = source.index("]", j)
                j += 2 if source[j] == "\\" else 1
            i = j + 1
        elif c.isalnum() or c in "_$":
            j = i
            while j < n and (source[j].isalnum() or source[j] in "_$"):
                j += 1
            found.append(Token("name", source[i:j], line))
            i = j
        else:
            found.append(Token("punct", c, line))
            i += 1
    return found


def _regex_may_start(before: list[Token]) -> bool:
    """A slash after an operator or an opening bracket begins a regular expression, not a division."""
    if not before:
        return True
    last = before[-1]
    return (last.kind == "punct" and last.text in "(,=:[!&|?{};+-*%<>~^") or (
        last.kind == "name" and last.text in ("return", "typeof")
    )


def shown_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of every literal with a letter the script shows without the catalogue."""
    toks = tokens(source)
    # For each open bracket: the name of the call it opens (or ""), and which argument we are in.
    stack: list[list[object]] = []
    found: list[tuple[int, str]] = []
    for k, tok in enumerate(toks):
        prev = toks[k - 1] if k else None
        if tok.kind == "punct" and tok.text in "([{":
            name = prev.text if tok.text == "(" and prev is not None and prev.kind == "name" else ""
            # A table of words (``const WORDS = {...}``) is all shown, however deep.
            in_words = bool(stack) and stack[-1][0] == "WORDS" and name != "t"
            if (k >= 2 and prev is not None and prev.text == "=" and toks[k - 2].text == "WORDS") or in_words:
                name = "WORDS"
            stack.append([name, 0])
        elif tok.kind == "punct" and tok.text in ")]}":
            if stack:
                stack.pop()
        elif tok.kind == "punct" and tok.text == "," and stack:
            stack[-1][1] = int(stack[-1][1]) + 1  # type: ignore[call-overload]
        elif tok.kind == "str" and LETTER.search(tok.text):
            call, index = (stack[-1][0], stack[-1][1]) if stack else ("", 0)
            if call in ("t", *COMPARING_CALLS) or (prev is not None and prev.text == "t") or _compared(toks, k):
                continue
            shown = (
                (call == "el" and int(index) >= 2)  # type: ignore[call-overload]
                or call in SHOWING_CALLS
                or call == "WORDS"
                or _after(toks, k, "textContent", "=")
                or any(_key_before(toks, k, key) for key in SHOWN_KEYS)
                or (prev is not None and prev.text == "return" and " " in tok.text.strip())  # words, not a code
                or SENTENCE.match(tok.text) is not None
            )
            # A ternary's other branch inside those places: "a ? 'x' : 'y'" as an el child is caught
            # by the argument position already; a literal joined with + is caught as its own token.
            if shown:
                found.append((tok.line, tok.text))
    return found


def _after(toks: list[Token], k: int, name: str, mark: str) -> bool:
    """The literal is in the right side of ``name mark`` (a ternary's branch too), in one statement."""
    for j in range(k - 1, 0, -1):
        text = toks[j].text
        if toks[j].kind == "punct" and text in ";{}(,":
            return False
        if toks[j].kind == "punct" and text == mark:
            return toks[j - 1].text == name
    return False


def _compared(toks: list[Token], k: int) -> bool:
    """The literal is one side of a comparison (``phase === "window"``): a value, not words."""
    before = k >= 2 and toks[k - 1].text == "=" and toks[k - 2].text in "=!"
    after = k + 2 < len(toks) and toks[k + 1].text in "=!" and toks[k + 2].text == "="
    return before or after


def _key_before(toks: list[Token], k: int, key: str) -> bool:
    """The literal is the value of the object key ``key`` ("aria-label": "...", title: "..."): a key
    starts an entry of an object (after "{" or ","), which a ternary's ``? "text" : "json"`` does not."""
    return k >= 3 and toks[k - 1].text == ":" and toks[k - 2].text == key and toks[k - 3].text in ("{", ",")


# Marks that are not words of a language (the arrows of the replay, the pencil of "change your name").
SYMBOLS = {"◀", "▶", "✎", "cardroom"}


class _Words(HTMLParser):
    """The texts of a page outside an element marked data-i18n, and shown attributes unmarked."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[bool] = []  # for each open element: whether it (or one around it) is marked
        self.loose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        for shown in ("aria-label", "placeholder", "title"):
            if shown in names and f"data-i18n-{shown}" not in names:
                self.loose.append(f"{tag} {shown}={names[shown]!r}")
        if tag not in ("meta", "link", "input", "br", "img"):
            self.open.append(bool(self.open and self.open[-1]) or "data-i18n" in names)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("meta", "link", "input", "br", "img") and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        text = data.strip()
        if text and text not in SYMBOLS and not (self.open and self.open[-1]) and re.search(r"[A-Za-z]", text):
            self.loose.append(text)


def loose_words(html: str) -> list[str]:
    """The words of a page's HTML outside an element marked data-i18n, and shown attributes unmarked."""
    words = _Words()
    words.feed(html)
    return words.loose
