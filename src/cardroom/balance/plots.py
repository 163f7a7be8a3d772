"""The balance report's figures as PNG files (matplotlib, Agg backend; imported only when writing), their
labels in the words the command line hands in (``words``, :mod:`cardroom.core.words`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardroom.core.words import ENGLISH, Words

RED = "#b2182b"
BLUE = "#2166ac"
GREY = "#555555"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    _pyplot().close(fig)
    return path


def write_plots(summary: dict[str, Any], out: Path, words: Words = ENGLISH) -> dict[str, Path]:
    """Every figure the summary has data for, by name."""
    out.mkdir(parents=True, exist_ok=True)
    plots = {
        "length": _length(summary, out / "length.png", words),
        "seats": _seats(summary, out / "seats.png", words),
    }
    if summary.get("skill"):
        plots["skill"] = _skill(summary["skill"], out / "skill_gap.png", words)
    if "cards" in summary:
        plots["cards"] = _cards(summary, out / "card_values.png", words)
        if summary.get("engine") != "kernel":  # the kernel records no effects and no pool
            plots["fires"] = _fires(summary, out / "effects.png", words)
            plots["pool"] = _pool(summary, out / "pool.png", words)
    return plots


def _length(summary: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    length = summary["length"]
    panels = [
        (k, t)
        for k, t in (
            ("turns_per_player", words.say("turns per player (per round)")),
            ("actions", words.say("actions per game")),
            ("rounds", words.say("rounds per game")),
        )
        if length[k].get("n") and (k != "rounds" or length[k]["max"] > 1)
    ]  # one-round games: no panel
    if not panels:  # winners only (a kernel's simulate): say so rather than draw nothing
        fig, ax = plt.subplots(figsize=(4.2, 1.2))
        ax.axis("off")
        ax.text(0.5, 0.5, words.say("no per-game lengths on this engine"), ha="center", va="center")
        return _save(fig, path)
    fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), 3.2), squeeze=False)
    for ax, (key, title) in zip(axes[0], panels, strict=True):
        data = length[key]
        ax.hist(data["values"], bins=30, color=BLUE)
        ax.axvline(
            data["median"],
            color="black",
            linestyle="--",
            label=words.say("median {value}", value=words.number(data["median"], ".1f")),
        )
        ax.axvline(
            data["p95"],
            color=RED,
            linestyle=":",
            label=words.say("95th pct {value}", value=words.number(data["p95"], ".1f")),
        )
        ax.set_title(title)
        ax.set_ylabel(words.say("count"))
        ax.legend(fontsize=8)
    return _save(fig, path)


def _seats(summary: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    seats = summary["seats"]
    fig, ax = plt.subplots(figsize=(1.8 + 0.8 * len(seats), 3.2))
    x = [s["position"] + 1 for s in seats]
    y = [s["win_share"] for s in seats]
    err = [
        [max(0.0, s["win_share"] - s["wilson95"][0]) for s in seats],
        [max(0.0, s["wilson95"][1] - s["win_share"]) for s in seats],
    ]
    ax.bar(x, y, color=BLUE, yerr=err, capsize=4)
    ax.axhline(seats[0]["fair_share"], color=RED, linestyle="--", label=words.say("fair share"))
    ax.set_xlabel(words.say("turn order (1 = first to play)"))
    ax.set_ylabel(words.say("win share (95% Wilson)"))
    ax.set_xticks(x)
    ax.legend(fontsize=8)
    return _save(fig, path)


def _skill(skill: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    labels = skill["bots"]
    n = len(labels)
    values = [[float("nan") if v is None else v for v in row] for row in skill["head_to_head"]]
    fig, ax = plt.subplots(figsize=(2.4 + 1.3 * n, 1.8 + 1.0 * n))
    image = ax.imshow(values, cmap="RdBu", vmin=0.0, vmax=1.0)
    for i in range(n):
        for j in range(n):
            if values[i][j] == values[i][j]:
                ax.text(j, i, words.percent(values[i][j], 0), ha="center", va="center", fontsize=9)
    ax.set_xticks(range(n), labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels)
    ax.set_title(words.say("row bot's win share against column bot(s)"))
    fig.colorbar(image, ax=ax)
    return _save(fig, path)


def _cards(summary: dict[str, Any], path: Path, words: Words) -> Path:
    """Each card's value with its 95% interval, one panel a kind: the paired card-vs-blank value (cause)
    where it was measured, and the observed opening-hand value (a correlation); red where
    Benjamini-Hochberg keeps it. Cards in the order of their headline value, the same in each panel."""
    from cardroom.balance.cardtests import cell, headline, p_value

    plt = _pyplot()

    def measured(c: dict[str, Any] | None) -> bool:
        return c is not None and p_value(c["win_effect"], *c["win95"]) is not None

    # A card never held as dealt ("play immediately" cards are replaced when dealt) has no value here.
    cards = [r for r in summary["cards"] if measured(headline(r)[1])]
    cards.sort(key=lambda r: headline(r)[1]["win_effect"])  # type: ignore[index]
    panels = [
        (label, key, sub)
        for label, key, sub in (
            (words.say("paired: the same deal with the card as a blank"), "paired", "blank"),
            (words.say("observed: opening hand with vs without (a correlation)"), "opening", None),
        )
        if any(measured(cell(r, key, sub)) for r in cards)
    ]
    fig, axes = plt.subplots(
        1, max(1, len(panels)), figsize=(5.0 * max(1, len(panels)), 1.2 + 0.22 * len(cards)), squeeze=False, sharey=True
    )
    y = list(range(len(cards)))
    for ax, (label, key, sub) in zip(axes[0], panels, strict=False):
        figures = [cell(r, key, sub) for r in cards]
        shown = [(i, c) for i, c in enumerate(figures) if c is not None and measured(c)]
        ax.barh(
            [i for i, _ in shown],
            [100 * c["win_effect"] for _, c in shown],
            xerr=[
                [max(0.0, 100 * (c["win_effect"] - c["win95"][0])) for _, c in shown],
                [max(0.0, 100 * (c["win95"][1] - c["win_effect"])) for _, c in shown],
            ],
            color=[RED if c.get("flagged") else BLUE for _, c in shown],
            capsize=2,
        )
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_title(label, fontsize=8)
        ax.set_xlabel(words.say("holder's win share, points (95%)"), fontsize=8)
    axes[0][0].set_yticks(y, [r["card"] for r in cards], fontsize=7)
    said = words.say(
        "card values; red: kept by Benjamini-Hochberg (q < {level}); no bar: not measured",
        level=words.number(0.05, "g"),
    )
    fig.suptitle(said, fontsize=9)
    return _save(fig, path)


def _fires(summary: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    items = list(summary["fires"].items())
    fig, ax = plt.subplots(figsize=(6.5, 1.0 + 0.3 * len(items)))
    ax.barh([k for k, _ in items][::-1], [v for _, v in items][::-1], color=BLUE)
    ax.set_xlabel(words.say("times fired per game"))
    return _save(fig, path)


def _pool(summary: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    pool = [p for p in summary["pool"] if p["games"] >= max(5, summary["games"] // 50)]
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    turns = [p["turn"] for p in pool]
    ax.fill_between(
        turns,
        [p["q25"] for p in pool],
        [p["q75"] for p in pool],
        color=BLUE,
        alpha=0.25,
        label=words.say("middle half"),
    )
    ax.plot(turns, [p["mean"] for p in pool], color=BLUE, label=words.say("mean"))
    ax.set_xlabel(words.say("turn of round 1 (all players)"))
    ax.set_ylabel(words.say("taco points in the pool"))
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8)
    return _save(fig, path)
