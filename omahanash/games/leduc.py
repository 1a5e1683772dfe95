"""Leduc poker with OpenSpiel's rules (``leduc_poker``, two players).

Six cards, J Q K in two suits. Each player antes 1 and gets one private card; a betting round
follows, then one public card is dealt and a second betting round follows. Player 0 opens both
rounds. Actions are ``fold`` (only when facing a bet), ``call`` (also a check) and ``raise``;
a raise is 2 in the first round and 4 in the second, at most two raises per round. A round ends
on check-check or on a call after a raise. At the showdown a private card that pairs the public
card wins, else the higher rank; equal ranks split the pot.

Suits never matter, so information sets are keyed by ranks only: ``"<card>/<round 1>"`` and
``"<card>/<round 1>/<public>/<round 2>"`` with ``f c r`` for the actions, e.g. ``"K/rc/Q/r"``.
That gives 288 information sets where OpenSpiel, which keys by card index, has 936 (each of
ours is the union of suit-isomorphic ones; CFR and exploitability figures are the same).
"""

from __future__ import annotations

from omahanash.game import CHANCE, TERMINAL, Game, GameState

FOLD = 0
CALL = 1
RAISE = 2
ACTION_NAMES = ("fold", "call", "raise")
ACTION_LETTERS = "fcr"
NUM_CARDS = 6
RANKS = "JQK"
SUITS = "sh"
RAISE_SIZES = (2, 4)
MAX_RAISES = 2


def rank(card: int) -> int:
    """Card index 0..5 -> rank 0 (J), 1 (Q), 2 (K); cards ``2r`` and ``2r + 1`` share rank r."""
    return card // 2


def card_name(card: int) -> str:
    """``0`` -> ``"Js"``, ``5`` -> ``"Kh"``."""
    return RANKS[rank(card)] + SUITS[card % 2]


class LeducState(GameState):
    """A Leduc state: cards dealt, betting history per round and the money put in."""

    __slots__ = ("private", "public", "rounds", "contributions", "raises", "calls", "folded")

    def __init__(
        self,
        private: tuple[int, ...] = (),
        public: int = -1,
        rounds: tuple[str, ...] = ("",),
        contributions: tuple[int, int] = (1, 1),
        raises: int = 0,
        calls: int = 0,
        folded: int = -1,
    ) -> None:
        self.private = private
        self.public = public
        self.rounds = rounds
        self.contributions = contributions
        self.raises = raises
        self.calls = calls
        self.folded = folded

    def _round_over(self) -> bool:
        return (self.raises == 0 and self.calls == 2) or (self.raises > 0 and self.calls == 1)

    def current_player(self) -> int:
        if self.folded >= 0:
            return TERMINAL
        if len(self.private) < 2:
            return CHANCE
        if self._round_over():
            return TERMINAL if len(self.rounds) == 2 else CHANCE
        return len(self.rounds[-1]) % 2

    def legal_actions(self) -> list[int]:
        player = self.current_player()
        if player == CHANCE:
            return [card for card, _ in self.chance_outcomes()]
        if player == TERMINAL:
            return []
        actions = []
        if self.contributions[1 - player] > self.contributions[player]:
            actions.append(FOLD)
        actions.append(CALL)
        if self.raises < MAX_RAISES:
            actions.append(RAISE)
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        used = self.private + ((self.public,) if self.public >= 0 else ())
        left = [c for c in range(NUM_CARDS) if c not in used]
        return [(card, 1.0 / len(left)) for card in left]

    def child(self, action: int) -> LeducState:
        player = self.current_player()
        if player == CHANCE:
            if len(self.private) < 2:
                return LeducState(self.private + (action,))
            return LeducState(self.private, action, self.rounds + ("",), self.contributions)
        rounds = self.rounds[:-1] + (self.rounds[-1] + ACTION_LETTERS[action],)
        if action == FOLD:
            return LeducState(self.private, self.public, rounds, self.contributions,
                              self.raises, self.calls, player)
        stakes = max(self.contributions)
        raises, calls = self.raises, self.calls + 1
        if action == RAISE:
            stakes += RAISE_SIZES[len(self.rounds) - 1]
            raises, calls = raises + 1, 0
        contributions = list(self.contributions)
        contributions[player] = stakes
        return LeducState(self.private, self.public, rounds,
                          (contributions[0], contributions[1]), raises, calls)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        if self.folded >= 0:
            loser = self.folded
        else:
            strength = [self._strength(p) for p in (0, 1)]
            if strength[0] == strength[1]:
                return [0.0, 0.0]
            loser = 0 if strength[0] < strength[1] else 1
        amount = float(self.contributions[loser])
        return [-amount, amount] if loser == 0 else [amount, -amount]

    def _strength(self, player: int) -> int:
        own = rank(self.private[player])
        return 10 + own if own == rank(self.public) else own

    def information_state_key(self, player: int) -> str:
        key = f"{self.private_label(player)}/{self.rounds[0]}"
        if self.public >= 0:
            key += f"/{RANKS[rank(self.public)]}/{self.rounds[1]}"
        return key

    def action_to_string(self, action: int) -> str:
        if self.is_chance_node():
            return f"deal {card_name(action)}"
        return ACTION_NAMES[action]

    def public_history(self) -> tuple[str, ...]:
        history = [ACTION_NAMES[ACTION_LETTERS.index(c)] for c in self.rounds[0]]
        if self.public >= 0:
            history.append(RANKS[rank(self.public)])
            history.extend(ACTION_NAMES[ACTION_LETTERS.index(c)] for c in self.rounds[1])
        return tuple(history)

    def private_label(self, player: int) -> str:
        return RANKS[rank(self.private[player])] if player < len(self.private) else ""


class LeducPoker(Game):
    """Leduc poker (OpenSpiel's ``leduc_poker``): two players, six cards, two betting rounds."""

    name = "leduc"
    num_players = 2

    def new_initial_state(self) -> LeducState:
        return LeducState()
