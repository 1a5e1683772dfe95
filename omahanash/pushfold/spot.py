"""A push/fold spot at a table of 2 to 10 players: seats, positions, posts, decision nodes.

Players sit in preflop order; the last two are the small and the big blind. Each player in
turn folds or moves all in; after the first all-in each later player calls all in or folds
(any number of callers). A decision node is a player and the set of earlier players who went
all in; it is named by the position and those players: ``BTN`` (folded to the button), ``SB``
(folded to the small blind), ``SB vs BTN``, ``BB vs SB``, ``BB vs BTN+SB``. When everyone
folds to the big blind it wins the pot without a decision, so an ``n``-handed table has
``2**n - 2`` nodes (3-handed: 6).

Positions by table size (:data:`POSITIONS`)::

     2  SB BB
     3  BTN SB BB
     4  CO BTN SB BB
     5  HJ CO BTN SB BB
     6  UTG HJ CO BTN SB BB
     7  UTG LJ HJ CO BTN SB BB
     8  UTG MP LJ HJ CO BTN SB BB
     9  UTG UTG+1 MP LJ HJ CO BTN SB BB
    10  UTG UTG+1 UTG+2 MP LJ HJ CO BTN SB BB

Posts: every player an ``ante`` (0 for none), the big blind also a ``bb_ante`` (the big-blind
ante of modern tournaments; 0 for none), then the blinds. A player whose stack does not cover
what they must post is all in by force: their whole stack goes in and they have no decision.

>>> spot = PushFoldSpot("holdem", [1500, 1500, 1500], sb=50, bb=100)
>>> spot.positions
('BTN', 'SB', 'BB')
>>> [node.name for node in spot.nodes()]
['BTN', 'SB', 'SB vs BTN', 'BB vs BTN', 'BB vs SB', 'BB vs BTN+SB']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.pushfold.payouts import parse_payouts, payouts_label
from omahanash.solving.checks import MAX_CHIPS as MAX_CHIPS  # (the app reads it here)
from omahanash.solving.checks import check_chips

MIN_PLAYERS = 2
MAX_PLAYERS = 10

POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("SB", "BB"),
    3: ("BTN", "SB", "BB"),
    4: ("CO", "BTN", "SB", "BB"),
    5: ("HJ", "CO", "BTN", "SB", "BB"),
    6: ("UTG", "HJ", "CO", "BTN", "SB", "BB"),
    7: ("UTG", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    8: ("UTG", "MP", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    9: ("UTG", "UTG+1", "MP", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    10: ("UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
}


def _chips(name: str, value: object, argument: str, *, positive: bool = False) -> float:
    """``value`` as chips; an :class:`InputError` naming ``argument`` (``stacks[1]``, ``sb``,
    …: :attr:`InputError.argument`, which the app's form reads) otherwise."""
    return check_chips(name, value, argument, minimum=0, positive=positive)


@dataclass(frozen=True)
class Node:
    """A decision: ``player`` (seat index) facing the all-ins of the seats in ``pushers``."""

    index: int  # slot in the solver's arrays: (1 << player) - 1 + mask
    player: int
    mask: int  # bit k set: seat k went all in before
    name: str
    position: str
    action: str  # "push" (nobody is all in yet) or "call"


@dataclass(frozen=True)
class PushFoldSpot:
    """A table: the game, the stacks in preflop order, blinds, antes and payouts.

    ``payouts`` is text (``"50/30/20"``, ``"1"``, a preset, ``"chips"``) or a list of amounts;
    ``None`` or ``"chips"`` means chip EV.

    >>> spot = PushFoldSpot("omaha", [3000, 2000, 1000], 100, 200, payouts="50/30/20")
    >>> spot.players, spot.model, spot.payouts_text
    (3, 'icm', '50/30/20')
    >>> PushFoldSpot("holdem", [100] * 11, 5, 10)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: stacks must list 2 to 10 players, got 11
    """

    variant: Variant | str
    stacks: Sequence[float]
    sb: float = 5.0
    bb: float = 10.0
    ante: float = 0.0
    payouts: str | Sequence[float] | None = None
    bb_ante: float = 0.0
    _payouts: np.ndarray | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "variant", Variant.parse(self.variant))
        stacks = self.stacks
        if isinstance(stacks, (str, bytes)) or not isinstance(stacks, (Sequence, np.ndarray)):
            raise InputError.naming("stacks", f"stacks must be a list of chip counts, got "
                                              f"{stacks!r}")
        if not MIN_PLAYERS <= len(stacks) <= MAX_PLAYERS:
            raise InputError.naming("stacks", f"stacks must list {MIN_PLAYERS} to "
                                              f"{MAX_PLAYERS} players, got {len(stacks)}")
        values = tuple(_chips(f"stack {i + 1}", s, f"stacks[{i}]", positive=True)
                       for i, s in enumerate(stacks))
        set_(self, "stacks", values)
        set_(self, "sb", _chips("SB", self.sb, "sb", positive=True))
        set_(self, "bb", _chips("BB", self.bb, "bb", positive=True))
        set_(self, "ante", _chips("ante", self.ante, "ante"))
        set_(self, "bb_ante", _chips("big-blind ante", self.bb_ante, "bb_ante"))
        if self.sb > self.bb:
            raise InputError.naming("sb", f"SB ({self.sb:g}) must not be larger than BB "
                                          f"({self.bb:g})")
        try:
            payouts = None if self.payouts is None else parse_payouts(self.payouts,
                                                                     len(values))
        except InputError as error:
            if error.argument is None:
                error.argument = "payouts"
            raise
        set_(self, "_payouts", payouts)
        set_(self, "payouts", payouts_label(payouts))

    # -- the table -----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def positions(self) -> tuple[str, ...]:
        return POSITIONS[self.players]

    @property
    def model(self) -> str:
        """``"icm"`` with paid places, ``"chips"`` for chip EV."""
        return "chips" if self._payouts is None else "icm"

    @property
    def payout_amounts(self) -> np.ndarray | None:
        return None if self._payouts is None else self._payouts.copy()

    @property
    def payouts_text(self) -> str:
        return payouts_label(self._payouts)

    @property
    def prize_pool(self) -> float:
        return 0.0 if self._payouts is None else float(self._payouts.sum())

    def stack_array(self) -> np.ndarray:
        return np.array(self.stacks, dtype=np.float64)

    def posts(self) -> tuple[np.ndarray, np.ndarray]:
        """``(antes, blinds)`` each seat posts before anyone acts (capped by the stack: the
        antes first, then the blinds)."""
        n = self.players
        stacks = self.stack_array()
        antes = np.full(n, self.ante)
        antes[n - 1] += self.bb_ante
        antes = np.minimum(antes, stacks)
        blinds = np.zeros(n)
        blinds[n - 2] = self.sb
        blinds[n - 1] = self.bb
        blinds = np.minimum(blinds, stacks - antes)
        return antes, blinds

    def forced(self) -> np.ndarray:
        """Seats all in by force (their stack does not cover what they post)."""
        antes, blinds = self.posts()
        n = self.players
        owed = np.full(n, self.ante)
        owed[n - 1] += self.bb_ante
        owed[n - 2] += self.sb
        owed[n - 1] += self.bb
        return self.stack_array() <= owed

    def in_bb(self, chips: float) -> float:
        return chips / self.bb

    # -- decision nodes --------------------------------------------------------------------

    def node_count(self) -> int:
        """Slots of the solver's arrays: ``2**n - 1`` (the big blind's empty slot unused)."""
        return (1 << self.players) - 1

    def node(self, player: int, mask: int) -> Node:
        n = self.players
        if not 0 <= player < n or mask >> player or (player == n - 1 and mask == 0):
            raise InputError(f"no decision of seat {player} after all-ins {mask:b}")
        pos = self.positions
        pushers = [pos[k] for k in range(player) if mask >> k & 1]
        name = pos[player] + (" vs " + "+".join(pushers) if pushers else "")
        return Node((1 << player) - 1 + mask, player, mask, name, pos[player],
                    "call" if pushers else "push")

    def nodes(self) -> list[Node]:
        """Every decision node in preflop order (by player, then by the earlier all-ins)."""
        out = []
        for player in range(self.players):
            masks = sorted(range(1 << player), key=lambda m: (bin(m).count("1"), _order(m)))
            for mask in masks:
                if player == self.players - 1 and mask == 0:
                    continue
                out.append(self.node(player, mask))
        return out

    def find_node(self, name: str) -> Node:
        """The node called ``name`` (``BTN``, ``SB vs BTN``, ``BB vs BTN+SB``; any case and
        spacing).

        >>> PushFoldSpot("holdem", [100] * 3, 5, 10).find_node("bb vs btn + sb").index
        6
        """
        if not isinstance(name, str):
            raise InputError(f"node must be a name like 'SB vs BTN', got {name!r}")
        key = _node_key(name)
        for node in self.nodes():
            if _node_key(node.name) == key:
                return node
        examples = ", ".join(node.name for node in self.nodes()[:4])
        raise InputError(f"no node {name!r} at a {self.players}-handed table (nodes: "
                         f"{examples}, ...)")

    def describe(self) -> dict:
        """The spot as JSON-ready values."""
        return {"game": str(self.variant), "players": self.players,
                "positions": list(self.positions), "stacks": list(self.stacks), "sb": self.sb,
                "bb": self.bb, "ante": self.ante, "bb_ante": self.bb_ante,
                "payouts": self.payouts_text, "model": self.model}


def _order(mask: int) -> tuple[int, ...]:
    return tuple(k for k in range(mask.bit_length()) if mask >> k & 1)


def _node_key(name: str) -> str:
    text = " ".join(name.replace("+", " + ").split()).upper()
    return text.replace(" + ", "+")
