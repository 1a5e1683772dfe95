"""The one atomic writer: temporary file and rename only for a regular file or a
new path; a device or a named pipe is written in place (never replaced by a file), a folder
is refused, a symbolic link keeps pointing where it did, text that cannot be encoded (a file
name's undecodable bytes) is written, not a traceback."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from omahanash.errors import InputError
from omahanash.savefile import atomic_write, refuse_overwriting_inputs, write_csv


def a_device(tmp_path: Path) -> Path:
    """A character device to write to: a private null device where the tests run as root
    (who could replace /dev/null itself if the guard broke), /dev/null otherwise."""
    if os.geteuid() == 0:
        node = tmp_path / "null"
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        return node
    return Path("/dev/null")


def test_a_regular_file_is_replaced_atomically_keeping_its_mode(tmp_path):
    target = tmp_path / "a.csv"
    target.write_text("old")
    target.chmod(0o600)
    with atomic_write(target, "w") as out:
        out.write("new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["a.csv"]


def test_a_device_is_written_in_place_not_replaced(tmp_path):
    device = a_device(tmp_path)
    before = os.stat(device)
    with atomic_write(device, "w") as out:
        out.write("gone")
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert after.st_ino == before.st_ino
    assert write_csv(device, ["a"], [["=1"]]) == device and stat.S_ISCHR(os.stat(device).st_mode)


def test_a_named_pipe_is_streamed_to(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    with atomic_write(fifo, "w") as out:
        out.write("streamed\n")
    reader.join(timeout=60)
    assert received == [b"streamed\n"] and fifo.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary file left


def test_a_folder_is_refused_and_left_alone(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "keep").write_text("keep")
    with pytest.raises(IsADirectoryError, match="a directory"):
        with atomic_write(folder, "w") as out:
            out.write("x")
    with pytest.raises(InputError, match=f"cannot write {folder}: a directory"):
        write_csv(folder, ["a"], [])
    assert (folder / "keep").read_text() == "keep"


def test_a_symbolic_link_keeps_pointing_at_its_target(tmp_path):
    target = tmp_path / "real.csv"
    target.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    with atomic_write(link, "w") as out:
        out.write("new")
    assert link.is_symlink() and target.read_text() == "new"


def test_undecodable_bytes_of_a_name_are_written_as_they_were(tmp_path):
    name = os.fsdecode(b"caf\xe9-\xff.phh")
    out = write_csv(tmp_path / "x.csv", ["file"], [[name]])
    assert out.read_bytes() == b"file\r\ncaf\xe9-\xff.phh\r\n"


def test_an_interrupted_write_leaves_the_old_file(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_write(target, "w") as out:
            out.write("half")
            raise RuntimeError
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_outputs_that_are_inputs(tmp_path):
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    hand = folder / "sub" / "h.txt"
    hand.write_text("x")
    for output in (hand, folder / "sub" / ".." / "sub" / "h.txt"):
        with pytest.raises(InputError, match="--csv .* is one of the inputs"):
            refuse_overwriting_inputs({"--csv": output, "--html": None}, [folder])
    refuse_overwriting_inputs({"--csv": tmp_path / "new.csv"}, [folder, hand])
    device = a_device(tmp_path)
    refuse_overwriting_inputs({"--csv": device}, [device])  # a device is no file to destroy


def test_a_finished_build_is_never_renamed_over_a_device_or_a_folder(tmp_path):
    from omahanash import savefile

    kind = savefile.FileKind("b", 1, "blocked file")
    device = a_device(tmp_path)
    folder = tmp_path / "folder"
    folder.mkdir()
    for target, error in ((device, "not a regular file"), (folder, "a directory")):
        built = savefile.BlockedFile.create(tmp_path / "b.partial", kind, {}, 2, 1,
                                            [savefile.ArraySpec("v", "<f8", (2,), True)])
        for block in range(built.num_blocks):
            built.mark_finished(block)
        with pytest.raises(OSError, match=error):
            built.finish(target, {})
        built.close()
    assert os.stat(device).st_rdev == os.makedev(1, 3) or not os.geteuid() == 0
    assert stat.S_ISCHR(os.stat(device).st_mode) and folder.is_dir()


def test_a_descriptor_path_is_written_through_the_descriptor_appending(tmp_path):
    """``/dev/fd/N``, ``/proc/self/fd/N`` and a link to them name the open descriptor: the
    write goes through it (appending, as ``>>`` opened it), never renamed over the file
    behind it (the file keeps its inode and its earlier text)."""
    log = tmp_path / "log.txt"
    log.write_text("earlier\n")
    inode = os.stat(log).st_ino
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    link = tmp_path / "out.csv"
    link.symlink_to(f"/proc/self/fd/{fd}")
    try:
        for name in (f"/dev/fd/{fd}", f"/proc/self/fd/{fd}", f"/proc/{os.getpid()}/fd/{fd}",
                     link):
            write_csv(name, ["a"], [[str(name)]])
    finally:
        os.close(fd)
    assert os.stat(log).st_ino == inode
    assert log.read_text().splitlines()[:3] == ["earlier", "a", f"/dev/fd/{fd}"]
    assert log.read_text().count("a\n") == 4 and sorted(p.name for p in tmp_path.iterdir()) \
        == ["log.txt", "out.csv"]  # no temporary file left beside either


def test_a_descriptor_path_to_a_pipe_streams(tmp_path):
    read_end, write_end = os.pipe()
    try:
        with atomic_write(f"/dev/fd/{write_end}", "w") as out:
            out.write("through the pipe\n")
        os.close(write_end)
        assert os.read(read_end, 100) == b"through the pipe\n"
    finally:
        os.close(read_end)


def test_stdout_appended_to_keeps_the_file_and_the_report_in_order(tmp_path):
    """The issue's case in a real shell: ``cfr --save /dev/stdout >> log`` adds the save file
    and then the printed report to ``log``, whose earlier text stays."""
    import subprocess
    import sys

    log = tmp_path / "log.txt"
    log.write_text("earlier\n")
    with open(log, "a") as out:
        done = subprocess.run([sys.executable, "-m", "omahanash", "-q", "cfr", "--game", "kuhn",
                               "--iterations", "5", "--save", "/dev/stdout"], stdout=out,
                              stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = log.read_bytes()
    assert data.startswith(b"earlier\n\x89OMNASH\n") and b"settings:" in data


def test_a_full_disk_is_one_message_and_the_old_file_stays(tmp_path, monkeypatch):
    """A write the disk has no room for: :class:`InputError` "the disk is full", the old file
    as it was, no temporary file left. On a 1 MB tmpfs (we run as root), else with fsync
    patched to fail as a full disk does (ENOSPC)."""
    import errno
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1M", "tmpfs", str(disk)],
                             capture_output=True).returncode == 0
    try:
        target = disk / "a.csv"
        target.write_text("old")
        if not mounted:
            def full(fd: int) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")
            monkeypatch.setattr(os, "fsync", full)
        with pytest.raises(InputError, match=f"cannot write {target}: the disk is full"):
            write_csv(target, ["a"], [["x" * 1000]] * 2000)
        assert target.read_text() == "old" and [p.name for p in disk.iterdir()] == ["a.csv"]
    finally:
        if mounted:
            subprocess.run(["umount", str(disk)], check=True)
