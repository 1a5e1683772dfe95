"""``omahanash train --tree``: a scripted pot-limit session, its ``--json`` (the node, its
actions, the answer), each answer's EVs equal to ``omahanash solve --tree pl --lookup`` at the
same spot, the verdict by the rule written out here; bad tree options exit 2 naming them."""

from __future__ import annotations

import io
import json

from omahanash.cli import main
from omahanash.trainer.history import History


def _run(monkeypatch, capsys, answers: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["-q", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_pot_limit_session_in_json(monkeypatch, capsys, tmp_path):
    db = tmp_path / "t.sqlite"
    # every node of the heads-up pot-limit tree has a call (or a check): answer c
    code, out, err = _run(monkeypatch, capsys, "c\nc\nc\n", "train", "--game", "holdem",
                          "--tree", "pl", "--stacks", "10", "--count", "3", "--seed", "5",
                          "--db", str(db), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tree"] == "pl" and data["players"] == 2 and data["payouts"] == "chips"
    assert data["spots"] == 3 and len(data["answers"]) == 3
    assert "Spot 1 · Texas Hold'em · pot limit · heads-up" in err
    for answer in data["answers"]:
        kinds = [a["action"] for a in answer["actions"]]
        assert answer["action"] == "call" and "call" in kinds and answer["node"]
        assert set(answer["actions"][0]) >= {"action", "to", "label", "percent", "ev_bb"}
        ev = {a["action"]: a["ev_bb"] for a in answer["actions"]}
        best = max(ev.values())
        mistake = best - ev["call"] > answer["tolerance_bb"]
        assert (answer["verdict"] == "mistake") is mistake
        assert abs(answer["ev_lost_bb"] - (best - ev["call"] if mistake else 0.0)) < 1e-12
    with History(db, read_only=True) as history:
        assert [r.node for r in history.tree_records()] == [a["node"] for a in data["answers"]]
    code, _, err = _run(monkeypatch, capsys, "", "train", "--export",
                        str(tmp_path / "out.csv"), "--db", str(db))
    assert code == 0 and "3 betting-tree answers written to" in err
    assert len((tmp_path / "out-trees.csv").read_text().splitlines()) == 4  # header + 3
    assert len((tmp_path / "out.csv").read_text().splitlines()) == 1  # no push/fold answer
    # the same spot through omahanash solve: the same equilibrium, the same EVs
    first = data["answers"][0]
    hand = first["hand"].replace(" ", "")
    code, out, err = _run(monkeypatch, capsys, "", "solve", "--game", "holdem", "--stacks",
                          "1000", "1000", "--sb", "50", "--bb", "100", "--tree", "pl",
                          "--lookup", hand, "--node", first["node"], "--json")
    assert code == 0, err
    looked = json.loads(out)["lookup"]["actions"]
    assert [a["action"] for a in looked] == [a["action"] for a in first["actions"]]
    for theirs, mine in zip(looked, first["actions"], strict=True):
        assert abs(theirs["ev"] / 100 - mine["ev_bb"]) < 1e-9
        assert abs(theirs["percent"] - mine["percent"]) < 1e-9


def test_an_answer_the_node_lacks_is_asked_again(monkeypatch, capsys, tmp_path):
    code, out, _ = _run(monkeypatch, capsys, "z\nc\n", "train", "--game", "holdem", "--tree",
                        "pl", "--stacks", "10", "--count", "1", "--seed", "5", "--db",
                        str(tmp_path / "t.sqlite"))
    assert code == 0 and "here, got 'z' (q to quit)" in out
    assert out.count("EV lost") == 2  # the spot's feedback and the summary


def test_bad_tree_options_exit_2_naming_them(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    for args, named in ((["--tree", "limit"], "'limit'"), (["--open", "3"], "--open"),
                        (["--tree", "pl", "--position", "push"], "--position push"),
                        (["--tree", "pl", "--players", "8"], "8"),
                        (["--tree", "pl", "--max-raises", "0"], "max-raises")):
        code, _, err = _run(monkeypatch, capsys, "", "train", "--game", "holdem", "--db", db,
                            *args)
        assert code == 2 and named in err, (args, err)
