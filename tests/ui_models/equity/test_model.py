"""The Equity tab without Qt: its job (:mod:`ui.equity.jobs`) gives the library's numbers and
turns Stop into an outcome; its model (:mod:`ui.equity.model`) judges the form and words the
result. ``lint-imports`` keeps both free of PySide6 (the "models-without-qt" contract)."""

from __future__ import annotations

import pytest

from omahanash.equity.exact import exact_equity
from omahanash.runs import CancelFlag
from ui.equity.jobs import equity_job
from ui.equity.model import (
    EXACT,
    HILO_COLUMNS,
    MONTE_CARLO,
    EquityInputs,
    EquityOutcome,
    EquityRequest,
    check_inputs,
    is_stale,
    result_view,
)


def form(**changes: str) -> EquityInputs:
    fields = {"game": "holdem", "method": EXACT, "hand1": "As Ah", "hand2": "Ks Kd",
              "board": "", "dead": "", "trials": "200,000", "seed": "0"}
    fields.update(changes)
    return EquityInputs(**fields)


def test_the_exact_job_gives_what_the_library_gives(make_recorder):
    request = check_inputs(form(game="omaha-hilo", hand1="Ah Kh 5c 4c", hand2="Qs Qd Jc Tc",
                                board="Qh 3c 2s")).request
    assert request is not None
    outcome = equity_job(request)(make_recorder(), CancelFlag())
    direct = exact_equity("Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s", game="omaha-hilo")
    assert isinstance(outcome, EquityOutcome) and not outcome.stopped
    assert outcome.result == direct
    view = result_view(outcome)
    assert view.columns == ["Player", "Hand", "Equity", *HILO_COLUMNS]
    assert view.rows[0][:3] == ["Player 1", "Ah Kh 5c 4c", direct.equity[0]]
    assert view.rows[1][3] == direct.scoop[1]  # Scoop of player 2
    assert view.headline == (f"Player 1: {100 * direct.equity[0]:.2f}%   ·   "
                             f"Player 2: {100 * direct.equity[1]:.2f}%")
    assert view.summary.startswith(f"Exact: {direct.boards:,} boards")


def test_a_stopped_monte_carlo_run_keeps_its_deals(make_recorder):
    # 1,000,000 deals: less than every board of the 12 pairs (exact would be no more work)
    request = check_inputs(form(method=MONTE_CARLO, hand1="AA; KK", hand2="7h 2d",
                                trials="1,000,000")).request
    assert request is not None and request.trials == 10**6
    cancel = CancelFlag()
    # Stop at the first report of deals made: the run ends at its next look at the flag
    recorder = make_recorder(cancel, stop_when=lambda done, total: done > 0)
    outcome = equity_job(request)(recorder, cancel)
    assert recorder.phases == ["sampling"]
    assert outcome.stopped and outcome.result is not None
    result = outcome.result
    assert 2 <= result.boards < request.trials and not result.exact
    assert result.equity[0] + result.equity[1] == pytest.approx(1.0)
    assert 0.7 < result.equity[0] < 0.95  # big pairs against 7-2 offsuit
    assert result_view(outcome).summary.startswith(f"Stopped. Monte Carlo: {result.boards:,}")


def test_stopped_before_any_deal_is_an_outcome_not_an_exception(make_recorder):
    request = check_inputs(form(method=MONTE_CARLO, hand1="AA", hand2="7h 2d")).request
    cancel = CancelFlag()
    cancel.cancel()
    outcome = equity_job(request)(make_recorder(), cancel)
    assert outcome == EquityOutcome(request, None, True)
    view = result_view(outcome)
    assert (view.headline, view.rows) == ("Stopped.", [])


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"hand1": ""}, "hand1", "type hand 1, e.g. Ah Kd"),
    ({"hand2": "AA"}, "hand2", "exact enumeration takes one concrete hand"),
    ({"board": "Qs 7h"}, "board", "board"),
    ({"dead": "Xx"}, "dead", "unknown rank 'X'"),
    ({"method": MONTE_CARLO, "trials": "0"}, "trials", "at least 1"),
    ({"method": MONTE_CARLO, "seed": "-1"}, "seed", "non-negative"),
    ({"board": "As 7h 2c"}, "deal", "in both hand 1 and board"),
])
def test_each_message_belongs_to_its_field(changes, field, words):
    checked = check_inputs(form(**changes))
    assert checked.request is None
    assert list(checked.errors) == [field] and words in checked.errors[field]


def test_exact_ignores_trials_and_seed_and_a_change_makes_the_result_stale():
    checked = check_inputs(form(trials="nonsense", seed="x", board=" 2c 3c 4c "))
    assert checked.errors == {}
    request = checked.request
    assert request == EquityRequest(False, "As Ah", "Ks Kd", "2c 3c 4c", "", "holdem",
                                    200_000, 0)
    assert not is_stale(request, request) and not is_stale(None, request)
    assert is_stale(request, check_inputs(form()).request)
    assert is_stale(request, None)  # the inputs typed now are invalid
