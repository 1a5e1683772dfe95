import subprocess
import sys

from omahanash.cli import main


def test_help_lists_commands(capsys):
    try:
        main(["--help"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    assert "bench" in out


def test_bad_usage_is_one_line_exit_2():
    proc = subprocess.run(
        [sys.executable, "-m", "omahanash", "no-such-command"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "no-such-command" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_bench_unknown_section(capsys):
    assert main(["bench", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "'nonsense'" in err and len(err.strip().splitlines()) == 1


# Parsing every command (and a command's --help) imports its parser module alone: no numba, no
# solver, no command implementation (omahanash.cli.handler imports that after parsing).
STARTUP_SCRIPT = """
import json, sys
from omahanash.cli import build_parser
parser = build_parser()
for argv in json.loads(sys.argv[1]):
    try:
        parser.parse_args(argv)
    except SystemExit as exc:  # --help
        assert exc.code == 0, (argv, exc.code)
light = ("omahanash.commands.parsers", "omahanash.commands._args")
# the chart's defaults live in a module without numba, read through the lazy push/fold face
light_library = ("omahanash.pushfold", "omahanash.pushfold.chart_defaults", "omahanash.lazy")
heavy = [m for m in sys.modules
         if m not in light_library and (m.split(".")[0] == "numba"
         or m.startswith(("omahanash.pushfold", "omahanash.jamfold", "omahanash.cfr.",
                          "omahanash.equity", "omahanash.tournament", "omahanash.history",
                          "omahanash.trainer", "omahanash.evaluate", "omahanash.ranges"))
         or (m.startswith("omahanash.commands.") and not m.startswith(light)))]
print(json.dumps(sorted(heavy)))
"""

PARSED = [
    ["hand", "AKs", "--game", "holdem"],
    ["equity", "As Ah Kd 7c", "Ks Qd 8h 9h"],
    ["range", "top 15%"],
    ["table", "info", "--game", "holdem"],
    ["solve", "--game", "holdem", "--stacks", "100", "100"],
    ["solve", "--game", "holdem", "--stacks", "100", "100", "100", "--payouts", "1"],
    ["exploit", "--game", "holdem", "--pusher", "top 20%"],
    ["icm", "--stacks", "1", "2", "--payouts", "1"],
    ["review", "x.txt"],
    ["tournament", "--game", "holdem", "--chips", "200", "--stacks", "100", "100"],
    ["chart", "--game", "holdem", "--players", "3", "--stacks-bb", "5,10", "--out", "c.json"],
    ["train", "--stats"],
    ["cfr", "--game", "kuhn"],
    ["browse", "x.cfr"],
    ["perfect", "nim", "3", "4"],
    ["games", "subtract", "9"],
    ["bench", "startup"],
    ["solve", "--help"],
    ["--help"],
]


def test_parsing_imports_no_solver():
    import json

    proc = subprocess.run([sys.executable, "-c", STARTUP_SCRIPT, json.dumps(PARSED)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == []


def test_every_handler_is_a_function_of_its_implementation():
    import argparse
    import importlib

    from omahanash.cli import _nested_parsers, build_parser, handler

    parser = build_parser()
    references = set()
    for command in _nested_parsers(parser):
        reference = command._defaults.get("handler")
        if callable(reference):  # solve: heads-up or a table, from the stacks
            for stacks in ([100.0, 100.0], [100.0, 100.0, 100.0]):
                references.add(reference(argparse.Namespace(stacks=stacks, lock=None,
                                                            node=None)))
        elif reference is not None:
            references.add(reference)
    # 15 commands, of which table has 5 actions, perfect 3 games and solve 2 implementations
    assert len(references) == 22
    for reference in references:
        module, _, name = reference.partition(":")
        assert callable(getattr(importlib.import_module(module), name)), reference
    args = parser.parse_args(["solve", "--game", "holdem", "--stacks", "1", "2", "3"])
    assert handler(args).__module__ == "omahanash.commands.solve.table"
