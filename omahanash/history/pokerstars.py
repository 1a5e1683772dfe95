"""Streaming reader of PokerStars text hand histories.

A file is read line by line (:mod:`~omahanash.history.textlines`: UTF-8 with or without a
BOM — a BOM at the start of any line is dropped, so concatenated exports read as one file —
else Windows-1252; ``\\r\\n`` or ``\\n``), so memory stays constant however big it is; a line
longer than :data:`~omahanash.history.textlines.MAX_LINE_CHARS` (10,000 characters) makes
its hand unparsed. Every pattern is anchored and linear (no nested or overlapping
quantifiers), so no line costs more than a pass over it.

A hand starts at its header (``PokerStars Hand #N:`` or the older
``PokerStars Game #N:``) and ends at a blank line or the next header; lines outside hands
(garbage between them) are skipped. Each hand becomes a :class:`~omahanash.history.hands.Hand`
or, when it cannot be read (truncated, an unsupported game, a malformed line), an
:class:`~omahanash.history.hands.Unparsed` naming the file, the line and the reason; the
other hands are still read. Chat and connection lines between actions are ignored.

>>> text = '''PokerStars Hand #7: Tournament #1, $1+$0 Hold'em No Limit - Level I (10/20) - x
... Table '1 1' 2-max Seat #1 is the button
... Seat 1: Hero (300 in chips)
... Seat 2: Villain (500 in chips)
... Hero: posts small blind 10
... Villain: posts big blind 20
... *** HOLE CARDS ***
... Dealt to Hero [Ah Kd]
... Hero: raises 280 to 300 and is all-in
... Villain: folds
... Uncalled bet (280) returned to Hero
... *** SUMMARY ***
... '''
>>> [hand] = read_pokerstars_lines(text.splitlines(), "t.txt")
>>> hand.variant, hand.sb, hand.stacks, hand.cards, hand.actions[0].all_in
(<Variant.HOLDEM: 'holdem'>, 10.0, {'Hero': 300.0, 'Villain': 500.0}, {'Hero': 'Ah Kd'}, True)
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator

from omahanash.cards import Variant
from omahanash.history.hands import Action, Hand, HandParseError, Unparsed
from omahanash.history.textlines import LineReader, describe_too_long, too_long

_BOM = "\ufeff"

_HEADER = re.compile(r"PokerStars (?:[\w ]+ )?(?:Hand|Game) #(\d+): *")
# Longest names first: "Omaha Hi/Lo" before "Omaha", "5 Card Omaha" before both.
_GAME = re.compile(
    r"(5 Card Omaha Hi/Lo|5 Card Omaha|6 Card Omaha Hi/Lo|6 Card Omaha|Courchevel Hi/Lo|"
    r"Courchevel|Omaha Hi/Lo|Omaha|Hold'em|Razz|7 Card Stud Hi/Lo|7 Card Stud|"
    r"Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|5 Card Draw|Badugi) "
    r"(No Limit|Pot Limit|Fixed Limit|Limit)")
_BLIND_PAIR = re.compile(r"([$€£]?-?[\d.,]+)/([$€£]?-?[\d.,]+)")
#: A hand with more seats, or more lines, is a crafted file (a real one has at most 10 seats
#: and a few hundred lines, chat included): it is reported unparsed.
MAX_SEATS = 10
MAX_HAND_LINES = 5_000
_SEAT_START = re.compile(r"Seat (\d+): ")
# After a seat's stack: a player who sits at the table but is not dealt this hand.
_OUT_OF_HAND = "out of hand"
_AMOUNT = re.compile(r"-?[$€£]?-?[\d.,]+")
_BUTTON = re.compile(r"Seat #(\d+) is the button")
_TABLE = re.compile(r"Table '([^']{1,80})' (\d{1,2})-max")
_TOURNAMENT = re.compile(r"Tournament #(\d{1,20}), ([^ ]{1,40})")
#: Largest amount read (chips or money): more is a crafted file, not a hand.
MAX_AMOUNT = 1e15
_VARIANTS = {"Hold'em": Variant.HOLDEM, "Omaha": Variant.OMAHA_HI,
             "Omaha Hi/Lo": Variant.OMAHA_HILO}
_LIMITS = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Fixed Limit": "limit",
           "Limit": "limit"}
_ACTION_VERBS = ("folds", "checks", "calls ", "bets ", "raises ")
_ALL_IN = " and is all-in"


def amount(text: str) -> float:
    """A PokerStars amount (``1500``, ``$0.25``, ``1,500``) as a float.

    >>> amount("$1,000.50")
    1000.5
    """
    value = float(text.replace("$", "").replace("€", "").replace("£", "").replace(",", ""))
    if not abs(value) <= MAX_AMOUNT:  # inf and nan too
        raise ValueError(f"amount {text[:24]!r} is above {MAX_AMOUNT:g}")
    return value


def _bounty_of(buy_in: str) -> float | None:
    """The bounty part of a knockout tournament's buy-in (prize + bounty + fee: ``$10+$10+$2``
    → 10.0); None for a buy-in of two parts or one that is not amounts.

    >>> _bounty_of("$10+$10+$2"), _bounty_of("$5.20+$1.30+$0.50"), _bounty_of("$5+$0.50")
    (10.0, 1.3, None)
    """
    parts = buy_in.split("+")
    if len(parts) != 3:
        return None
    try:
        value = amount(parts[1])
    except ValueError:
        return None
    return value if value >= 0 else None


#: The words of a line that pays a bounty (``Hero wins $5 for eliminating Villain and their
#: own bounty increases by $5 to $15``; ``Hero wins the $2.50 bounty for eliminating V``).
_ELIMINATING = " for eliminating "


def _bounty_kind(line: str) -> str | None:
    """``pko`` for a line whose bounty won raised the winner's own, ``ko`` for a bounty won
    whole, None for neither.

    >>> _bounty_kind("Hero wins $5 for eliminating V and their own bounty increases by $5 to $15")
    'pko'
    >>> _bounty_kind("Hero wins the $2.50 bounty for eliminating Villain")
    'ko'
    """
    if " wins " not in line:
        return None
    if "bounty increases by " in line:
        return "pko"
    if " bounty for eliminating " in line:
        return "ko"
    return None


def is_header(line: str) -> bool:
    """Whether ``line`` starts a PokerStars hand.

    >>> is_header("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024"), is_header("x")
    (True, False)
    """
    return line.startswith("PokerStars ") and _HEADER.match(line) is not None


def read_pokerstars(path: str | os.PathLike) -> Iterator[Hand | Unparsed]:
    """Every hand of the PokerStars file at ``path``, in order, streamed (see the module)."""
    with open(path, "rb") as raw:
        yield from read_pokerstars_lines(LineReader(raw, os.fspath(path)), os.fspath(path))


def read_pokerstars_lines(lines: Iterable[str], source: str) -> Iterator[Hand | Unparsed]:
    """Every hand in ``lines`` (a file's lines; ``source`` names it in reports).

    Never raises on what the lines contain: a hand that cannot be read is yielded as
    :class:`Unparsed`.
    """
    block: list[str] = []
    start = 0
    number = 0
    broken = ""  # why the hand being read cannot be (an over-long line)
    for number, raw in enumerate(lines, 1):
        if too_long(raw):
            line = raw[:200].strip().lstrip(_BOM)
            if is_header(line):  # an over-long header starts a hand that is broken
                if block:
                    yield _hand_or_unparsed(block, start, source, broken)
                block, start = [line], number
            if block and not broken:
                broken = describe_too_long(number)
            continue
        line = raw.strip()
        if line.startswith(_BOM):  # concatenated exports: a BOM at any line start
            line = line.lstrip(_BOM).strip()
        if not line:
            if block:
                yield _hand_or_unparsed(block, start, source, broken)
                block, broken = [], ""
            continue
        if is_header(line):
            if block:
                yield _hand_or_unparsed(block, start, source, broken)
            block, broken = [line], ""
            start = number
        elif block:
            if len(block) < MAX_HAND_LINES:
                block.append(line)
            elif not broken:
                broken = f"the hand is longer than {MAX_HAND_LINES:,} lines"
    if block:
        yield _hand_or_unparsed(block, start, source, broken)


def _hand_or_unparsed(block: list[str], start: int, source: str,
                      broken: str = "") -> Hand | Unparsed:
    if broken:
        return Unparsed(source, start, broken)
    try:
        return parse_hand(block, start, source)
    except HandParseError as error:
        return Unparsed(source, error.line, error.reason)
    except (ValueError, IndexError, KeyError) as error:  # a malformed line the checks missed
        return Unparsed(source, start, f"cannot read the hand: {error}")


def parse_hand(block: list[str], start: int, source: str) -> Hand:
    """One hand from its lines (``block[0]`` the header, at line ``start`` of ``source``);
    :class:`HandParseError` says why it cannot be read."""
    header = _HEADER.match(block[0])
    if header is None:
        raise HandParseError(start, "not a PokerStars hand header")
    hand_id, rest = header.group(1), block[0][header.end():]
    game = _GAME.search(rest)
    if game is None:
        raise HandParseError(start, f"unknown game in the header: {rest[:60]!r}")
    variant = _VARIANTS.get(game.group(1))
    if variant is None:
        raise HandParseError(start, f"unsupported game: {game.group(0)}")
    # A mixed game names the hand's own game in parentheses, the blinds after it:
    # "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)".
    blinds = _blinds(rest, game.end())
    if blinds is None:
        raise HandParseError(start, "no blinds (SB/BB) in the header")
    sb, bb = amount(blinds[0]), amount(blinds[1])
    if not 0 < sb <= bb:
        raise HandParseError(start, f"the blinds in the header are {blinds[0]}/{blinds[1]}: "
                             "they must be positive and the small blind no larger than the "
                             "big blind")
    hand = Hand(hand_id=hand_id, source=source, line=start, variant=variant,
                limit=_LIMITS[game.group(2)], sb=sb, bb=bb, stacks={},
                tournament=rest.startswith("Tournament #"))
    held = _TOURNAMENT.match(rest)
    if held is not None:
        hand.tournament_id, hand.buy_in = held.group(1), held.group(2)
        hand.bounty = _bounty_of(held.group(2))
    size = len(block)
    index = 1
    seats: dict[str, str] = {}
    button_seat = None
    # Table line and seats.
    while index < size:
        line = block[index]
        if line.startswith("Seat "):
            seat = _seat(line, start + index)
            if seat is None:
                break  # "Seat N: ..." of the summary can't come before the hole cards
            number, name, stack = seat
            if _OUT_OF_HAND in line[line.find(")", line.rfind(" in chips")):]:
                index += 1  # seated but not dealt in (moved in, waiting): not a player
                continue
            hand.stacks[name] = stack
            if len(hand.stacks) > MAX_SEATS:
                raise HandParseError(start + index, f"more than {MAX_SEATS} seats")
            seats[number] = name
        elif line.startswith("Table "):
            table = _TABLE.match(line)
            if table is not None:
                hand.table_name, hand.table_max = table.group(1), int(table.group(2))
            button = _BUTTON.search(line)
            button_seat = button.group(1) if button else None
        elif line.startswith("*** ") or ": posts " in line:
            break
        index += 1
    if not hand.stacks:
        raise HandParseError(start + index, "no seat lines")
    hand.button = seats.get(button_seat) if button_seat else None
    # Posts, up to the hole cards.
    while index < size:
        line = block[index]
        if line.startswith("*** HOLE CARDS ***"):
            break
        if ": posts " in line:
            _post(hand, line, start + index)
        index += 1
    else:
        raise HandParseError(start, f"hand #{hand_id} has no *** HOLE CARDS *** line "
                             f"(truncated at line {start + size - 1})")
    index += 1
    # Preflop, up to the next street, the showdown or the summary.
    bets = dict(hand.posts)
    while index < size:
        line = block[index]
        if line.startswith("*** "):
            break
        if line.startswith("Dealt to "):
            dealt = _dealt(hand, line)
            if dealt is not None:
                hand.cards[dealt[0]] = dealt[1]
                hand.hero = dealt[0]
        elif not line.startswith("Uncalled bet"):
            _action(hand, line, start + index, bets)
        index += 1
    # The rest: shown cards and the summary.
    summary = False
    while index < size:
        line = block[index]
        if line.startswith("*** SUMMARY ***"):
            summary = True
            break
        if _ELIMINATING in line:
            kind = _bounty_kind(line)
            if kind is not None and hand.bounty_type != "pko":
                hand.bounty_type = kind
        at = line.find(": shows [")
        if at >= 0:
            player = _player_of(hand, line)
            shown = _bracketed(line, at + len(": shows "))
            if player is not None and shown is not None:
                hand.cards.setdefault(player, shown)
        index += 1
    if not summary:
        raise HandParseError(start, f"hand #{hand_id} is truncated: no *** SUMMARY *** "
                             f"(it ends at line {start + size - 1})")
    return hand


def _blinds(rest: str, at: int) -> tuple[str, str] | None:
    """The first ``SB/BB`` closing a parenthesis after ``rest[at]``: ``(10/20)``,
    ``($0.01/$0.02 USD)`` or a mixed game's ``(Hold'em No Limit, $0.10/$0.25 USD)``. Each
    parenthesised piece is looked at once (one pass over the header)."""
    while True:
        close = rest.find(")", at)
        if close < 0:
            return None
        piece = rest[at:close]
        cut = max(piece.rfind("("), piece.rfind(","))
        words = piece[cut + 1:].split() if cut >= 0 else []
        if 1 <= len(words) <= 2 and (len(words) == 1 or (
                len(words[1]) == 3 and words[1].isalpha() and words[1].isupper())):
            pair = _BLIND_PAIR.fullmatch(words[0])
            if pair is not None:
                return pair.group(1), pair.group(2)
        at = close + 1


def _seat(line: str, number: int) -> tuple[str, str, float] | None:
    """``Seat 3: Name (1,500 in chips)`` (maybe ``, $5 bounty)``, ``is sitting out`` after):
    the seat, the name and the stack; None for a line of another shape. The stack is the
    last ``(... in chips`` of the line (a name may hold parentheses), found by plain
    searches, so a crafted line costs one pass."""
    head = _SEAT_START.match(line)
    chips = line.rfind(" in chips")
    if head is None or chips < 0:
        return None
    opening = line.rfind("(", head.end(), chips)
    if opening < 0 or line.find(")", chips) < 0:
        return None
    name, text = line[head.end():opening].strip(), line[opening + 1:chips].strip()
    if not name or _AMOUNT.fullmatch(text) is None:
        return None
    stack = amount(text)
    if stack < 0:
        raise HandParseError(number, f"seat {head.group(1)}: {name}'s stack is negative "
                             f"({text})")
    return head.group(1), name, stack


def _bracketed(line: str, at: int) -> str | None:
    """The text of the ``[...]`` starting at ``line[at]`` (None when there is none)."""
    if not line.startswith("[", at):
        return None
    close = line.find("]", at + 1)
    return line[at + 1:close] if close > at + 1 else None


def _dealt(hand: Hand, line: str) -> tuple[str, str] | None:
    """``Dealt to Name [Ah Kd]``: the (seated) player and the cards; names may hold spaces
    and brackets, so the seated names are tried, the longest first."""
    rest = line[len("Dealt to "):]
    for name in sorted(hand.stacks, key=len, reverse=True):
        if rest.startswith(name + " ["):
            cards = _bracketed(rest, len(name) + 1)
            return None if cards is None else (name, cards)
    return None


def _player_of(hand: Hand, line: str) -> str | None:
    """The seated player whose ``Name: ...`` line this is (names may hold ``": "``)."""
    name = line.partition(": ")[0]
    if name in hand.stacks:
        return name
    for name in hand.stacks:
        if line.startswith(name + ": "):
            return name
    return None


def _post(hand: Hand, line: str, number: int) -> None:
    name = _player_of(hand, line)
    if name is None:
        raise HandParseError(number, "a post by a player without a seat")
    what = line[len(name) + 2:]
    words = what.removesuffix(_ALL_IN).split()
    value = amount(words[-1])
    if what.startswith("posts the ante"):
        hand.antes[name] = hand.antes.get(name, 0.0) + value
        hand.ante = max(hand.ante, value)
    elif what.startswith("posts small blind") and hand.small_blind is None:
        hand.small_blind = name
        hand.posts[name] = value
    elif what.startswith("posts big blind") and hand.big_blind is None:
        hand.big_blind = name
        hand.posts[name] = value
    else:  # a dead blind, a second big blind, a straddle
        hand.extra_posts = True
        hand.posts[name] = hand.posts.get(name, 0.0) + value


def _action(hand: Hand, line: str, number: int, bets: dict[str, float]) -> None:
    """Append the preflop action on ``line`` (chat, connection and other lines are skipped)."""
    name = _player_of(hand, line)
    if name is None:
        return  # chat, "is connected", "has returned", ...
    what = line[len(name) + 2:]
    if not what.startswith(_ACTION_VERBS):
        return  # "is sitting out", "mucks hand", ...
    all_in = what.endswith(_ALL_IN)
    words = what.removesuffix(_ALL_IN).split()
    try:
        if words[0] == "folds":
            total, kind = bets.get(name, 0.0), "fold"
        elif words[0] == "checks":
            total, kind = bets.get(name, 0.0), "check"
        elif words[0] == "calls":
            total, kind = bets.get(name, 0.0) + amount(words[1]), "call"
        elif words[0] == "bets":
            total, kind = amount(words[1]), "bet"
        else:  # raises X to Y
            if len(words) != 4 or words[2] != "to":
                raise ValueError(what)
            amount(words[1])  # the raise itself must be a number too
            total, kind = amount(words[3]), "raise"
    except (ValueError, IndexError):
        raise HandParseError(number, f"cannot read the action {what!r}") from None
    bets[name] = total
    hand.actions.append(Action(name, kind, total, all_in))
