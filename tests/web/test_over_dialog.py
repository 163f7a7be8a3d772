"""The game-over dialog with the analysis drawn in it stays within 800 px of height (it scrolls
inside), and the analysis graph's markers of neighbouring decisions stay apart, with a legend.

The analysis drawn here is made up in the test (sixty costly decisions in a row, the worst case for
markers) and drawn by the page's own code; the real analysis is tested in tests/analysis."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import ada_against_a_bot

pytestmark = pytest.mark.browser

DRAW = """async () => {
  const { renderAnalysis } = await import("/static/js/analysis.js");
  const labels = ["inaccuracy", "mistake", "blunder"];
  const decisions = Array.from({ length: 60 }, (_, i) => ({ step: i, label: labels[i % 3], chosen: `Keep ${i % 12}`,
    best: `Replace ${i % 12}`, win_after: 0.5, best_win: 0.6, loss: 0.1, loss_low: 0.05, loss_high: 0.15 }));
  const analysis = { steps: 60, start: 0.5, result: 0, summary: "A made-up game for the layout.",
    timeline: decisions.map((d) => [d.step + 1, 0.5]), decisions, total_luck: 0, luck_noise: 0.01, total_loss: 0.5,
    loss_noise: 0.02, headroom: 0, oracle: null };
  const box = document.querySelector("#game-over .analysis-box");
  renderAnalysis(box, analysis);
  box.querySelector(".all-decisions").open = true;
  const marks = [...box.querySelectorAll("circle.mark")].map((c) => c.getBoundingClientRect());
  let touching = 0;
  for (let i = 1; i < marks.length; i++) {
    const a = marks[i - 1], b = marks[i];
    const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    if (overlap) touching += 1;
  }
  const legend = [...box.querySelectorAll("text.legend")].map((t) => t.textContent);
  return { height: document.getElementById("game-over").getBoundingClientRect().height, touching, legend, marks: marks.length };
}"""


def test_the_over_dialog_fits_a_laptop_and_markers_stay_apart(server: ServerProcess, browser: Browser) -> None:
    page = ada_against_a_bot(server, browser)
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#game-over[open] #analyse-game")
    found = page.evaluate(DRAW)
    assert found["marks"] == 60 and found["touching"] == 0, found
    assert sorted(found["legend"]) == ["blunder", "inaccuracy", "mistake"], found
    assert found["height"] <= 800, found
    page.close()
