"""PHH (the open Poker Hand History standard) through ``pokerkit``, which reads and writes it.

``pokerkit`` parses the TOML, checks the fields and replays the actions on its own game
engine, so an illegal hand is reported instead of being reviewed; this module only turns its
:class:`pokerkit.HandHistory` into our :class:`~omahanash.history.hands.Hand` and back. Codes:
``NT`` (no-limit Texas hold'em) and ``PO`` (pot-limit Omaha); the standard has no pot-limit
Omaha Hi/Lo code, so Omaha Hi/Lo hands cannot be written and other codes are reported as
unsupported. A ``.phhs`` file (many hands under ``[1]``, ``[2]``, ... tables) is streamed one
hand at a time.

PHH orders players from the small blind round to the button (heads-up: big blind first, then
the button, who posts the small blind; ``blinds_or_straddles`` and ``antes`` are then written
the other way round, as pokerkit reads them).

>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [10, 20]
... min_bet = 20
... starting_stacks = [300, 200]
... actions = ["d dh p1 7h2c", "d dh p2 AsKd", "p2 cbr 200", "p1 f"]
... players = ["Villain", "Hero"]
... '''
>>> hand = hand_from_phh(text, "x.phh", 1)
>>> hand.small_blind, hand.big_blind, hand.stacks
('Hero', 'Villain', {'Villain': 300.0, 'Hero': 200.0})
>>> hand.actions[0]
Action(player='Hero', kind='raise', total=200.0, all_in=True)
>>> hand_from_phh(phh_text(hand), "y.phh", 1).actions == hand.actions
True
"""

from __future__ import annotations

import math
import os
import re
import warnings
from collections.abc import Iterator
from typing import Any

from pokerkit import HandHistory

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.history.hands import Action, Hand, HandParseError, Unparsed
from omahanash.history.textlines import LineReader, describe_too_long, too_long

#: PHH variant codes we read, and back.
PHH_VARIANTS = {"NT": (Variant.HOLDEM, "no-limit"), "PO": (Variant.OMAHA_HI, "pot-limit")}
_CODES = {value: code for code, value in PHH_VARIANTS.items()}
_SECTION = re.compile(r"\[\s*\d+\s*\]\s*$")
#: A PHH hand of more lines is a crafted file (a real one has a few dozen): it is unparsed.
MAX_HAND_LINES = 5_000
#: Largest stack, blind or ante read.
MAX_AMOUNT = 1e15


def read_phh(path: str | os.PathLike,
             counter: list[int] | None = None) -> Iterator[Hand | Unparsed]:
    """Every hand of the PHH file at ``path`` (one hand, or a ``.phhs`` file of ``[N]``
    tables), streamed: a hand pokerkit refuses is yielded as :class:`Unparsed`, and so is a
    file with no hand (``the file is empty``), a hand with a line longer than
    :data:`~omahanash.history.textlines.MAX_LINE_CHARS` or of more than
    :data:`MAX_HAND_LINES` lines. ``counter[0]`` grows by the bytes read."""
    source = os.fspath(path)
    chunk: list[str] = []
    start = 1
    broken = ""
    found = False
    with open(path, "rb") as raw:
        for number, line in enumerate(LineReader(raw, source, counter), 1):
            if too_long(line):
                broken = broken or describe_too_long(number)
                continue
            if _SECTION.match(line.strip()):
                if broken or any(text.strip() for text in chunk):
                    found = True
                    yield _hand_or_unparsed("\n".join(chunk), source, start, broken)
                chunk, start, broken = [], number, ""
                continue
            if len(chunk) < MAX_HAND_LINES:
                chunk.append(line)
            else:
                broken = broken or f"the hand is longer than {MAX_HAND_LINES:,} lines"
    if broken or any(text.strip() for text in chunk):
        yield _hand_or_unparsed("\n".join(chunk), source, start, broken)
    elif not found:
        yield Unparsed(source, 1, "the file is empty: no hand in it")


def _hand_or_unparsed(text: str, source: str, line: int, broken: str = "") -> Hand | Unparsed:
    if broken:
        return Unparsed(source, line, broken)
    try:
        return hand_from_phh(text, source, line)
    except HandParseError as error:
        return Unparsed(source, error.line, error.reason)


def hand_from_phh(text: str, source: str = "", line: int = 1) -> Hand:
    """The :class:`Hand` of one PHH hand (TOML ``text``); :class:`HandParseError` if pokerkit
    cannot read or replay it or the variant is not one we review."""
    try:
        history = HandHistory.loads(text)
        code = history.variant
        if code not in PHH_VARIANTS:
            raise HandParseError(line, f"unsupported PHH variant {code!r} (NT and PO are "
                                 "reviewed)")
        with warnings.catch_warnings():  # a card dealt twice is only a warning there
            warnings.simplefilter("error")
            for _ in history:  # replay: pokerkit refuses illegal actions
                pass
    except HandParseError:
        raise
    except Exception as error:  # noqa: BLE001 - pokerkit raises many kinds on bad input
        raise HandParseError(line, f"not a valid PHH hand: {error}") from None
    try:
        return _to_hand(history, source, line)
    except HandParseError:
        raise
    except (ValueError, TypeError, IndexError, KeyError, OverflowError) as error:
        raise HandParseError(line, f"not a valid PHH hand: {error}") from None


def _number(value: Any, what: str, line: int) -> float:
    """A stack, blind or ante of the file as a float within :data:`MAX_AMOUNT`."""
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not 0 <= number <= MAX_AMOUNT:
        shown = str(value)
        shown = shown if len(shown) <= 24 else f"{shown[:20]}... ({len(shown)} characters)"
        raise HandParseError(line, f"{what} {shown} is not an amount between 0 and "
                             f"{MAX_AMOUNT:g}")
    return number


def _to_hand(history: Any, source: str, line: int) -> Hand:
    variant, limit = PHH_VARIANTS[history.variant]
    stacks = [_number(s, "a starting stack", line) for s in history.starting_stacks]
    count = len(stacks)
    names = list(history.players or [f"p{i + 1}" for i in range(count)])
    if len(names) != count:
        raise HandParseError(line, f"players has {len(names)} names but starting_stacks "
                             f"{count} stacks")
    blinds = _per_player(history.blinds_or_straddles or [0] * count, count)
    antes = _per_player(history.antes, count)
    positive = sorted((b, i) for i, b in enumerate(blinds) if b > 0)
    hand = Hand(hand_id=str(history.hand if history.hand is not None else f"{source}:{line}"),
                source=source, line=line, variant=variant, limit=limit,
                sb=positive[0][0] if positive else 0.0,
                bb=positive[-1][0] if positive else 0.0,
                stacks=dict(zip(names, stacks)), tournament=False,
                button=names[-1] if count > 2 else names[1])
    for i, name in enumerate(names):
        if antes[i] > 0:
            hand.antes[name] = antes[i]
            hand.ante = max(hand.ante, antes[i])
    if len(positive) >= 2:
        hand.small_blind, hand.big_blind = names[positive[0][1]], names[positive[-1][1]]
        hand.extra_posts = len(positive) > 2
    for value, i in positive:
        hand.posts[names[i]] = value
    bets = [blinds[i] for i in range(count)]
    for action in history.actions:
        words = action.split("#")[0].split()
        if words[:2] == ["d", "db"]:
            break  # the flop: preflop is over
        if words[:2] == ["d", "dh"] and len(words) >= 4 and "?" not in words[3]:
            cards = words[3]
            hand.cards[names[int(words[2][1:]) - 1]] = " ".join(
                cards[k:k + 2] for k in range(0, len(cards), 2))
            continue
        if not words or words[0] == "d" or len(words) < 2:
            continue
        i = int(words[0][1:]) - 1
        room = stacks[i] - antes[i]
        if words[1] == "f":
            kind, total = "fold", bets[i]
        elif words[1] == "cc":
            top = max(bets)
            kind, total = ("check", bets[i]) if top == bets[i] else ("call", min(top, room))
        elif words[1] == "cbr":
            kind, total = "raise", float(words[2])
        else:
            continue  # shows, mucks
        bets[i] = total
        hand.actions.append(Action(names[i], kind, total, total >= room))
    return hand


def _per_player(values: Any, count: int) -> list[float]:
    """PHH blinds or antes (a list, or one number for everyone) per player index."""
    if not isinstance(values, (list, tuple)):
        return [_number(values, "a blind or ante", 1)] * count
    listed = [_number(v, "a blind or ante", 1) for v in values] + [0.0] * (count - len(values))
    return listed[::-1] if count == 2 else listed  # heads-up: written the other way round


def phh_text(hand: Hand) -> str:
    """``hand`` as PHH text, up to the end of preflop (what the review uses).

    Raises :class:`InputError` for a hand PHH cannot hold (Omaha Hi/Lo, limit games, no two
    blinds).
    """
    return to_phh(hand).dumps()


def _chips(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def to_phh(hand: Hand) -> Any:
    """``hand`` as a :class:`pokerkit.HandHistory` (preflop only; see :func:`phh_text`)."""
    code = _CODES.get((hand.variant, hand.limit))
    if code is None:
        raise InputError(f"hand {hand.hand_id}: PHH has no code for {hand.limit} "
                         f"{hand.variant.display_name}")
    if hand.small_blind is None or hand.big_blind is None:
        raise InputError(f"hand {hand.hand_id}: PHH needs a small and a big blind")
    acting = {a.player for a in hand.actions} | set(hand.posts) | set(hand.antes)
    seated = [name for name in hand.stacks if name in acting]
    first = seated.index(hand.small_blind)
    order = seated[first:] + seated[:first]  # from the small blind round to the button
    if len(order) == 2:
        order = [hand.big_blind, hand.small_blind]
    blinds = [hand.posts.get(name, 0.0) for name in order]
    antes = [hand.antes.get(name, 0.0) for name in order]
    if len(order) == 2:
        blinds, antes = blinds[::-1], antes[::-1]
    index = {name: f"p{i + 1}" for i, name in enumerate(order)}
    hole = "??" * hand.variant.hole_cards
    actions = [f"d dh {index[name]} {hand.cards.get(name, hole).replace(' ', '')}"
               for name in order]
    codes = {"fold": "f", "check": "cc", "call": "cc"}
    for action in hand.actions:
        code_of = codes.get(action.kind)
        actions.append(f"{index[action.player]} {code_of}" if code_of else
                       f"{index[action.player]} cbr {_chips(action.total)}")
    # pokerkit annotates amounts as int but takes any number (cash games are not whole).
    amounts: dict[str, Any] = {
        "antes": [_chips(a) for a in antes], "blinds_or_straddles": [_chips(b) for b in blinds],
        "min_bet": _chips(hand.bb),
        "starting_stacks": [_chips(hand.stacks[name]) for name in order]}
    return HandHistory(variant=code, actions=actions, players=order, hand=hand.hand_id,
                       **amounts)
