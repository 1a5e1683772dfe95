"""The opponent model of a review: the strategy the hero's decisions are judged
against.

By default the opponent plays the equilibrium in both roles (``"nash"``). A model locks the
opponent's **pusher** (what the small blind pushes, faced by a big-blind hero) and/or its
**caller** (what the big blind calls, faced by a small-blind hero) to a spec that
:func:`omahanash.jamfold.exploit.lock_strategy` takes and that makes sense at every spot:

* range text (:func:`omahanash.ranges.parse_range`: Hold'em ``22+,A2s+,K9s+``, the Omaha
  syntax ``AA**,KxKy**``, ``top 20%``);
* ``nash@15``: the equilibrium at an effective stack of 15 big blinds, same blinds, ante and
  dead money as the spot;
* ``file:PATH`` or ``PATH.jamfold``: the strategy of a saved jam-fold solution;
* ``nash``: the equilibrium of the spot itself, the default;
* (from Python) a :class:`~omahanash.ranges.Range`.

**Checked up front** (:func:`opponent_model`, before any hand is read or solved): the spec's
form, ``nash@STACK``'s stack, that a saved solution can be read, and that range text is a
range of some game (Hold'em or Omaha syntax); anything else is one :class:`InputError`.

**Per variant** (:meth:`Opponent.refusal`): a model that does not describe a variant's hands
puts that variant's spots outside the model, saying why, and the rest of the session is still
reviewed (a review of a session where it fits no spot at all is an error instead: see
:mod:`omahanash.history.review`). Range text that one game cannot read does not fit it (an
Omaha pattern ``AA**`` against Hold'em); Hold'em's suited/offsuit notation (``AKs``,
``A2s+``, ``KTo-K7o``) does not fit Omaha although the Omaha syntax would read it (as a
spade and a rank variable: other hands than meant); text both games read (``AA``, ``top
20%``) fits both, read in each game's syntax. A saved solution fits its own variant, a
:class:`~omahanash.ranges.Range` its own.

>>> model = opponent_model({"caller": "22+,A2s+,K9s+"})
>>> model.as_dict(), model.describe()
({'pusher': 'nash', 'caller': '22+,A2s+,K9s+'}, 'pusher nash, caller 22+,A2s+,K9s+')
>>> model.refusal("caller", "holdem") is None, model.refusal("pusher", "omaha-hi") is None
(True, True)
>>> print(model.refusal("caller", "omaha-hi"))
opponent model '22+,A2s+,K9s+' is a Hold'em range (AKs/AKo notation), not an omaha-hi one
>>> opponent_model("QX+")
Traceback (most recent call last):
...
omahanash.errors.InputError: vs (pusher): bad range 'QX+' at column 1 ...: '+' needs explicit ranks
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.jamfold.exploit import (
    NASH_SPEC,
    SOLUTION_PREFIX,
    SOLUTION_SUFFIX,
    nash_at_stack,
)
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.solution import check_player, read_solution_file
from omahanash.ranges import Range, parse_range

if TYPE_CHECKING:
    from omahanash.ranges import Range

ROLES = ("pusher", "caller")
#: The text of the default model (the equilibrium), in the JSON and the reports.
NASH = "nash"
#: The opponent's role against a hero in each position: the small blind pushes into the big
#: blind's calls.
OPPONENT_ROLE = {"SB": "caller", "BB": "pusher"}
# Hold'em's suited/offsuit notation: two ranks and s or o, alone between separators.
_HOLDEM_NOTATION = re.compile(r"(?<![\w*\]$])[2-9TJQKA]{2}[so](?![\w*\[$])")
_SPEC_KINDS = "range text, nash, nash@STACK, file:PATH or a Range"


@dataclass(frozen=True)
class _Model:
    """One role's model: its text; ``stack`` (nash@STACK), ``path`` (a saved solution) or
    ``given_range`` (a Range object) say what it is, none of them: range text."""

    text: str
    stack: str | None = None
    path: str | None = None
    saved_variant: str | None = None
    given_range: Range | None = None


class Opponent:
    """Per role, the opponent's model (None: the equilibrium); made by :func:`opponent_model`,
    which checks it. Range text is parsed once per variant and kept.

    >>> Opponent().is_nash, Opponent().describe()
    (True, 'Nash equilibrium')
    """

    def __init__(self, pusher: _Model | None = None, caller: _Model | None = None) -> None:
        self._models = {"pusher": pusher, "caller": caller}
        self._ranges: dict[tuple[str, str], Range | InputError] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opponent) and self.as_dict() == other.as_dict()

    def __hash__(self) -> int:
        return hash(tuple(self.as_dict().items()))

    def __repr__(self) -> str:
        return f"Opponent({self.as_dict()})"

    @property
    def is_nash(self) -> bool:
        """True when both roles play the equilibrium (the review of old, to the bit)."""
        return all(model is None for model in self._models.values())

    def has_model(self, role: str) -> bool:
        """Whether ``role`` (``"pusher"``/``"caller"``) is locked to a model."""
        return self._models[check_player(role)] is not None

    def text(self, role: str) -> str:
        """``role``'s model as text: ``"nash"`` or the spec.

        >>> opponent_model({"pu": "AA"}).text("pusher"), opponent_model(None).text("caller")
        ('AA', 'nash')
        """
        model = self._models[check_player(role)]
        return NASH if model is None else model.text

    def as_dict(self) -> dict[str, str]:
        """``{"pusher": ..., "caller": ...}``: the JSON's ``opponent``."""
        return {role: self.text(role) for role in ROLES}

    def describe(self) -> str:
        """One line for the reports: ``Nash equilibrium`` or each role's model."""
        if self.is_nash:
            return "Nash equilibrium"
        return ", ".join(f"{role} {self.text(role)}" for role in ROLES)

    def nash_params(self, role: str, params: JamFoldParams) -> JamFoldParams | None:
        """The game whose equilibrium ``role``'s model takes at the spot ``params``
        (``nash@STACK``: the same blinds, ante and dead money at that stack), else None; an
        :class:`InputError` when that stack makes no game with these blinds.

        >>> model = opponent_model("nash@15")
        >>> model.nash_params("caller", JamFoldParams("holdem", sb=0.5, bb=1, stacks=8)).stacks
        (15.0, 15.0)
        """
        model = self._models[check_player(role)]
        if model is None or model.stack is None:
            return None
        return nash_at_stack(params, model.stack)

    def refusal(self, role: str, variant: str) -> str | None:
        """Why ``role``'s model does not describe ``variant``'s hands (see the module), or
        None when it does (or the role plays the equilibrium)."""
        model = self._models[check_player(role)]
        variant = Variant.parse(variant)
        if model is None or model.stack is not None:
            return None
        if model.saved_variant is not None:
            return None if model.saved_variant == variant else \
                f"opponent model {model.text}: a {model.saved_variant} solution, not {variant}"
        if model.given_range is not None:
            return None if model.given_range.variant == variant else \
                f"opponent model {model.text!r}: a {model.given_range.variant} range, not {variant}"
        if variant is not Variant.HOLDEM and _HOLDEM_NOTATION.search(model.text) \
                and not isinstance(self._parsed(role, Variant.HOLDEM), InputError):
            return (f"opponent model {model.text!r} is a Hold'em range (AKs/AKo notation), "
                    f"not an {variant} one")
        parsed = self._parsed(role, variant)
        return f"opponent model: {parsed}" if isinstance(parsed, InputError) else None

    def lock_spec(self, role: str, variant: str) -> Any:
        """What :func:`~omahanash.jamfold.exploit.lock_strategy` locks ``role`` to in
        ``variant``'s spots: the parsed range (parsed once), or the spec text (nash@STACK, a
        saved solution). Only for a role with a model that fits (see :meth:`refusal`)."""
        model = self._models[check_player(role)]
        if model is None:
            raise InputError(f"the {role} plays the equilibrium: there is nothing to lock")
        if model.given_range is not None:
            return model.given_range
        if model.stack is not None or model.path is not None:
            return model.text
        parsed = self._parsed(role, Variant.parse(variant))
        if isinstance(parsed, InputError):
            raise parsed
        return parsed

    def _parsed(self, role: str, variant: Variant) -> Range | InputError:
        """``role``'s range text parsed for ``variant``, or why it cannot be (kept)."""
        key = (role, str(variant))
        if key not in self._ranges:
            text = self.text(role)
            try:
                self._ranges[key] = parse_range(text, variant)
            except InputError as error:
                self._ranges[key] = error
        return self._ranges[key]


def opponent_model(vs: Any) -> Opponent:
    """The checked opponent model of ``vs``: None (the equilibrium), one spec for the
    opponent in both roles, or a mapping ``{"pusher": spec, "caller": spec}`` (a missing key,
    None or ``"nash"``: the equilibrium in that role). Specs: see the module. A spec that
    cannot be right anywhere raises :class:`InputError` naming ``vs`` and the role.

    >>> opponent_model("nash@15").as_dict()
    {'pusher': 'nash@15', 'caller': 'nash@15'}
    >>> opponent_model({"caller": "nash"}).is_nash
    True
    >>> opponent_model({"dealer": "AA"})
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: vs: a role is pusher or caller, got 'dealer'
    """
    if isinstance(vs, Opponent):
        return vs
    if vs is None or isinstance(vs, str) or _is_range(vs):
        by_role: dict[str, Any] = {role: vs for role in ROLES}
    elif isinstance(vs, Mapping):
        by_role = {}
        for key, spec in vs.items():
            try:
                role = check_player(key)
            except InputError:
                raise InputError(f"vs: a role is pusher or caller, got {key!r}") from None
            by_role[role] = spec
    else:
        raise InputError(f"vs takes {_SPEC_KINDS}, or a mapping of them by role (pusher, "
                         f"caller), got {vs!r}")
    opponent = Opponent(*(_model(by_role.get(role), role) for role in ROLES))
    for role in ROLES:
        model = opponent._models[role]
        if model is not None and model.stack is None and model.path is None \
                and model.given_range is None:
            _check_some_game_reads(opponent, role)
    return opponent


def _is_range(spec: object) -> bool:
    return isinstance(spec, Range)


def _model(spec: Any, role: str) -> _Model | None:
    """One role's spec, its form checked (range text is checked by the caller)."""
    if spec is None:
        return None
    if _is_range(spec):
        return _Model(str(spec.text), given_range=spec)
    if not isinstance(spec, str):
        raise InputError(f"vs ({role}) takes {_SPEC_KINDS}, got {spec!r}")
    text = spec.strip()
    if not text:
        raise InputError(f"vs ({role}): the opponent model is empty (give a range, or "
                         f"{NASH} for the equilibrium)")
    nash = NASH_SPEC.fullmatch(text)
    if nash is not None:
        stack = nash.group("stack")
        if stack is None:
            return None  # the equilibrium itself: the default model
        try:  # in big blinds, as at the grid spots
            nash_at_stack(JamFoldParams("holdem", sb=0.5, bb=1), stack.strip())
        except InputError as error:
            raise InputError(f"vs ({role}): {error}") from None
        return _Model(text, stack=stack.strip())
    if text.lower().startswith(SOLUTION_PREFIX) or text.lower().endswith(SOLUTION_SUFFIX):
        path = text[len(SOLUTION_PREFIX):] if text.lower().startswith(SOLUTION_PREFIX) \
            else text
        try:
            header, _ = read_solution_file(os.path.expanduser(path))
            saved = Variant.parse(header["params"]["game"])
        except (InputError, KeyError, TypeError) as error:
            raise InputError(f"vs ({role}): {error}") from None
        return _Model(text, path=path, saved_variant=str(saved))
    return _Model(text)


def _check_some_game_reads(opponent: Opponent, role: str) -> None:
    """Range text must be a range in Hold'em or in Omaha (whose syntax Omaha Hi/Lo shares)."""
    errors = [opponent._parsed(role, variant) for variant in (Variant.HOLDEM, Variant.OMAHA_HI)]
    if not all(isinstance(error, InputError) for error in errors):
        return
    messages = list(dict.fromkeys(str(error) for error in errors))
    raise InputError(f"vs ({role}): " + (messages[0] if len(messages) == 1 else
                     f"not a range in Hold'em ({messages[0]}) nor in Omaha ({messages[1]})"))
