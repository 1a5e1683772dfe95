"""Crafted save files: a header whose checksum is right but whose fields or dtypes
are not what this program writes is refused by every kind's reader with the container's one
message (``cannot read PATH: not a … (reason)``), never a ``KeyError`` or a numpy error."""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import omahanash as on
from omahanash import savefile
from omahanash.cfr.storage import CFR_SOLUTION
from omahanash.equity.tablefile import EQUITY_TABLE
from omahanash.jamfold.solution import JAMFOLD_SOLUTION
from omahanash.resources import resource_path
from omahanash.savefile import SaveFileError

Edit = Callable[[dict], None]


def craft(source: Path, target: Path, edit: Edit) -> Path:
    """A copy of ``source`` whose JSON header went through ``edit``, with a valid crc32 (the
    new header is padded with spaces to its old length, so the arrays stay where they were)."""
    raw = bytearray(source.read_bytes())
    magic, version, length, _ = struct.unpack("<8sIII", raw[:20])
    header = json.loads(raw[20:20 + length])
    first = header["arrays"][0]["offset"] if header["arrays"] else len(raw)
    edit(header)
    text = json.dumps(header, sort_keys=True).encode()
    assert 20 + len(text) <= first, "the edited header does not fit"
    text = text.ljust(max(length, len(text)), b" ")
    raw[:20 + len(text)] = struct.pack("<8sIII", magic, version, len(text),
                                       zlib.crc32(text)) + text
    target.write_bytes(bytes(raw))
    return target


def _raw_header(path: Path) -> dict:
    raw = path.read_bytes()
    return json.loads(raw[20:20 + struct.unpack("<I", raw[12:16])[0]])


def _array(name: str, **change: object) -> Edit:
    def edit(header: dict) -> None:
        for desc in header["arrays"]:
            if desc["name"] == name:
                desc.update(change)
    return edit


def _drop_array(name: str) -> Edit:
    def edit(header: dict) -> None:
        header["arrays"] = [d for d in header["arrays"] if d["name"] != name]
        if isinstance(header.get("array_crc"), dict):
            header["array_crc"].pop(name, None)
    return edit


def _meta(key: str, value: object = KeyError) -> Edit:
    def edit(header: dict) -> None:
        if value is KeyError:
            del header["meta"][key]
        else:
            header["meta"][key] = value
    return edit


def _field(key: str, value: object = KeyError) -> Edit:
    def edit(header: dict) -> None:
        if value is KeyError:
            del header[key]
        else:
            header[key] = value
    return edit


# (edit, a fragment of the reason)
CONTAINER_EDITS: list[tuple[Edit, str]] = [
    (_field("array_crc", None), "array_crc"),
    (_field("array_crc", {"x": "0"}), "array_crc"),
    (_field("meta", [1, 2]), "'meta'"),
    (_field("complete", "yes"), "'complete'"),
    (_field("kind", 5), "'kind'"),
    (_field("version", "2"), "'version'"),
    (_field("blocks"), "damaged header"),
    (_field("arrays", [5]), "array description"),
    (_field("blocks", {"cells": 3}), "block layout"),
]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One genuine file of each kind: a CFR solution, a jam-fold solution, the Hold'em table
    (written at once) and a blocked container."""
    folder = tmp_path_factory.mktemp("genuine")
    cfr = on.save_solution(on.solve_cfr(on.make_game("kuhn"), iterations=4), folder / "k.cfr")
    jamfold = on.solve_jamfold(on.JamFoldParams(variant="holdem"), solver="fp", iterations=2)
    jamfold.save(folder / "j.jamfold")
    table = folder / "holdem.table"
    shutil.copy(resource_path("holdem.table"), table)
    kind = savefile.FileKind("blocky", 1, "blocked test file")
    blocked = savefile.BlockedFile.create(folder / "b.partial", kind, {"n": 1}, 5, 2,
                                          [savefile.ArraySpec("v", "<f8", (5,), True)])
    for block in range(blocked.num_blocks):
        blocked.mark_finished(block)
    blocked.finish(folder / "b.save", {})
    return {"cfr": cfr, "jamfold": folder / "j.jamfold", "table": table,
            "blocked": folder / "b.save"}


def _readers() -> dict[str, Callable[[Path], object]]:
    blocky = savefile.FileKind("blocky", 1, "blocked test file")
    return {
        "cfr": on.load_solution,
        "jamfold": on.JamFoldSolution.load,
        "table": lambda path: savefile.read(path, EQUITY_TABLE),
        "blocked": lambda path: savefile.read(path, blocky),
    }


def _refused(reader: Callable[[Path], object], path: Path, fragment: str) -> str:
    with pytest.raises(SaveFileError) as caught:
        reader(path)
    message = str(caught.value)
    assert message.startswith(f"cannot read {path}: not a"), message
    assert fragment in message, message
    return message


@pytest.mark.parametrize("which", ["cfr", "jamfold", "table", "blocked"])
def test_the_genuine_files_are_read(saved: dict[str, Path], which: str) -> None:
    assert _readers()[which](saved[which]) is not None


@pytest.mark.parametrize("which", ["cfr", "jamfold", "table", "blocked"])
@pytest.mark.parametrize(("edit", "fragment"), CONTAINER_EDITS,
                         ids=[f"edit{i}" for i in range(len(CONTAINER_EDITS))])
def test_a_crafted_header_is_refused_by_every_kind(saved: dict[str, Path], tmp_path: Path,
                                                   which: str, edit: Edit,
                                                   fragment: str) -> None:
    crafted = craft(saved[which], tmp_path / saved[which].name, edit)
    _refused(_readers()[which], crafted, fragment)


@pytest.mark.parametrize("dtype", ["|O", "|O8", "<U4", "|V8", "|S8", "<M8[s]", "[('a', '<f8')]",
                                   ">f8", "float128"])
@pytest.mark.parametrize("which", ["cfr", "jamfold", "table", "blocked"])
def test_an_array_of_a_foreign_dtype_is_refused(saved: dict[str, Path], tmp_path: Path,
                                                which: str, dtype: str) -> None:
    first = _raw_header(saved[which])["arrays"][0]["name"]
    crafted = craft(saved[which], tmp_path / saved[which].name, _array(first, dtype=dtype))
    _refused(_readers()[which], crafted, "dtype")


def test_blocked_files_need_their_block_checksums(saved: dict[str, Path], tmp_path: Path) -> None:
    blocky = savefile.FileKind("blocky", 1, "blocked test file")
    crafted = craft(saved["blocked"], tmp_path / "b.save", _drop_array("block_crc"))
    _refused(lambda path: savefile.read(path, blocky), crafted, "block_crc")
    moved = craft(saved["blocked"], tmp_path / "c.save", _array("v", offset=4096 + 64))
    _refused(lambda path: savefile.read(path, blocky), moved, "layout")
    shaped = craft(saved["blocked"], tmp_path / "d.save", _array("v", shape=[10**30]))
    _refused(lambda path: savefile.read(path, blocky), shaped, "shape")


@pytest.mark.parametrize(("which", "edit", "fragment"), [
    ("cfr", _meta("algorithm"), "'algorithm'"),
    ("cfr", _meta("iterations", "many"), "'iterations'"),
    ("cfr", _meta("seed", True), "'seed'"),
    ("cfr", _array("children", dtype="<u4"), "'children'"),
    ("cfr", _drop_array("rng"), "'rng'"),
    ("jamfold", _meta("params"), "'params'"),
    ("jamfold", _meta("table", [1]), "'table'"),
    ("jamfold", _meta("table", {"game": "holdem"}), "'table'"),
    ("jamfold", _meta("solver", 3), "'solver'"),
    ("jamfold", _drop_array("history"), "history"),
    ("table", _meta("classes"), "'classes'"),
    ("table", _array("equity", dtype="<i8"), "'equity'"),
])
def test_a_kind_refuses_a_file_without_its_fields(saved: dict[str, Path], tmp_path: Path,
                                                  which: str, edit: Edit,
                                                  fragment: str) -> None:
    crafted = craft(saved[which], tmp_path / saved[which].name, edit)
    _refused(_readers()[which], crafted, fragment)


def test_a_missing_field_asked_for_is_the_containers_refusal(saved: dict[str, Path]) -> None:
    opened = savefile.read(saved["table"], EQUITY_TABLE)
    with pytest.raises(SaveFileError, match="damaged header .no field 'nosuch'"):
        opened.meta["nosuch"]
    with pytest.raises(KeyError):  # still a KeyError for code that tests for a field
        opened.arrays["nosuch"]
    assert opened.meta.get("nosuch") is None and "equity" in opened.arrays
    assert isinstance(opened.arrays["equity"], np.ndarray)


def test_the_kinds_schemas_accept_what_they_write(saved: dict[str, Path]) -> None:
    """Every declared field and array of a kind is in the genuine file, with an allowed type."""
    for path, kind in ((saved["cfr"], CFR_SOLUTION), (saved["jamfold"], JAMFOLD_SOLUTION),
                       (saved["table"], EQUITY_TABLE)):
        header = savefile.read_header(path, kind)
        assert {key for key, _ in kind.meta_types} <= set(header["meta"])
        names = {d["name"] for d in header["arrays"]}
        assert {name for name, _ in kind.array_dtypes} <= names
