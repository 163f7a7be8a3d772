"""Print a game's fixed action space and observation layout: ``python -m cardroom.rl tacocat``."""

from __future__ import annotations

import argparse

from cardroom.core.registry import game_names
from cardroom.rl.interface import Interface


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardroom.rl", description=__doc__)
    parser.add_argument("game", nargs="?", choices=list(game_names()))
    parser.add_argument("--sizes", action="store_true", help="print the sizes table of docs/rl.md, measured now")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--generic", action="store_true", help="show the generic hashed encoder instead")
    parser.add_argument("--no-actions", action="store_true", help="skip the action table")
    args = parser.parse_args(argv)
    if args.sizes:
        from cardroom.rl.sizes import sizes_table

        print(sizes_table())
        return
    if args.game is None:
        parser.error("name a game (or ask for --sizes)")
    options = {} if args.players is None else {"players": args.players}
    interface = Interface.make(args.game, args.preset, generic_encoder=args.generic, **options)
    print(interface.encoder.describe())
    print()
    print(f"action space: {len(interface.actions)} actions")
    if not args.no_actions:
        print(interface.actions.describe())


if __name__ == "__main__":
    main()
