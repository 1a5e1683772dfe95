"""Push/fold decisions at a table of 3 to 10 players, and the payouts a file says.

A **table spot** is a preflop decision of the hero in a hand of 3 to 10 players where every
action before it was a fold or an all-in, and the hero folds or goes all in:

* folded to the hero, who folds or pushes (node ``BTN``, ``SB``, ``UTG`` ...);
* one or more players all in before the hero (the first pushed, the others called all in or
  folded), and the hero calls all in or folds (node ``BB vs BTN+SB``: the positions of the
  players all in before, in order);

judged on the table's push/fold game (:class:`~omahanash.pushfold.PushFoldSpot`: the stacks
before the hand in preflop order, the header's blinds, the ante or the big-blind ante). A raise
that covers every other stack is an all-in. In **pot-limit** games a raise of the pot counts as
a push when everyone folds to it, or when the hero then calls a re-raise all in: the spot says
so in its ``note``. Everything else is outside the model with its reason: a limp, a raise that
is not all in, a player calling without going all in, a deep stack (the hero's effective
stack, its stack against the largest other one, above ``max_bb``), a limit game, a straddle.

**Payouts a file says** (:func:`file_payouts`): PokerStars tournament hands name the
tournament, the buy-in and the table (``Table '2817 1' 6-max``). A sit-and-go plays on its
table ``1``; recognised: a ``3-max`` table (Spin & Go, winner takes all: ``1``), a ``6-max``
sit-and-go (``65/35``), a ``9-max`` or ``10-max`` one (``50/30/20``). Anything else (a cash
game, a multi-table tournament, another size) is judged in chip EV unless payouts are given,
and the review says which.

>>> from omahanash.history.hands import Action, Hand
>>> hand = Hand(hand_id="9", source="f", line=1, variant="holdem", limit="no-limit", sb=10,
...             bb=20, stacks={"A": 300, "B": 400, "C": 500}, posts={"B": 10, "C": 20},
...             small_blind="B", big_blind="C", cards={"C": "Ah Kd"}, button="A",
...             actions=[Action("A", "raise", 300, True), Action("B", "fold", 10, False),
...                      Action("C", "call", 300, False)])
>>> spot = find_table_spot(hand, "C")
>>> spot.node, spot.action, spot.players, spot.stacks
('BB vs BTN', 'call', 3, (300.0, 400.0, 500.0))
>>> find_table_spot(hand, "B").reason
"the hero's cards are not known"
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.history.hands import Hand
from omahanash.history.spots import Outside
from omahanash.pushfold.payouts import parse_payouts
from omahanash.pushfold.spot import POSITIONS

#: Recognised sit-and-go tables: ``N-max`` -> (format, payouts).
SNG_PAYOUTS = {3: ("Spin & Go (3-max, winner takes all)", "1"),
               6: ("6-max sit-and-go", "65/35"),
               9: ("9-max sit-and-go", "50/30/20"),
               10: ("10-max sit-and-go", "50/30/20")}
_POT_RAISE_SHARE = 0.99


@dataclass(frozen=True, slots=True)
class TableSpot:
    """A push/fold decision of the hero at a table of ``players`` (3 to 10).

    ``stacks`` in preflop order (the last two the blinds), ``node`` the decision's name,
    ``action`` ``push``, ``call`` or ``fold``; ``note`` says how a pot-limit raise was read.
    """

    hand: Hand
    player: str
    position: str
    node: str
    action: str
    cards: str
    stacks: tuple[float, ...]
    ante: float
    bb_ante: float
    note: str = ""

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def aggressive(self) -> bool:
        return self.action in ("push", "call")

    @property
    def stack_bb(self) -> float:
        """The hero's effective stack (its stack against the largest other), in bb."""
        seat = self.seat
        others = max(s for i, s in enumerate(self.stacks) if i != seat)
        return min(self.stacks[seat], others) / self.hand.bb

    @property
    def seat(self) -> int:
        return POSITIONS[self.players].index(self.position)


def _outside(hand: Hand, reason: str) -> Outside:
    return Outside(hand.hand_id, hand.source, hand.line, reason)


def preflop_order(hand: Hand) -> list[str] | None:
    """The seated players in preflop order (the blinds last), or None when the small blind
    does not sit just before the big blind."""
    seats = list(hand.stacks)
    if hand.big_blind not in seats or hand.small_blind not in seats:
        return None
    at = seats.index(hand.big_blind)
    order = seats[at + 1:] + seats[:at + 1]
    return order if order[-2] == hand.small_blind else None


def _antes(hand: Hand, order: list[str]) -> tuple[float, float] | str:
    """``(ante, bb_ante)``: a big-blind ante when only the big blind posted one."""
    posted = {name: value for name, value in hand.antes.items() if value > 0}
    if not posted:
        return 0.0, 0.0
    if list(posted) == [order[-1]] and len(order) > 2:
        return 0.0, posted[order[-1]]
    return hand.ante, 0.0


def find_table_spot(hand: Hand, hero: str, max_bb: float = 20.0) -> TableSpot | Outside:
    """The hero's push/fold decision at a table of 3 to 10 (see the module), or why none."""
    if hand.limit == "limit":
        return _outside(hand, "a limit game")
    if hand.extra_posts:
        return _outside(hand, "a straddle or dead blind was posted")
    order = preflop_order(hand)
    if order is None or hand.small_blind == hand.big_blind:
        return _outside(hand, "no small blind just before the big blind")
    if not 3 <= len(order) <= 10:
        return _outside(hand, f"{len(order)} players: the table model takes 3 to 10")
    antes = _antes(hand, order)
    if isinstance(antes, str):
        return _outside(hand, antes)
    positions = POSITIONS[len(order)]
    position_of = dict(zip(order, positions))
    stacks = tuple(float(hand.stacks[name]) for name in order)
    hero_stack = hand.stacks[hero]
    others = max(hand.stacks[name] for name in order if name != hero)
    if min(hero_stack, others) > max_bb * hand.bb + 1e-9:
        return _outside(hand, f"effective stack {min(hero_stack, others) / hand.bb:.3g} bb "
                        f"is above {max_bb:g} bb")
    allin: list[str] = []  # the players all in before the hero, in order
    note = ""
    actions = hand.actions
    largest = 0.0  # the largest all-in so far: a call of it is the model's call
    for index, action in enumerate(actions):
        stack = hand.stacks[action.player]
        if allin:
            need = min(stack, largest)
        else:  # a push: all in, or a raise that covers every other stack
            need = min(stack, max(hand.stacks[n] for n in order if n != action.player))
        goes_in = action.kind in ("raise", "bet", "call") \
            and (action.all_in or action.total >= need - 1e-9)
        if action.player == hero:
            if action.kind == "fold":
                kind = "fold"
            elif goes_in:
                kind = "call" if allin else "push"
            elif hand.limit == "pot-limit" and action.kind == "raise" and not allin:
                read = _pot_raise(hand, order, actions[index:], hero)
                if isinstance(read, Outside):
                    return read
                kind, note = "push", read
            elif action.kind == "check":
                return _outside(hand, "no decision for the hero: everyone folded to the big "
                                "blind")
            elif not allin and action.kind == "call":
                return _outside(hand, "the hero limped")
            else:
                return _outside(hand, "the hero raised without going all in")
            break
        if action.kind == "fold":
            continue
        if goes_in:
            allin.append(action.player)
            largest = max(largest, action.total)
            continue
        if not allin and action.kind == "call":
            return _outside(hand, f"{position_of[action.player]} limped before the hero")
        if allin and action.kind == "call":
            return _outside(hand, f"{position_of[action.player]} called without going all "
                            "in: the hand went on after the push")
        return _outside(hand, f"{position_of[action.player]} raised without going all in "
                        "before the hero")
    else:
        if hero == order[-1] and not allin:
            return _outside(hand, "no decision for the hero: everyone folded to the big blind")
        return _outside(hand, "no decision for the hero")
    cards = hand.cards.get(hero)
    if cards is None or len(cards.split()) != Variant.parse(hand.variant).hole_cards:
        return _outside(hand, "the hero's cards are not known")
    if hero_stack <= (hand.posts.get(hero, 0.0) + hand.antes.get(hero, 0.0)):
        return _outside(hand, "the hero was all in before acting")
    position = position_of[hero]
    node = position if not allin else \
        f"{position} vs {'+'.join(position_of[name] for name in allin)}"
    return TableSpot(hand, hero, position, node, kind, cards, stacks, antes[0], antes[1],
                     note)


def _pot_raise(hand: Hand, order: list[str], line: list, hero: str) -> str | Outside:
    """A pot-limit raise of the hero (``line[0]``) read as a push, or why not."""
    pot = sum(hand.posts.values()) + sum(hand.antes.values())
    pot_raise = pot + 2 * hand.bb  # call the big blind, then raise the pot
    opening = line[0]
    if opening.total < _POT_RAISE_SHARE * min(pot_raise, hand.stacks[hero]):
        return _outside(hand, "the hero raised less than the pot")
    rest = [action for action in line[1:]]
    raised = [a for a in rest if a.player != hero and a.kind in ("raise", "bet", "call")]
    if not raised:
        return "pot-limit: a pot raise that everyone folded to, graded as a push"
    answer = next((a for a in rest if a.player == hero), None)
    if any(a.kind == "call" and not a.all_in for a in raised) and answer is None:
        return _outside(hand, "the pot raise was called: the hand went on to the flop")
    if answer is None or answer.kind == "fold":
        return _outside(hand, "the hero raised the pot and folded to a re-raise")
    return "pot-limit: a pot raise, then a call of the re-raise all in, graded as a push"


def file_payouts(hand: Hand) -> tuple[str, str] | None:
    """``(format, payouts)`` of a recognised sit-and-go (module), else None.

    >>> from omahanash.history.hands import Hand
    >>> hand = Hand("1", "f", 1, "holdem", "no-limit", 10, 20, {}, tournament=True,
    ...             tournament_id="77", table_name="77 1", table_max=9)
    >>> file_payouts(hand)
    ('9-max sit-and-go', '50/30/20')
    """
    if not hand.tournament or hand.table_max not in SNG_PAYOUTS:
        return None
    name = hand.table_name or ""
    if hand.tournament_id is None or re.fullmatch(re.escape(hand.tournament_id) + r" 1",
                                                  name) is None:
        return None  # a multi-table tournament, or a table we cannot place
    return SNG_PAYOUTS[hand.table_max]


def check_payouts_text(text: str | None) -> str | None:
    """``text`` if it reads as payouts (or chips), else :class:`InputError` naming it."""
    if text is None:
        return None

    if not isinstance(text, str):
        raise InputError(f"payouts must be text like 50/30/20 or 'chips', got {text!r}")
    parse_payouts(text)
    return text
