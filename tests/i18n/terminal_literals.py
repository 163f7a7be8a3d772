"""Words the terminal writes outside the message catalogue: every string literal in a terminal module
that a person could read, unless it is a catalogue message (an argument of ``say``, ``say_n``,
``Phrase``, ``Plural`` or ``_``, and the balance lab's ``words.say``). A literal counts as read when it is shown (inside a call that prints or
draws: ``print``, ``Text``, ``append``, ``Rule``, ``Panel``, ``status``, ``add_row``, ``read_line``,
or an exception a person is told; a plot's ``set_title``, ``set_xlabel``, ``suptitle``, ``text``,
``legend`` and a line's ``label=``) or is a phrase anywhere (letters, a space, letters). Left alone:
docstrings; Rich styles (as values, ``style=``, or ``Text``'s second argument), layout keywords
(``justify=``, ``overflow=``, ``title_align=``, a plot's ``ha=``, ``va=``, ``loc=``, ``color=``), HTML tags and a style sheet's rules (the balance lab's report; the words between
tags are read), format specs (an f-string's, or the spec a figure is
written with: ``number(x, ".2f")``, ``words.number(x, "+.1f")``) and markup tags; the sides' labels in capitals (YAY, WOW); keys, comparisons
and the engine's own words read back by a pattern or a string method (``re.search``, ``endswith``)."""

from __future__ import annotations

import ast
import re

WORDING = {"say", "say_n", "Phrase", "Plural", "_"}  # _: a command's words (locale.in_terminal_language)
SHOWN = {"print", "Text", "append", "Rule", "Panel", "status", "add_row", "read_line", "BadEntry", "ValueError"}
# A plot's words (matplotlib): its titles, axis labels, texts placed on it and its legend.
DRAWN = {"set_title", "suptitle", "set_xlabel", "set_ylabel", "text", "legend", "set_label"}
DRAWN_KEYWORDS = {"label"}  # a line's or a band's name in the legend: ax.plot(xs, ys, label="win rate")
# Where a literal is a layout or a colour, not a word: Rich's and matplotlib's.
LAYOUT = {"style", "justify", "overflow", "title_align", "ha", "va", "loc", "color", "edgecolor", "linestyle"}
FIGURES = {"number", "_number"}  # number(x, ".2f"): the spec a figure is written with, in the language's style
READING = {"search", "fullmatch", "match", "sub", "compile", "endswith", "startswith", "get", "split", "join"}
MARKUP = re.compile(r"\[/?[a-z ]*\]")
# A Rich style written as a value of its own ("bold white on red").
STYLE = re.compile(
    r"((bold|dim|italic|underline|reverse|on|not|(bright_)?(white|red|green|blue|yellow|magenta|cyan|black))\s*)+"
)
# A tag, or the piece of one a literal opens or closes ("<img src='", "'><head>"), and a CSS rule.
HTML = re.compile(r"<[^<>]*>|<[^<>]*$|^[^<>]*>|[^{}]*\{[^{}]*\}")
PHRASE = re.compile(r"[A-Za-z]\s+[A-Za-z]")


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def shown_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each literal a person could read that is not a catalogue message."""
    tree = ast.parse(source)
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
            continue
        text = HTML.sub("", MARKUP.sub("", node.value))
        words = re.findall(r"[A-Za-z]+", text)
        if not words or all(w.isupper() for w in words) or STYLE.fullmatch(node.value):
            continue
        shown, exempt, child = False, False, node
        parent = parents.get(id(child))
        while parent is not None and not isinstance(parent, ast.FunctionDef | ast.Module):
            if isinstance(parent, ast.keyword) and parent.arg in LAYOUT:
                exempt = True
            if isinstance(parent, ast.keyword) and parent.arg in DRAWN_KEYWORDS:
                shown = True
            if isinstance(parent, ast.FormattedValue) and child is parent.format_spec:
                exempt = True  # f"{points:+d}"
            if isinstance(parent, ast.Compare) or (isinstance(parent, ast.Subscript) and child is parent.slice):
                exempt = True
            if isinstance(parent, ast.Dict) and any(k is child for k in parent.keys):
                exempt = True
            if isinstance(parent, ast.Call):
                name = _name(parent)
                if name in WORDING or name in READING or name in FIGURES:
                    exempt = True
                if name == "Text" and len(parent.args) > 1 and parent.args[1] is child:
                    exempt = True  # Text(text, style)
                shown = shown or name in SHOWN or name in DRAWN
            child, parent = parent, parents.get(id(parent))
        if not exempt and (shown or PHRASE.search(text)):
            found.append((node.lineno, node.value))
    return found
