"""`omahanash equity` as a user runs it: a subprocess, JSON and text output, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "omahanash", "equity", *args],
                          capture_output=True, text=True, timeout=120)


def test_json_holdem_exact():
    proc = run_cli("As Ah", "Ks Kd", "--game", "holdem", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["boards"] == 1712304 and data["exact"] is True
    assert data["equity"][0] == pytest.approx(0.819461, abs=1e-6)
    assert data["win"][0] + data["tie"] + data["win"][1] == pytest.approx(1.0)
    assert "hi" not in data and "trials" not in data


def test_json_omaha_alias_and_hilo_fields():
    proc = run_cli("Ac 2d Kh Kd", "Qs Qc 9h 9d", "--board", "3c 4d 5h", "--dead", "Js",
                   "--game", "omaha-hilo", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["game"] == "omaha-hilo" and data["boards"] == 780  # C(40, 2)
    for key in ("hi", "lo", "scoop"):
        assert len(data[key]) == 2
    assert data["hi"][0] + data["lo"][0] == pytest.approx(data["equity"][0])
    omaha = json.loads(run_cli("Ac 2d Kh Kd", "Qs Qc 9h 9d", "--board", "3c 4d 5h",
                               "--game", "omaha", "--json").stdout)
    assert omaha["game"] == "omaha-hi" and "lo" not in omaha


def test_range_runs_monte_carlo_with_stderr():
    proc = run_cli("As Ah", "KK; AKs", "--game", "holdem", "--trials", "50000", "--seed", "4",
                   "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["exact"] is False and data["trials"] == 50000 and data["seed"] == 4
    assert 0 < data["stderr"] < 0.005
    assert 0.75 < data["equity"][0] < 0.92


def test_text_output():
    proc = run_cli("As Ah Kd 7c", "Ks Qd 8h 9h", "--board", "Qs 7h 2c", "--game", "omaha")
    assert proc.returncode == 0, proc.stderr
    assert "Omaha Hi: exact, 820 boards" in proc.stdout
    assert "57.683%" in proc.stdout  # 473 / 820, see test_exact.py


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (("As Ah", "Ks Kx", "--game", "holdem"), "'Kx'"),
        (("As Ah", "Ks Kd", "--board", "Ah 2c 3d", "--game", "holdem"), "'Ah'"),
        (("As Ah Kd", "Ks Qd 8h 9h", "--game", "omaha"), "'As Ah Kd'"),
        (("As Ah", "Ks Kd", "--game", "stud"), "'stud'"),
        (("As Ah", "KK", "--game", "holdem", "--trials", "0"), "trials"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, token):
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and "Traceback" not in proc.stderr


def test_hand_against_a_range_in_the_range_language():
    result = run_cli("--hand", "As Ks", "--vs", "QQ", "--game", "holdem", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    # 6 pairs of hands, every board: small enough to enumerate (exact, no standard error)
    assert data["exact"] is True and data["boards"] == 6 * 1_712_304
    assert data["hands"] == ["As Ks", "QQ"] and abs(data["equity"][0] - 0.4605) < 1e-4


def test_a_big_range_is_monte_carlo_with_a_standard_error_and_the_hilo_split():
    result = run_cli("--hand", "As Ks Qd Jd", "--vs", "AA**,$ds", "--game", "omaha-hilo",
                     "--trials", "20000", "--seed", "5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["exact"] is False and data["trials"] == 20000 and 0 < data["stderr"] < 0.01
    assert abs(data["hi"][0] + data["lo"][0] - data["equity"][0]) < 1e-9


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--hand", "As Ks", "--vs", "QX+", "--game", "holdem"], "'QX+'"),
        (["--hand", "As Ks", "--game", "holdem"], "--hand and --vs go together"),
        (["As Ks", "Qh Qd", "--vs", "QQ", "--game", "holdem"], "not both"),
        ([], "two hands"),
    ],
)
def test_range_language_errors_are_one_line(args, fragment):
    result = run_cli(*args)
    assert result.returncode == 2 and fragment in result.stderr
    assert result.stderr.count("\n") == 1
