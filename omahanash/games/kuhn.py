"""Kuhn poker (thesis §2.2), with OpenSpiel's rules for 2 to 4 players.

Each player antes 1 and gets one card from a deck of ``players + 1`` cards (2 players: J Q K).
Players act in turn: ``pass`` or ``bet`` 1. Nobody bets: the highest card takes the pot. After
the first bet every other player in turn calls (``bet``) or folds (``pass``); the highest card
among those who put in the bet takes the pot. Two players: the first player's value is −1/18.

Information set keys are ``"<card>/<history>"`` with ``p``/``b`` for the actions, e.g. ``"Q/pb"``
(player 0 holding the queen, after pass, bet); the root key of a card is ``"Q/"``.
"""

from __future__ import annotations

from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL, Game, GameState

PASS = 0
BET = 1
ACTION_NAMES = ("pass", "bet")
ACTION_LETTERS = "pb"
CARD_NAMES = {3: "JQK", 4: "JQKA", 5: "TJQKA"}


class KuhnState(GameState):
    """A Kuhn poker state: the cards dealt so far and the betting history (``"pb"``)."""

    __slots__ = ("game", "cards", "history")

    def __init__(self, game: KuhnPoker, cards: tuple[int, ...] = (), history: str = "") -> None:
        self.game = game
        self.cards = cards
        self.history = history

    def _first_bet(self) -> int:
        return self.history.find("b")

    def _is_over(self) -> bool:
        n = self.game.num_players
        first_bet = self._first_bet()
        if first_bet < 0:
            return len(self.history) == n
        return len(self.history) == first_bet + n

    def current_player(self) -> int:
        if len(self.cards) < self.game.num_players:
            return CHANCE
        if self._is_over():
            return TERMINAL
        return len(self.history) % self.game.num_players

    def legal_actions(self) -> list[int]:
        if self.is_chance_node():
            return [card for card, _ in self.chance_outcomes()]
        if self.is_terminal():
            return []
        return [PASS, BET]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        left = [c for c in range(self.game.num_cards) if c not in self.cards]
        return [(card, 1.0 / len(left)) for card in left]

    def child(self, action: int) -> KuhnState:
        if self.is_chance_node():
            return KuhnState(self.game, self.cards + (action,), self.history)
        return KuhnState(self.game, self.cards, self.history + ACTION_LETTERS[action])

    def returns(self) -> list[float]:
        n = self.game.num_players
        if not self._is_over():
            return [0.0] * n
        first_bet = self._first_bet()
        bettors = [False] * n
        if first_bet >= 0:
            for position in range(first_bet, len(self.history)):
                if self.history[position] == "b":
                    bettors[position % n] = True
        contenders = [p for p in range(n) if first_bet < 0 or bettors[p]]
        winner = max(contenders, key=lambda p: self.cards[p])
        stakes = [1.0 + bettors[p] for p in range(n)]
        pot = sum(stakes)
        return [(pot - stakes[p]) if p == winner else -stakes[p] for p in range(n)]

    def information_state_key(self, player: int) -> str:
        return f"{self.private_label(player)}/{self.history}"

    def action_to_string(self, action: int) -> str:
        if self.is_chance_node():
            return f"deal {self.game.card_name(action)}"
        return ACTION_NAMES[action]

    def public_history(self) -> tuple[str, ...]:
        return tuple(ACTION_NAMES[ACTION_LETTERS.index(c)] for c in self.history)

    def private_label(self, player: int) -> str:
        if player < len(self.cards):
            return self.game.card_name(self.cards[player])
        return ""


class KuhnPoker(Game):
    """Kuhn poker for ``players`` players (2 to 4; OpenSpiel's ``kuhn_poker``)."""

    name = "kuhn"

    def __init__(self, players: int = 2) -> None:
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise InputError(f"Kuhn poker takes 2 to 4 players, not {players!r}")
        self.num_players = players
        self.num_cards = players + 1

    def card_name(self, card: int) -> str:
        """``0 .. players`` -> J Q K (two players), J Q K A (three), T J Q K A (four)."""
        return CARD_NAMES[self.num_cards][card]

    def new_initial_state(self) -> KuhnState:
        return KuhnState(self)

    def settings(self) -> dict:
        return {"players": self.num_players}
