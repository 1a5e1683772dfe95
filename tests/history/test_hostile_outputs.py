"""Hostile hand histories and output paths: the review's outputs never overwrite
an input, never run as a spreadsheet formula, never act on the terminal, and a file name
that is not UTF-8 is written, not a traceback."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest

from omahanash.cli import main
from omahanash.errors import InputError
from omahanash.history import review

ESC_NAME = "Hero\u001b]0;owned\u0007\u001b[2J\nforged line"
FORMULA_ID = '=HYPERLINK("http://evil","click")'
SCRIPT_NAME = "<script>alert(1)</script>"
TAG_ID = '"><img src=x onerror=alert(1)>'


def phh(players: tuple[str, str], hand_id: str) -> str:
    """A heads-up PHH hand (the second player pushes 8 bb, the first calls) with the given
    names and id, as TOML strings."""
    quoted = ", ".join(json.dumps(name) for name in players)
    return f"""variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1200, 800]
actions = ["d dh p1 Ah7h", "d dh p2 KsQs", "p2 cbr 800", "p1 cc", "d db 2c5d9s", "d db Th",
           "d db 3c"]
players = [{quoted}]
hand = {json.dumps(hand_id)}
"""


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "=evil.phh").write_text(phh((ESC_NAME, "+Villain"), FORMULA_ID))
    (folder / "tags.phh").write_text(phh((ESC_NAME, SCRIPT_NAME), TAG_ID))
    return folder


def _run(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    code = main(["-q", "review", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _no_control(text: str) -> None:
    assert not any(ord(c) < 32 and c != "\n" for c in text), repr(text)
    assert "\x7f" not in text and "\x9b" not in text


def test_the_text_output_escapes_what_the_files_say(capsys, hostile):
    code, out, err = _run(capsys, str(hostile))
    assert code == 0, err
    _no_control(out)
    _no_control(err)
    assert "hero: Hero\\x1b]0;owned\\x07\\x1b[2J\\nforged line" in out
    assert not any(line.startswith("forged line") for line in out.splitlines())


def test_an_error_quoting_a_file_is_escaped(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("PokerStars Hand #1\x1b[2J\x07: garbage\nmore\x1b]0;x\x07\n")
    code, out, err = _run(capsys, str(bad))
    assert code == 2
    _no_control(err)
    assert err.count("\n") == 1 and "error" in err


def test_csv_cells_that_are_formulas_are_neutralised(capsys, hostile, monkeypatch):
    monkeypatch.chdir(hostile)  # relative file names: "=evil.phh" starts a cell
    out_csv = hostile.parent / "spots.csv"
    code, _, err = _run(capsys, "=evil.phh", "tags.phh", "--csv", str(out_csv))
    assert code == 0, err
    with open(out_csv, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["hand_id"] for row in rows} == {"'" + FORMULA_ID, TAG_ID}
    assert {row["file"] for row in rows} == {"'=evil.phh", "tags.phh"}
    for row in rows:
        for cell in row.values():
            if cell and cell[:1] in "=+-@\t\r":  # ("" is in every string)
                float(cell)  # only plain numbers may start so (negative EVs)
    assert any(row["fold_ev"].startswith("-") for row in rows)  # numbers stay numbers


def test_the_html_report_escapes_every_field(capsys, hostile, tmp_path):
    page = tmp_path / "report.html"
    code, _, err = _run(capsys, str(hostile), "--html", str(page), "--hero", ESC_NAME)
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html or SCRIPT_NAME not in html
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in html
    assert "=HYPERLINK(&quot;http://evil&quot;,&quot;click&quot;)" in html


def test_a_file_name_that_is_not_utf8(capsys, tmp_path):
    folder = tmp_path / "names"
    folder.mkdir()
    raw = os.fsencode(str(folder)) + b"/caf\xe9-\xff.phh"
    with open(raw, "w", encoding="utf-8") as handle:
        handle.write(phh(("Hero", "Villain"), "7"))
    out_csv, page = tmp_path / "o.csv", tmp_path / "o.html"
    code, out, err = _run(capsys, str(folder), "--csv", str(out_csv), "--html", str(page))
    assert code == 0, err
    assert "Traceback" not in err
    cells = out_csv.read_bytes().split(b"\n")[1].split(b",")
    assert cells[1] == raw  # the name as the file system has it
    assert page.read_bytes().startswith(b"<!DOCTYPE html>")
    code, out, err = _run(capsys, str(folder), "--json")
    assert code == 0 and json.loads(out)["spots"] == 1


# -- outputs that are inputs ------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--html", "--csv"])
def test_an_output_that_is_the_input_is_refused(capsys, data_dir, tmp_path, option):
    mine = tmp_path / "mine.txt"
    mine.write_bytes((data_dir / "ps_hu_tournament_holdem.txt").read_bytes())
    before = mine.read_bytes()
    code, _, err = _run(capsys, str(mine), option, str(mine))
    assert code == 2 and f"{option} {mine} is one of the inputs" in err
    assert err.count("\n") == 1
    # another spelling, a symbolic link, a hard link, a file of an input folder
    (tmp_path / "link.txt").symlink_to(mine)
    os.link(mine, tmp_path / "hard.txt")
    for given, out in ((str(mine), f"{tmp_path}/./mine.txt"),
                       (str(mine), str(tmp_path / "link.txt")),
                       (str(mine), str(tmp_path / "hard.txt")), (str(tmp_path), str(mine))):
        code, _, err = _run(capsys, given, option, out)
        assert code == 2 and "is one of the inputs" in err, (given, out, err)
    assert mine.read_bytes() == before


def test_the_library_refuses_to_write_a_report_over_its_inputs(data_dir, tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_bytes((data_dir / "ps_hu_tournament_holdem.txt").read_bytes())
    report = review([tmp_path], persist=False)
    for write in (report.write_csv, report.write_html):
        with pytest.raises(InputError, match="one of the inputs"):
            write(mine)
    assert report.write_csv(tmp_path.parent / f"{tmp_path.name}-spots.csv").exists()


def test_devices_and_pipes_are_streamed_to(capsys, data_dir, tmp_path):
    """``--csv /dev/stdout`` writes the CSV there (a device is never replaced by a file)."""
    from tests.test_atomic_write import a_device

    device = a_device(tmp_path)  # not /dev/null itself where a regression could replace it
    code, out, err = _run(capsys, str(data_dir / "ps_hu_tournament_holdem.txt"), "--json",
                          "--csv", str(device))
    assert code == 0, err
    assert device.is_char_device()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = io.BytesIO()

    import threading

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.write(handle.read())

    reader = threading.Thread(target=read)
    reader.start()
    code, _, err = _run(capsys, str(data_dir / "ps_hu_tournament_holdem.txt"), "--csv",
                        str(fifo))
    reader.join(timeout=60)
    assert code == 0, err
    assert received.getvalue().startswith(b"hand_id,file,")
    assert fifo.is_fifo()
