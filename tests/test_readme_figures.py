"""scripts/readme_figures.py regenerates the README's figure tables from the command line's
answers (published figures must be reproducible). Run on a small case (Hold'em,
2,000 simulated matches) against a copy of the README, its rows must be what the library
computes for the same spot, and --write must put them in the marked table."""

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


def test_every_marked_table_is_known_and_the_readme_has_each_marker():
    listed = run_script("--list").stdout.split()
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert listed == ["ranges", "sweep", "widths-caller", "widths-pusher",
                      "tournament-length", "tournament-opponent"]
    for name in listed:
        assert text.count(f"<!-- figures: {name} -->") == 1, name


def test_tournament_rows_are_what_the_library_computes(tmp_path):
    """Hold'em at the Miltersen–Sørensen structure: the chain's row is the library's
    ``run_tournament`` (an independent in-process call), the simulated row its seeded
    simulation; --write puts the rows in a copy of the README and --check then passes."""
    readme = tmp_path / "README.md"
    readme.write_text((ROOT / "README.md").read_text(encoding="utf-8"), encoding="utf-8")
    done = run_script("tournament-length", "--games", "holdem", "--trials", "2000",
                      "--readme", str(readme), "--write")
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
    written = readme.read_text(encoding="utf-8")
    assert expected_chain in written and expected_sim in written
    assert "| Omaha Hi (chain) |" in written  # rows of games not run stay
    again = run_script("tournament-length", "--games", "holdem", "--trials", "2000",
                       "--readme", str(readme), "--check")
    assert again.returncode == 0, again.stderr


def test_check_fails_on_a_stale_figure(tmp_path):
    readme = tmp_path / "README.md"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    marker = "<!-- figures: widths-pusher -->"
    head, tail = text.split(marker)
    table_end = tail.index("\n\n")
    stale = tail[:table_end].replace("| 0.67 |", "| 0.99 |")
    assert stale != tail[:table_end], "the README's widths-pusher table has 0.67"
    readme.write_text(head + marker + stale + tail[table_end:], encoding="utf-8")
    done = run_script("widths-pusher", "--games", "holdem", "--readme", str(readme),
                      "--check")
    assert done.returncode == 1 and "widths-pusher" in done.stderr
    assert "| gain (chips/hand) | 0.67 |" in done.stdout


@pytest.mark.parametrize("args", [["nosuch"], ["--games", "stud"]])
def test_bad_arguments_exit_2(args):
    done = run_script(*args)
    assert done.returncode == 2 and "unknown" in done.stderr
