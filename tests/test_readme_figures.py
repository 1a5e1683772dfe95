"""scripts/readme_figures.py regenerates the published figure tables (in the README and the
pages of docs/) from the command line's answers (published figures must be reproducible).
Run on a small case (Hold'em, 2,000 simulated matches) against a copy of the page that holds
the table, its rows must be what the library computes for the same spot, and --write must put
them in the marked table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from omahanash.tournament import Structure, run_tournament

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "readme_figures.py"


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=600)


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TOURNAMENT = ROOT / "docs" / "cli" / "tournament.md"
EXPLOIT = ROOT / "docs" / "cli" / "exploit.md"


def test_every_marked_table_is_known_and_has_one_place():
    listed = run_script("--list").stdout.split()
    assert listed == ["ranges", "sweep", "widths-caller", "widths-pusher",
                      "tournament-length", "tournament-opponent"]
    texts = [page.read_text(encoding="utf-8") for page in PAGES]
    for name in listed:
        assert sum(text.count(f"<!-- figures: {name} -->") for text in texts) == 1, name
    assert "<!-- figures: tournament-length -->" in TOURNAMENT.read_text(encoding="utf-8")
    assert "<!-- figures: widths-pusher -->" in EXPLOIT.read_text(encoding="utf-8")


def test_a_marker_on_two_pages_is_refused(tmp_path):
    marker = "<!-- figures: tournament-opponent -->"
    table = TOURNAMENT.read_text(encoding="utf-8")
    table = marker + table.split(marker, 1)[1]
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text(table, encoding="utf-8")
    second.write_text(table, encoding="utf-8")
    done = run_script("tournament-opponent", "--page", str(first), "--page", str(second),
                      "--check")
    assert done.returncode == 1 and "one place" in done.stderr


def test_tournament_rows_are_what_the_library_computes(tmp_path):
    """Hold'em at the Miltersen–Sørensen structure: the chain's row is the library's
    ``run_tournament`` (an independent in-process call), the simulated row its seeded
    simulation; --write puts the rows in a copy of the page and --check then passes."""
    page = tmp_path / "tournament.md"
    page.write_text(TOURNAMENT.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_script("tournament-length", "--games", "holdem", "--trials", "2000",
                      "--page", str(page), "--write")
    assert done.returncode == 0, done.stderr
    structure = Structure.fixed(8000, 300, 600)
    result = run_tournament("holdem", structure, (4000, 4000), "nash", "nash",
                            method="both", trials=2000, persist=False)
    chain, sim = result.markov, result.simulate
    q = chain.hands_quantiles
    expected_chain = (f"| Hold'em (chain) | {chain.expected_hands:.3f} | "
                      f"{chain.p_one_hand:.4f} | {q['50']} / {q['90']} / {q['99']} |")
    expected_sim = (f"| Hold'em (simulated, 2,000 matches) | {sim.expected_hands:.3f} ± "
                    f"{sim.expected_hands_stderr:.3f} | {sim.p_one_hand:.4f} ± "
                    f"{sim.p_one_hand_stderr:.4f} |")
    assert expected_chain in done.stdout
    assert expected_sim in done.stdout
    written = page.read_text(encoding="utf-8")
    assert expected_chain in written and expected_sim in written
    assert "| Omaha Hi (chain) |" in written  # rows of games not run stay
    again = run_script("tournament-length", "--games", "holdem", "--trials", "2000",
                       "--page", str(page), "--check")
    assert again.returncode == 0, again.stderr


def test_check_fails_on_a_stale_figure(tmp_path):
    page = tmp_path / "exploit.md"
    text = EXPLOIT.read_text(encoding="utf-8")
    marker = "<!-- figures: widths-pusher -->"
    head, tail = text.split(marker)
    table_end = tail.index("\n\n")
    stale = tail[:table_end].replace("| 0.67 |", "| 0.99 |")
    assert stale != tail[:table_end], "the widths-pusher table has 0.67"
    page.write_text(head + marker + stale + tail[table_end:], encoding="utf-8")
    done = run_script("widths-pusher", "--games", "holdem", "--page", str(page), "--check")
    assert done.returncode == 1 and "widths-pusher" in done.stderr
    assert "| gain (chips/hand) | 0.67 |" in done.stdout


@pytest.mark.parametrize("args", [["nosuch"], ["--games", "stud"]])
def test_bad_arguments_exit_2(args):
    done = run_script(*args)
    assert done.returncode == 2 and "unknown" in done.stderr
