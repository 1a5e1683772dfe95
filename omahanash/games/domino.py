"""Simplified dominoes (thesis §2.3) on the CFR game interface.

Settings (:func:`make_domino_game`): a tile set, 2–4 players, a hand size of 1–7 tiles, and a
rule preset, ``thesis`` (default) or ``block``.

>>> game = make_domino_game("[0|0][0|1][0|2][1|2]", players=2, hand=2)
>>> root = game.new_initial_state()
>>> len(root.chance_outcomes())  # player 0's possible hands: C(4, 2)
6
>>> root.action_to_string(0)
'deal P0 [0|0][0|1]'

Tile sets
    Tiles are written ``[a|b]`` (``[1|0]`` is the same tile as ``[0|1]``), run together or
    separated by whitespace, or a whole set is named ``double-N`` (every ``[a|b]`` with
    ``0 <= a <= b <= N``). Tiles are kept sorted by ``(a, b)``; a tile's index in that order is
    its action number.

The game, common to both presets
    * The deal: one chance node per player, in seat order, whose outcomes are all the hands of
      ``hand`` tiles the remaining tiles allow, equally likely (``C(r, hand)`` outcomes). This
      is the smallest exact deal: tile-by-tile dealing would branch on the order of the tiles
      within a hand. The undealt tiles are the face-down boneyard.
    * Player 0 opens with any tile of his hand. Afterwards, players move in seat order; a player
      holding a tile that fits an open end must play one of those tiles, his choice.
    * A player with no fitting tile draws from the boneyard one tile at a time (each draw a
      chance event, uniform over the boneyard) until a tile fits or the boneyard is empty; if
      nothing fits he passes.
    * Forced steps are not nodes: a pass, a play when only one move is legal (e.g. right after
      a successful draw), and a draw from a boneyard of one tile happen while the previous
      action's child is built. They still appear in the public history and the information
      keys. This halves the trees (most domino moves are forced) without changing any value
      or strategy. Every decision node has at least 2 actions and every draw node at least 2
      outcomes; a deal node may have 1 (the last hand when nothing is left over).

Preset ``thesis`` (reconstructed from the thesis's published strategies, Figures 2.3 and 2.6)
    * Placement is automatic: the first tile ``[a|b]`` (``a <= b``) leaves left end ``a`` and
      right end ``b``; a later tile goes on the left end when it fits there, else on the right.
      An action is a tile's index.
    * A player with no tiles left passes (without drawing). Going out does not end the game; it
      ends when every player has passed in a row.
    * The players with the fewest pips left win; every other player pays 1, shared equally by
      the winners (everyone tied: 0 for all).

Preset ``block``
    * The player chooses the end: action ``2 * tile + end`` (end 0 left, 1 right; the opening
      tile uses end 0). Two moves that leave the same (unordered) pair of open ends are one
      action; this happens exactly when both ends show the same number, and then only the
      left-end move is offered.
    * The game ends as soon as a player plays his last tile, or when every player has passed in
      a row (nobody can play). The players with the fewest pips left win; every other player
      pays his remaining pips, shared equally by the winners.

Labels
    * Public history: a play is the tile, ``"[0|1]"`` (block after the opening: with the end,
      ``"[0|1]L"`` / ``"[0|1]R"``); a draw is ``"draw"`` (everyone sees that a tile was drawn,
      not which); a pass is ``"pass"``. The deal is private and adds nothing: the first decision
      has public history ``()``, as the thesis's root ``"."`` (the deal's chance nodes share it).
    * :meth:`DominoState.private_label` is the player's current hand, tiles ascending, like the
      thesis: ``"[0|1][1|1]"``.
    * :meth:`DominoState.information_state_key` is the player's dealt hand plus the public
      history with the player's own draws named, e.g.
      ``"P1 [1|1][3|3]|[0|0] draw[2|3] draw[0|1] [0|1] draw [0|3]"``. Naming each own draw
      where it happened, rather than keying on the current hand, keeps perfect recall: the
      same public history and current hand can follow different draws, after which the player
      had decided holding different hands (see the tests). Within one run of draws the order
      is kept too, which is finer than needed but harmless.
    * Chance outcomes read ``"deal P1 [0|2][1|1]"`` and ``"P1 draws [1|2]"``.

Tree size
    :meth:`DominoGame.tree_size_estimate` estimates the number of nodes (chance, decision and
    terminal) without building the tree, by Knuth's random-probe estimator: follow random paths
    from the root and average the sums of the products of the branching factors along them
    (an unbiased estimate; deterministic for a given seed).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb

from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL, Game, GameState

RULES = ("thesis", "block")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_HAND, MAX_HAND = 1, 7
MAX_DOUBLE = 18  # the largest commercial set is double-18

_TILE_RE = re.compile(r"\[\s*(\d+)\s*\|\s*(\d+)\s*\]")
_DOUBLE_RE = re.compile(r"double\s*-\s*(\d+)", re.IGNORECASE)

# Kinds of node: dealing a hand, drawing a tile, a player's decision, the end.
_DEAL, _DRAW, _DECIDE, _OVER = 0, 1, 2, 3

LEFT, RIGHT = 0, 1

# Positions whose forced continuation the game remembers (each entry is a few hundred bytes;
# the cache is emptied when full).
TRANSITION_CACHE_SIZE = 500_000

# A state without running __init__ (transitions set every slot themselves).
_new_state = object.__new__


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

    Raises :class:`InputError` for text that is neither tiles nor ``double-N``, and for a tile
    written twice.
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


def _bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def make_domino_game(tiles: str, players: int, hand: int, rules: str = "thesis") -> DominoGame:
    """A domino game; raises :class:`InputError` with one clear message for bad settings.

    >>> make_domino_game("double-3", players=3, hand=3, rules="block").settings()["tiles"]
    '[0|0][0|1][0|2][0|3][1|1][1|2][1|3][2|2][2|3][3|3]'
    """
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
            f"but the tile set has only {len(tile_set)}"
        )
    rule_name = str(rules).strip().lower()
    if rule_name not in RULES:
        raise InputError(f"unknown domino rules {rules!r} (expected one of: {', '.join(RULES)})")
    return DominoGame(tile_set, players, hand, rule_name)


class DominoGame(Game):
    """Dominoes with a given tile set, players, hand size and rule preset.

    Build it with :func:`make_domino_game`, which checks the settings. Holds the tables the
    states share and small caches. Public attributes: ``tiles`` (``(a, b)`` pairs, sorted; a
    tile's index is its bit in hand masks and its thesis action), ``tile_labels``,
    ``num_players``, ``hand_size``, ``rules``. Hands are bit masks over tile indices
    (:meth:`hand_label` and :meth:`hand_mask` convert).
    """

    name = "domino"

    def __init__(
        self, tiles: Sequence[tuple[int, int]], players: int, hand: int, rules: str
    ) -> None:
        self.tiles: tuple[tuple[int, int], ...] = tuple(tiles)
        self.num_players = players
        self.hand_size = hand
        self.rules = rules
        self.block = rules == "block"
        self.full_mask = (1 << len(self.tiles)) - 1
        self.tile_labels: tuple[str, ...] = tuple(tile_label(t) for t in self.tiles)
        self._tile_index = {t: i for i, t in enumerate(self.tiles)}
        top = max(max(t) for t in self.tiles)
        # fits[v]: mask of the tiles that show the number v.
        self.fits: tuple[int, ...] = tuple(
            sum(1 << i for i, t in enumerate(self.tiles) if v in t) for v in range(top + 1)
        )
        self._pips = tuple(a + b for a, b in self.tiles)
        # Per-tile tables for the state transitions (the compiler's hot path).
        self.tile_a: tuple[int, ...] = tuple(a for a, _ in self.tiles)
        self.tile_b: tuple[int, ...] = tuple(b for _, b in self.tiles)
        self.left_labels: tuple[str, ...] = tuple(label + "L" for label in self.tile_labels)
        self.right_labels: tuple[str, ...] = tuple(label + "R" for label in self.tile_labels)
        self.draw_labels: tuple[str, ...] = tuple("draw" + label for label in self.tile_labels)
        self._block_moves_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._hands_cache: dict[int, tuple[int, ...]] = {}
        self._label_cache: dict[int, str] = {}
        self._pips_cache: dict[int, int] = {}
        self._indices_cache: dict[int, tuple[int, ...]] = {}
        self._payoffs_cache: dict[tuple[int, ...], tuple[float, ...]] = {}

    # -- settings and helpers -------------------------------------------------------------

    def settings(self) -> dict:
        """``tiles`` (canonical text), ``players``, ``hand``, ``rules``."""
        return {
            "tiles": "".join(self.tile_labels),
            "players": self.num_players,
            "hand": self.hand_size,
            "rules": self.rules,
        }

    def hand_label(self, mask: int) -> str:
        """The tiles of a hand mask, ascending, like ``"[0|1][1|1]"`` (empty hand: ``""``)."""
        label = self._label_cache.get(mask)
        if label is None:
            label = "".join(self.tile_labels[i] for i in _bits(mask))
            self._label_cache[mask] = label
        return label

    def hand_mask(self, text: str) -> int:
        """The mask of a hand written as tiles of this game; :class:`InputError` otherwise."""
        mask = 0
        for tile in parse_tiles(text):
            index = self._tile_index.get(tile)
            if index is None:
                raise InputError(f"tile {tile_label(tile)} is not in the tile set")
            mask |= 1 << index
        return mask

    def indices(self, mask: int) -> tuple[int, ...]:
        """The tile indices in ``mask``, ascending (cached)."""
        indices = self._indices_cache.get(mask)
        if indices is None:
            indices = self._indices_cache[mask] = tuple(_bits(mask))
        return indices

    def pips(self, mask: int) -> int:
        """Total pips of the tiles in ``mask``."""
        total = self._pips_cache.get(mask)
        if total is None:
            total = sum(self._pips[i] for i in _bits(mask))
            self._pips_cache[mask] = total
        return total

    def payoffs(self, hands: tuple[int, ...]) -> tuple[float, ...]:
        """Every player's payoff when the game ends with these hands (cached)."""
        result = self._payoffs_cache.get(hands)
        if result is None:
            left = [self.pips(hand) for hand in hands]
            fewest = min(left)
            winners = left.count(fewest)
            # thesis: each loser pays 1; block: each loser pays his pips; winners share.
            paid = [0.0 if pips == fewest else float(pips if self.block else 1) for pips in left]
            share = sum(paid) / winners
            result = tuple(share if pips == fewest else -pay for pips, pay in zip(left, paid))
            self._payoffs_cache[hands] = result
        return result

    def hands_from(self, remaining: int) -> tuple[int, ...]:
        """Every hand (mask) of ``hand_size`` tiles out of ``remaining``, in label order."""
        hands = self._hands_cache.get(remaining)
        if hands is None:
            indices = list(_bits(remaining))
            hands = tuple(
                sum(1 << i for i in chosen) for chosen in combinations(indices, self.hand_size)
            )
            self._hands_cache[remaining] = hands
        return hands

    def block_moves(self, playable: int, left: int, right: int) -> tuple[int, ...]:
        """``block`` actions ``2 * tile + end`` for the fitting tiles ``playable`` (a mask) with
        open ends ``left``, ``right`` (-1 before the opening; cached)."""
        key = (playable, left, right)
        moves = self._block_moves_cache.get(key)
        if moves is None:
            if left < 0:
                moves = tuple(2 * tile + LEFT for tile in self.indices(playable))
            else:
                found = []
                for tile in self.indices(playable):
                    if self.fits[left] >> tile & 1:
                        found.append(2 * tile + LEFT)
                    # Equal ends: the right-end move leaves the same pair of ends as the left.
                    if left != right and self.fits[right] >> tile & 1:
                        found.append(2 * tile + RIGHT)
                moves = tuple(found)
            self._block_moves_cache[key] = moves
        return moves

    def number_of_deals(self) -> int:
        """How many ways the hands can be dealt (ordered by seat)."""
        total, left = 1, len(self.tiles)
        for _ in range(self.num_players):
            total *= comb(left, self.hand_size)
            left -= self.hand_size
        return total

    # -- states ------------------------------------------------------------------------------

    def new_initial_state(self) -> DominoState:
        """The root: the chance node that deals player 0's hand."""
        return DominoState(self)

    def deal_state(self, hands: Sequence[str]) -> DominoState:
        """The state right after dealing the given hands (one text per player, seat order).

        Useful to study one deal (e.g. a deal with no boneyard is a game of perfect
        information). Each hand must have ``hand_size`` tiles of the set, no tile twice.
        """
        if len(hands) != self.num_players:
            raise InputError(f"need {self.num_players} hands, got {len(hands)}")
        state = self.new_initial_state()
        for player, text in enumerate(hands):
            mask = self.hand_mask(text)
            if mask.bit_count() != self.hand_size:
                raise InputError(
                    f"hand {text!r} of player {player} must have {self.hand_size} tiles"
                )
            outcomes = self.hands_from(state._remaining_for_deal())
            if mask not in outcomes:
                raise InputError(f"hand {text!r} of player {player} shares a tile with another")
            state = state.child(outcomes.index(mask))
        return state

    def tree_size_estimate(self, samples: int = 1000, seed: int = 0) -> int:
        """Estimated number of nodes of the whole tree (chance, decision and terminal).

        Knuth's estimator: along a random path from the root, with ``b_k`` the number of
        children of the ``k``-th node, ``1 + b_0 + b_0 b_1 + ...`` is an unbiased estimate of
        the node count; this averages ``samples`` paths (seeded, hence repeatable). The deal
        is sampled without listing the hands, so the cost is ``samples`` × the depth of the
        tree: about 0.05 s for ``double-3``, under a second for ``double-9`` with 4 players.
        Accuracy: about 10 % rms with 1000 samples (measured on ``double-3``, 2 players,
        hand 3, against the exact count); the error falls as ``1 / sqrt(samples)``. Good for
        deciding whether a tree fits in memory, not for sizing arrays.

        >>> make_domino_game("[0|0][0|1][0|2][1|2]", 2, 2).tree_size_estimate()
        41
        """
        generator = random.Random(seed)
        root = self.new_initial_state()
        total = 0
        for _ in range(samples):
            state, weight, estimate = root, 1, 1
            while not state.is_terminal():
                if state._kind == _DEAL:
                    # Count and sample hands without listing them: C(28, 7) is over a million.
                    remaining = self.indices(state._remaining_for_deal())
                    weight *= comb(len(remaining), self.hand_size)
                    chosen = generator.sample(remaining, self.hand_size)
                    state = state._after_deal(sum(1 << i for i in chosen))
                else:
                    actions = state.legal_actions()
                    weight *= len(actions)
                    state = state.child(generator.choice(actions))
                estimate += weight
            total += estimate
        return round(total / samples)


def _transition(game: DominoGame, position: tuple, play: int, draw: int, first: bool) -> tuple:
    """Apply the play ``play`` or the draw of tile ``draw`` (-1: none), then every forced step
    after it, until a real chance node, a real decision or the end.

    A pure function of the position (history plays no part), so the states cache it:
    dominoes reach the same position by many orders of play (60–90 % of the calls while
    compiling ``double-3`` repeat an earlier one). Besides the new position it gives the public
    events added and, per player, the text they add to his information key (his own draws
    named; ``first``: nothing public yet, so no separating space).

    A position is ``(hands, left, right, boneyard, player to move, passes in a row)``; the
    result is ``(position, node kind, legal actions, public events added, key suffixes)``.
    """
    hands, left, right, boneyard, player, passes = position
    fits = game.fits
    block = game.block
    num_players = game.num_players
    tile_a, tile_b = game.tile_a, game.tile_b
    hands_now = list(hands)
    added: list[str] = []  # public events
    draws: list[tuple[int, int, int]] = []  # (position in added, player, tile)
    actions: tuple[int, ...] = ()
    while True:
        if play >= 0:
            if block:
                tile = play >> 1
                a, b = tile_a[tile], tile_b[tile]
                if left < 0:
                    left, right = a, b
                    label = game.tile_labels[tile]
                elif play & 1 == LEFT:
                    left = b if a == left else a
                    label = game.left_labels[tile]
                else:
                    right = b if a == right else a
                    label = game.right_labels[tile]
            else:
                tile = play
                a, b = tile_a[tile], tile_b[tile]
                # thesis: the left end when the tile fits there, else the right one.
                if left < 0:
                    left, right = a, b
                elif left == a:
                    left = b
                elif left == b:
                    left = a
                else:
                    right = b if a == right else a
                label = game.tile_labels[tile]
            play = -1
            remaining = hands_now[player] & ~(1 << tile)
            hands_now[player] = remaining
            added.append(label)
            passes = 0
            player = (player + 1) % num_players
            if block and not remaining:
                kind = _OVER
                break
        elif draw >= 0:
            hands_now[player] |= 1 << draw
            boneyard &= ~(1 << draw)
            draws.append((len(added), player, draw))
            added.append("draw")
            draw = -1
        if passes >= num_players:
            kind = _OVER
            break
        hand = hands_now[player]
        if hand:
            playable = hand if left < 0 else hand & (fits[left] | fits[right])
            if playable:
                if not block:
                    if not playable & (playable - 1):  # one tile, one way to play it
                        play = playable.bit_length() - 1
                        continue
                    actions = game.indices(playable)
                else:
                    actions = game.block_moves(playable, left, right)
                    if len(actions) == 1:
                        play = actions[0]
                        continue
                kind = _DECIDE
                break
            if boneyard:
                if boneyard & (boneyard - 1):
                    kind = _DRAW
                    break
                draw = boneyard.bit_length() - 1  # the last tile: no choice
                continue
        # Stuck with an empty boneyard, or out of tiles (thesis only: block ends first).
        added.append("pass")
        passes += 1
        player = (player + 1) % num_players
    separator = "" if first else " "
    common = separator + " ".join(added)
    suffixes = [common] * num_players
    for drawer in {drawer for _, drawer, _ in draws}:
        events = list(added)
        for position, other, tile in draws:
            if other == drawer:
                events[position] = game.draw_labels[tile]
        suffixes[drawer] = separator + " ".join(events)
    position = (tuple(hands_now), left, right, boneyard, player, passes)
    return position, kind, actions, tuple(added), tuple(suffixes)


class DominoState(GameState):
    """One node of a domino tree: ints, bit masks and tuples; immutable from outside.

    Forced steps are applied while a state is built and never become nodes: passes, a play when
    exactly one move is legal, and a draw from a boneyard of one tile. They still appear in the
    public history and in the information keys.
    """

    __slots__ = (
        "_game", "_position", "_dealt", "_public", "_views", "_parent", "_suffixes", "_kind",
        "_actions", "_transitions",
    )

    def __init__(self, game: DominoGame) -> None:
        self._game = game
        # (hands, left, right, boneyard, player to move, passes in a row): hands are masks of
        # the current hands (of those dealt so far); the open ends are -1 before the opening
        # tile; the boneyard is known once the deal is complete. One tuple, because it is
        # what the transition cache is keyed by and what a transition returns.
        self._position: tuple = ((), -1, -1, 0, 0, 0)
        self._dealt: tuple[int, ...] = ()  # the hands as dealt
        self._public: tuple[str, ...] = ()
        # Every player's information key (empty until the deal is complete; None until asked
        # for: then it is the parent's views + ``_suffixes``). The compiler asks for a key at
        # every decision: building it from the parent's costs one concatenation per player,
        # where building it from the history cost a quarter of the walk; and the terminal and
        # chance nodes, two thirds of a tree, are never asked.
        self._views: tuple[str, ...] | None = ()
        self._parent: DominoState | None = None
        self._suffixes: tuple[str, ...] | None = None
        self._kind = _DEAL
        self._actions: tuple[int, ...] = ()  # legal actions of a decision node
        # Position -> its forced continuation (see _transition), shared by every state that
        # descends from this root: it lives as long as they do (the tree compiler's walk), not
        # as long as the game (a GUI keeps games around; the cache can reach 100 MB).
        self._transitions: dict[tuple, tuple] = {}

    # -- read access ------------------------------------------------------------------------

    def hand(self, player: int) -> int:
        """Mask of ``player``'s current hand."""
        return self._position[0][player]

    def dealt_hand(self, player: int) -> int:
        """Mask of the hand ``player`` was dealt."""
        return self._dealt[player]

    def boneyard(self) -> int:
        """Mask of the face-down tiles (0 until the deal is complete)."""
        return self._position[3]

    def ends(self) -> tuple[int, int]:
        """The open ends ``(left, right)``; ``(-1, -1)`` before the opening tile."""
        return self._position[1], self._position[2]

    # -- transitions ------------------------------------------------------------------------

    def _remaining_for_deal(self) -> int:
        mask = self._game.full_mask
        for hand in self._position[0]:
            mask &= ~hand
        return mask

    def _advance(self, play: int, draw: int) -> DominoState:
        """The next real node: apply the play ``play`` or the draw of tile ``draw`` (-1: none),
        then every forced step after it (see :func:`_transition`, cached)."""
        game = self._game
        public = self._public
        situation = (self._position, play, draw, not public)
        cache = self._transitions
        result = cache.get(situation)
        if result is None:
            if len(cache) >= TRANSITION_CACHE_SIZE:
                cache.clear()
            result = cache[situation] = _transition(game, *situation)
        position, kind, actions, added, suffixes = result
        other = _new_state(DominoState)
        other._game = game
        other._position = position
        other._dealt = self._dealt
        if added:
            other._public = public + added
            other._views = None
            other._parent = self
            other._suffixes = suffixes
        else:
            other._public = public
            views = self._views
            other._views = views
            if views is None:
                other._parent = self._parent
                other._suffixes = self._suffixes
            else:
                other._parent = other._suffixes = None
        other._kind = kind
        other._actions = actions
        other._transitions = cache
        return other

    # -- the interface --------------------------------------------------------------------------

    def current_player(self) -> int:
        kind = self._kind
        if kind == _DECIDE:
            return self._position[4]
        return TERMINAL if kind == _OVER else CHANCE

    def legal_actions(self) -> list[int]:
        kind = self._kind
        if kind == _DECIDE:
            return list(self._actions)
        if kind == _DRAW:
            return list(self._game.indices(self._position[3]))
        if kind == _DEAL:
            return list(range(len(self._game.hands_from(self._remaining_for_deal()))))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._kind not in (_DEAL, _DRAW):
            return []
        actions = self.legal_actions()
        probability = 1.0 / len(actions)
        return [(action, probability) for action in actions]

    def child(self, action: int) -> DominoState:
        kind = self._kind
        if kind == _DECIDE:
            if action not in self._actions:
                raise ValueError(f"action {action} is not legal here")
            return self._advance(action, -1)
        if kind == _DRAW:
            if action < 0 or not self._position[3] >> action & 1:
                raise ValueError(f"tile {action} is not in the boneyard")
            return self._advance(-1, action)
        if kind == _DEAL:
            hands = self._game.hands_from(self._remaining_for_deal())
            if not 0 <= action < len(hands):
                raise ValueError(f"deal outcome {action} does not exist")
            return self._after_deal(hands[action])
        raise ValueError("a terminal state has no children")

    def _after_deal(self, hand: int) -> DominoState:
        """The state after the next player is dealt ``hand`` (a mask of remaining tiles)."""
        game = self._game
        hands = (*self._position[0], hand)
        other = _new_state(DominoState)
        for name in DominoState.__slots__:
            setattr(other, name, getattr(self, name))
        other._dealt = hands
        if len(hands) < game.num_players:
            other._position = (hands, *self._position[1:])
            return other
        other._position = (hands, -1, -1, self._remaining_for_deal() & ~hand, 0, 0)
        other._views = tuple(f"P{p} {game.hand_label(h)}|" for p, h in enumerate(hands))
        return other._advance(-1, -1)

    def returns(self) -> list[float]:
        if self._kind != _OVER:
            raise ValueError("returns are defined at terminal states only")
        return list(self._game.payoffs(self._position[0]))

    def information_state_key(self, player: int) -> str:
        views = self._views
        if views is None:
            views = self._materialize_views()
        if views:
            return views[player]
        # During the deal: nothing public yet, and the later players' hands are unknown.
        dealt = self._game.hand_label(self._dealt[player]) if player < len(self._dealt) else "?"
        return f"P{player} {dealt}|"

    def _materialize_views(self) -> tuple[str, ...]:
        """Build the views of this state and of its ancestors that have none yet."""
        pending = []
        state = self
        while state._views is None:
            pending.append(state)
            state = state._parent
        views = state._views
        for state in reversed(pending):
            views = tuple(map(str.__add__, views, state._suffixes))
            state._views = views
            state._parent = state._suffixes = None  # let the ancestors go
        return views

    def action_to_string(self, action: int) -> str:
        game = self._game
        if self._kind == _DEAL:
            hand = game.hands_from(self._remaining_for_deal())[action]
            return f"deal P{len(self._position[0])} {game.hand_label(hand)}"
        if self._kind == _DRAW:
            return f"P{self._position[4]} draws {game.tile_labels[action]}"
        if not game.block:
            return game.tile_labels[action]
        if self._position[1] < 0:
            return game.tile_labels[action >> 1]
        return game.tile_labels[action >> 1] + ("L" if action & 1 == LEFT else "R")

    def public_history(self) -> tuple[str, ...]:
        return self._public

    def private_label(self, player: int) -> str:
        hands = self._position[0]
        if player >= len(hands):
            return ""
        return self._game.hand_label(hands[player])

    def __repr__(self) -> str:
        hands, left, right = self._position[:3]
        shown = " / ".join(self._game.hand_label(h) or "-" for h in hands)
        history = " ".join(self._public)
        return f"DominoState({shown}; ends {left},{right}; {history})"
