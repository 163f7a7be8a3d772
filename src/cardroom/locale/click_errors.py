"""Click's and Typer's error messages ("No such option: --nope", "Missing argument 'game'.") in the
terminal's language. The Click that Typer carries writes them in English with no gettext at all, so
each wording it writes is read back here (:mod:`.readback`) and said again, as the engines' texts
are; options, arguments, commands and values stay as they are typed, and a message no wording reads
(a library's own) is shown as written. ``cli/help_language.py`` puts this between Click's error and
the terminal."""

from __future__ import annotations

from cardroom.locale import Phrase
from cardroom.locale.readback import Reader

# The most particular first: the first that reads the whole text is used.
WORDINGS: tuple[Phrase, ...] = (
    Phrase("No such option: {name} (Possible options: {options})"),
    Phrase("No such option: {name}"),
    Phrase("No such command {name}."),
    Phrase("Missing command."),
    Phrase("Missing argument {name}. {more}"),
    Phrase("Missing option {name}. {more}"),
    Phrase("Missing argument {name}."),
    Phrase("Missing option {name}."),
    Phrase("Missing parameter {name}."),
    Phrase("Got unexpected extra argument(s) ({args})"),
    Phrase("Option {name} requires an argument."),
    Phrase("Option {name} requires {n} arguments."),
    Phrase("Option {name} does not take a value."),
    Phrase("Invalid value for {name}: {problem}"),
    Phrase("Invalid value: {problem}"),
    # Read inside the others (what was wrong with a value)
    Phrase("Choose from:\n\t{choices}"),
    Phrase("Value {value} is not a valid {label}."),
    Phrase("{value} is not one of {choices}."),
    Phrase("Input should be a valid integer, unable to parse string as an integer"),
    Phrase("Input should be a valid number, unable to parse string as a number"),
    Phrase("Input should be a valid boolean, unable to interpret input"),
)
READER = Reader(WORDINGS, nested=frozenset({"more", "problem"}))


def click_error_in(text: str, lang: str) -> str:
    """A Click or Typer error message in ``lang``; as written where no wording reads it."""
    return READER.reworded(text, lang)


def known(text: str) -> bool:
    return READER.knows(text)
