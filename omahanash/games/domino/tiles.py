"""Domino tile notation and the settings of a domino game, checked.

Tiles are written ``[a|b]`` (``[1|0]`` is the same tile as ``[0|1]``), run together or
separated by whitespace, or a whole set is named ``double-N`` (every ``[a|b]`` with
``0 <= a <= b <= N``). Tiles are kept sorted by ``(a, b)``. A number on a tile is at most
:data:`MAX_PIPS` (99): the game keeps a table indexed by every number up to the largest.

>>> parse_tiles("[1|0] [2|2]")
((0, 1), (2, 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from omahanash.errors import InputError

RULES = ("thesis", "block")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_HAND, MAX_HAND = 1, 7
MAX_DOUBLE = 18  # the largest commercial set is double-18
MAX_PIPS = 99  # largest number on a tile (the game's tables are indexed by number)
#: The thesis's first setting (Figure 2.4): the default tile set.
DEFAULT_TILES = "[0|0][0|1][0|2][1|2]"

_TILE_RE = re.compile(r"\[\s*(\d+)\s*\|\s*(\d+)\s*\]", re.ASCII)
_DOUBLE_RE = re.compile(r"double\s*-\s*(\d+)", re.IGNORECASE | re.ASCII)


def tile_label(tile: tuple[int, int]) -> str:
    """A tile as text, smaller number first.

    >>> tile_label((2, 1))
    '[1|2]'
    """
    a, b = sorted(tile)
    return f"[{a}|{b}]"


def parse_tiles(text: str) -> tuple[tuple[int, int], ...]:
    """The tiles of a tile-set text, each ``(a, b)`` with ``a <= b``, sorted.

    >>> parse_tiles("[1|0] [2|2]")
    ((0, 1), (2, 2))
    >>> len(parse_tiles("double-3"))
    10

    Raises :class:`InputError` for text that is neither tiles nor ``double-N``, for a number
    above :data:`MAX_PIPS` and for a tile written twice.
    """
    if not isinstance(text, str):
        raise InputError(f"tile set must be text like [0|1][1|2] or double-3, not {text!r}")
    stripped = text.strip()
    named = _DOUBLE_RE.fullmatch(stripped)
    if named:
        top = int(named.group(1))
        if top > MAX_DOUBLE:
            raise InputError(f"tile set {stripped!r}: double-N needs N between 0 and {MAX_DOUBLE}")
        return tuple((a, b) for a in range(top + 1) for b in range(a, top + 1))
    tiles: list[tuple[int, int]] = []
    position = 0
    for match in _TILE_RE.finditer(stripped):
        gap = stripped[position : match.start()]
        if gap.strip():
            raise _unreadable(text, gap.strip())
        a, b = sorted((int(match.group(1)), int(match.group(2))))
        if b > MAX_PIPS:
            raise InputError(f"tile [{match.group(1)}|{match.group(2)}]: the numbers on a tile "
                             f"must be between 0 and {MAX_PIPS}")
        if (a, b) in tiles:
            raise InputError(
                f"tile [{a}|{b}] appears twice in the tile set {text.strip()!r} "
                f"([{a}|{b}] and [{b}|{a}] are the same tile)"
            )
        tiles.append((a, b))
        position = match.end()
    rest = stripped[position:]
    if rest.strip():
        raise _unreadable(text, rest.strip())
    if not tiles:
        raise InputError(
            f"tile set {text!r} has no tiles: write tiles like [0|1][1|2] or a set like double-3"
        )
    return tuple(sorted(tiles))


def _unreadable(text: str, fragment: str) -> InputError:
    return InputError(
        f"cannot read tile set {text.strip()!r} at {fragment[:20]!r}: "
        "write tiles like [0|0][0|1][1|2] or a set like double-3"
    )


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low



def check_settings(
    tiles: str, players: int, hand: int, rules: str
) -> tuple[tuple[tuple[int, int], ...], int, int, str]:
    """The settings of a domino game, checked: ``(tiles, players, hand, rules)`` with the tiles
    parsed; :class:`InputError` with one clear message for bad ones.

    >>> check_settings("[9|9]", 2, 2, "thesis")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: 2 players with 2 tiles each need 4 tiles, but the tile set has only 1: [9|9]
    """  # noqa: E501
    tile_set = parse_tiles(tiles)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InputError(f"number of players must be a whole number, not {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(f"number of players must be 2, 3 or 4, not {players}")
    if isinstance(hand, bool) or not isinstance(hand, int):
        raise InputError(f"hand size must be a whole number, not {hand!r}")
    if not MIN_HAND <= hand <= MAX_HAND:
        raise InputError(f"hand size must be between {MIN_HAND} and {MAX_HAND}, not {hand}")
    if players * hand > len(tile_set):
        raise InputError(
            f"{players} players with {hand} tiles each need {players * hand} tiles, "
            f"but the tile set has only {len(tile_set)}: "
            + "".join(tile_label(tile) for tile in tile_set)
        )
    rule_name = str(rules).strip().lower()
    if rule_name not in RULES:
        raise InputError(f"unknown domino rules {rules!r} (expected one of: {', '.join(RULES)})")
    return tile_set, players, hand, rule_name

