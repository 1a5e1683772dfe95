"""``omahanash hand``: lookup by id, cards or name; JSON and text; bad input exits 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from omahanash.cli import main


def _json(capsys, *argv: str) -> dict:
    assert main(["hand", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_omaha_id_json(capsys):
    assert _json(capsys, "4527", "--game", "omaha") == {
        "game": "omaha-hi",
        "id": 4527,
        "cards": "2s 4s 3c 9c",
        "group": "aabb",
        "combos": 12,
    }


@pytest.mark.parametrize("argv", [["6h Qd 6c Ac"], ["6h", "Qd", "6c", "Ac"], ["Ac,6c,Qd,6h"]])
def test_omaha_cards_json(capsys, argv):
    assert _json(capsys, *argv, "--game", "omaha-hilo") == {
        "game": "omaha-hilo",
        "id": 12025,
        "cards": "6h Qd 6c Ac",
        "group": "aabc",
        "combos": 24,
    }


def test_holdem_name_and_cards_json(capsys):
    expected = {
        "game": "holdem",
        "id": 1,
        "name": "AKs",
        "cards": "As Ks",
        "group": "suited",
        "combos": 4,
    }
    assert _json(capsys, "AKs", "--game", "holdem") == expected
    assert _json(capsys, "Kh Ah", "--game", "holdem") == expected
    assert _json(capsys, "1", "--game", "holdem") == expected


def test_members_listed(capsys):
    data = _json(capsys, "AA", "--game", "holdem", "--members")
    assert data["combos"] == 6
    assert data["members"] == ["Ac Ad", "Ac Ah", "Ac As", "Ad Ah", "Ad As", "Ah As"]


def test_text_output(capsys):
    assert main(["hand", "2s4s3c9c"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(None, 1) for line in lines] == [
        ["game", "omaha-hi"],
        ["id", "4527"],
        ["cards", "2s 4s 3c 9c"],
        ["group", "aabb"],
        ["combos", "12"],
    ]


def test_json_through_the_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "omahanash", "hand", "12025", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["cards"] == "6h Qd 6c Ac"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["2s 4s 3c 9x"], "'9x'"),
        (["16432"], "0..16431"),
        (["AK", "--game", "holdem"], "'AK'"),
        (["AAs", "--game", "holdem"], "'AAs'"),
        (["4527", "--game", "stud"], "'stud'"),
        (["2s", "2s", "3c", "4c"], "'2s'"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, argv, fragment):
    assert main(["hand", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and fragment in captured.err


@pytest.mark.parametrize(("argv", "fragment"), [(["2s 4s 3c 9x"], "'9x'"), (["-5"], "0..16431")])
def test_bad_input_through_the_entry_point(argv, fragment):
    proc = subprocess.run(
        [sys.executable, "-m", "omahanash", "hand", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1
    assert fragment in proc.stderr
    assert "Traceback" not in proc.stderr
