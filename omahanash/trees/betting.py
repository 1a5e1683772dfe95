"""Preflop betting trees: who may do what, for how much, and where the hand ends.

A tree is built once per spot from a *preset* and its settings (:class:`TreeSettings`):

* ``pushfold`` — each player in turn folds or moves all in; once someone is all in, the later
  players call all in or fold (today's push/fold game, node for node).
* ``pl`` — pot limit: unopened, fold or raise the pot (the small blind may also complete;
  with ``pl-limp`` every seat may limp); facing a raise, fold, call or raise the pot again;
  at most ``max_raises`` raises (then calls only).
* ``nl`` — no limit: unopened, fold, raise to ``open_size`` big blinds or move all in (the
  small blind may also complete); the big blind facing a limp checks, raises to
  ``open_size + 1`` big blinds or moves all in; facing a raise, fold, call or all in; facing
  an all in, fold or call.

**Pot-limit arithmetic** (:func:`pot_raise_to`): a pot raise is the call plus the pot after
the call — antes and blinds are in the pot. Blinds 0.5/1: the first raise is to 3.5 bb, the
small blind's re-pot of it to 11.5 bb, the big blind's (small blind folded) to 11 bb.

**All in by the stack.** Every raise is capped by the stack behind (then it is all in). A
raise that would leave less than :data:`ALLIN_SHARE` of the player's starting stack behind is
made all in: with so little behind the rest goes in on the flop in any case (the ``commit``
model below), and the tree then has one node fewer for nothing. An all in that is less than a
full raise (the last raise's size on top of the bet) does not re-open the betting: the players
who acted since the last full raise may only call it or fold.

**Where the preflop betting ends** — a terminal: one player left (the pot is theirs, an
uncalled part of a bet goes back), or the bets matched with two or more players left. Then the
*postflop model* decides what goes in: ``commit`` (every player left puts their whole stack
in; showdown with side pots — the usual short-stack model) or ``checkdown`` (the pot as it
stands goes to showdown; the chips behind stay).

``commit`` is sound where a player with chips behind would get them in on the flop anyway:
at a stack-to-pot ratio of at most about 2 (:data:`COMMIT_SPR`) after the preflop betting —
an open called at 15 bb, any re-raised pot. A limped pot at 15 bb (ratio 7) is not, and
committing it would make a limp and a check an all in; so ``commit`` settles a terminal
deeper than :data:`COMMIT_SPR` as ``checkdown`` does.

>>> from omahanash.pushfold.spot import PushFoldSpot
>>> tree = build_tree(PushFoldSpot("omaha", [15, 15], 0.5, 1), TreeSettings("pl"))
>>> [node.name for node in tree.decisions()][:3]
['SB open', 'BB vs SB limp', 'SB vs BB raise']
>>> [(a.kind, a.to) for a in tree.decisions()[0].actions]
[('fold', 0.5), ('call', 1.0), ('raise', 3.0)]
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from omahanash.errors import InputError
from omahanash.pushfold.spot import PushFoldSpot

#: The presets by name (a TOML tree file is the other choice).
PRESETS = ("pushfold", "pl", "pl-limp", "nl")
#: The postflop models.
POSTFLOP = ("commit", "checkdown")
#: A raise leaving less than this share of the starting stack behind is made all in.
ALLIN_SHARE = 0.15
#: ``commit`` puts the chips behind in when the stack-to-pot ratio after the preflop betting
#: (the second-largest stack behind among the players left, over the pot) is at most this;
#: deeper, the pot goes to showdown as it stands (``checkdown``).
COMMIT_SPR = 2.0
#: Most raises a tree allows (``max_raises``).
MAX_RAISES = 6
#: Most nodes (decisions and terminals) a tree may have.
MAX_NODES = 400_000

#: The words of a raise by its level (the first raise is the open, or a raise over limps).
RAISE_WORDS = {1: "open", 2: "re-raise", 3: "4-bet", 4: "5-bet", 5: "6-bet", 6: "7-bet"}


@dataclass(frozen=True)
class TreeSettings:
    """The tree's preset and settings.

    ``preset``: one of :data:`PRESETS`, or a path to a TOML tree file (``file`` then holds its
    text, parsed by :func:`read_tree_file`). ``open_size``: the no-limit open in big blinds.
    ``max_raises``: most raises (then calls only). ``postflop``: ``commit`` or ``checkdown``.
    ``sizes``: pot fractions (pot limit) or big blinds (no limit) per raise level, from a
    tree file; ``limp``: who may limp (``"sb"``, ``"all"``, ``"none"``).
    """

    preset: str = "pl"
    postflop: str = "commit"
    open_size: float = 2.0
    max_raises: int = 3
    allin_share: float = ALLIN_SHARE
    limp: str | None = None
    kind: str | None = None  # "pot" | "nl" | "pushfold"; None: from the preset
    sizes: tuple[float, ...] = ()
    allin: bool | None = None  # may move all in at any decision (nl); None: from the preset
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.preset, str):
            raise InputError.naming("tree", f"tree must be one of {', '.join(PRESETS)} or a "
                                            f"tree file, got {self.preset!r}")
        if self.preset not in PRESETS and self.kind is None:
            raise InputError.naming("tree", f"unknown tree {self.preset!r}: give one of "
                                            f"{', '.join(PRESETS)} or a .toml tree file")
        if self.postflop not in POSTFLOP:
            raise InputError.naming("postflop", f"postflop must be commit or checkdown, got "
                                                f"{self.postflop!r}")
        if isinstance(self.max_raises, bool) or not isinstance(self.max_raises, int) \
                or not 1 <= self.max_raises <= MAX_RAISES:
            raise InputError.naming("max_raises", f"max-raises must be a whole number from 1 "
                                                  f"to {MAX_RAISES}, got {self.max_raises!r}")
        size = _number("open", self.open_size)
        if not 1.0 < size <= 1e6:
            raise InputError.naming("open", f"open must be more than 1 big blind (a raise), "
                                            f"got {self.open_size!r}")
        set_(self, "open_size", size)
        share = _number("allin share", self.allin_share)
        if not 0.0 <= share < 1.0:
            raise InputError.naming("allin_share", f"allin share must be from 0 to below 1, "
                                                   f"got {self.allin_share!r}")
        set_(self, "allin_share", share)
        kind = self.kind or {"pushfold": "pushfold", "nl": "nl"}.get(self.preset, "pot")
        set_(self, "kind", kind)
        if self.limp is None:
            set_(self, "limp", "all" if self.preset == "pl-limp" else
                 ("none" if kind == "pushfold" else "sb"))
        if self.limp not in ("none", "sb", "all"):
            raise InputError.naming("tree", f"limp must be none, sb or all, got {self.limp!r}")
        if self.allin is None:
            set_(self, "allin", kind == "nl")

    @property
    def name(self) -> str:
        return self.preset

    def describe(self) -> dict:
        out = {"tree": self.preset, "postflop": self.postflop, "max_raises": self.max_raises,
               "allin_share": self.allin_share, "limp": self.limp}
        if self.kind == "nl":
            out["open"] = self.open_size
        if self.sizes:
            out["sizes"] = list(self.sizes)
        return out


def _number(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InputError.naming(name.replace(" ", "_"), f"{name} must be a number, got "
                                                        f"{value!r}")
    out = float(value)
    if not np.isfinite(out):
        raise InputError.naming(name.replace(" ", "_"), f"{name} must be finite, got {value!r}")
    return out


def read_tree_file(path: str | Path, postflop: str = "commit") -> TreeSettings:
    """A tree from a TOML file::

        # a pot-limit tree whose re-raises are half the pot
        kind = "pot"          # "pot" (sizes are pot fractions) or "nl" (sizes in big blinds)
        sizes = [1.0, 0.5]    # raise level 1 (the open), 2 (the re-raise), ... (the last
                              # size repeats); pot: 1.0 = the pot, nl: big blinds to raise to
        max_raises = 3        # then calls only
        limp = "sb"           # who may limp: "none", "sb", "all"
        allin = false         # may also move all in at every decision
        allin_share = 0.15    # a raise leaving less than this share behind is all in

    A size the rules do not allow (a pot fraction above 1 or at most 0, a no-limit raise to
    no more than the big blind, a raise smaller than the last) is refused, naming it.
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError.naming("tree", f"tree file {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError.naming("tree", f"cannot read tree file {str(path)!r}: "
                                        f"{error}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError.naming("tree", f"tree file {str(path)!r} is not TOML: "
                                        f"{error}") from None
    known = {"kind", "sizes", "max_raises", "limp", "allin", "allin_share"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError.naming("tree", f"tree file {str(path)!r}: unknown key "
                                        f"{unknown[0]!r} (keys: {', '.join(sorted(known))})")
    kind = data.get("kind", "pot")
    if kind not in ("pot", "nl"):
        raise InputError.naming("tree", f"tree file {str(path)!r}: kind must be \"pot\" or "
                                        f"\"nl\", got {kind!r}")
    sizes = data.get("sizes", [1.0])
    if not isinstance(sizes, list) or not sizes \
            or not all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in sizes):
        raise InputError.naming("tree", f"tree file {str(path)!r}: sizes must be a list of "
                                        f"numbers, got {sizes!r}")
    for level, size in enumerate(sizes, 1):
        if kind == "pot" and not 0.0 < size <= 1.0:
            raise InputError.naming("tree", f"tree file {str(path)!r}: raise {level} is "
                                            f"{size:g} of the pot; pot limit allows more "
                                            f"than 0 and at most 1")
        if kind == "nl" and size <= 1.0:
            raise InputError.naming("tree", f"tree file {str(path)!r}: raise {level} to "
                                            f"{size:g} bb is no raise (the big blind is 1)")
        if kind == "nl" and level > 1 and size < 2 * sizes[level - 2] - 1:
            raise InputError.naming("tree", f"tree file {str(path)!r}: raise {level} to "
                                            f"{size:g} bb is smaller than the rules allow "
                                            f"(a re-raise is at least the last raise again: "
                                            f"{2 * sizes[level - 2] - 1:g} bb)")
    allin = data.get("allin", kind == "nl")
    if not isinstance(allin, bool):
        raise InputError.naming("tree", f"tree file {str(path)!r}: allin must be true or "
                                        f"false, got {allin!r}")
    try:
        return TreeSettings(str(file), postflop=postflop, max_raises=data.get("max_raises", 3),
                            allin_share=data.get("allin_share", ALLIN_SHARE),
                            limp=data.get("limp", "sb"), kind=kind,
                            sizes=tuple(float(s) for s in sizes), allin=allin, source=text,
                            open_size=float(sizes[0]) if kind == "nl" else 2.0)
    except InputError as error:
        raise InputError.naming("tree", f"tree file {str(path)!r}: {error}") from None


def pot_raise_to(bet: float, contrib: Sequence[float], antes: float, player: int,
                 fraction: float = 1.0) -> float:
    """The pot-limit raise of ``player``: the call plus ``fraction`` of the pot after the call,
    on top of the ``bet``. ``contrib``: every player's chips in before this action (blinds and
    bets, not antes); ``antes``: the antes in the pot.

    >>> pot_raise_to(1.0, [0, 0.5, 1.0], 0.0, 0)          # the button opens for the pot
    3.5
    >>> pot_raise_to(3.5, [3.5, 0.5, 1.0], 0.0, 1)        # the small blind re-pots
    11.5
    >>> pot_raise_to(3.5, [3.5, 0.5, 1.0], 0.0, 2)        # the big blind re-pots
    11.0
    >>> round(pot_raise_to(1.0, [0, 0, 0, 0, 0.5, 1.0], 0.6, 0), 6)   # 0.1 ante, 6 seats
    4.1
    """
    call = bet - contrib[player]
    pot_after_call = float(sum(contrib)) + antes + call
    return bet + fraction * pot_after_call


@dataclass(frozen=True)
class Action:
    """An action of a decision: ``kind`` fold, call (check when nothing is owed), raise or
    allin; ``to``: the player's chips in after it (blinds and bets, not antes) — in chips."""

    kind: str
    to: float
    child: int


@dataclass(frozen=True)
class TreeNode:
    """A node of the tree: a decision of ``player`` (``actions``) or a terminal (``live``: the
    bit set of the players left, ``contrib``: every player's chips in, antes included, as
    the postflop model settles it)."""

    index: int
    player: int  # -1 at a terminal
    name: str
    actions: tuple[Action, ...]
    path: tuple[tuple[int, str], ...]  # the actions before: (seat, word)
    pot: float  # chips in the middle (antes included) when the player acts
    to_call: float  # what the player owes
    live: int = 0
    contrib: tuple[float, ...] = ()
    parent: int = -1
    slot: int = -1  # row of the solver's arrays (decisions only)

    @property
    def terminal(self) -> bool:
        return self.player < 0


@dataclass
class _State:
    contrib: list[float]  # blinds and bets (no antes)
    folded: int
    allin: int
    bet: float
    last_raise: float  # size of the last full raise
    raises: int
    needs: int  # bit set: players who still have to act
    may_raise: int  # bit set: players whose action a full raise re-opened
    path: tuple[tuple[int, str], ...]
    limped: bool


@dataclass
class BettingTree:
    """Nodes in preorder (a parent before its children), the root first."""

    spot: PushFoldSpot
    settings: TreeSettings
    nodes: list[TreeNode]

    def decisions(self) -> list[TreeNode]:
        return [node for node in self.nodes if not node.terminal]

    def terminals(self) -> list[TreeNode]:
        return [node for node in self.nodes if node.terminal]

    @property
    def slots(self) -> int:
        return sum(1 for node in self.nodes if not node.terminal)

    @property
    def max_actions(self) -> int:
        return max((len(node.actions) for node in self.nodes), default=1)

    def find(self, name: str) -> TreeNode:
        """The decision called ``name`` (any case and spacing)."""
        if not isinstance(name, str):
            raise InputError.naming("node", f"node must be a name like 'SB vs BTN open', got "
                                            f"{name!r}")
        key = _key(name)
        for node in self.decisions():
            if _key(node.name) == key:
                return node
        examples = ", ".join(node.name for node in self.decisions()[:4])
        raise InputError.naming("node", f"no node {name!r} in the {self.settings.preset} "
                                        f"tree of this table (nodes: {examples}, ...)")

    def size(self, classes: int) -> dict:
        """Nodes, information sets and the solver's memory at ``classes`` hand classes."""
        decisions = self.slots
        actions = self.max_actions
        memory = decisions * classes * actions * 8 * 4  # regrets, strategy, average, values
        return {"nodes": len(self.nodes), "decisions": decisions,
                "terminals": len(self.nodes) - decisions,
                "info_sets": decisions * classes, "memory_bytes": memory}


def _key(name: str) -> str:
    return " ".join(name.replace("+", " + ").replace(",", " , ").split()).upper()


def check_sizes(spot: PushFoldSpot, settings: TreeSettings) -> None:
    """Refuse a no-limit raise size larger than every stack of ``spot``."""
    if settings.kind != "nl":
        return
    sizes = settings.sizes or (settings.open_size,)
    largest = max(sizes) * spot.bb
    most = max(spot.stacks)
    if largest > most:
        name = "open" if not settings.sizes else "tree"
        raise InputError.naming(name, f"a raise to {max(sizes):g} bb is larger than every "
                                      f"stack (the largest is {most / spot.bb:g} bb): give a "
                                      f"smaller size")


def build_tree(spot: PushFoldSpot, settings: TreeSettings) -> BettingTree:
    """The betting tree of ``spot`` under ``settings``; refuses one of more than
    :data:`MAX_NODES` nodes, saying how to make it smaller."""
    n = spot.players
    stacks = spot.stack_array()
    antes, blinds = spot.posts()
    forced = spot.forced()
    check_sizes(spot, settings)
    contrib = [float(b) for b in blinds]
    allin = 0
    for i in range(n):
        if forced[i]:
            allin |= 1 << i
    needs = 0
    for i in range(n):
        if not allin >> i & 1:
            needs |= 1 << i
    state = _State(contrib, 0, allin, float(spot.bb), float(spot.bb), 0, needs, needs, (),
                   False)
    builder = _Builder(spot, settings, stacks - antes, antes, stacks)
    builder.visit(state, 0, -1)
    nodes = builder.nodes
    if settings.kind == "pushfold":
        named = [_pushfold_name(spot, node) for node in nodes]
    else:
        named = _names(spot, nodes)
    out = []
    slot = 0
    for node, name in zip(nodes, named, strict=True):
        if node.terminal:
            out.append(node)
        else:
            out.append(TreeNode(node.index, node.player, name, node.actions, node.path,
                                node.pot, node.to_call, parent=node.parent, slot=slot))
            slot += 1
    return BettingTree(spot, settings, out)


class _Builder:
    def __init__(self, spot: PushFoldSpot, settings: TreeSettings, behind: np.ndarray,
                 antes: np.ndarray, stacks: np.ndarray) -> None:
        self.spot = spot
        self.s = settings
        self.n = spot.players
        self.max_in = [float(x) for x in behind]  # most chips a player can put in (no antes)
        self.antes = [float(x) for x in antes]
        self.stacks = [float(x) for x in stacks]
        self.ante_total = float(antes.sum())
        self.nodes: list[TreeNode] = []

    def _next_player(self, st: _State, after: int) -> int:
        for step in range(1, self.n + 1):
            p = (after + step) % self.n
            if st.needs >> p & 1:
                return p
        return -1

    def visit(self, st: _State, player_from: int, parent: int) -> int:
        """Add the subtree of state ``st`` (the next to act: the first player after
        ``player_from - 1`` who needs to act); return its node index."""
        live = ((1 << self.n) - 1) & ~st.folded
        index = len(self.nodes)
        if index >= MAX_NODES:
            raise InputError.naming("tree", f"the {self.s.preset} tree of a {self.n}-handed "
                                            f"table has more than {MAX_NODES:,} nodes: allow "
                                            f"fewer raises, no limps (pot limit without "
                                            f"limps), or fewer players")
        p = self._next_player(st, player_from - 1)
        able = [i for i in range(self.n) if live >> i & 1 and not st.allin >> i & 1]
        if bin(live).count("1") == 1 or p < 0 or (
                len(able) == 1 and st.contrib[able[0]] >= max(
                    st.contrib[i] for i in range(self.n) if live >> i & 1)):
            self.nodes.append(self._terminal(st, live, index, parent))
            return index
        options = self._options(st, p)
        if not options:  # nobody can act here (the push/fold big blind when all fold)
            self.nodes.append(self._terminal(st, live, index, parent))
            return index
        to_call = max(0.0, st.bet - st.contrib[p])
        pot = float(sum(st.contrib)) + self.ante_total
        placeholder = TreeNode(index, p, "", (), st.path, pot, to_call, parent=parent)
        self.nodes.append(placeholder)
        actions = []
        for kind, to, word in options:
            child_state = self._apply(st, p, kind, to, word)
            child = self.visit(child_state, p + 1, index)
            actions.append(Action(kind, to, child))
        self.nodes[index] = TreeNode(index, p, "", tuple(actions), st.path, pot, to_call,
                                     parent=parent)
        return index

    def _options(self, st: _State, p: int) -> list[tuple[str, float, str]]:
        s = self.s
        cap = self.max_in[p]  # all in
        owes = st.bet - st.contrib[p]
        out: list[tuple[str, float, str]] = []
        facing_allin = st.allin & ~(1 << p) and any(
            st.allin >> i & 1 and st.contrib[i] >= st.bet for i in range(self.n))
        if s.kind == "pushfold":
            pushed = st.allin & ~self._forced_mask()
            if pushed or (st.allin and st.bet > self.spot.bb):
                return [("fold", st.contrib[p], "fold"), ("allin", cap, "call")]
            if p == self.n - 1 and not pushed:
                return []  # never reached: the big blind wins when all fold
            return [("fold", st.contrib[p], "fold"), ("allin", cap, "all in")]
        if owes > 0:
            out.append(("fold", st.contrib[p], "fold"))
        call_to = min(st.bet, cap)
        unopened = st.raises == 0
        if owes <= 0:
            out.append(("call", st.contrib[p], "check"))
        elif call_to >= cap:  # all in to call: for less than the bet, or exactly it
            out.append(("allin", cap, "all in") if unopened else ("call", cap, "call"))
        elif unopened and not (p == self.n - 2 and s.limp in ("sb", "all")) \
                and s.limp != "all":
            pass  # no limp here
        else:
            out.append(("call", call_to, "call" if not unopened else "limp"))
        if call_to >= cap:
            return out  # calling is all in: no raise
        if st.raises >= s.max_raises or not st.may_raise >> p & 1:
            return out
        live = ((1 << self.n) - 1) & ~st.folded
        if not any(live >> i & 1 and not st.allin >> i & 1 for i in range(self.n) if i != p):
            return out  # everybody else is all in: nobody could call a raise
        if facing_allin and s.kind == "nl" and not s.sizes:
            return out  # facing an all in: fold or call
        level = st.raises + 1
        size = self._raise_to(st, p, level)
        raise_added = False
        if size is not None:
            to = min(size, cap)
            if cap - to < s.allin_share * self.stacks[p]:
                to = cap
            if to > st.bet:
                out.append(("allin" if to >= cap else "raise", to, ""))
                raise_added = True
        if s.allin and not (raise_added and out[-1][0] == "allin") and cap > st.bet:
            out.append(("allin", cap, ""))
        return out

    def _forced_mask(self) -> int:
        forced = self.spot.forced()
        return sum(1 << i for i in range(self.n) if forced[i])

    def _raise_to(self, st: _State, p: int, level: int) -> float | None:
        s = self.s
        if s.kind == "pot":
            fraction = s.sizes[min(level, len(s.sizes)) - 1] if s.sizes else 1.0
            return pot_raise_to(st.bet, st.contrib, self.ante_total, p, fraction)
        # no limit
        bb = self.spot.bb
        if s.sizes:
            return s.sizes[min(level, len(s.sizes)) - 1] * bb
        if level == 1:
            return (s.open_size + (1.0 if st.limped else 0.0)) * bb
        return None  # facing a raise: fold, call or all in

    def _apply(self, st: _State, p: int, kind: str, to: float, word: str) -> _State:
        contrib = list(st.contrib)
        folded, allin, bet = st.folded, st.allin, st.bet
        needs = st.needs & ~(1 << p)
        may_raise = st.may_raise & ~(1 << p)
        raises, last_raise, limped = st.raises, st.last_raise, st.limped
        if kind == "fold":
            folded |= 1 << p
            word = "fold"
        else:
            contrib[p] = to
            if to >= self.max_in[p]:
                allin |= 1 << p
            if to > bet:  # a raise (or an all in above the bet)
                full = to - bet >= last_raise
                if self.s.kind == "pushfold":
                    full = True
                raises += 1
                if not word:
                    if allin >> p & 1:
                        word = "all in"
                    elif raises == 1 and limped:
                        word = "raise"
                    else:
                        word = RAISE_WORDS[raises]
                for i in range(self.n):
                    if i != p and not folded >> i & 1 and not allin >> i & 1:
                        needs |= 1 << i
                        if full:
                            may_raise |= 1 << i
                if full:
                    last_raise = to - bet
                bet = to
            elif word == "limp":
                limped = True
        path = st.path + ((p, word),)
        return _State(contrib, folded, allin, bet, last_raise, raises, needs, may_raise, path,
                      limped)

    def _terminal(self, st: _State, live: int, index: int, parent: int) -> TreeNode:
        contrib = []
        count = bin(live).count("1")
        pot = float(sum(st.contrib)) + self.ante_total
        commit = False
        if count > 1 and self.s.postflop == "commit":
            behind = sorted((self.max_in[i] - st.contrib[i] for i in range(self.n)
                             if live >> i & 1), reverse=True)
            commit = behind[1] <= COMMIT_SPR * pot + 1e-9
        for i in range(self.n):
            chips = self.max_in[i] if commit and live >> i & 1 else st.contrib[i]
            contrib.append(chips + self.antes[i])
        return TreeNode(index, -1, "", (), st.path, pot, 0.0, live=live,
                        contrib=tuple(contrib), parent=parent)


def _pushfold_name(spot: PushFoldSpot, node: TreeNode) -> str:
    if node.terminal:
        return ""
    pos = spot.positions
    pushers = [pos[seat] for seat, word in node.path if word != "fold"]
    return pos[node.player] + (" vs " + "+".join(pushers) if pushers else "")


def _names(spot: PushFoldSpot, nodes: list[TreeNode]) -> list[str]:
    """Names as players say them: the actor, then what the others did (folds left out):
    ``BTN open``, ``SB vs BTN open``, ``BB vs BTN open, SB call``, ``BTN vs SB re-raise``.
    Where two nodes would share a name, the name says what came before the actor's last
    action: ``SB vs BB all in, after BTN open, SB call``."""
    pos = spot.positions

    def said(steps: tuple[tuple[int, str], ...], actor: int, own: bool) -> list[str]:
        return [f"{pos[seat]} {word}" for seat, word in steps
                if word != "fold" and (own or seat != actor)]

    def name(node: TreeNode, full: bool) -> str:
        if node.terminal:
            return ""
        actor = node.player
        last = max((i for i, (seat, _) in enumerate(node.path) if seat == actor), default=-1)
        if full and last >= 0:
            before = said(node.path[:last + 1], actor, True)
            after = said(node.path[last + 1:], actor, False)
            return f"{pos[actor]} vs {', '.join(after)}, after {', '.join(before)}"
        words = said(node.path, actor, False)
        if not words:
            return f"{pos[actor]} open"
        return f"{pos[actor]} vs {', '.join(words)}"

    names = [name(node, False) for node in nodes]
    seen: dict[str, int] = {}
    for value in names:
        if value:
            seen[value] = seen.get(value, 0) + 1
    for i, node in enumerate(nodes):
        if names[i] and seen[names[i]] > 1:
            names[i] = name(node, True)
    return names
