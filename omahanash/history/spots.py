"""Which decisions of a hand the jam-fold model covers (the review's "spots").

A **spot** is a preflop decision heads-up between the blinds: everyone before the small blind
folded (or the table is heads-up, where the button posts the small blind), the effective
stack is at most ``max_bb`` big blinds, and

* the small blind folds or puts all its chips in: an all-in, or a raise that covers the big
  blind's whole stack; in pot-limit games a pot-size raise counts as a push when the big blind
  folds to it, or re-raises and the small blind then puts the rest in;
* the big blind, facing such a push, calls (with anything that puts its chips in) or folds.

Everything else is **outside the model** with a reason: limps, raises that are not all-in, a
player before the blinds entering the pot, limit games, straddles and dead blinds, a blind
all-in before acting, stacks above the limit, a hand the hero is not in or has no decision in.
The antes of the players who folded before the blinds are dead money in the pot.

>>> from omahanash.history.hands import Action, Hand
>>> hand = Hand(hand_id="9", source="f", line=1, variant="holdem", limit="no-limit", sb=10,
...             bb=20, stacks={"A": 200, "B": 300, "C": 900}, ante=2,
...             antes={"A": 2, "B": 2, "C": 2}, posts={"A": 10, "B": 20}, small_blind="A",
...             big_blind="B", cards={"B": "Ah Kd"},
...             actions=[Action("C", "fold", 0, False), Action("A", "raise", 198, True),
...                      Action("B", "call", 198, False)])
>>> spot = find_spot(hand, "B")
>>> spot.position, spot.action, spot.stack_bb, spot.params.dead_money
('BB', 'call', 10.0, 2.0)
>>> find_spot(hand, "C").reason
'the hero is not in the blinds'
"""

from __future__ import annotations

from dataclasses import dataclass

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.history.hands import Action, Hand
from omahanash.jamfold.game import JamFoldParams

#: Default limit of the effective stack, in big blinds (the CLI's ``--max-bb``).
DEFAULT_MAX_BB = 20.0
# A pot-limit raise within this share of the pot-size raise counts as the pot raise (cash
# amounts are rounded to the cent).
_POT_RAISE_SHARE = 0.99


@dataclass(frozen=True, slots=True)
class Spot:
    """A decision of ``player`` (the hero) that the jam-fold model covers.

    ``position`` is ``"SB"`` (the pusher) or ``"BB"`` (the caller); ``action`` ``"push"`` or
    ``"fold"`` for the small blind, ``"call"`` or ``"fold"`` for the big blind; ``params`` the
    game in chips (stacks before the hand, the antes of the folded players as dead money).
    """

    hand: Hand
    player: str
    position: str
    action: str
    cards: str
    params: JamFoldParams

    @property
    def stack_bb(self) -> float:
        """The effective stack in big blinds."""
        return self.params.effective_stack / self.params.bb

    @property
    def aggressive(self) -> bool:
        """Whether the action was the all-in one (push or call)."""
        return self.action in ("push", "call")


@dataclass(frozen=True, slots=True)
class Outside:
    """A hand with no decision of the hero that the model covers, and why."""

    hand_id: str
    file: str
    line: int
    reason: str

    def as_dict(self) -> dict:
        return {"hand_id": self.hand_id, "file": self.file, "line": self.line,
                "reason": self.reason}


def _outside(hand: Hand, reason: str) -> Outside:
    return Outside(hand.hand_id, hand.source, hand.line, reason)


#: Why a hand is outside the model when the hero did not play it.
NOT_IN_HAND = "the hero is not in this hand"


def find_spot(hand: Hand, hero: str, max_bb: float = DEFAULT_MAX_BB) -> Spot | Outside:
    """The hero's jam-fold decision in ``hand``, or why there is none (see the module)."""
    if hero not in hand.stacks:
        return _outside(hand, NOT_IN_HAND)
    if hand.limit == "limit":
        return _outside(hand, "a limit game")
    sb_player, bb_player = hand.small_blind, hand.big_blind
    if sb_player is None or bb_player is None or sb_player == bb_player:
        return _outside(hand, "no small and big blind posted")
    if hand.extra_posts:
        return _outside(hand, "a straddle or dead blind was posted")
    if hero not in (sb_player, bb_player):
        return _outside(hand, "the hero is not in the blinds")
    actions = hand.actions
    first = 0
    while first < len(actions) and actions[first].player not in (sb_player, bb_player):
        if actions[first].kind != "fold":
            return _outside(hand, "a player before the blinds entered the pot")
        first += 1
    params = _params(hand, sb_player, bb_player)
    if isinstance(params, str):
        return _outside(hand, params)
    if params.effective_stack > max_bb * params.bb + 1e-9:
        return _outside(hand, f"effective stack {params.effective_stack / params.bb:.3g} bb "
                        f"is above {max_bb:g} bb")
    line = actions[first:]
    sb_action, bb_action = _blind_actions(hand, line, params, sb_player, bb_player)
    if sb_action is None or bb_action is None:
        return _outside(hand, sb_action or bb_action or "the blinds did not play jam-fold")
    position = "SB" if hero == sb_player else "BB"
    action = sb_action if position == "SB" else bb_action
    if action == "none":
        return _outside(hand, "no decision for the hero: the small blind folded")
    cards = hand.cards.get(hero)
    if cards is None or len(cards.split()) != Variant.parse(hand.variant).hole_cards:
        return _outside(hand, "the hero's cards are not known")
    return Spot(hand, hero, position, action, cards, params)


def _params(hand: Hand, sb_player: str, bb_player: str) -> JamFoldParams | str:
    """The game in chips, or why the blinds cannot play it."""
    ante = hand.antes.get(sb_player, 0.0)
    if hand.antes.get(bb_player, 0.0) != ante:
        return "a blind could not post the whole ante"
    sb, bb = hand.posts[sb_player], hand.posts[bb_player]
    stacks = (hand.stacks[sb_player], hand.stacks[bb_player])
    if sb > bb or sb < hand.sb or bb < hand.bb:
        return "a blind is all-in before acting"
    if stacks[0] <= sb + ante or stacks[1] <= bb + ante:
        return "a blind is all-in before acting"
    dead = sum(hand.antes.values()) - 2 * ante
    try:
        return JamFoldParams(hand.variant, sb, bb, ante, stacks, dead_money=max(0.0, dead))
    except InputError as error:
        return f"not a jam-fold game: {error}"


def _blind_actions(hand: Hand, line: list[Action], params: JamFoldParams, sb_player: str,
                   bb_player: str) -> tuple[str | None, str | None]:
    """What the small and the big blind did in model terms: ``("fold", "none")``,
    ``("push", "fold" | "call")``; ``None`` with the other one the reason when it is not
    jam-fold."""
    if not line or line[0].player != sb_player:
        return None, "the small blind did not act"
    commit = params.effective_stack - params.ante  # a bet of this much is all-in for someone
    opening = line[0]
    if opening.kind == "fold":
        return "fold", "none"
    if opening.kind == "call" and not opening.all_in:
        return None, "the small blind limped"
    if opening.all_in or opening.total >= commit - 1e-9:
        return _facing_push(line[1:], bb_player)
    if hand.limit != "pot-limit" or opening.kind != "raise":
        return None, "the small blind raised without going all-in"
    pot_raise = 3 * params.bb + sum(hand.antes.values())
    if opening.total < _POT_RAISE_SHARE * pot_raise:
        return None, "the small blind raised less than the pot"
    if len(line) < 2 or line[1].player != bb_player:
        return None, "the big blind did not act"
    answer = line[1]
    if answer.kind == "fold":
        return "push", "fold"
    if answer.kind == "call" and not answer.all_in and answer.total < commit - 1e-9:
        return None, "the big blind called the pot raise: the hand went on to the flop"
    if answer.kind == "call":
        return "push", "call"
    rest = line[2:]
    if not rest or rest[0].player != sb_player:
        return None, "the small blind did not answer the re-raise"
    if rest[0].kind == "fold":
        return None, "the small blind raised the pot and folded to a re-raise"
    return "push", "call"


def _facing_push(rest: list[Action], bb_player: str) -> tuple[str | None, str | None]:
    if not rest or rest[0].player != bb_player:
        return None, "the big blind did not act on the push"
    return "push", "fold" if rest[0].kind == "fold" else "call"
