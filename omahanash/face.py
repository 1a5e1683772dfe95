"""The argument check of the library's public face: every name of ``omahanash.__all__``.

``import omahanash as on`` hands out its names lazily (``omahanash/__init__.py``); as it does,
:func:`guard` puts one check in front of each: a function is wrapped, a class has its
constructor and public class methods wrapped (in place, so ``isinstance`` and subclassing are
untouched; its public methods are checked as the constructor is). The check reads the type
hints the name already has, once, and before the call:

* arguments that do not bind (missing, unknown, too many) — an :class:`InputError` naming them;
* ``None`` where the hint does not allow it; a value of a type the hint cannot take (``int``:
  a whole number, ``20.0`` included; ``float``: a real number, never NaN nor too large for a
  float; ``str``; ``bool``; a class; a ``list``, ``tuple``, ``Sequence``, ``Mapping``,
  ``Iterable`` or ``Callable``; ``Literal``; the items of a ``list[X]`` or ``tuple[X, ...]``
  given as a list or tuple); a whole number of 2**64 or more where an ``int`` goes — an
  :class:`InputError` naming the
  argument and what it must be;
* hints it cannot check (protocols, abstract interfaces such as ``GameState``, type
  variables, ``Any``) let the value through, as do
  numpy scalars for numbers and ``str`` for a string enum such as ``Variant`` (a ``Variant``
  *is* a ``str``), ``str`` for a path.

What gets past the check and still ends in a ``TypeError``, ``AttributeError``, ``IndexError``,
``KeyError``, ``OverflowError`` or ``RecursionError`` inside (a list of the wrong things for a
hint that could not be checked) becomes an :class:`InputError` naming the call, its cause
chained. A correct call is untouched: same arguments, same result. A class is guarded in place (it
stays the class everyone uses), so there the check runs only once a call has failed with one
of those errors: the class's own checks and messages come first, whoever calls it, and a good
construction (a review makes two ``JamFoldParams`` a spot) costs nothing more.

>>> import omahanash as on
>>> on.format_cards(5)
Traceback (most recent call last):
...
omahanash.cards.CardError: format_cards(): cards must be a list or another iterable, not 5
>>> on.solve_jamfold(None)
Traceback (most recent call last):
...
omahanash.errors.InputError: solve_jamfold(): params must be a JamFoldParams, not None
>>> on.Structure(400, [(1, 2)])
Traceback (most recent call last):
...
omahanash.errors.InputError: Structure(): levels[0] must be a Level, not (1, 2)
"""

from __future__ import annotations

import collections.abc as abc
import functools
import inspect
import math
import numbers
import os
import sys
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

from omahanash.errors import InputError

#: The errors a bad argument turns into deep inside a call: made an InputError at the face.
LEAKED = (TypeError, AttributeError, IndexError, KeyError, OverflowError, RecursionError)
#: The largest whole number an ``int`` argument may be (a seed is below 2**64).
INT_LIMIT = 2**64
_ITEMS_CHECKED = 10_000  # items of a list or tuple argument looked at
_MARK = "__omahanash_face__"

Check = Callable[[Any], str | None]  # None: fine; else what the value must be


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:50]}... ({type(value).__name__})"


def _instance(kinds: tuple[type, ...], what: str) -> Check:
    return lambda value: None if isinstance(value, kinds) else what


def _whole(value: Any) -> str | None:
    """An ``int`` argument: a whole number (``20.0`` too: the function decides whether it
    takes one), below 2**64."""
    if type(value) is int:  # the common case, without the abstract-class checks below
        return None if -INT_LIMIT < value < INT_LIMIT else "a whole number below 2**64"
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, numbers.Integral)):
        try:
            whole = float(value).is_integer()
        except OverflowError:
            whole = False
        return None if whole and abs(float(value)) < INT_LIMIT else "a whole number"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return "a whole number"
    if abs(int(value)) >= INT_LIMIT:
        return "a whole number below 2**64"
    return None


def _real(value: Any) -> str | None:
    kind = type(value)
    if kind is float:
        return None if value == value else "a number, not NaN"
    if kind is int:
        return None if -1e308 < value < 1e308 else "a number that fits a float"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return "a number"
    try:
        number = float(value)
    except OverflowError:
        return "a number that fits a float"
    return "a number, not NaN" if math.isnan(number) else None


def _checker(hint: Any) -> Check | None:
    """The check of one type hint, or None when it cannot be checked (anything goes)."""
    if hint is Any or hint is object or isinstance(hint, typing.TypeVar):
        return None
    if hint is None or hint is type(None):
        return lambda value: None if value is None else "None"
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        found = [_checker(arg) for arg in args]
        checks: list[Check] = [check for check in found if check is not None]
        if len(checks) < len(found):
            return None
        def union(value: Any) -> str | None:
            for check in checks:
                if check(value) is None:
                    return None
            problems = [check(value) for check in checks]
            items = [p for p in problems if p is not None and p.startswith("[")]
            # a list whose item is wrong: that item is the problem, not the list
            return items[0] if items else " or ".join(dict.fromkeys(map(str, problems)))
        return union
    if origin is typing.Literal:
        return lambda value: None if any(value == a and type(value) is type(a) for a in args) \
            else "one of " + ", ".join(repr(a) for a in args)
    if origin is not None:
        return _container(origin, args)
    if not isinstance(hint, type):
        return None
    if hint is bool:
        return lambda value: None if isinstance(value, bool | _np_bool()) else "True or False"
    if hint is int:
        return _whole
    if hint is float:
        return _real
    if hint is str:
        return _instance((str,), "text (a str)")
    if issubclass(hint, Enum) and issubclass(hint, str):
        return _instance((str,), f"a {hint.__name__} or its name")
    pathlib = sys.modules.get("pathlib")  # not imported here: the face stays cheap to load
    if pathlib is not None and issubclass(hint, pathlib.PurePath):
        return _instance((str, os.PathLike), "a path")
    if hint is os.PathLike:
        return _instance((str, os.PathLike), "a path")
    if getattr(hint, "_is_protocol", False) or hint.__module__.startswith("numpy") \
            or inspect.isabstract(hint):
        return None  # duck-typed: a protocol, an interface (GameState), an ndarray
    if hint.__module__ == "collections.abc":
        return _container(hint, ())
    return _instance((hint,), f"a {hint.__name__}")


def _np_bool() -> type:
    """NumPy's bool type; ``bool`` while NumPy is not loaded (a NumPy bool cannot exist then).
    The face checks arguments of every public name, ``on.Variant`` included, which must not
    load NumPy (tests/test_public_api.py)."""
    numpy = sys.modules.get("numpy")
    return bool if numpy is None else numpy.bool_


def _container(origin: Any, args: tuple) -> Check | None:
    if origin in (list, tuple, abc.Sequence):
        item = _checker(args[0]) if args and (origin is not tuple or (
            len(args) == 2 and args[1] is Ellipsis)) else None

        def check(value: Any) -> str | None:
            if type(value) not in (list, tuple):
                if hasattr(value, "__array__") and not isinstance(value, (str, bytes)):
                    return None  # an array where a sequence goes
                if isinstance(value, (str, bytes)) or not isinstance(value, abc.Sequence):
                    return "a list or tuple"
            if item is not None:
                for index, element in enumerate(value[:_ITEMS_CHECKED]):
                    problem = item(element)
                    if problem is not None:
                        return f"[{index}]{problem}"
            return None
        return check
    if origin is dict or origin is abc.Mapping:
        return _instance((abc.Mapping,), "a mapping (a dict)")
    if origin in (set, frozenset, abc.Set):
        return _instance((abc.Set,), "a set")
    if origin in (abc.Iterable, abc.Collection):
        item = _checker(args[0]) if args else None

        def iterable(value: Any) -> str | None:
            if not isinstance(value, abc.Iterable):
                return "a list or another iterable"
            if item is not None and isinstance(value, (list, tuple)):  # never a generator
                for index, element in enumerate(value[:_ITEMS_CHECKED]):
                    problem = item(element)
                    if problem is not None:
                        return f"[{index}]{problem}"
            return None
        return iterable
    if origin is abc.Callable:
        return lambda value: None if callable(value) else "a function"
    if origin is type:
        return _instance((type,), "a class")
    return None


def _hints(function: Callable, namespace: dict) -> dict[str, Any]:
    """Each parameter's hint, resolved one by one (a hint naming a type the module imports
    only for type checkers is skipped, not fatal)."""
    resolved = {}
    for name, hint in getattr(function, "__annotations__", {}).items():
        if name == "return":
            continue
        if isinstance(hint, str):
            try:
                hint = eval(hint, namespace)  # noqa: S307 - the library's own annotations
            except Exception:  # noqa: BLE001 - TYPE_CHECKING-only names
                continue
        resolved[name] = hint
    return resolved


def _problem(name: str, value: Any, check: Check | None, hint: Any) -> str | None:
    if value is None and not _allows_none(hint):
        what = check(None) if check is not None else None
        return f"{name} must be {what or 'given'}, not None"
    if check is None:
        return None
    problem = check(value)
    if problem is None:
        return None
    if problem.startswith("["):  # an item: "levels[0] must be a Level"
        index, _, what = problem[1:].partition("]")
        items = value if isinstance(value, (list, tuple)) else []
        return f"{name}[{index}] must be {what}, not {_describe(items[int(index)])}"
    return f"{name} must be {problem}, not {_describe(value)}"


def _allows_none(hint: Any) -> bool:
    if hint is None or hint is type(None) or hint is Any or hint is object \
            or isinstance(hint, (str, typing.TypeVar)):
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_allows_none(arg) for arg in typing.get_args(hint))
    return hint is _UNKNOWN


_UNKNOWN = object()  # the hint of a parameter without one


def checked(function: Callable, label: str, namespace: dict | None = None,
            after: bool = False) -> Callable:
    """``function`` behind the face's check (see the module); ``label`` names it in messages.
    ``after``: check only when the call fails with one of :data:`LEAKED` (a constructor,
    wrapped in place: its own checks and messages come first, and a good call costs nothing).

    >>> def halve(x: int) -> float:
    ...     return x / 2
    >>> checked(halve, "halve")("4")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: halve(): x must be a whole number, not '4'
    """
    if getattr(function, _MARK, False):
        return function
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return function
    if namespace is None:
        namespace = getattr(function, "__globals__", {})
    hints = _hints(function, namespace)
    parameters = signature.parameters.values()
    skip = {"self", "cls"}
    # name -> (its check or None, whether None is allowed, its hint), for the parameters
    # an argument is checked for (not self/cls, not *args/**kwargs)
    checks = {p.name: (_checker(hints[p.name]) if p.name in hints else None,
                       _allows_none(hints.get(p.name, _UNKNOWN)), hints.get(p.name, _UNKNOWN))
              for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY,
                                                             p.POSITIONAL_OR_KEYWORD)]
    required = frozenset(p.name for p in parameters if p.default is p.empty and p.kind not in (
        p.VAR_POSITIONAL, p.VAR_KEYWORD))
    open_ended = any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters)
    own_error = _own_error(function, namespace)

    def refuse(name: str, value: Any) -> None:
        check, allows_none, hint = checks[name]
        problem = _problem(name, value, check, hint)
        if problem is not None:
            raise own_error(f"{label}(): {problem}")

    def bind_error(args: tuple, kwargs: dict) -> InputError:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as error:
            return InputError(f"{label}(): {error}")
        return InputError(f"{label}(): cannot bind the arguments")  # pragma: no cover

    def inspect_call(args: tuple, kwargs: dict) -> None:
        """Raise for the first bad argument: the arguments given first (their types), then
        one missing, unknown or in excess. A fast bind: this runs on every call."""
        for name, value in zip(positional, args):
            if name not in skip:
                check, allows_none, _ = checks[name]
                if (value is None and not allows_none) or (
                        check is not None and value is not None and check(value) is not None):
                    refuse(name, value)
        for name, value in kwargs.items():
            if name in checks and name not in skip:
                check, allows_none, _ = checks[name]
                if (value is None and not allows_none) or (
                        check is not None and value is not None and check(value) is not None):
                    refuse(name, value)
        if not open_ended and (len(args) > len(positional)
                               or any(name not in checks for name in kwargs)):
            raise bind_error(args, kwargs)
        if required and not required <= {*positional[:len(args)], *kwargs}:
            raise bind_error(args, kwargs)

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not after:
            inspect_call(args, kwargs)
        try:
            return _guard_returned(function(*args, **kwargs))
        except InputError:
            raise
        except LEAKED as error:
            if after:  # a constructor: its own checks ran first; now name the argument
                try:
                    inspect_call(args, kwargs)
                except InputError as named:
                    raise named from error
            given = ", ".join(name for name in [*positional[:len(args)], *kwargs]
                              if name not in skip)
            raise InputError(f"{label}(): bad argument ({given}): {type(error).__name__}: "
                             f"{error}") from error

    setattr(wrapper, _MARK, True)
    return wrapper


def _guard_returned(result: Any) -> Any:
    """``result``, its class guarded first when it is a public class of the face not guarded
    yet (``on.solve_jamfold`` hands out a ``JamFoldSolution`` whether or not
    ``on.JamFoldSolution`` was looked up: its methods are checked all the same)."""
    cls = type(result)
    if cls.__dict__.get(_MARK) or cls.__module__ in ("builtins", "numpy"):
        return result
    face = sys.modules.get("omahanash")
    exports = getattr(face, "_EXPORTS", {})
    if exports.get(cls.__name__) is not None and getattr(face, cls.__name__, None) is cls:
        _guard_class(cls, cls.__name__)
    return result


def _own_error(function: Callable, namespace: dict) -> type[InputError]:
    """The error type of ``function``'s module when it defines one (``CardError`` for the
    card functions), so the face raises what the function itself would."""
    module = getattr(function, "__module__", None)
    for value in namespace.values():
        if isinstance(value, type) and issubclass(value, InputError) and value is not InputError \
                and value.__module__ == module and "__init__" not in vars(value):
            return value
    return InputError


def guard(value: Any, name: str) -> Any:
    """What ``omahanash.<name>`` hands out: ``value`` behind the check (a function wrapped; a
    class's constructor and public class methods wrapped in place; exceptions, modules
    and other values as they are)."""
    if isinstance(value, type):
        if issubclass(value, BaseException) or issubclass(value, Enum):
            return value  # an error type; Variant checks its own value (_missing_)
        _guard_class(value, name)
        return value
    if isinstance(value, types.ModuleType):  # omahanash.equity checks its calls itself
        return value
    if callable(value):
        return checked(value, name)
    return value


def _guard_class(cls: type, name: str) -> None:
    if cls.__dict__.get(_MARK):
        return
    namespace = vars(sys.modules[cls.__module__])
    init = cls.__dict__.get("__init__")
    # In place (the class stays the class, for every caller): so the check runs only when a
    # call fails with a leaked error, after the class's own checks (same messages as before,
    # whoever calls; nothing added to a good call).
    if init is not None and inspect.isfunction(init):
        cls.__init__ = checked(init, name, namespace, after=True)  # type: ignore[misc]
    for attribute, member in list(cls.__dict__.items()):
        if attribute.startswith("_"):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            wrapped = checked(member.__func__, f"{name}.{attribute}", namespace, after=True)
            setattr(cls, attribute, type(member)(wrapped))
        elif inspect.isfunction(member):  # a public method: checked as the constructor is
            setattr(cls, attribute, checked(member, f"{name}.{attribute}", namespace,
                                            after=True))
    setattr(cls, _MARK, True)
