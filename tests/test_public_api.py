"""The public face: ``import omahanash as on`` gives every documented name, lazily."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import omahanash as on

README = Path(__file__).resolve().parents[1] / "README.md"


def test_all_lists_exactly_the_lazy_exports():
    assert on.__all__ == sorted(on._EXPORTS)
    assert set(on.__all__) <= set(dir(on))
    for name in on.__all__:
        assert getattr(on, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        on.nonsense  # noqa: B018


@pytest.mark.parametrize("name", on.__all__)
def test_every_public_name_has_a_docstring_example(name):
    value = getattr(on, name)
    doc = inspect.getdoc(value) or ""
    assert ">>>" in doc, f"on.{name} has no example in its docstring"


@pytest.mark.parametrize("name", [n for n in on.__all__ if inspect.isfunction(getattr(on, n))])
def test_public_functions_are_typed(name):
    signature = inspect.signature(getattr(on, name))
    assert signature.return_annotation is not inspect.Signature.empty, name
    for parameter in signature.parameters.values():
        if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            assert parameter.annotation is not inspect.Parameter.empty, (name, parameter.name)


def test_import_is_cheap_and_compiles_nothing():
    code = ("import sys, time; t = time.perf_counter(); import omahanash as on; "
            "t = time.perf_counter() - t; heavy = [m for m in ('numba', 'numpy', 'PySide6') "
            "if m in sys.modules]; print(heavy, on.Variant.HOLDEM)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, check=True)
    assert result.stdout.split() == ["[]", "holdem"]


def test_equity_is_the_function_whether_or_not_the_package_was_imported_first():
    import omahanash.equity.exact  # noqa: F401 - binds the package as omahanash.equity

    assert callable(on.equity)
    assert on.equity("As Ah", "Ks Kd", variant="holdem").boards == 1_712_304
    # still the package too (the face wraps the function it hands out: __wrapped__)
    assert on.equity.tables.load_table is on.load_table.__wrapped__


def test_variant_is_used_and_accepts_aliases():
    assert on.Variant.parse("omaha") is on.Variant.OMAHA_HI
    assert on.Variant.parse("hilo") is on.Variant.OMAHA_HILO
    assert on.Variant.parse("hold'em") == "holdem"
    with pytest.raises(on.InputError, match="'stud'"):
        on.Variant.parse("stud")
    with pytest.raises(on.InputError, match="variant"):
        on.Variant.parse(7)


def _readme_python_example() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(import omahanash as on\n.*?)```", text, re.S)
    assert block, "the README lost its Python example"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_python_example_works_as_written():
    lines = _readme_python_example()
    *working, last = lines
    namespace: dict[str, object] = {}
    exec("\n".join(working), namespace)  # noqa: S102 - the README's own example
    result = namespace["on"].equity("Ah Ad", "Kh Kd", variant="holdem")  # type: ignore[attr-defined]
    assert result.exact and round(result.win[0], 4) == 0.8236 and round(result.tie, 4) == 0.0054
    assert namespace["s"].iterations == 256  # type: ignore[attr-defined]
    assert 0 <= namespace["on"].exploitability(namespace["g"], namespace["s"]) < 0.01  # type: ignore[attr-defined]
    lookup = namespace["sol"].lookup("Ah Kd", player="pusher")  # type: ignore[attr-defined]
    assert lookup.played > 0.999 and lookup.diff_ev == pytest.approx(
        lookup.allin_ev - lookup.fold_ev)
    with pytest.raises(on.InputError, match=re.escape("[9|9]")):
        exec(last, namespace)  # noqa: S102


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: on.JamFoldParams(variant="holdem", sb=5, bb=10, stacks=None), "stacks"),
        (lambda: on.JamFoldParams(variant="holdem", sb=5, bb=10, stacks="ten"), "stacks"),
        (lambda: on.JamFoldParams(variant="holdem", sb=-1, bb=10, stacks=100), "sb"),
        (lambda: on.JamFoldParams(variant="razz", sb=5, bb=10, stacks=100), "variant"),
        (lambda: on.equity("Ah Ad", "Kh Kd", variant="holdem", trials=1.5), "trials"),
        (lambda: on.make_game("kuhn", players=9), "players"),
        (lambda: on.make_game("kuhn", colour="red"), "colour"),
        (lambda: on.make_game("chess"), "chess"),
        (lambda: on.solve_cfr(on.make_game("kuhn"), algorithm="magic"), "magic"),
        (lambda: on.solve_cfr(on.make_game("kuhn"), iterations=-3), "iterations"),
        (lambda: on.solve_cfr(on.make_game("kuhn"), seed=2**64), "seed"),
        (lambda: on.parse_class("AKx", "holdem"), "'AK'"),
    ],
)
def test_a_wrong_argument_is_an_input_error_naming_it(call, argument):
    with pytest.raises(on.InputError) as error:
        call()
    assert argument in str(error.value)
