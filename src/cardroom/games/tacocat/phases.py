"""A Tacocat round's phases, in play order: the phase names every rule, view and codec reads."""

from __future__ import annotations

REPLACE, DUEL, ATTACK, DEFEND, OVER = "replace", "duel", "attack", "defend", "over"
PHASES = (REPLACE, DUEL, ATTACK, DEFEND, OVER)  # the kernel codes a phase by its index here
