"""The decision-tree browser of the thesis (Figure 2.3), as a library object and a console.

States are grouped by their public history (what every player has seen): a *public node*. A
chance event nobody sees (dealing private cards) does not change the public history, so the
root of Kuhn poker is one public node where player 0 decides, holding J, Q or K. At a decision
node the browser lists every action with the average probability of taking it in each of the
acting player's information sets there, labelled by the player's private information
(:meth:`GameState.private_label`: a card, a domino hand). At a public chance node (Leduc's
public card) it lists the outcomes with their probability given the public history, under the
average strategies. A path is the public history, elements separated by spaces; ``""`` is the
root.

>>> from omahanash.cfr.solvers import solve
>>> from omahanash.games.kuhn import KuhnPoker
>>> browser = TreeBrowser(solve(KuhnPoker(), "cfr+", 100))
>>> view = browser.node()
>>> view.type, view.player, [a.action for a in view.actions]
('decision', 0, ['pass', 'bet'])
>>> browser.step("bet").player
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from omahanash.cfr.kernels import profile_reach
from omahanash.cfr.solvers import Solution
from omahanash.errors import InputError
from omahanash.safetext import printable, printable_lines


@dataclass(frozen=True)
class Transition:
    """One way out of a public node.

    ``action``: the action's name (decision) or the public outcome (chance); ``step``: what it
    adds to the path; ``probabilities``: private label -> average probability of the action in
    that information set (decision), or ``{"chance": p}`` (chance).
    """

    action: str
    step: str
    probabilities: dict[str, float]


@dataclass(frozen=True)
class NodeView:
    """A public node: its path, type (``decision``/``chance``/``terminal``), acting player
    (None unless a decision node) and transitions."""

    path: tuple[str, ...]
    type: str
    player: int | None
    transitions: list[Transition] = field(default_factory=list)

    @property
    def actions(self) -> list[Transition]:
        return self.transitions

    def as_dict(self) -> dict:
        """The JSON shape of ``omahanash browse --json``."""
        return {
            "path": " ".join(self.path),
            "type": self.type,
            "player": self.player,
            "actions": [
                {"action": t.action, "probabilities": dict(t.probabilities)}
                for t in self.transitions
            ],
        }


@dataclass(frozen=True)
class InfosetView:
    """One information set: key, acting player, private label, the public node's path and the
    average strategy (action name -> probability)."""

    key: str
    player: int
    label: str
    path: tuple[str, ...]
    strategy: dict[str, float]


class TreeBrowser:
    """Walk a solved game's public tree: :meth:`node`, :meth:`step`, :meth:`back`,
    :meth:`goto` a path, :meth:`find_infoset` by key or private label.

    >>> from omahanash.cfr.solvers import solve_cfr
    >>> from omahanash.games import make_game
    >>> browser = TreeBrowser(solve_cfr(make_game("kuhn"), iterations=64, seed=1))
    >>> root = browser.node()   # the deal is private: the public tree starts at a bet
    >>> root.type, root.player, [t.action for t in root.transitions]
    ('decision', 0, ['pass', 'bet'])
    >>> browser.step("bet").player
    1
    """

    def __init__(self, solution: Solution) -> None:
        if not isinstance(solution, Solution):
            raise InputError(f"solution must be a Solution (from solve_cfr or load_solution), "
                             f"not {solution!r}")
        self.solution = solution
        self.tree = tree = solution.tree
        self.policy = solution.average_policy()
        order = np.argsort(tree.public, kind="stable")
        counts = np.bincount(tree.public, minlength=len(tree.public_histories))
        self._members = order
        self._member_start = np.concatenate(([0], np.cumsum(counts)))
        self._by_path = {" ".join(h): i for i, h in enumerate(tree.public_histories)}
        decision = np.nonzero(tree.infoset >= 0)[0]
        infosets, first = np.unique(tree.infoset[decision], return_index=True)
        self._infoset_node = np.full(tree.num_infosets, -1, dtype=np.int64)
        self._infoset_node[infosets] = decision[first]
        self._reach: np.ndarray | None = None
        self._views: dict[int, NodeView] = {}
        self.current = int(tree.public[0])

    # -- navigation ---------------------------------------------------------------------

    @property
    def path(self) -> tuple[str, ...]:
        return self.tree.public_histories[self.current]

    def node(self) -> NodeView:
        """The current public node."""
        view = self._views.get(self.current)
        if view is None:
            view = self._views[self.current] = self._build(self.current)
        return view

    def step(self, choice: int | str) -> NodeView:
        """Go to a child: by transition number, action name, or path step."""
        view = self.node()
        chosen = None
        if isinstance(choice, int):
            if 0 <= choice < len(view.transitions):
                chosen = view.transitions[choice]
        else:
            text = " ".join(choice.split())
            chosen = next((t for t in view.transitions if text in (t.action, t.step)), None)
        if chosen is None:
            names = ", ".join(t.action for t in view.transitions) or "none: a terminal node"
            raise InputError(f"no transition {choice!r} here (transitions: {names})")
        return self.goto(self.path + tuple(chosen.step.split()))

    def back(self) -> NodeView:
        """Go to the parent public node."""
        parent = int(self.tree.public_parent[self.current])
        if parent < 0:
            raise InputError("already at the root")
        self.current = parent
        return self.node()

    def goto(self, path: str | Sequence[str]) -> NodeView:
        """Go to the public node with this history (``""`` or ``()``: the root)."""
        text = " ".join(path.split()) if isinstance(path, str) else " ".join(path)
        text = " ".join(text.split())
        if text not in self._by_path:
            raise InputError(f"no public node {text!r} in this game")
        self.current = self._by_path[text]
        return self.node()

    def find_infoset(self, text: str) -> InfosetView:
        """An information set by its key, or by its private label at the current node; moves
        to its public node."""
        tree = self.tree
        text = text.strip()
        try:
            index = tree.infoset_index(text)
        except KeyError:
            here = [i for i in self._infosets_at(self.current) if tree.infoset_labels[i] == text]
            if not here:
                raise InputError(
                    f"no information set {text!r} (type a key like {tree.infoset_keys[0]!r}, "
                    "or a private label of the current node)"
                ) from None
            index = here[0]
        self.current = int(tree.public[self._infoset_node[index]])
        lo = int(tree.infoset_offset[index])
        return InfosetView(
            key=tree.infoset_keys[index],
            player=int(tree.infoset_player[index]),
            label=tree.infoset_labels[index],
            path=self.path,
            strategy={name: float(self.policy[lo + a])
                      for a, name in enumerate(tree.infoset_actions[index])},
        )

    # -- building views -------------------------------------------------------------------

    def _nodes_at(self, public: int) -> np.ndarray:
        return self._members[self._member_start[public]:self._member_start[public + 1]]

    def _infosets_at(self, public: int) -> list[int]:
        found = self.tree.infoset[self._nodes_at(public)]
        return sorted(set(found[found >= 0].tolist()))  # in order of first appearance

    def _step_to(self, public: int, child: int) -> str:
        history = self.tree.public_histories[child]
        return " ".join(history[len(self.tree.public_histories[public]):])

    def _build(self, public: int) -> NodeView:
        tree = self.tree
        nodes = self._nodes_at(public)
        players = tree.player[nodes]
        path = tree.public_histories[public]
        deciding = nodes[players >= 0]
        if deciding.size:
            return self._decision_view(public, int(tree.player[deciding[0]]))
        chance = [int(n) for n in nodes[players == -1] if self._leaves_public(int(n), public)]
        if chance:
            return self._chance_view(public, chance)
        return NodeView(path, "terminal", None, [])

    def _children(self, node: int) -> np.ndarray:
        tree = self.tree
        return tree.children[tree.child_start[node]:tree.child_start[node + 1]]

    def _leaves_public(self, node: int, public: int) -> bool:
        return bool(np.any(self.tree.public[self._children(node)] != public))

    def _decision_view(self, public: int, player: int) -> NodeView:
        tree = self.tree
        # action name -> (smallest action id, path step, {label: probability})
        found: dict[str, tuple[int, str, dict[str, float]]] = {}
        for index in self._infosets_at(public):
            node = int(self._infoset_node[index])
            label = tree.infoset_labels[index]
            lo = int(tree.infoset_offset[index])
            children = self._children(node)
            for a, name in enumerate(tree.infoset_actions[index]):
                action_id = tree.infoset_action_ids[index][a]
                if name not in found:
                    step = self._step_to(public, int(tree.public[children[a]]))
                    found[name] = (action_id, step, {})
                elif action_id < found[name][0]:
                    found[name] = (action_id, found[name][1], found[name][2])
                probabilities = found[name][2]
                probabilities[label if label not in probabilities else tree.infoset_keys[index]] = (
                    float(self.policy[lo + a])
                )
        ordered = sorted(found.items(), key=lambda item: (item[1][0], item[0]))
        transitions = [Transition(name, step, probs) for name, (_, step, probs) in ordered]
        return NodeView(tree.public_histories[public], "decision", player, transitions)

    def _chance_view(self, public: int, nodes: list[int]) -> NodeView:
        tree = self.tree
        if self._reach is None:
            self._reach = np.empty(tree.num_nodes, dtype=np.float64)
            profile_reach(tree.player, tree.parent, tree.action_index, tree.edge_prob,
                          tree.infoset, tree.infoset_offset, self.policy, -1, self._reach)
        weights = self._reach[nodes]
        if weights.sum() <= 0:
            weights = np.ones(len(nodes))
        weights = weights / weights.sum()
        outcome: dict[int, float] = {}
        for node, node_weight in zip(nodes, weights, strict=True):
            for child in self._children(node):
                child_public = int(tree.public[child])
                outcome[child_public] = (
                    outcome.get(child_public, 0.0) + node_weight * tree.edge_prob[child]
                )
        transitions = []
        for child_public, probability in outcome.items():
            step = self._step_to(public, child_public)
            transitions.append(Transition(step, step, {"chance": float(probability)}))
        return NodeView(tree.public_histories[public], "chance", None, transitions)


def _format_probability(p: float) -> str:
    return f"{p:.5f}"


def format_node(view: NodeView, is_root: bool) -> str:
    """The thesis's screen for one node (Figure 2.3), in English."""
    lines = [
        "[decision tree browser]",
        f"current node: {' '.join(view.path) if view.path else '.'}",
        f"node type: {view.type}",
    ]
    if view.player is not None:
        lines.append(f"player: {view.player}")
    lines.append("choose a transition")
    for number, t in enumerate(view.transitions):
        shown = " ".join(f"{label} ({_format_probability(p)})"
                         for label, p in t.probabilities.items())
        lines.append(f"{number}) {t.action}: {shown}")
    lines.append("-1) enter an information set")
    lines.append("-2) finish")
    if not is_root:
        lines.append("-3) step back")
    return "\n".join(lines)


def console(browser: TreeBrowser, stdin: TextIO, stdout: TextIO) -> None:
    """The interactive browser: numbered transitions, ``-1`` to type an information set,
    ``-2`` (or end of input) to finish, ``-3`` to step back."""

    def ask(prompt: str) -> str | None:
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        return None if line == "" else line.strip()

    show = True
    while True:
        if show:
            is_root = int(browser.tree.public_parent[browser.current]) < 0
            stdout.write(printable_lines(format_node(browser.node(), is_root)) + "\n")
        show = True
        answer = ask("> ")
        if answer is None or answer == "-2":
            stdout.write("\n" if answer is None else "")
            return
        try:
            if answer == "-1":
                text = ask("information set: ")
                if text is None:
                    return
                found = browser.find_infoset(text)
                shown = " ".join(f"{name} ({_format_probability(p)})"
                                 for name, p in found.strategy.items())
                stdout.write(printable(f"{found.key} (player {found.player}): {shown}") + "\n")
            elif answer == "-3":
                browser.back()
            else:
                try:
                    choice: int | str = int(answer)
                except ValueError:
                    choice = answer
                browser.step(choice)
        except InputError as exc:
            stdout.write(f"{printable(exc)}\n")
            show = False
