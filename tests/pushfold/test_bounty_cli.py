"""``omahanash solve`` at a table with ``--bounty``/``--bounties`` and ``--bounty-type``: the
``--json`` document states the bounties, the EVs count them, bad values exit 2 naming them."""

from __future__ import annotations

import json

import pytest

from omahanash.cli import main

SPOT = ["solve", "--game", "holdem", "--stacks", "2000", "500", "2500", "--sb", "50", "--bb",
        "100", "--deals", "6000", "--iterations", "12", "-q"]


def test_json_states_the_bounties_and_the_evs_count_them(capsys):
    assert main([*SPOT, "--payouts", "50/30/20", "--bounties", "10,5,20", "--bounty-type",
                 "pko", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bounty"] == {"bounties": [10, 5, 20], "bounty_type": "pko", "total": 35,
                              "unit": "money", "chips_per_unit": 50}
    # prize equity shares out the pool and every bounty; the chip EVs are changes
    assert sum(row["prize"] for row in data["ev"]) == pytest.approx(135.0)
    assert sum(row["chips"] for row in data["ev"]) == pytest.approx(0.0, abs=1e-6)
    assert data["target"] == pytest.approx(0.135)  # 0.1 % of the pool and the bounties
    assert main([*SPOT, "--payouts", "50/30/20", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bounty"] is None


@pytest.mark.parametrize("flags, message", [
    (["--bounty", "-3"], "--bounty: bounty must be a number >= 0, got '-3'"),
    (["--bounties", "1,2"], "--bounties: bounties must list one bounty per player (3)"),
    (["--bounty", "1", "--bounty-type", "bko"], "--bounty-type must be ko or pko, got 'bko'"),
    (["--bounty-type", "pko"], "--bounty-type needs --bounty or --bounties"),
    (["--bounty", "1", "--tree", "nl"], "--bounty does not apply to a betting tree"),
])
def test_bad_bounties_exit_2_naming_them(flags, message, capsys):
    assert main([*SPOT, "--payouts", "50/30/20", *flags]) == 2
    assert message in capsys.readouterr().err


def test_heads_up_refuses_a_bounty(capsys):
    assert main(["solve", "--game", "holdem", "--stacks", "500", "900", "--bounty", "5"]) == 2
    assert "--bounty needs a table of 3 to 10 players" in capsys.readouterr().err
