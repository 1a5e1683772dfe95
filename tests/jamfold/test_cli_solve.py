"""``omahanash solve`` on the 12-class Omaha subset table (``--classes``, ``--cache-dir``)."""

from __future__ import annotations

import json

import pytest

from omahanash.cli import main
from omahanash.hands import class_cards, parse_class

from .conftest import SUBSET_IDS

CLASSES = ",".join(map(str, SUBSET_IDS))


def _solve(capsys, cache, *extra):
    code = main(["solve", "--game", "omaha", "--cache-dir", str(cache), "--classes", CLASSES,
                 *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_output_has_the_documented_fields(capsys, subset_cache):
    code, out, err = _solve(capsys, subset_cache, "--iterations", "40", "--lookup",
                            "6h 6c 3s 2d", "--player", "ca", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"game", "iterations", "range_pu", "range_ca", "postev1", "postev2", "epsilon",
            "history", "lookup"} <= set(data)
    assert data["game"] == "omaha-hi" and data["iterations"] == 40
    assert len(data["history"]) == 40 and data["history"][-1][0] == 40
    assert data["epsilon"] == pytest.approx((data["postev1"] + data["postev2"]) / 2)
    assert data["history"][-1][1:] == [data["postev1"], data["postev2"], data["epsilon"]]
    assert 0 <= data["range_pu"] <= 100 and 0 <= data["range_ca"] <= 100
    lookup = data["lookup"]
    class_id = parse_class("6h 6c 3s 2d", "omaha")
    assert lookup["player"] == "ca" and lookup["id"] == class_id
    assert lookup["cards"] == class_cards("omaha", class_id)
    assert 0 <= lookup["played"] <= 1 and lookup["fold_ev"] == -10.0
    assert lookup["diff_ev"] == pytest.approx(lookup["allin_ev"] + 10.0)
    assert "iteration" in err  # progress goes to stderr


def test_save_load_continue_and_export(capsys, subset_cache, tmp_path):
    saved = tmp_path / "run.jamfold"
    code, out, _ = _solve(capsys, subset_cache, "--iterations", "30", "--solver", "fp",
                          "--save", str(saved), "--json")
    first = json.loads(out)
    code, out, _ = _solve(capsys, subset_cache, "--iterations", "20", "--solver", "fp",
                          "--json")
    assert code == 0
    code = main(["solve", "--load", str(saved), "--cache-dir", str(subset_cache),
                 "--iterations", "0", "--export", "csv", str(tmp_path / "run.csv"), "--json"])
    reopened = json.loads(capsys.readouterr().out)
    assert code == 0 and reopened["history"] == first["history"]
    assert len((tmp_path / "run.csv").read_text().splitlines()) == 1 + len(SUBSET_IDS)
    code = main(["solve", "--load", str(saved), "--cache-dir", str(subset_cache),
                 "--iterations", "20", "--json"])
    continued = json.loads(capsys.readouterr().out)
    code, out, _ = _solve(capsys, subset_cache, "--iterations", "50", "--solver", "fp",
                          "--json")
    assert continued["iterations"] == 50 and continued["history"] == json.loads(out)["history"]


@pytest.mark.parametrize(("extra", "message"), [
    (["--sb", "0"], "SB must be > 0"),
    (["--stacks", "100", "8"], "stack S2 must exceed BB + ante"),
    (["--stacks", "1e308", "1e308"], "stack S1 must be at most 1e+12 chips"),
    (["--sb", "nan"], "SB must be a finite number"),
    (["--solver", "lp"], "unknown solver"),
    (["--lookup", "As Ks Qs Js"], "not in this table"),
    (["--lookup", "Zz"], "unknown rank 'Z'"),
    (["--lookup", "99999"], "out of range"),
    (["--lookup", "0", "--player", "sb"], "player must be pu or ca"),
    (["--iterations", "-3"], "--iterations must be >= 0"),
    (["--sweep", "2,x"], "--sweep takes stacks"),
    (["--sweep", "1,4"], "stack S2 must exceed BB + ante"),
    (["--sweep", "4", "--save", "x"], "--sweep cannot be combined with --save"),
    (["--export", "xml", "x"], "csv or json"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, subset_cache, extra, message):
    code, out, err = _solve(capsys, subset_cache, *extra)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
    assert err.startswith("omahanash solve: error:")


def test_loading_refuses_changed_parameters_and_foreign_files(capsys, subset_cache, tmp_path):
    saved = tmp_path / "run.jamfold"
    _solve(capsys, subset_cache, "--iterations", "3", "--save", str(saved))
    code = main(["solve", "--load", str(saved), "--stacks", "50", "50",
                 "--cache-dir", str(subset_cache)])
    assert code == 2 and "cannot change a loaded solution" in capsys.readouterr().err
    (tmp_path / "foreign").write_text("hello")
    code = main(["solve", "--load", str(tmp_path / "foreign"), "--cache-dir", str(subset_cache)])
    assert code == 2 and "not an omahanash jam-fold solution" in capsys.readouterr().err


def test_missing_omaha_table_says_how_to_build_it(capsys, tmp_path):
    code = main(["solve", "--game", "omaha-hilo", "--cache-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "omahanash table build --game omaha-hilo" in err
    assert "--build-table" in err


def test_build_table_builds_then_solves(capsys, tmp_path):
    ids = ",".join(map(str, SUBSET_IDS[:4]))
    code = main(["solve", "--game", "omaha-hilo", "--cache-dir", str(tmp_path), "--classes",
                 ids, "--build-table", "--iterations", "5", "--json"])
    captured = capsys.readouterr()
    assert code == 0 and json.loads(captured.out)["iterations"] == 5
    assert "omaha-hilo table" in captured.err  # the build's progress line


def test_sweep_json_and_text(capsys, subset_cache):
    code, out, _ = _solve(capsys, subset_cache, "--sweep", "2,10,20", "--json")
    rows = json.loads(out)["sweep"]
    assert code == 0 and [r["stack_bb"] for r in rows] == [2, 10, 20]
    assert all(r["epsilon"] <= 1e-3 for r in rows)  # 0.0001 BB of 10 chips
    assert set(rows[0]) == {"stack_bb", "range_pu", "range_ca", "epsilon", "iterations"}
    code, out, _ = _solve(capsys, subset_cache, "--sweep", "2,10,20", "--solver", "fp")
    lines = out.strip().splitlines()
    assert code == 0 and lines[0].split()[0] == "stack_bb" and len(lines) == 4
    assert lines[3].split()[-1] == "100"  # fictitious play: 100 iterations per stack


def test_holdem_from_the_shipped_table(capsys):
    assert main(["solve", "--game", "holdem", "--lookup", "AA", "--player", "ca",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["epsilon"] <= 1e-3 and data["range_pu"] == pytest.approx(58.4, abs=0.45)
    assert data["lookup"]["cards"] == "As Ah" and data["lookup"]["played"] > 0.999


def test_the_equilibrium_is_cached_and_read_back(capsys, subset_cache, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    for name in subset_cache.iterdir():  # the subset table, and no equilibria yet
        if name.suffix == ".table":
            (cache / name.name).symlink_to(name)
    spot = ("--sb", "1", "--bb", "2", "--ante", "0.25", "--stacks", "30", "45", "--lookup",
            "Qs Qh Jd Tc", "--json")
    code, out, err = _solve(capsys, cache, *spot)
    first = json.loads(out)
    assert code == 0 and "iteration" in err and "from the cache" not in err
    [kept] = (cache / "nash").iterdir()
    assert kept.name == "omaha-hi_sb1_bb2_ante0.25_stack30.jamfold"
    saved = kept.read_bytes()
    code, out, err = _solve(capsys, cache, *spot)
    again = json.loads(out)
    assert code == 0 and "from the cache of equilibria" in err and "iteration " not in err
    assert again == first  # history, EVs and ranges: the same run
    code, out, err = _solve(capsys, cache, *spot, "--fresh")
    assert code == 0 and "from the cache" not in err
    assert json.loads(out)["lookup"]["fold_ev"] == first["lookup"]["fold_ev"]
    code, out, _ = _solve(capsys, cache, *spot, "--iterations", "5")
    assert json.loads(out)["iterations"] == 5
    assert kept.read_bytes() == saved and len(list((cache / "nash").iterdir())) == 1


def test_dead_money_is_in_the_pot(capsys, subset_cache):
    spot = ("--stacks", "100", "100", "--lookup", "Ah 5h 4c 3d", "--json", "--fresh")
    _, out, _ = _solve(capsys, subset_cache, *spot)
    plain = json.loads(out)["lookup"]
    code, out, _ = _solve(capsys, subset_cache, *spot, "--dead-money", "20")
    dead = json.loads(out)["lookup"]
    assert code == 0 and dead["fold_ev"] == plain["fold_ev"] == -5.0
    assert dead["allin_ev"] > plain["allin_ev"] + 5  # a win takes the dead 20 too
    code, _, err = _solve(capsys, subset_cache, *spot, "--dead-money", "-1")
    assert code == 2 and "dead money must be >= 0" in err
