"""Every QA recipe in qa/scenarios runs green against a freshly seeded suite, so a tester's recipe
is a regression check; and a recipe whose expectations no longer hold fails, naming the step."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from litestar.testing import TestClient

from upstream_mocks import scenario_files
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

RECIPES = scenario_files.files()


def _run(recipe: scenario_files.Recipe) -> scenario_files.RunResult:
    # Every call held to its mock's contract, as the suite the gateway embeds holds them.
    suite = create_suite(MockWorld(MockSettings.from_env()), check_contracts=True)
    return asyncio.run(scenario_files.run_in_process(recipe, suite))


def test_the_repository_ships_recipes() -> None:
    assert len(RECIPES) >= 3


@pytest.mark.parametrize("path", RECIPES, ids=lambda p: p.stem)
def test_recipe_passes(path: Path) -> None:
    result = _run(scenario_files.load(path))
    failed = {s.call: s.problems for s in result.steps if not s.passed}
    assert failed == {}
    assert result.passed


def test_a_recipe_whose_answer_changed_fails_naming_what_differs() -> None:
    recipe = scenario_files.parse(
        """
name: wrong on purpose
steps:
  - call: POST /_mocks/reset
    expect: {status: 200, json: {status: reset}}
  - call: POST /_mocks/clock
    body: {days: 1}
    expect: {status: 201, json: {offsetSeconds: 0, missing.field: 1}, count: 9}
"""
    )
    result = _run(recipe)
    assert not result.passed
    assert [s.passed for s in result.steps] == [True, False]
    assert result.steps[1].problems == [
        "status 200, expected 201",
        "count 3, expected 9",
        "offsetSeconds is 86400, expected 0",
        "missing.field missing, expected 1",
    ]


def test_a_kept_field_is_written_into_the_steps_after_it_and_a_missing_one_is_named() -> None:
    recipe = scenario_files.parse(
        """
name: kept values
steps:
  - call: GET /_mocks/clock
    expect: {status: 200}
    keep: {offset: offsetSeconds, day: today, nowhere: no.such.field}
  - call: POST /_mocks/clock
    body: {days: "${offset}"}
    expect: {status: 200, json: {today: "${day}", offsetSeconds: "${offset}"}}
"""
    )
    result = _run(recipe)
    assert result.steps[0].problems == ["no.such.field missing, to keep as nowhere"]
    assert result.steps[1].passed  # days: 0 (the number kept, not the text), the same day
    assert scenario_files.fill("Bearer ${token} for ${nobody}", {"token": "t1"}) == "Bearer t1 for ${nobody}"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("name: x\nsteps: []\n", "at least one step"),
        ("name: x\nsteps:\n  - call: GET /api/v1/me\n    expect: {status: 200}\n", "not 'METHOD /_mocks/...'"),
        ("name: x\nsteps:\n  - call: GET /_mocks/clock\n", "expect"),
        ("name: x\nsteps:\n  - call: GET /_mocks/clock\n    expect: {status: 200}\n    sleep: 1\n", "sleep"),
    ],
)
def test_a_recipe_that_cannot_be_read_is_refused_in_words(text: str, named: str) -> None:
    with pytest.raises(scenario_files.ScenarioFileError, match=named):
        scenario_files.parse(text, "bad.yaml")


def test_the_console_lists_and_runs_the_repository_recipes() -> None:
    with TestClient(create_suite(MockWorld(MockSettings.from_env()))) as client:
        listed = client.get("/_mocks/scenario-files").json()
        assert [r["file"] for r in listed] == [p.stem for p in RECIPES]
        ran = client.post("/_mocks/scenario-files/lender-down-then-back/run")
        assert ran.status_code == 200
        assert ran.json()["passed"] is True
        assert [s["status"] for s in ran.json()["steps"]][:3] == [200, 201, 503]
        missing = client.post("/_mocks/scenario-files/no-such-recipe/run")
        assert missing.status_code == 404
        assert missing.json() == {"message": "No recipe named 'no-such-recipe' in qa/scenarios."}
        assert client.post("/_mocks/scenario-files/..%2Fsecrets/run").status_code == 404
