"""Domino states: a position in ints and bit masks, and its cached forced continuation.

The rules are in :mod:`omahanash.games.domino`; this is the tree compiler's hot path, tuned
(cached transitions, information keys built from the parent's) and measured by
``omahanash bench cfr``.

>>> from omahanash.games.domino import make_domino_game
>>> state = make_domino_game().deal_state(["[0|0][0|1]", "[0|2][1|2]"])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['[0|0]', '[0|1]'])
"""

from __future__ import annotations

from typing import Protocol

from omahanash.game import CHANCE, TERMINAL, GameState


class DominoRules(Protocol):
    """What a state reads of its game (:class:`~omahanash.games.domino.game.DominoGame` is
    one): the tile set's tables and the rules' answers, each computed once per game."""

    num_players: int
    block: bool
    full_mask: int
    fits: tuple[int, ...]
    tile_a: tuple[int, ...]
    tile_b: tuple[int, ...]
    tile_labels: tuple[str, ...]
    left_labels: tuple[str, ...]
    right_labels: tuple[str, ...]
    draw_labels: tuple[str, ...]

    def hand_label(self, mask: int) -> str: ...

    def indices(self, mask: int) -> tuple[int, ...]: ...

    def payoffs(self, hands: tuple[int, ...]) -> tuple[float, ...]: ...

    def hands_from(self, remaining: int) -> tuple[int, ...]: ...

    def block_moves(self, playable: int, left: int, right: int) -> tuple[int, ...]: ...


# Kinds of node: dealing a hand, drawing a tile, a player's decision, the end.
DEAL, DRAW, DECIDE, OVER = 0, 1, 2, 3

LEFT, RIGHT = 0, 1

# Positions whose forced continuation the game remembers (each entry is a few hundred bytes;
# the cache is emptied when full).
TRANSITION_CACHE_SIZE = 500_000

# A state without running __init__ (transitions set every slot themselves).
_new_state = object.__new__


def _transition(game: DominoRules, position: tuple, play: int, draw: int, first: bool) -> tuple:
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
                kind = OVER
                break
        elif draw >= 0:
            hands_now[player] |= 1 << draw
            boneyard &= ~(1 << draw)
            draws.append((len(added), player, draw))
            added.append("draw")
            draw = -1
        if passes >= num_players:
            kind = OVER
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
                kind = DECIDE
                break
            if boneyard:
                if boneyard & (boneyard - 1):
                    kind = DRAW
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
        for index, other, tile in draws:
            if other == drawer:
                events[index] = game.draw_labels[tile]
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

    def __init__(self, game: DominoRules) -> None:
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
        self._kind = DEAL
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

    def deals_next(self) -> bool:
        """Whether this is the chance node that deals the next player's hand."""
        return self._kind == DEAL

    def remaining_for_deal(self) -> int:
        """Mask of the tiles not yet dealt (what the next hand is dealt from)."""
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
        if kind == DECIDE:
            return self._position[4]
        return TERMINAL if kind == OVER else CHANCE

    def legal_actions(self) -> list[int]:
        kind = self._kind
        if kind == DECIDE:
            return list(self._actions)
        if kind == DRAW:
            return list(self._game.indices(self._position[3]))
        if kind == DEAL:
            return list(range(len(self._game.hands_from(self.remaining_for_deal()))))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._kind not in (DEAL, DRAW):
            return []
        actions = self.legal_actions()
        probability = 1.0 / len(actions)
        return [(action, probability) for action in actions]

    def child(self, action: int) -> DominoState:
        kind = self._kind
        if kind == DECIDE:
            if action not in self._actions:
                raise ValueError(f"action {action} is not legal here")
            return self._advance(action, -1)
        if kind == DRAW:
            if action < 0 or not self._position[3] >> action & 1:
                raise ValueError(f"tile {action} is not in the boneyard")
            return self._advance(-1, action)
        if kind == DEAL:
            hands = self._game.hands_from(self.remaining_for_deal())
            if not 0 <= action < len(hands):
                raise ValueError(f"deal outcome {action} does not exist")
            return self.after_deal(hands[action])
        raise ValueError("a terminal state has no children")

    def after_deal(self, hand: int) -> DominoState:
        """The state after the next player is dealt ``hand`` (a mask of remaining tiles):
        :meth:`child` by the hand itself, for a caller that samples hands without listing
        them (:meth:`~omahanash.games.domino.game.DominoGame.tree_size_estimate`)."""
        game = self._game
        hands = (*self._position[0], hand)
        other = _new_state(DominoState)
        for name in DominoState.__slots__:
            setattr(other, name, getattr(self, name))
        other._dealt = hands
        if len(hands) < game.num_players:
            other._position = (hands, *self._position[1:])
            return other
        other._position = (hands, -1, -1, self.remaining_for_deal() & ~hand, 0, 0)
        other._views = tuple(f"P{p} {game.hand_label(h)}|" for p, h in enumerate(hands))
        return other._advance(-1, -1)

    def returns(self) -> list[float]:
        if self._kind != OVER:
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
        state: DominoState | None = self
        while state is not None and state._views is None:
            pending.append(state)
            state = state._parent
        # The root's views are set once the deal is complete, so the walk ends at a state.
        assert state is not None and state._views is not None
        views = state._views
        for later in reversed(pending):
            assert later._suffixes is not None  # set together with _parent
            views = tuple(map(str.__add__, views, later._suffixes))
            later._views = views
            later._parent = later._suffixes = None  # let the ancestors go
        return views

    def action_to_string(self, action: int) -> str:
        game = self._game
        if self._kind == DEAL:
            hand = game.hands_from(self.remaining_for_deal())[action]
            return f"deal P{len(self._position[0])} {game.hand_label(hand)}"
        if self._kind == DRAW:
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
