"""The Table tab's betting trees without Qt: the **Betting** choice and its settings read into
a :class:`~omahanash.trees.PreflopSpot`, and the rows the views show of a solved tree
(:class:`~omahanash.trees.TreeSolution`): its nodes indented under the action that leads to
them (reach, action mix), the hands of a node with every action's frequency and EV in big
blinds and in % of the prize pool, the lookup's read-out and each seat's open frequency.

>>> BETTING["Pot-limit"], default_betting("Omaha Hi"), default_betting("Hold'em")
('pl', 'Pot-limit', 'Push/fold')
>>> sorted(used_settings("No-limit"))
['max_raises', 'open_size', 'postflop']
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np

from omahanash.errors import InputError
from ui.kit.range_text import RANK_HEADER, strength_ranks

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSpot
    from omahanash.trees import PreflopSpot, TreeSolution

#: The Betting choice (``tableTreeCombo``): label -> the library's tree (``file``: the tree
#: file named beside it).
BETTING = {"Push/fold": "pushfold", "Pot-limit": "pl", "Pot-limit with limps": "pl-limp",
           "No-limit": "nl", "Tree file…": "file"}
#: After the preflop betting (``tablePostflopCombo``): label -> the library's postflop model.
POSTFLOP_WORDS = {"All in on the flop": "commit", "Check down": "checkdown"}
POSTFLOP_TIPS = {
    "commit": "The players left put their remaining chips in on the flop when the stacks "
              "behind are at most twice the pot (the usual short-stack model), then show "
              "down; deeper, the pot as it stands goes to showdown",
    "checkdown": "The pot as it stands after the preflop betting goes to showdown; the chips "
                 "behind stay with their players"}
#: The settings of each tree (the others are disabled beside the Betting choice).
_USED = {"pushfold": frozenset({"locks"}),
         "pl": frozenset({"max_raises", "postflop"}),
         "pl-limp": frozenset({"max_raises", "postflop"}),
         "nl": frozenset({"open_size", "max_raises", "postflop"}),
         "file": frozenset({"tree_file", "postflop"})}
#: The action kinds in the order of the legend and their words.
KINDS = ("fold", "call", "raise", "allin")
KIND_WORDS = {"fold": "fold", "call": "call", "raise": "raise", "allin": "all in"}


def default_betting(variant: str) -> str:
    """The Betting choice a game opens on (its label or the library's name): Pot-limit for
    Omaha (Hi, Hi/Lo), Push/fold for Hold'em (as the library's
    :func:`~omahanash.trees.default_tree`)."""
    return "Push/fold" if variant in ("Hold'em", "holdem") else "Pot-limit"


def used_settings(betting: str) -> frozenset[str]:
    """The settings the Betting choice ``betting`` reads: of ``open_size``, ``max_raises``,
    ``postflop``, ``tree_file`` and ``locks`` (push/fold only)."""
    return _USED[BETTING.get(betting, "pushfold")]


def is_tree(solution: object) -> bool:
    """Whether ``solution`` is a betting tree's (:class:`~omahanash.trees.TreeSolution`)."""
    from omahanash.trees import TreeSolution

    return isinstance(solution, TreeSolution)


def _field(error: InputError) -> str:
    argument = error.argument or ""
    return {"open": "open_size", "max_raises": "max_raises", "postflop": "tree"}.get(
        argument, "tree")


def tree_spot(spot: PushFoldSpot, payouts: str | None, inputs: Any
              ) -> tuple[PreflopSpot | None, dict[str, str]]:
    """The table ``spot`` (its ``payouts`` as typed, None: chip EV) on the tree of the
    form's Betting choice and settings (``inputs``: a :class:`~ui.table.model.TableInputs`),
    or the message beside the field it is about (``open_size``, ``max_raises``, ``tree``,
    ``tree_file``).

    >>> from omahanash.pushfold import PushFoldSpot
    >>> from ui.table.model import TableInputs
    >>> table = PushFoldSpot("omaha-hi", [1500, 1500], 50, 100)
    >>> made, errors = tree_spot(table, None, TableInputs(tree="No-limit", open_size="2.5"))
    >>> made.tree, made.open_size, errors
    ('nl', 2.5, {})
    >>> tree_spot(table, None, TableInputs(tree="No-limit", open_size="1"))[1]
    {'open_size': 'open must be more than 1 big blind (a raise), got 1.0'}
    """
    from omahanash.trees import PreflopSpot

    tree = BETTING.get(inputs.tree, inputs.tree)
    used = _USED.get(tree, frozenset())
    path = inputs.tree_file.strip()
    if tree == "file":
        if not path:
            return None, {"tree_file": "choose a tree file (.toml)"}
        tree = path
    open_size = 2.0
    if "open_size" in used:
        text = inputs.open_size.strip().replace(",", "")
        try:
            open_size = float(text)
        except ValueError:
            return None, {"open_size": f"the open size must be a number of big blinds, not "
                                       f"{inputs.open_size.strip()!r}"}
    try:
        max_raises = int(str(inputs.max_raises).strip())
    except ValueError:
        return None, {"max_raises": f"max raises must be a whole number, not "
                                    f"{inputs.max_raises!r}"}
    postflop = POSTFLOP_WORDS.get(inputs.postflop, inputs.postflop)
    try:
        made = PreflopSpot(spot.variant, spot.stacks, spot.sb, spot.bb, spot.ante, payouts,
                           spot.bb_ante, tree=tree, postflop=postflop, open_size=open_size,
                           max_raises=max_raises if "max_raises" in used else 3)
    except InputError as exc:
        return None, {"tree_file" if path and BETTING.get(inputs.tree) == "file"
                      else _field(exc): str(exc)}
    return made, {}


# -- what the views show -------------------------------------------------------------------


def action_label(action: dict, node: Any) -> str:
    """An action as players say it, its size in big blinds: ``Fold``, ``Check``, ``Call``,
    ``Limp`` (completing, unopened), ``Raise 3.5``, ``All in 15``.

    >>> from types import SimpleNamespace
    >>> node = SimpleNamespace(name="SB open", facing=0.5)
    >>> [action_label(a, node) for a in ({"action": "fold", "to": 0.5},
    ...  {"action": "call", "to": 1.0}, {"action": "raise", "to": 3.0},
    ...  {"action": "allin", "to": 15.0})]
    ['Fold', 'Limp', 'Raise 3', 'All in 15']
    """
    kind, to = action["action"], float(action["to"])
    if kind == "fold":
        return "Fold"
    if kind == "call":
        if node.facing <= 0:
            return "Check"
        unopened = " vs " not in node.name and node.name.endswith(" open")
        return "Limp" if unopened else "Call"
    if kind == "raise":
        return f"Raise {to:g}"
    return f"All in {to:g}"


def _decision_depths(solution: TreeSolution) -> dict[int, tuple[int, str]]:
    """Per decision slot: how many decisions lie above it and the action that leads to it
    (``"BTN raise 3.5"``; the first decision: "")."""
    tree = solution.solver.tree
    nodes = tree.nodes
    positions = solution.spot.positions
    bb = solution.spot.bb
    out: dict[int, tuple[int, str]] = {}
    depth_of: dict[int, int] = {}
    for node in nodes:  # preorder: a parent before its children
        if node.terminal:
            continue
        parent = node.parent
        while parent >= 0 and nodes[parent].terminal:
            parent = nodes[parent].parent
        if parent < 0:
            depth_of[node.index], after = 0, ""
        else:
            above = nodes[parent]
            depth_of[node.index] = depth_of[above.index] + 1
            # the action of the decision above whose subtree holds this node
            child = max((a for a in above.actions if a.child <= node.index),
                        key=lambda a: a.child)
            view = SimpleNamespace(name=above.name, facing=above.to_call / bb)
            after = f"{positions[above.player]} " + action_label(
                {"action": child.kind, "to": child.to / bb}, view).lower()
        out[node.slot] = (depth_of[node.index], after)
    return out


def tree_node_rows(solution: TreeSolution, measured: bool = True) -> list[dict[str, Any]]:
    """The node list of a tree: per decision (preorder: each under the action that leads to
    it) ``node``, ``depth``, ``after`` (that action), ``position``, ``reach`` (the chance the
    node is reached, % ; None when not ``measured``: a run stopped before its pass) and
    ``actions``: ``{"action", "label", "to", "percent"}`` (the share of the hands that
    reach the node, by combos, that take it)."""
    depths = _decision_depths(solution)
    if measured:
        views = solution.nodes
    else:
        views = _unmeasured_nodes(solution)
    rows = []
    for view in views:
        depth, after = depths[view.slot]
        rows.append({"node": view.name, "depth": depth, "after": after,
                     "position": view.position,
                     "reach": None if view.reach is None else 100.0 * view.reach,
                     "actions": [dict(a, label=action_label(a, view)) for a in view.actions]})
    return rows


def _unmeasured_nodes(solution: TreeSolution) -> list[Any]:
    """The nodes' action mixes without the pass that measures their reach."""
    from omahanash.hands import class_combos
    from omahanash.trees import NodeView
    from omahanash.trees.solver import own_reach

    solver = solution.solver
    avg = solver.class_average()
    reach_own = own_reach(solver.arrays, avg)
    game = "holdem" if str(solution.spot.variant) == "holdem" else "omaha"
    combos = class_combos(game)[solver.table.class_ids].astype(np.float64)
    bb = solution.spot.bb
    out = []
    for node in solver.tree.decisions():
        weight = combos * reach_own[node.slot]
        total = weight.sum()
        actions = [{"action": a.kind, "to": a.to / bb,
                    "percent": 100.0 * float(weight @ avg[node.slot, :, k] / total)
                    if total > 0 else 0.0} for k, a in enumerate(node.actions)]
        out.append(NodeView(node.name, solution.spot.positions[node.player], node.slot,
                            node.pot / bb, node.to_call / bb, None, actions))  # type: ignore[arg-type]
    return out


def mix_text(actions: list[dict]) -> str:
    """An action mix in one line: ``"Fold 81% · Raise 3.5 19%"`` (actions under 0.05 % left
    out).

    >>> mix_text([{"label": "Fold", "percent": 81.46}, {"label": "Raise 3.5",
    ...           "percent": 18.54}, {"label": "All in 15", "percent": 0.0}])
    'Fold 81.5% · Raise 3.5 18.5%'
    """
    return " · ".join(f"{a['label']} {a['percent']:.1f}%" for a in actions
                      if a["percent"] >= 0.05)


def _opt(value: float) -> float | None:
    return None if value is None or not math.isfinite(value) else float(value)


def tree_hand_rows(solution: TreeSolution, node_name: str) -> list[dict[str, Any]]:
    """Every class at a node: ``id``, ``cards``, ``name``, ``rank`` (strength), ``combos``,
    ``actions``: per action ``{"action", "label", "to", "percent", "bb", "pool"}`` (EV in big
    blinds and, with payouts, in % of the prize pool; None where never reached) — the
    library's :meth:`~omahanash.trees.TreeSolution.class_values`, as its ``lookup`` reads
    them."""
    from omahanash.hands import class_cards, class_combos, class_name

    spot = solution.spot
    node = solution.node(node_name)
    game = "holdem" if str(spot.variant) == "holdem" else "omaha"
    ids = solution.solver.table.class_ids
    combos = class_combos(game)[ids]
    probs, ev = solution.class_values(node)
    icm = solution.unit == "prize"
    chips_ev = _chip_values(solution, node) if icm else ev
    pool = spot.prize_pool or 1.0
    ranks = strength_ranks(str(spot.variant))
    bb = spot.bb
    view = SimpleNamespace(name=node.name, facing=node.to_call / bb)
    labels = [action_label({"action": a.kind, "to": a.to / bb}, view) for a in node.actions]
    rows = []
    for k, c in enumerate(ids):
        cards = class_cards(game, int(c))
        actions = []
        for a, action in enumerate(node.actions):
            actions.append({"action": action.kind, "label": labels[a], "to": action.to / bb,
                            "percent": 100.0 * float(probs[k, a]),
                            "bb": _opt(float(chips_ev[k, a]) / bb),
                            "pool": _opt(100.0 * float(ev[k, a]) / pool) if icm else None})
        rows.append({"id": int(c), "cards": cards, "rank": int(ranks[int(c)]),
                     "name": class_name(game, int(c)) if game == "holdem" else cards,
                     "combos": int(combos[k]), "actions": actions})
    return rows


def _chip_values(solution: TreeSolution, node: Any) -> np.ndarray:
    """Every class's EV of every action at ``node`` in chips (the chip pass of an ICM spot:
    the same strategies, valued by the chips won)."""
    values = solution.solver.evaluate(icm=False)
    reach = values["cfreach"][node.slot]
    k = len(node.actions)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(reach[:, None] > 0, values["cfv"][node.slot, :, :k] / reach[:, None],
                        np.nan)


def warm_tree(solution: TreeSolution) -> None:
    """Make the passes the views read (in the worker): the average strategy's values (and,
    with payouts, its chip values)."""
    solution.solver.evaluate()
    if solution.unit == "prize":
        solution.solver.evaluate(icm=False)


def tree_columns(rows: list[dict[str, Any]]) -> list[str]:
    """The action columns of a node's hands (one per action: ``"Raise 3.5 %"``)."""
    return [f"{a['label']} %" for a in rows[0]["actions"]] if rows else []


def tree_class_table(rows: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    """The class table of a node: strength, hand, combos and one column per action (its
    frequency, %), strongest first.

    >>> rows = [{"id": 1, "rank": 2, "name": "KK", "combos": 6, "actions": [
    ...     {"label": "Fold", "percent": 10.0}, {"label": "Raise 3", "percent": 90.0}]},
    ...     {"id": 0, "rank": 1, "name": "AA", "combos": 6, "actions": [
    ...     {"label": "Fold", "percent": 0.0}, {"label": "Raise 3", "percent": 100.0}]}]
    >>> tree_class_table(rows)
    (['Strength', 'Hand', 'Combos', 'Fold %', 'Raise 3 %'], [[1, 'AA', 6, 0.0, 100.0], \
[2, 'KK', 6, 10.0, 90.0]])
    """
    ordered = sorted(rows, key=lambda r: (r["rank"], r["id"]))
    columns = [RANK_HEADER, "Hand", "Combos", *tree_columns(rows)]
    return columns, [[r["rank"], r["name"], r["combos"],
                      *(round(a["percent"], 2) for a in r["actions"])] for r in ordered]


def tree_ev_table(rows: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    """The EV per hand of a node: strength, hand, id, combos, every action's frequency, its
    EV in big blinds and (with payouts) in % of the prize pool, strongest first."""
    ordered = sorted(rows, key=lambda r: (r["rank"], r["id"]))
    if not rows:
        return [RANK_HEADER, "Hand", "Id", "Combos"], []
    labels = [a["label"] for a in rows[0]["actions"]]
    pool = rows[0]["actions"][0]["pool"] is not None or any(
        a["pool"] is not None for r in rows for a in r["actions"])
    columns = [RANK_HEADER, "Hand", "Id", "Combos", *(f"{x} %" for x in labels),
               *(f"{x} (bb)" for x in labels)]
    if pool:
        columns += [f"{x} (% pool)" for x in labels]

    def cell(value: float | None) -> float | None:
        return None if value is None else round(value, 4)

    table = []
    for r in ordered:
        row = [r["rank"], r["name"], r["id"], r["combos"],
               *(round(a["percent"], 2) for a in r["actions"]),
               *(cell(a["bb"]) for a in r["actions"])]
        if pool:
            row += [cell(a["pool"]) for a in r["actions"]]
        table.append(row)
    return columns, table


def tree_lookup_text(solution: TreeSolution, hand: str, node: str) -> tuple[dict, str]:
    """The library's lookup of ``hand`` at ``node``
    (:meth:`~omahanash.trees.TreeSolution.lookup`) and its read-out: every action's
    frequency and EV in big blinds and (with payouts) in % of the prize pool; raises
    InputError for a hand or node not of this spot."""
    data = solution.lookup(hand, node)
    spot = solution.spot
    decision = solution.node(data["node"])
    icm = data["unit"] == "prize"
    chips = _chip_values(solution, decision) if icm else None
    position = solution.solver.table.position(data["id"])
    bb = spot.bb
    view = SimpleNamespace(name=decision.name, facing=decision.to_call / bb)
    name = data.get("name")
    hand = f"{name} ({data['cards']}, id {data['id']})" if name else \
        f"{data['cards']} (id {data['id']})"
    lines = [f"{hand} at {data['node']} ({data['position']}):"]
    for a, action in enumerate(data["actions"]):
        label = action_label(action, view)
        ev = action["ev"]
        if ev is None:
            worth = "never reached"
        elif icm:
            in_bb = float(chips[position, a]) / bb if chips is not None else float("nan")
            worth = (f"EV {100 * ev / spot.prize_pool:.3f}% of the prize pool "
                     f"({in_bb:+.3f} bb)")
        else:
            worth = f"EV {ev / bb:+.3f} bb ({ev:+.2f} chips)"
        action["label"] = label
        if icm and ev is not None and chips is not None:
            action["ev_bb"] = float(chips[position, a]) / bb
        lines.append(f"{label}: {action['percent']:.2f}% · {worth}")
    return data, "\n".join(lines)


def seat_texts(solution: TreeSolution, measured: bool = True) -> list[str]:
    """Each seat's line under its stack after a solve: how often it plays at its first node
    (everyone before it folded): ``"opens 22.0%"`` (with its limps), or, where it cannot
    fold (the big blind facing a limp), ``"raises 74.2% vs SB limp"``; "" for a seat with
    no decision (``measured``: as :func:`tree_node_rows`)."""
    nodes = tree_node_rows(solution, measured)
    out = []
    for position in solution.spot.positions:
        first = next((row for row in nodes if row["position"] == position), None)
        if first is None:
            out.append("")
            continue
        shares = {a["action"]: 0.0 for a in first["actions"]}
        for a in first["actions"]:
            shares[a["action"]] += a["percent"]
        if "fold" in shares:
            text = f"opens {100.0 - shares['fold']:.1f}%"
            limps = sum(a["percent"] for a in first["actions"] if a["label"] == "Limp")
            if limps >= 0.05:
                text += f" (limps {limps:.1f}%)"
        else:
            raised = shares.get("raise", 0.0) + shares.get("allin", 0.0)
            text = f"raises {raised:.1f}% {first['node'].split(' ', 1)[1]}"
        out.append(text)
    return out


def tree_ev_summary(solution: TreeSolution) -> str:
    """Each seat's EV: % of the prize pool (ICM) or big blinds (chip EV)."""
    spot = solution.spot
    rows = solution.ev
    if spot.model == "icm" and spot.prize_pool > 0:
        return ", ".join(f"{r['position']} {100 * r['prize'] / spot.prize_pool:.3g}% pool"
                         for r in rows)
    return ", ".join(f"{r['position']} {r['chips'] / spot.bb:+.3g} bb" for r in rows)


def tree_text(spot: Any) -> str:
    """The tree of a spot in one line: ``"Pot-limit, at most 3 raises, all in on the
    flop"``.

    >>> from omahanash.trees import PreflopSpot
    >>> tree_text(PreflopSpot("holdem", [1500, 1500], 50, 100, tree="nl", open_size=2.5))
    'No-limit (open 2.5 bb), at most 3 raises, all in on the flop'
    """
    settings = spot.settings()
    label = next((k for k, v in BETTING.items() if v == settings.preset), "Tree file")
    if label == "No-limit":
        label += f" (open {settings.open_size:g} bb)"
    words = next(k for k, v in POSTFLOP_WORDS.items() if v == settings.postflop)
    return f"{label}, at most {settings.max_raises} raises, {words[0].lower()}{words[1:]}"
