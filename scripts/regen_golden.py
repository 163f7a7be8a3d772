#!/usr/bin/env python3
"""Regenerate every golden playthrough (tests/games/*/golden/*.txt), or create a new one.

    python scripts/regen_golden.py                 # rewrite all; then review `git diff`
    python scripts/regen_golden.py --check         # exit 1 if any would change
    python scripts/regen_golden.py --new tacocat --preset official --seed 7 \
        --out tests/games/tacocat/golden/official.txt [--option key=value ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardroom.core.playthrough import regenerate, render

ROOT = Path(__file__).resolve().parent.parent


def golden_files() -> list[Path]:
    return sorted(ROOT.glob("tests/games/*/golden/*.txt"))


def _value(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="report files that would change; write nothing")
    parser.add_argument("--new", metavar="GAME", help="create a new golden file for GAME")
    parser.add_argument("--preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.new:
        if args.out is None:
            parser.error("--new needs --out")
        options = {}
        for item in args.option:
            key, eq, value = item.partition("=")
            if not eq:
                parser.error(f"--option takes KEY=VALUE, got {item!r}")
            options[key] = _value(value)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(render(args.new, args.preset, options, args.seed), encoding="utf-8")
        print(f"wrote {args.out}")
        return 0
    changed = 0
    for path in golden_files():
        fresh = regenerate(path)
        if fresh != path.read_text(encoding="utf-8"):
            changed += 1
            print(f"{'would change' if args.check else 'rewrote'}: {path.relative_to(ROOT)}")
            if not args.check:
                path.write_text(fresh, encoding="utf-8")
    print(f"{len(golden_files())} golden files, {changed} changed")
    return 1 if (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
