"""The range parser: one grammar for Hold'em and Omaha (README "Ranges").

Grammar (whitespace is ignored between cards; ``:`` and ``!`` bind tighter than ``,``, ``@``
tighter still, all left to right)::

    range    := inter ("," inter)*                 union: a hand's weight is the maximum
    inter    := weighted ((":" | "!") weighted)*   ":" minimum, "!" a * (1 - b)
    weighted := atom ["@" NUMBER ["%"]]           weight 0..1 (or 0..100 %)
    atom     := "(" range ")" | "random" | "any" | ["top"] PERCENT ["-" PERCENT]
              | HAND_MACRO | pattern ["+" | "-" | "-" pattern]

A pattern is card specs (:mod:`.patterns`); each card is a rank part (``A``…``2``, ``*``, a
rank variable — an ASCII letter —, a bracket list ``[A,2-5]``, a rank macro ``$B``) and/or a
suit part (``shdc``, a suit variable ``wxyz``, a bracket list ``[s,h]``). Hold'em also reads
``AKs`` / ``AKo``. Anything else (a Greek ``Α``, a full-width ``Ａ``) is an error naming the
character.

The text is read in two passes: the first checks the whole syntax in one linear scan (so bad
text is refused at once, whatever its length) and builds the items; the second computes their
weights, each distinct hand pattern once, checking for cancellation (a ``cancel`` flag, or
Ctrl-C in a :func:`~omahanash.runs.cancel_on_interrupt` block) between items. Text longer
than :data:`MAX_RANGE_CHARS` (5,000 characters) is refused.

>>> from omahanash.ranges import parse_range
>>> parse_range("AA:xxyy, JJ!JJJ, KK", "omaha").combos
14545.0
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from omahanash.cards import RANKS, SUITS, Variant
from omahanash.ranges.combos import num_hands
from omahanash.ranges.core import RangeError
from omahanash.ranges.notation import HAND_MACROS, RANK_MACROS, SUITED_OFFSUIT
from omahanash.ranges.patterns import ALL_RANKS, ALL_SUITS, CardSpec, Pattern, match
from omahanash.ranges.rankings import top_hand_weights
from omahanash.runs import check_interrupt

_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)[ \t]*%", re.ASCII)
_WEIGHT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)[ \t]*(%?)", re.ASCII)
_KEYWORD = re.compile(r"([Tt][Oo][Pp]|[Rr][Aa][Nn][Dd][Oo][Mm]|[Aa][Nn][Yy])(?![A-Za-z0-9])")
_SEPARATORS = ",:!()@"
_SUIT_VARIABLES = "wxyz"
_MAX_DEPTH = 50  # parentheses; deeper text would exhaust Python's recursion
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
#: Longest range text read, in characters (README "Ranges"); a full Hold'em grid written out
#: hand by hand is under 1,000.
MAX_RANGE_CHARS = 5_000

Weights = Callable[[], np.ndarray]  # an item of the first pass: its weights, when asked


def _rank_index(char: str) -> int | None:
    upper = char.upper()
    return RANKS.index(upper) if len(upper) == 1 and upper in RANKS and char not in SUITS \
        else None


class _Parser:
    """Recursive descent over ``text``; every rule returns hand weights (float64)."""

    def __init__(self, text: str, variant: Variant, cancel: object = None,
                 memo: dict | None = None) -> None:
        self.text = text
        self.variant = variant
        self.k = variant.hole_cards
        self.pos = 0
        self.depth = 0
        self.cancel = cancel
        self.memo: dict = {} if memo is None else memo  # Pattern -> weights, computed once

    def check(self) -> None:
        check_interrupt(self.cancel)  # type: ignore[arg-type]

    # -- errors and scanning ---------------------------------------------------------------

    def error(self, message: str, start: int) -> RangeError:
        end = start
        while end < len(self.text) and self.text[end] not in ",:!)":
            end += 1
        token = self.text[start:min(end, start + 40)].strip() \
            or (self.text[start:start + 1] or "end of text")
        shown = self.text if len(self.text) <= 80 \
            else f"{self.text[:60]}... ({len(self.text):,} characters)"
        return RangeError(f"bad range {shown!r} at column {start + 1} {token!r}: {message}",
                          token, start + 1)

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_spaces()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    # -- combinators -----------------------------------------------------------------------

    def parse(self) -> np.ndarray:
        """Both passes: the syntax of the whole text, then the weights."""
        return self.syntax()()

    def syntax(self) -> Weights:
        """The first pass: the whole text checked, its weights not computed yet."""
        if not self.text.strip():
            raise RangeError("the range is empty", "", 1)
        weights = self.union()
        if self.peek():
            raise self.error("unexpected text", self.pos)
        return weights

    def union(self) -> Weights:
        items = [self.intersection()]
        while self.peek() == ",":
            self.pos += 1
            items.append(self.intersection())
        if len(items) == 1:
            return items[0]

        def weights() -> np.ndarray:
            result = items[0]()
            for item in items[1:]:
                self.check()
                result = np.maximum(result, item())
            return result
        return weights

    def intersection(self) -> Weights:
        first = self.weighted()
        rest: list[tuple[str, Weights]] = []
        while self.peek() in (":", "!") and self.peek():
            operator = self.text[self.pos]
            self.pos += 1
            rest.append((operator, self.weighted()))
        if not rest:
            return first

        def weights() -> np.ndarray:
            result = first()
            for operator, item in rest:
                self.check()
                other = item()
                result = np.minimum(result, other) if operator == ":" else result * (1 - other)
            return result
        return weights

    def weighted(self) -> Weights:
        item = self.atom()
        if self.peek() == "@":
            start = self.pos
            self.pos += 1
            self.skip_spaces()
            found = _WEIGHT.match(self.text, self.pos)
            if found is None:
                raise self.error("'@' needs a weight such as @0.5 or @50%", start)
            value = float(found[1]) / (100.0 if found[2] else 1.0)
            if not 0.0 <= value <= 1.0:
                raise self.error("a weight must be 0..1 (or 0..100%)", start)
            self.pos = found.end()
            return lambda: item() * value
        return item

    def atom(self) -> Weights:
        self.skip_spaces()
        start = self.pos
        char = self.peek()
        if char == "(":
            self.depth += 1
            if self.depth > _MAX_DEPTH:
                raise self.error(f"more than {_MAX_DEPTH} nested parentheses", start)
            self.pos += 1
            weights = self.union()
            if self.peek() != ")":
                raise self.error("missing ')'", self.pos if self.peek() else start)
            self.pos += 1
            self.depth -= 1
            return weights
        if not char or char in _SEPARATORS:
            raise self.error("expected a hand, a percentage or a macro", start)
        keyword = _KEYWORD.match(self.text, self.pos)
        if keyword is not None:
            self.pos = keyword.end()
            if keyword[1].lower() != "top":
                return lambda: np.ones(num_hands(self.variant))
            self.skip_spaces()
            if _PERCENT.match(self.text, self.pos) is None:
                raise self.error("'top' needs a percentage such as top 15%", start)
        if _PERCENT.match(self.text, self.pos) is not None:
            return self.percent_band(start)
        macro = self.hand_macro()
        if macro is not None:
            return macro
        return self.pattern_item(start)

    # -- percentages and macros ------------------------------------------------------------

    def percentage(self, start: int) -> float:
        self.skip_spaces()
        found = _PERCENT.match(self.text, self.pos)
        if found is None:
            raise self.error("expected a percentage such as 10%", start)
        value = float(found[1])
        if value > 100:
            raise self.error("a percentage must be 0..100", start)
        self.pos = found.end()
        return value

    def percent_band(self, start: int) -> Weights:
        high = self.percentage(start)
        low = 0.0
        if self.peek() == "-":
            self.pos += 1
            low, high = high, self.percentage(start)
            if high < low:
                raise self.error("a percent band runs from low to high (5%-10%)", start)

        def weights() -> np.ndarray:
            band = top_hand_weights(high, self.variant) - top_hand_weights(low, self.variant)
            return np.clip(band, 0.0, 1.0)
        return weights

    def hand_macro(self) -> Weights | None:
        for name in sorted(HAND_MACROS, key=len, reverse=True):
            if self.text.startswith(name, self.pos):
                start = self.pos
                self.pos += len(name)
                try:
                    return _Parser(HAND_MACROS[name], self.variant, self.cancel,
                                   self.memo).syntax()
                except RangeError:
                    raise self.error(f"{name} = {HAND_MACROS[name]} does not fit a "
                                     f"{self.variant.display_name} hand", start) from None
        return None

    def _rank_macro_here(self) -> str | None:
        for name in sorted(RANK_MACROS, key=len, reverse=True):
            if self.text.startswith(name, self.pos):
                return name
        return None

    # -- patterns --------------------------------------------------------------------------

    def pattern_item(self, start: int) -> Weights:
        specs = self.specs(start)
        if self.peek() == "+" or (self.peek() == "-" and self._ends_after_dash()):
            up = self.text[self.pos] == "+"
            self.pos += 1
            expansions = _stepped(specs, up)
            if expansions is None:
                raise self.error(f"'{'+' if up else '-'}' needs explicit ranks", start)
        elif self.peek() == "-":
            self.pos += 1
            self.skip_spaces()
            end_specs = self.specs(self.pos)
            expansions = _span(specs, end_specs)
            if expansions is None:
                raise self.error("a span needs two hands of explicit ranks that differ by one "
                                 "step, such as 22-77, KTo-K7o or A-T", start)
        else:
            expansions = [specs]
        patterns = []
        for expansion in expansions:
            if len(expansion) > self.k:
                raise self.error(f"{len(expansion)} cards: a {self.variant.display_name} hand "
                                 f"has {self.k}", start)
            patterns.append(Pattern.of(expansion))

        def weights() -> np.ndarray:
            result = np.zeros(num_hands(self.variant))
            for pattern in patterns:
                found = self.memo.get(pattern)
                if found is None:
                    self.check()
                    found = self.memo[pattern] = match(pattern, self.variant)
                result[found] = 1.0
            return result
        return weights

    def _ends_after_dash(self) -> bool:
        at = self.pos + 1
        while at < len(self.text) and self.text[at].isspace():
            at += 1
        return at >= len(self.text) or self.text[at] in _SEPARATORS

    def specs(self, start: int) -> list[CardSpec]:
        if not self.variant.is_omaha:
            found = SUITED_OFFSUIT.match(self.text, self.pos)
            if found is not None:
                self.pos = found.end()
                first, second = (_rank_index(c) for c in found.group(1, 2))
                assert first is not None and second is not None
                if first == second:
                    raise self.error("a pair cannot be suited or offsuit", start)
                other = "x" if found[3].lower() == "s" else "y"
                return [CardSpec(ranks=1 << first, suit_var="x"),
                        CardSpec(ranks=1 << second, suit_var=other)]
        specs = []
        while True:
            spec = self.card()
            if spec is None:
                break
            specs.append(spec)
        if not specs:
            raise self.error("expected a hand such as AA, AKs, AxKx** or As Ks 3d 2d",
                             self.pos if self.pos < len(self.text) else start)
        return specs

    def card(self) -> CardSpec | None:
        self.skip_spaces()
        if self.pos >= len(self.text):
            return None
        at = self.pos
        char = self.text[at]
        ranks, rank_var = ALL_RANKS, ""
        if _rank_index(char) is not None:
            ranks = 1 << _rank_index(char)  # type: ignore[operator]
            self.pos += 1
        elif char == "*":
            self.pos += 1
        elif char == "[":
            kind, mask = self.bracket()
            if kind == "suits":
                return CardSpec(suits=mask)
            ranks = mask
        elif char == "$":
            name = self._rank_macro_here()
            if name is None:
                if self.hand_macro_name() is not None:
                    raise self.error(f"combine a hand with {self.hand_macro_name()} using ':' "
                                     "(AA:$ds)", at)
                raise self.error("unknown macro (see the README's list)", at)
            ranks = _Parser(RANK_MACROS[name], self.variant).bracket_mask()
            self.pos += len(name)
        elif char in _ASCII_LETTERS and char not in SUITS and char not in _SUIT_VARIABLES:
            rank_var = char.upper()
            self.pos += 1
        elif char not in SUITS and char not in _SUIT_VARIABLES:
            if not char.isascii():  # a Greek or full-width letter looks like a rank: say so
                raise self.error(f"{char!r} (U+{ord(char):04X}) is not a rank, a suit or a "
                                 "variable: ranks are the ASCII AKQJT98765432", at)
            return None
        return self.suit_part(ranks, rank_var)

    def hand_macro_name(self) -> str | None:
        for name in sorted(HAND_MACROS, key=len, reverse=True):
            if self.text.startswith(name, self.pos):
                return name
        return None

    def suit_part(self, ranks: int, rank_var: str) -> CardSpec:
        char = self.text[self.pos] if self.pos < len(self.text) else ""
        if char and char in SUITS:
            self.pos += 1
            return CardSpec(ranks, 1 << SUITS.index(char), rank_var)
        if char and char in _SUIT_VARIABLES:
            self.pos += 1
            return CardSpec(ranks, ALL_SUITS, rank_var, char)
        if char == "[":
            at = self.pos
            kind, mask = self.bracket()
            if kind == "suits":
                return CardSpec(ranks, mask, rank_var)
            self.pos = at  # a rank list: the next card
        return CardSpec(ranks, ALL_SUITS, rank_var)

    def bracket_mask(self) -> int:
        """The rank mask of a macro's bracket text (the whole text is one list)."""
        kind, mask = self.bracket()
        assert kind == "ranks"
        return mask

    def bracket(self) -> tuple[str, int]:
        """``[A,K-T,5-,9+]`` (ranks) or ``[s,h]`` (suits) at ``pos``: kind and bit mask."""
        start = self.pos
        close = self.text.find("]", start)
        if close < 0:
            raise self.error("missing ']'", start)
        parts = [p.strip() for p in self.text[start + 1:close].split(",")]
        self.pos = close + 1
        if parts and all(len(p) == 1 and p in SUITS for p in parts):
            return "suits", sum(1 << SUITS.index(p) for p in set(parts))
        mask = 0
        for part in parts:
            bits = _rank_list_item(part)
            if bits is None:
                raise self.error(f"bad list item {part!r} (ranks A..2, spans K-T, "
                                 "T+ or 5-, or suits s h d c)", start)
            mask |= bits
        return "ranks", mask


def _rank_list_item(part: str) -> int | None:
    """Rank mask of one bracket item: ``A``, ``K-T`` (either order), ``T+``, ``5-``."""
    ranks = [_rank_index(c) for c in part if c not in "+-"]
    if not ranks or None in ranks or len(ranks) > 2:
        return None
    first = ranks[0]
    assert first is not None
    if len(part) == 1:
        return 1 << first
    if len(part) == 2 and part[1] in "+-":
        low, high = (first, 12) if part[1] == "+" else (0, first)
    elif len(part) == 3 and part[1] == "-" and ranks[1] is not None:
        low, high = sorted((first, ranks[1]))
    else:
        return None
    return sum(1 << r for r in range(low, high + 1))


def _literal_ranks(specs: list[CardSpec]) -> list[int] | None:
    ranks = [spec.literal_rank() for spec in specs]
    return None if None in ranks else ranks  # type: ignore[return-value]


def _with_ranks(specs: list[CardSpec], ranks: list[int]) -> list[CardSpec]:
    return [CardSpec(1 << r, s.suits, s.rank_var, s.suit_var) for s, r in zip(specs, ranks)]


def _stepped(specs: list[CardSpec], up: bool) -> list[list[CardSpec]] | None:
    """``TT+`` / ``A2s+`` (and ``-`` downwards): equal ranks move together to A (2); else the
    last card moves, up to one below the card before it (down to 2)."""
    ranks = _literal_ranks(specs)
    if ranks is None:
        return None
    if len(set(ranks)) == 1:
        stop = 12 if up else 0
        return [_with_ranks(specs, [r] * len(ranks))
                for r in _walk(ranks[0], stop)]
    ceiling = ranks[-2] - 1 if up else 0
    if up and ranks[-1] > ceiling:
        return None
    return [_with_ranks(specs, [*ranks[:-1], r]) for r in _walk(ranks[-1], ceiling)]


def _walk(start: int, stop: int) -> range:
    step = 1 if stop >= start else -1
    return range(start, stop + step, step)


def _span(first: list[CardSpec], last: list[CardSpec]) -> list[list[CardSpec]] | None:
    """``22-77``, ``KTo-K7o``, ``A-T``, ``AKQJ-5432``: the cards whose ranks differ move
    together, one rank at a time, from the first hand to the last."""
    start, end = _literal_ranks(first), _literal_ranks(last)
    if start is None or end is None or len(start) != len(end):
        return None
    if any((a.suits, a.suit_var) != (b.suits, b.suit_var) for a, b in zip(first, last)):
        return None
    shifts = {b - a for a, b in zip(start, end) if a != b}
    if len(shifts) > 1:
        return None
    shift = shifts.pop() if shifts else 0
    moving = [a != b for a, b in zip(start, end)]
    return [_with_ranks(first, [a + d * m for a, m in zip(start, moving)])
            for d in _walk(0, shift)]


def parse_weights(text: str, variant: Variant, cancel: object = None) -> np.ndarray:
    """Hand weights of range ``text`` (float64 over :func:`~.core.all_hands`); a set
    ``cancel`` (a :class:`~omahanash.runs.CancelFlag`) or Ctrl-C under
    :func:`~omahanash.runs.cancel_on_interrupt` raises :class:`~omahanash.errors.Cancelled`.

    >>> int(parse_weights("AKs", Variant.HOLDEM).sum())
    4
    >>> parse_weights("ΑΑ", Variant.OMAHA_HI)  # Greek capital alphas
    Traceback (most recent call last):
    ...
    omahanash.ranges.core.RangeError: bad range 'ΑΑ' at column 1 'ΑΑ': 'Α' (U+0391) is not ...
    """
    if len(text) > MAX_RANGE_CHARS:
        raise RangeError(f"the range is {len(text):,} characters long: at most "
                         f"{MAX_RANGE_CHARS:,} are read (MAX_RANGE_CHARS)", text[:20], 1)
    return _Parser(text, variant, cancel).parse()
