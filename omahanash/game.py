"""The game interface every imperfect-information game implements (in the spirit of OpenSpiel).

States are immutable: :meth:`GameState.child` returns a new state. The tree compiler walks a
game once through this interface into flat arrays; solvers never see these objects.

Conventions:

* players are ``0 .. num_players - 1``; :data:`CHANCE` and :data:`TERMINAL` mark the other
  node kinds;
* actions are small non-negative ints, named by :meth:`GameState.action_to_string`;
* :meth:`GameState.information_state_key` is the whole information set of a player (own private
  information plus the public history): two states with the same key must have the same legal
  actions;
* :meth:`GameState.public_history` is what every player has seen (the decision-tree browser
  groups states by it); :meth:`GameState.private_label` is a player's private information as
  the browser shows it (for dominoes: the hand, tiles ascending, like ``[0|1][1|1]``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from omahanash.errors import InputError

CHANCE = -1
TERMINAL = -4


class GameState(ABC):
    """One node of a game tree."""

    @abstractmethod
    def current_player(self) -> int:
        """The acting player, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Actions of the acting player (decision nodes), or outcomes of a chance node."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node; probabilities sum to 1."""

    @abstractmethod
    def child(self, action: int) -> GameState:
        """The state after ``action``."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Payoff of every player at a terminal state."""

    @abstractmethod
    def information_state_key(self, player: int) -> str:
        """The information set of ``player`` at this state, as a string key."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """Human-readable name of ``action`` at this state (``"bet"``, ``"[0|1]"``)."""

    @abstractmethod
    def public_history(self) -> tuple[str, ...]:
        """Public actions so far as text; private chance events appear only as what is public."""

    @abstractmethod
    def private_label(self, player: int) -> str:
        """``player``'s private information as shown in the browser (a card, a domino hand)."""


class Game(ABC):
    """A game: its name, number of players and initial state."""

    name: str = "game"
    num_players: int = 2

    @abstractmethod
    def new_initial_state(self) -> GameState:
        """The root of the game tree."""

    def settings(self) -> dict:
        """The parameters that define this game (saved with solutions, shown in output)."""
        return {}

    def tree_size_estimate(self) -> float | None:
        """The game's own estimate of its number of nodes, or None to let the compiler probe.

        The compiler's generic estimator lists every chance outcome on its probes; a game with
        huge chance nodes (dealing 7 dominoes of 28: over a million hands) should sample them
        itself and return the estimate here, so that a tree too large is refused at once.
        """
        return None


def check_state(state: object, what: str = "state") -> GameState:
    """``state`` if it can be played (it has the :class:`GameState` methods the searches
    call), else :class:`~omahanash.errors.InputError` naming ``what``. Duck-typed: a state
    written to the interface without subclassing passes.

    >>> from omahanash.perfect.examples import TakeAway
    >>> check_state(TakeAway(3).new_initial_state()) is not None
    True
    >>> check_state(None)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: state must be a game state (with current_player, legal_actions, child, ...), not None
    """  # noqa: E501

    needed = ("current_player", "legal_actions", "child", "is_terminal")
    if not all(callable(getattr(state, name, None)) for name in needed):
        raise InputError(f"{what} must be a game state (with {', '.join(needed[:3])}, ...), "
                         f"not {state!r}")
    return state  # type: ignore[return-value]  # duck-typed
