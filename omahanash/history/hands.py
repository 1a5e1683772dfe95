"""The parsed-hand model: what the readers (PokerStars text, PHH) produce and the spot finder
reads.

Only what the jam-fold review needs is kept: the game, the blinds and antes as posted, the
stacks before the hand, the known hole cards and the preflop actions in order. Amounts are
chips (tournaments) or money (cash games) exactly as the file writes them.

>>> hand = Hand(hand_id="1", source="a.txt", line=1, variant=Variant.HOLDEM,
...             limit="no-limit", sb=10, bb=20, stacks={"A": 200, "B": 300},
...             posts={"A": 10, "B": 20}, small_blind="A", big_blind="B",
...             actions=[Action("A", "raise", 200, True), Action("B", "fold", 20, False)])
>>> hand.players, hand.actions[0]
(['A', 'B'], Action(player='A', kind='raise', total=200, all_in=True))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from omahanash.cards import Variant
from omahanash.errors import InputError

#: Betting structures a hand may have (``limit`` games are read but never a jam-fold spot).
LIMITS = ("no-limit", "pot-limit", "limit")
#: Preflop action kinds.
ACTION_KINDS = ("fold", "check", "call", "bet", "raise")


class HandParseError(InputError):
    """A hand that cannot be read: the readers catch it and report the hand as
    :class:`Unparsed` (file, line, reason); it never escapes a reader.

    >>> str(HandParseError(12, "no seats"))
    'line 12: no seats'
    """

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    """One preflop action. ``total`` is the player's whole bet in the round after it (blind
    included, ante not), so a fold or a check repeats the bet already made.

    >>> Action("Hero", "call", 20.0, False).kind
    'call'
    """

    player: str
    kind: str
    total: float
    all_in: bool


@dataclass(frozen=True, slots=True)
class Unparsed:
    """A hand (or a whole file) that was skipped: where and why.

    >>> Unparsed("hh.txt", 40, "no *** HOLE CARDS *** line").as_dict()["line"]
    40
    """

    file: str
    line: int
    reason: str

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "reason": self.reason}


@dataclass(slots=True)
class Hand:
    """One hand as the readers found it.

    ``stacks`` maps every seated player, in seat order, to the stack before the hand (before
    antes and blinds); ``antes`` and ``posts`` what each player posted (ante; blind). Only one
    small and one big blind are named (``small_blind``, ``big_blind``); ``extra_posts`` is true
    when anything else was posted (a dead blind, a straddle). ``cards`` holds the hole cards
    that are known (the hero's ``Dealt to``, anything ``shows``), as ``"Ah Kd"``.
    """

    hand_id: str
    source: str
    line: int
    variant: Variant
    limit: str
    sb: float
    bb: float
    stacks: dict[str, float]
    ante: float = 0.0
    tournament: bool = False
    antes: dict[str, float] = field(default_factory=dict)
    posts: dict[str, float] = field(default_factory=dict)
    small_blind: str | None = None
    big_blind: str | None = None
    extra_posts: bool = False
    button: str | None = None
    hero: str | None = None
    cards: dict[str, str] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    #: The tournament's structure as the file says it (PokerStars: the header's tournament
    #: id and buy-in, the table's name and its ``N-max`` size); None when not said.
    tournament_id: str | None = None
    buy_in: str | None = None
    table_name: str | None = None
    table_max: int | None = None
    #: How many players sat (kept when a review drops ``stacks`` to save memory).
    seated: int = 0
    #: A knockout tournament's bounty as the file says it (PokerStars: the middle part of a
    #: three-part buy-in, ``$10+$10+$2``: the bounty every player started with, in the
    #: buy-in's money) and its kind when a line of the hand shows it (``pko``: a bounty won
    #: raised the winner's own; ``ko``: a bounty won whole); None when not said.
    bounty: float | None = None
    bounty_type: str | None = None

    @property
    def players(self) -> list[str]:
        """The seated players, in seat order."""
        return list(self.stacks)
