"""The analysis panel in German: an analysis worded by the server for a German request, drawn by
analysis.js in a German browser, says everything in German (the headline, the graph's labels, the
verdicts, the table of decisions) and nothing in the English it said before."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from tests.i18n.test_analysis_language import _done_job
from tests.server.process import ServerProcess

pytestmark = pytest.mark.browser

DRAWN = """async (analysis) => {
  const { renderAnalysis } = await import("/static/js/analysis.js");
  const box = document.createElement("div");
  document.body.append(box);
  renderAnalysis(box, analysis);
  box.querySelector("details").open = true;
  const graph = box.querySelector("svg").getAttribute("aria-label");
  return [box.innerText, graph, [...box.querySelectorAll("svg text")].map((t) => t.textContent)];
}"""

ENGLISH = re.compile(r"\b(accuracy|decisions?|Costliest|Luckiest|Unluckiest|Step|Verdict|fair share|luck went)\b")


def test_the_analysis_panel_speaks_german(server: ServerProcess, browser: Browser) -> None:
    analysis = _done_job().public("de")["analysis"]
    page = browser.new_page(locale="de-DE")
    page.goto(server.url + "/static/table.html")
    text, graph, labels = page.evaluate(DRAWN, analysis)
    page.close()
    assert "Genauigkeit" in text and "Entscheidung" in text and "Schritt" in text, text
    assert re.search(r"(Alle \d+ Entscheidungen|Die 1 Entscheidung)", text), text
    assert graph.startswith("Siegchance im Lauf des Spiels") and "Genauigkeit" in graph, graph
    assert any(label.startswith("fairer Anteil") for label in labels), labels
    assert not ENGLISH.search(text), ENGLISH.findall(text)
