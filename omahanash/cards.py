"""Cards: codes, parsing, formatting, and the names of the poker games.

A card is an integer ``0..51``: ``card = rank * 4 + suit`` with ranks ``2 3 4 5 6 7 8 9 T J Q K
A`` as ``0..12`` and suits ``c d h s`` as ``0..3``. Sorting cards by code sorts them by rank.

Text notation (docs/cards-and-hands.md): cards separated by spaces or commas, or run
together (``"2s 4s 3c 9c"``, ``"2s,4s,3c,9c"``, ``"2s4s3c9c"``); ranks also as ``10`` and in
lower case; suits also as ``♣ ♦ ♥ ♠``. Every problem raises :class:`CardError`, whose message
names the offending token.

>>> parse_cards("As Kd")
(51, 45)
>>> format_cards(parse_cards("10h,jH"))
'Th Jh'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

import numpy as np

from omahanash.errors import InputError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NUM_CARDS = 52

_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_SEPARATORS = " ,;\t\n\r"

# Poker games: canonical name -> hole cards per player.
GAMES = {"holdem": 2, "omaha-hi": 4, "omaha-hilo": 4}
GAME_ALIASES = {
    "omaha": "omaha-hi",
    "omahahi": "omaha-hi",
    "omaha-hi/lo": "omaha-hilo",
    "omaha-hi-lo": "omaha-hilo",
    "hilo": "omaha-hilo",
    "texas": "holdem",
    "hold'em": "holdem",
    "texas-holdem": "holdem",
}


_VARIANT_TITLES = {"holdem": "Texas Hold'em", "omaha-hi": "Omaha Hi", "omaha-hilo": "Omaha Hi/Lo"}


class CardError(InputError):
    """Bad card input: unknown rank or suit, a duplicate, a wrong count, a shared card.

    >>> parse_cards("As Xd")
    Traceback (most recent call last):
    ...
    omahanash.cards.CardError: unknown rank 'X' in card 'Xd'
    """


class Variant(StrEnum):
    """A poker variant. A ``Variant`` is a ``str`` (``Variant.HOLDEM == "holdem"``), so it goes
    wherever a variant name does; :meth:`parse` also takes the aliases (``omaha``, ``hilo``,
    ``hold'em``, ...).

    >>> Variant.parse("Omaha"), Variant("omaha-hilo").hole_cards
    (<Variant.OMAHA_HI: 'omaha-hi'>, 4)
    >>> [str(v) for v in Variant]
    ['holdem', 'omaha-hi', 'omaha-hilo']
    >>> Variant.OMAHA_HILO.display_name
    'Omaha Hi/Lo'
    """

    HOLDEM = "holdem"
    OMAHA_HI = "omaha-hi"
    OMAHA_HILO = "omaha-hilo"

    @classmethod
    def _missing_(cls, value: object) -> Variant:
        """``Variant("HOLDEM")``, ``Variant("omaha")``: any name :meth:`parse` takes; anything
        else an :class:`InputError` (not a bare ``ValueError``)."""
        return cls.parse(value)

    @classmethod
    def parse(cls, name: object) -> Variant:
        """The variant called ``name`` (any alias, any case), else :class:`InputError`."""
        if isinstance(name, Variant):
            return name
        if not isinstance(name, str):
            raise InputError(f"variant must be a name such as 'holdem' or 'omaha-hi', "
                             f"not {name!r}")
        key = name.strip().lower()
        key = GAME_ALIASES.get(key, key)
        if key not in GAMES:
            known = ", ".join([*GAMES, "omaha"])
            raise InputError(f"unknown variant {name!r} (expected one of: {known})")
        return cls(key)

    @property
    def display_name(self) -> str:
        """The name a player reads: ``Texas Hold'em``, ``Omaha Hi``, ``Omaha Hi/Lo``."""
        return _VARIANT_TITLES[self.value]

    @property
    def hole_cards(self) -> int:
        """Hole cards per player: 2 for Hold'em, 4 for Omaha."""
        return GAMES[self.value]

    @property
    def is_omaha(self) -> bool:
        return self is not Variant.HOLDEM


def normalize_game(name: object) -> Variant:
    """The :class:`Variant` called ``name``; ``omaha`` is an alias of ``omaha-hi``.

    >>> normalize_game("Omaha") == "omaha-hi"
    True
    """
    return Variant.parse(name)


def hole_cards(variant: str) -> int:
    """Number of hole cards per player in ``variant`` (2 for Hold'em, 4 for Omaha)."""
    return Variant.parse(variant).hole_cards


def make_card(rank: int, suit: int) -> int:
    """The code of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3, c d h s).

    >>> make_card(12, 3), card_str(make_card(0, 0))
    (51, '2c')
    >>> make_card(13, 0)
    Traceback (most recent call last):
    ...
    omahanash.cards.CardError: rank must be an integer in 0..12 (deuce to ace), got 13
    """
    for name, value, top, meaning in (("rank", rank, 12, "deuce to ace"),
                                      ("suit", suit, 3, "c d h s")):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                or not 0 <= value <= top:
            raise CardError(f"{name} must be an integer in 0..{top} ({meaning}), got {value!r}")
    return int(rank) * 4 + int(suit)


def card_rank(card: int) -> int:
    return card >> 2


def card_suit(card: int) -> int:
    return card & 3


def card_str(card: int) -> str:
    """``51`` -> ``'As'``."""
    if not 0 <= card < NUM_CARDS:
        raise CardError(f"card code {card!r} is out of range 0..51")
    return RANKS[card >> 2] + SUITS[card & 3]


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text separated by single spaces, in the given order.

    >>> format_cards([51, 0, 45])
    'As 2c Kd'
    >>> format_cards([51.9])
    Traceback (most recent call last):
    ...
    omahanash.cards.CardError: 51.9 is not a card code (an integer 0..51)
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise CardError(f"cards must be card codes 0..51 (a list or an array), not {cards!r}")
    return " ".join(card_str(_code(c)) for c in cards)


def _code(item: object) -> int:
    """A card code given as an integer (never a float: ``51.9`` is not truncated to 51)."""
    if isinstance(item, bool) or not isinstance(item, (int, np.integer)):
        raise CardError(f"{item!r} is not a card code (an integer 0..51)")
    return int(item)


def _rank_of(token: str) -> int | None:
    if token == "10":
        return RANKS.index("T")
    if len(token) == 1 and token.upper() in RANKS:
        return RANKS.index(token.upper())
    return None


def _suit_of(char: str) -> int | None:
    if char.lower() in SUITS:
        return SUITS.index(char.lower())
    return _SUIT_SYMBOLS.get(char)


def _tokens(text: str) -> list[str]:
    """Split text into card tokens: separators split, and a rank+suit pair ends a token."""
    tokens: list[str] = []
    table: dict[int, str | None] = {ord(c): " " for c in _SEPARATORS}
    table[0xFE0F] = None  # emoji presentation selector after a suit symbol, as in '♠️'
    for chunk in text.translate(table).split():
        i = 0
        while i < len(chunk):
            # A rank is '10' or one character; the suit is the next character.
            rank_len = 2 if chunk.startswith("10", i) else 1
            token = chunk[i : i + rank_len + 1]
            i += len(token)
            tokens.append(token)
    return tokens


def _parse_token(token: str) -> int:
    rank_len = 2 if token.startswith("10") else 1
    rank = _rank_of(token[:rank_len])
    if rank is None:
        raise CardError(f"unknown rank {token[:rank_len]!r} in card {token!r}")
    if len(token) <= rank_len:
        raise CardError(f"card {token!r} has no suit (expected one of c d h s)")
    suit = _suit_of(token[rank_len])
    if suit is None:
        raise CardError(f"unknown suit {token[rank_len]!r} in card {token!r}")
    return make_card(rank, suit)


def parse_cards(
    cards: str | Sequence[int] | Sequence[str],
    count: int | Sequence[int] | None = None,
    *,
    what: str = "hand",
) -> tuple[int, ...]:
    """Parse cards written as text (or already a sequence of codes or card strings).

    ``count`` is the required number of cards (an int or a collection of allowed counts);
    ``what`` names the group in error messages (``"hand"``, ``"board"``, ``"dead cards"``).

    >>> parse_cards("2s4s3c9c", 4)
    (3, 11, 4, 28)
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    omahanash.cards.CardError: card 'As' appears twice in the hand
    """
    if isinstance(cards, str):
        codes = [_parse_token(token) for token in _tokens(cards)]
        shown = cards.strip()
    else:
        if isinstance(cards, np.ndarray) and cards.ndim != 1:
            raise CardError(f"the {what} must be one row of cards, got an array of shape "
                            f"{cards.shape}")
        if not isinstance(cards, Iterable):
            raise CardError(f"the {what} must be cards like 'As Kd' or card codes 0..51, "
                            f"not {cards!r}")
        codes = []
        for item in cards:
            if isinstance(item, str):
                codes.extend(_parse_token(token) for token in _tokens(item))
            elif isinstance(item, (int, np.integer)) and not isinstance(item, bool) \
                    and 0 <= item < NUM_CARDS:
                codes.append(int(item))
            else:
                raise CardError(f"{item!r} is not a card (a code 0..51 or text like 'As')")
        shown = format_cards(codes)
    seen: set[int] = set()
    for code in codes:
        if code in seen:
            raise CardError(f"card {card_str(code)!r} appears twice in the {what}")
        seen.add(code)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(codes) not in allowed:
            expected = " or ".join(str(n) for n in allowed)
            raise CardError(
                f"the {what} {shown!r} has {len(codes)} cards, expected {expected}"
            )
    return tuple(codes)


def parse_hand(text: str | Sequence[int], variant: str, *, what: str = "hand") -> tuple[int, ...]:
    """A player's hole cards for ``variant`` (2 for Hold'em, 4 for Omaha).

    >>> parse_hand("2s 4s 3c 9c", "omaha")
    (3, 11, 4, 28)
    >>> parse_hand("As Ks Qs", "holdem")
    Traceback (most recent call last):
    ...
    omahanash.cards.CardError: the hand 'As Ks Qs' has 3 cards, expected 2
    """
    return parse_cards(text, hole_cards(variant), what=what)


def check_disjoint(groups: dict[str, Sequence[int]]) -> None:
    """Raise :class:`CardError` when a card is in two of the named groups.

    >>> check_disjoint({"hand 1": parse_cards("As Kd"), "board": parse_cards("Ah 7c As")})
    Traceback (most recent call last):
    ...
    omahanash.cards.CardError: card 'As' is in both hand 1 and board
    """
    owner: dict[int, str] = {}
    for name, cards in groups.items():
        for card in cards:
            if card in owner and owner[card] != name:
                raise CardError(f"card {card_str(card)!r} is in both {owner[card]} and {name}")
            owner[card] = name


def cards_mask(cards: Iterable[int]) -> int:
    """Bit mask with bit ``card`` set for each card."""
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


def remaining_deck(*used: Iterable[int]) -> list[int]:
    """The card codes in none of the groups ``used``, in increasing code order (the order
    the enumerations rely on).

    >>> remaining_deck(parse_cards("As Ah"), [0, 1])[:3], len(remaining_deck(range(40)))
    ([2, 3, 4], 12)
    """
    taken = {int(card) for group in used for card in group}
    return [card for card in range(NUM_CARDS) if card not in taken]
