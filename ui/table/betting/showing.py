"""How the Table tab shows a betting tree's result (a mixin of :class:`ui.table.tab.TableTab`):
the node list as the tree (:func:`~ui.table.betting.model.tree_node_rows`), the selected
node's hands coloured by their action mix, the lookup of every action's frequency and EV,
each seat's open frequency at its first node, the summary line with the seats' EVs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.table.betting.model import (
    seat_texts,
    tree_ev_summary,
    tree_hand_rows,
    tree_lookup_text,
    tree_node_rows,
    tree_text,
)
from ui.table.model import equity_table_text, history_points, nash_conv_unit

if TYPE_CHECKING:
    from omahanash.trees import TreeSolution
    from ui.table.form import TableForm
    from ui.table.results import TableResults
    from ui.table.seats import TableView


class TreeShowing:
    """The tree half of the tab's showing (what it uses of the tab, declared)."""

    results: TableResults
    form: TableForm
    oval: TableView
    plot: Any
    lookup_data: dict | None
    _pending_node: str | None

    def _show_tree_solution(self, solution: TreeSolution) -> None:
        self.form.show_equity_table(*equity_table_text(solution.solver.table))
        self.oval.set_push_texts(seat_texts(solution))
        unit = nash_conv_unit(solution.spot)
        points = history_points(solution.history, unit.scale)
        if not points and solution.iterations:  # a solution kept without its reports
            points = [(solution.iterations, unit.value(solution.nash_conv))]
        self.plot.set_y_label(unit.axis)
        self.plot.set_history(points)
        self.form.summary_label.setText(
            f"{tree_text(solution.spot)}: {solution.iterations} iterations, NashConv "
            f"{unit.text(solution.nash_conv)}. EV: {tree_ev_summary(solution)}")
        self.results.node_model.set_tree(tree_node_rows(solution))
        self.results.node_list.selectRow(0)
        if self._pending_node is not None:
            self.results.select_node(self._pending_node)
            self._pending_node = None

    def _show_tree_unmeasured(self, solution: TreeSolution) -> None:
        """A run stopped before its pass: the nodes' mixes (no reach), no hands."""
        self.results.node_model.set_tree(tree_node_rows(solution, measured=False))
        self.results.node_list.selectRow(0)
        self.results.show_rows(None, [])
        self.oval.set_push_texts(seat_texts(solution, measured=False))

    def _show_tree_node(self, solution: TreeSolution, node: str | None) -> None:
        if node is None:
            self.results.show_rows(None, [])
            return
        self.results.show_tree_rows(solution, tree_hand_rows(solution, node))

    def _look_up_tree(self, solution: TreeSolution, hand: str, node: str) -> str:
        self.lookup_data, text = tree_lookup_text(solution, hand, node)
        return text
