"""The hero's preflop decisions on a betting tree (:mod:`omahanash.trees`): every decision
the tree contains — opens (a pot raise, a min-raise, all in), limps, flat calls, re-raises,
folds to a re-raise, calls of an all in — at 2 to 10 players.

A hand is walked down its table's tree (:func:`~omahanash.trees.build_tree` of the stacks
before the hand in preflop order, the header's blinds, the ante or big-blind ante), one
preflop action at a time: a fold is the node's fold, a check or a call its call (a call all
in for less too), a bet or a raise the node's raise or all in nearest in size (the chips the
player has in after it). A raise of a size the tree lacks is read as the nearest size and the
spot says so in its ``note`` (the hero's), as it does for an earlier player's raise read as
another size. Each node where the hero acts is a :class:`TreeSpot`; the walk stops where the
hand leaves the tree (a limp the tree has no limp for, more raises than ``max_raises``) —
the decisions before stay judged — and a hand with no decision of the hero in the tree is
outside the model, saying why.

**Deep spots** (:func:`depth_reason`). The ``commit`` postflop model (every player left puts
the chips behind in on the flop) is sound up to a stack-to-pot ratio of
:data:`~omahanash.trees.betting.COMMIT_SPR` (2) after the preflop betting. A decision is
judged when its least committing line stays within it: facing a bet, the call (the chips
behind the call, over the pot after it); unopened, the tree's open called by the big blind.
Deeper, it is outside the model with that reason. At blinds 0.5/1 and no ante: an open for the
pot on 3 players is judged up to about 18.5 bb effective (3.5 bb called: 7.5 bb in the pot,
15 behind), a flat call of it up to the same depth, a re-raised pot much deeper; heads-up the
small blind's open (to 3 bb) up to 15 bb; a no-limit open to 2 bb up to 11 bb.

>>> from omahanash.history.hands import Action, Hand
>>> hand = Hand(hand_id="7", source="f", line=1, variant="omaha-hi", limit="pot-limit",
...             sb=50, bb=100, stacks={"A": 1500, "B": 1200, "Hero": 1000},
...             posts={"B": 50, "Hero": 100}, small_blind="B", big_blind="Hero",
...             cards={"Hero": "As Ks Qd Jd"}, button="A",
...             actions=[Action("A", "raise", 350, False), Action("B", "fold", 50, False),
...                      Action("Hero", "call", 350, False)])
>>> [spot] = find_tree_spots(hand, "Hero", "pl")
>>> spot.node, spot.action, spot.action_to, spot.stacks
('BB vs BTN open', 'call', 350.0, (1500.0, 1200.0, 1000.0))
"""

from __future__ import annotations

from dataclasses import dataclass

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.hands import num_classes
from omahanash.history.hands import Hand
from omahanash.history.spots import Outside
from omahanash.history.table_spots import _antes, preflop_order
from omahanash.pushfold.spot import POSITIONS
from omahanash.trees import PreflopSpot, build_tree
from omahanash.trees.betting import COMMIT_SPR, BettingTree, TreeNode
from omahanash.trees.solver import MEMORY_LIMIT

#: A raise within this share of a tree size (or 0.01 bb) is that size: not flagged.
SIZE_SHARE = 0.01


@dataclass(frozen=True, slots=True)
class TreeSpot:
    """A decision of the hero on the ``tree`` of its table.

    ``stacks`` in preflop order (the last two the blinds), ``node`` the tree node's name,
    ``action`` the tree's action taken (``fold``, ``call`` — a check too —, ``raise``,
    ``allin``), ``index`` its place in the node's actions, ``action_to`` its size in the tree
    and ``played_to`` the chips the hero really had in after it (both without antes);
    ``note`` says how a size the tree lacks was read."""

    hand: Hand
    player: str
    position: str
    tree: str
    node: str
    action: str
    index: int
    action_to: float
    played_to: float
    cards: str
    stacks: tuple[float, ...]
    ante: float
    bb_ante: float
    note: str = ""

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def seat(self) -> int:
        return POSITIONS[self.players].index(self.position)

    @property
    def stack_bb(self) -> float:
        """The hero's effective stack (its stack against the largest other), in bb."""
        seat = self.seat
        others = max(s for i, s in enumerate(self.stacks) if i != seat)
        return min(self.stacks[seat], others) / self.hand.bb

    @property
    def aggressive(self) -> bool:
        return self.action in ("raise", "allin")


def _outside(hand: Hand, reason: str) -> Outside:
    return Outside(hand.hand_id, hand.source, hand.line, reason)


def tree_table(hand: Hand, tree: str, order: list[str], antes: tuple[float, float]
               ) -> PreflopSpot:
    """The hand's table on ``tree`` (no payouts: the tree's shape does not depend on them)."""
    stacks = [float(hand.stacks[name]) for name in order]
    return PreflopSpot(hand.variant, stacks, hand.sb, hand.bb, antes[0], None, antes[1],
                       tree=tree)


def _bb(chips: float, bb: float) -> str:
    return f"{chips / bb:.3g} bb"


def _depth(most: list[float], contrib: list[float], folded: set[int], hero: int, pot: float,
           passive: float | None, open_to: float | None) -> tuple[float, float, str] | None:
    """``(effective stack, ratio, the line)`` of a decision deeper than the ``commit`` model
    is sound for (see the module), or None: facing a bet (``open_to`` None) the call to
    ``passive``; unopened the open to ``open_to`` called by the player with most in."""
    live = [i for i in range(len(most)) if i not in folded and i != hero]
    if not live:
        return None
    if open_to is None:
        if passive is None or passive >= most[hero] - 1e-9:
            return None  # a call is all in (or there is none): nothing behind
        to = passive
        after = pot + (to - contrib[hero])
        line = "a call"
    else:
        to = open_to
        caller = max(live, key=lambda i: (contrib[i], most[i]))
        after = pot + (to - contrib[hero]) + max(0.0, min(to, most[caller]) - contrib[caller])
        line = "an open called"
    effective = min(most[hero], max(most[i] for i in live))
    behind = effective - to
    if behind <= 1e-9 or behind <= COMMIT_SPR * after + 1e-9:
        return None
    return effective, behind / after, line


def _deep_words(name: str, found: tuple[float, float, str], bb: float, ante: float) -> str:
    effective, ratio, line = found
    return (f"{name}: {_bb(effective + ante, bb)} deep, {line} leaves {ratio:.2g} times the "
            f"pot behind, more than {COMMIT_SPR:g}: deeper than the postflop model (all in "
            f"on the flop) is sound for")


def depth_reason(tree: BettingTree, node: TreeNode, contrib: list[float], folded: set[int]
                 ) -> str | None:
    """Why the decision at ``node`` is deeper than the ``commit`` model is sound for (see
    the module), or None. ``contrib``: every player's chips in (no antes) at the node."""
    spot = tree.spot
    stacks, (antes, _) = spot.stack_array(), spot.posts()
    most = [float(s - a) for s, a in zip(stacks, antes)]
    bet = max(contrib)
    passive = next((a.to for a in node.actions if a.kind != "fold" and a.to <= bet + 1e-9),
                   None)
    raises = [a.to for a in node.actions if a.to > bet + 1e-9]
    opened = any(word not in ("fold", "limp", "call", "check") for _, word in node.path)
    found = _depth(most, contrib, folded, node.player, node.pot, passive,
                   None if opened or not raises else raises[0])
    if found is None:
        return None
    return _deep_words(node.name, found, spot.bb, float(antes[node.player]))


def _all_deep(hand: Hand, hero: str, order: list[str], antes: tuple[float, float],
              tree: str) -> str | None:
    """Without building the tree: why every decision of the hero in ``hand`` is too deep
    (the rule of :func:`depth_reason` on the hand's own amounts, the open by the tree's
    rule: a pot raise, or ``--open`` bb no limit), or None when one may be judged."""
    if tree not in ("pl", "pl-limp", "nl"):
        return None
    ante, bb_ante = antes
    paid = [ante + (bb_ante if i == len(order) - 1 else 0.0) for i in range(len(order))]
    paid = [min(p, float(hand.stacks[name])) for p, name in zip(paid, order)]
    most = [float(hand.stacks[name]) - p for name, p in zip(order, paid)]
    contrib = [float(hand.posts.get(name, 0.0)) for name in order]
    seat_of = {name: i for i, name in enumerate(order)}
    folded: set[int] = set()
    opened = False
    limped = False
    first: str | None = None
    for action in hand.actions:
        seat = seat_of.get(action.player)
        if seat is None:
            return None
        if seat == seat_of[hero]:
            pot = sum(contrib) + sum(paid)
            bet = max(contrib)
            if opened:
                found = _depth(most, contrib, folded, seat, pot, min(bet, most[seat]), None)
            else:
                open_to = bet + pot + (bet - contrib[seat]) if tree != "nl" \
                    else (2.0 + (1.0 if limped else 0.0)) * hand.bb
                found = _depth(most, contrib, folded, seat, pot, None, min(open_to, most[seat]))
            if found is None:
                return None
            if first is None:
                first = _deep_words(f"the hero's {'call or raise' if opened else 'open'}",
                                    found, hand.bb, paid[seat])
        if action.kind == "fold":
            folded.add(seat)
        elif action.kind in ("raise", "bet"):
            opened = True
            contrib[seat] = action.total
        elif action.kind == "call":
            limped = limped or not opened
            contrib[seat] = action.total
    return first


def find_tree_spots(hand: Hand, hero: str, tree: str) -> list[TreeSpot] | Outside:
    """The hero's decisions in ``hand`` on the ``tree`` of its table (see the module), in
    order, or why there is none."""
    if hand.limit == "limit":
        return _outside(hand, "a limit game")
    if hand.extra_posts:
        return _outside(hand, "a straddle or dead blind was posted")
    order = preflop_order(hand)
    if order is None or hand.small_blind == hand.big_blind:
        return _outside(hand, "no small blind just before the big blind")
    if not 2 <= len(order) <= 10:
        return _outside(hand, f"{len(order)} players: a betting tree takes 2 to 10")
    cards = hand.cards.get(hero)
    if cards is None or len(cards.split()) != Variant.parse(hand.variant).hole_cards:
        return _outside(hand, "the hero's cards are not known")
    antes = _antes(hand, order)
    if isinstance(antes, str):
        return _outside(hand, antes)
    deep = _all_deep(hand, hero, order, antes, tree)
    if deep is not None:  # deep cash hands: no tree built
        return _outside(hand, deep)
    try:
        table = tree_table(hand, tree, order, antes)
        built = build_tree(table, table.settings())
    except InputError as error:
        return _outside(hand, f"not a betting-tree table: {error}")
    memory = built.size(num_classes("holdem" if table.variant is Variant.HOLDEM
                                    else "omaha"))["memory_bytes"]
    if memory > MEMORY_LIMIT:
        return _outside(hand, f"the {tree} tree of this {len(order)}-handed table needs "
                        f"{memory / (1 << 30):.1f} GiB, more than the engine's "
                        f"{MEMORY_LIMIT / (1 << 30):.0f} GiB: give --tree pushfold, or solve "
                        f"it with fewer raises (omahanash solve --max-raises)")
    positions = table.positions
    seat_of = {name: i for i, name in enumerate(order)}
    hero_seat = seat_of[hero]
    if table.forced()[hero_seat]:
        return _outside(hand, "the hero was all in before acting")
    bb = hand.bb
    stacks = tuple(float(s) for s in table.stack_array())
    contrib = [float(x) for x in table.posts()[1]]
    folded: set[int] = set()
    node = built.nodes[0]
    spots: list[TreeSpot] = []
    reasons: list[str] = []
    read: list[str] = []  # the other players' sizes read as the tree's
    why = ""
    for action in hand.actions:
        if node.terminal:
            break
        seat = seat_of.get(action.player)
        if seat is None:
            break
        if seat != node.player:
            why = (f"{positions[seat]} acted where the {tree} tree has "
                   f"{positions[node.player]} to act")
            break
        bet = max(contrib)
        if action.kind == "fold":
            chosen = next((a for a in node.actions if a.kind == "fold"), None)
            if chosen is None:
                why = f"{positions[seat]} folded where checking was free"
                break
        elif action.kind in ("check", "call"):
            chosen = next((a for a in node.actions if a.kind != "fold"
                           and a.to <= bet + 1e-9), None)
            if chosen is None:
                limp = all(word in ("fold", "limp") for _, word in node.path)
                why = (f"{positions[seat]} limped: the {tree} tree has no limp there "
                       f"(--tree pl-limp has)" if limp else
                       f"{positions[seat]} called where the {tree} tree has no call")
                break
        else:
            raises = [a for a in node.actions if a.to > bet + 1e-9]
            if not raises:
                why = (f"{positions[seat]} raised where the {tree} tree allows no raise (at "
                       f"most {built.settings.max_raises} raises; --max-raises in solve)")
                break
            chosen = min(raises, key=lambda a: abs(a.to - action.total))
        played = action.total if chosen.kind != "fold" else contrib[seat]
        off = abs(chosen.to - played) > max(SIZE_SHARE * chosen.to, 0.01 * bb) \
            and chosen.kind != "fold"
        if seat == hero_seat:
            deep = depth_reason(built, node, contrib, folded)
            if deep is not None:
                reasons.append(deep)
            else:
                note = "; ".join(read)
                if off:
                    word = "all in" if chosen.kind == "allin" else f"{chosen.kind}"
                    mine = (f"the hero's {action.kind} to {_bb(played, bb)} is judged as the "
                            f"tree's nearest size, {word} to {_bb(chosen.to, bb)}")
                    note = mine if not note else f"{mine}; {note}"
                spots.append(TreeSpot(hand, hero, positions[seat], tree, node.name,
                                      chosen.kind, node.actions.index(chosen), chosen.to,
                                      played, cards, stacks, antes[0], antes[1], note))
        elif off:
            read.append(f"{positions[seat]}'s {action.kind} to {_bb(played, bb)} read as "
                        f"{_bb(chosen.to, bb)}")
        if chosen.kind == "fold":
            folded.add(seat)
        else:
            contrib[seat] = chosen.to
        node = built.nodes[chosen.child]
    if spots:
        return spots
    if reasons:
        return _outside(hand, reasons[0])
    if why:
        return _outside(hand, why)
    if hero_seat == len(order) - 1 and all(a.kind == "fold" for a in hand.actions
                                           if a.player != hero):
        return _outside(hand, "no decision for the hero: everyone folded to the big blind")
    return _outside(hand, "no decision for the hero")
