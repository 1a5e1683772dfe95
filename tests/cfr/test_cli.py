"""``omahanash cfr`` and ``omahanash browse`` from the command line."""

import json
import subprocess
import sys
import types

import pytest

from omahanash.cli import main
from omahanash.games.kuhn import KuhnPoker


def run_json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_kuhn_one_cfr_iteration(capsys):
    data = run_json(capsys, "cfr", "--game", "kuhn", "--algorithm", "cfr", "--iterations", "1",
                    "--json")
    assert data["game"] == "kuhn" and data["algorithm"] == "cfr"
    assert data["iterations"] == 1 and data["infosets"] == 12
    assert data["exploitability"] == [[1, pytest.approx(11 / 24, rel=1e-14)]]
    assert data["values"] == pytest.approx([0.125, -0.125])  # uniform play
    assert data["strategies"]["K/pb"] == {"pass": 0.5, "bet": 0.5}


def test_exploitability_curve_and_text_output(capsys):
    data = run_json(capsys, "cfr", "--game", "leduc", "--iterations", "20", "--json")
    assert [i for i, _ in data["exploitability"]] == [1, 2, 4, 8, 16, 20]
    assert data["exploitability"][-1][1] < data["exploitability"][0][1] / 2
    assert data["infosets"] == 288 and len(data["strategies"]) == 288
    assert main(["cfr", "--game", "kuhn", "--players", "3", "--iterations", "8"]) == 0
    captured = capsys.readouterr()
    assert "information sets: 48" in captured.out
    assert "exploitability (NashConv / players):" in captured.out
    assert "cfr+: 100.0%" in captured.err  # progress goes to stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--iterations", "0"], "--iterations must be at least 1"),
        (["--algorithm", "rm"], "--algorithm rm is for --game matrix only"),
        (["--game", "leduc", "--players", "3"], "two-player game"),
        (["--players", "7"], "2 to 4 players"),
        (["--game", "matrix"], "--game matrix needs --payoff"),
        (["--seed", "-1"], "--seed must be a non-negative integer"),
        (["--seed", "99999999999999999999999"], "--seed must be a non-negative integer"),
        (["--max-nodes", "10"], "game tree too large"),
        (["--save", "/no/such/folder/x.npz"], "cannot save to /no/such/folder/x.npz"),
    ],
)
def test_bad_settings_exit_2_with_one_line(capsys, argv, message):
    assert main(["cfr", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert message in err


def test_domino_dispatch_contract(capsys, monkeypatch):
    calls = []

    def make_domino_game(tiles, players, hand, rules):
        calls.append((tiles, players, hand, rules))
        return KuhnPoker()

    fake = types.ModuleType("omahanash.games.domino")
    fake.make_domino_game = make_domino_game
    monkeypatch.setitem(sys.modules, "omahanash.games.domino", fake)
    data = run_json(capsys, "cfr", "--game", "domino", "--tiles", "double-3", "--hand", "3",
                    "--rules", "block", "--iterations", "2", "--json")
    assert calls == [("double-3", 2, 3, "block")]
    assert data["game"] == "domino" and data["infosets"] == 12


def test_matrix_dispatch_contract(capsys, monkeypatch):
    calls = []

    def run_matrix(payoff, algorithm, iterations, opponent, seed, progress=None):
        calls.append((payoff, algorithm, iterations, opponent, seed))
        progress(iterations, iterations)
        return {"game": "matrix", "algorithm": algorithm, "iterations": iterations,
                "infosets": 4, "actions": [["up", "down"], ["left", "right"]],
                "exploitability": [[1, 0.5]], "values": [0.25, -0.25],
                "strategies": [[0.75, 0.25], [0.5, 0.5]], "value": 0.2}

    # the command's own reference to the library function (imported at its module top)
    monkeypatch.setattr("omahanash.commands.cfr.run_matrix", run_matrix)
    data = run_json(capsys, "cfr", "--game", "matrix", "--payoff", "rps", "--algorithm", "rm",
                    "--iterations", "5", "--opponent", "0.4,0.3,0.3", "--seed", "2", "--json")
    assert calls == [("rps", "rm", 5, "0.4,0.3,0.3", 2)]
    assert data["exploitability"] == [[1, 0.5]]
    assert data["strategies"] == [[0.75, 0.25], [0.5, 0.5]]  # printed as the module gives it
    assert main(["cfr", "--game", "matrix", "--payoff", "[[1,0],[0,1]]", "--iterations", "3"]) == 0
    out = capsys.readouterr().out
    assert "  player 0: up 0.7500  down 0.2500\n  player 1: left 0.5000  right 0.5000" in out
    assert "value: 0.2" in out


def test_save_then_browse(capsys, tmp_path):
    path = tmp_path / "kuhn.npz"
    saved = run_json(capsys, "cfr", "--iterations", "64", "--save", str(path), "--json")
    node = run_json(capsys, "browse", str(path), "--path", "", "--json")
    assert node["path"] == "" and node["type"] == "decision" and node["player"] == 0
    assert [a["action"] for a in node["actions"]] == ["pass", "bet"]
    assert node["actions"][1]["probabilities"] == {
        card: saved["strategies"][f"{card}/"]["bet"] for card in "JQK"
    }
    node = run_json(capsys, "browse", str(path), "--path", "pass  bet", "--json")
    assert node["path"] == "pass bet" and node["player"] == 0
    assert node["actions"][0]["probabilities"]["Q"] == saved["strategies"]["Q/pb"]["pass"]
    assert main(["browse", str(path), "--path", "bet bet"]) == 0
    assert "node type: terminal" in capsys.readouterr().out
    assert main(["browse", str(path), "--path", "check"]) == 2
    assert "no public node 'check'" in capsys.readouterr().err
    damaged = tmp_path / "damaged.npz"
    damaged.write_bytes(path.read_bytes()[:-100])
    assert main(["browse", str(damaged), "--path", ""]) == 2
    assert "not a saved CFR solution" in capsys.readouterr().err


def test_interactive_browse_with_piped_input(tmp_path):
    path = tmp_path / "kuhn.npz"
    assert main(["cfr", "--iterations", "16", "--save", str(path)]) == 0
    proc = subprocess.run(
        [sys.executable, "-m", "omahanash", "browse", str(path)],
        input="1\n-1\nJ\n-2\n", capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "current node: .\nnode type: decision\nplayer: 0\n" in proc.stdout
    assert "current node: bet\nnode type: decision\nplayer: 1\n" in proc.stdout
    assert "J/b (player 1): pass (" in proc.stdout
    assert "-1) enter an information set\n-2) finish" in proc.stdout


def test_thesis_figure_2_6_through_the_cli(capsys, tmp_path):
    """The thesis's second domino setting (its Figures 2.6 and 2.7), solved with CFR+ and read
    at the root with ``browse --path ""``: the hands the figure plays at ~98 % play the same
    tile here."""
    saved = tmp_path / "second.npz"
    data = run_json(capsys, "cfr", "--game", "domino", "--tiles",
                    "[0|0][0|1][0|2][1|1][1|2][2|2]", "--hand", "2", "--rules", "thesis",
                    "--algorithm", "cfr+", "--iterations", "1000", "--save", str(saved), "--json")
    assert data["infosets"] == 114
    assert data["exploitability"][-1][1] < 1e-5
    root = run_json(capsys, "browse", str(saved), "--path", "", "--json")
    assert root["type"] == "decision" and root["player"] == 0 and root["path"] == ""
    plays = {a["action"]: a["probabilities"] for a in root["actions"]}
    assert list(plays) == ["[0|0]", "[0|1]", "[0|2]", "[1|1]", "[1|2]", "[2|2]"]
    assert plays["[0|0]"]["[0|0][0|1]"] >= 0.95  # figure: 0.98399
    assert plays["[2|2]"]["[1|1][2|2]"] >= 0.95  # figure: 0.97649
    # Every hand's probabilities add up to 1 over the tiles it holds.
    totals: dict[str, float] = {}
    for probabilities in plays.values():
        for hand, p in probabilities.items():
            totals[hand] = totals.get(hand, 0.0) + p
    assert len(totals) == 15 and all(t == pytest.approx(1.0) for t in totals.values())


def test_default_domino_setting_is_the_thesis_first_one_and_trivial(capsys):
    """The default --tiles is the thesis's first setting (Figure 2.4). With four tiles dealt
    two and two nothing is hidden, and under the thesis rules no choice changes the outcome of
    a deal, so uniform play is already an equilibrium: exploitability 0 after one iteration
    (see tests/games/test_domino.py for why)."""
    data = run_json(capsys, "cfr", "--game", "domino", "--iterations", "1", "--json")
    assert data["settings"]["tiles"] == "[0|0][0|1][0|2][1|2]"
    assert data["settings"]["players"] == 2 and data["settings"]["hand"] == 2
    assert data["infosets"] == 14
    assert data["exploitability"] == [[1, 0.0]]
