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
