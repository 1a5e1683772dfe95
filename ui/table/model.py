"""The Table tab's rules, without Qt: reading the form into a push/fold spot (each of the
library's :class:`~omahanash.errors.InputError` messages beside the field it is about), the
seats around the oval, staleness, and the rows the views show (nodes with their reach, the
hands of a node with the EV of playing and folding in big blinds and in prize equity, ICM
equity and bubble factors). The jobs the worker runs are in :mod:`ui.table.jobs`.

Size: ~500 lines, every rule of the Table tab without Qt (inputs, seats, staleness, rows);
splitting it would split the one model the tab's views read.

>>> checked = check_inputs(TableInputs(stacks=["1500", "1000", "800"], payouts="50/30/20"))
>>> checked.errors, checked.spot.positions
({}, ('BTN', 'SB', 'BB'))
>>> check_inputs(TableInputs(stacks=["1500", "-3", "800"])).errors
{'stack1': 'stack 2 must be a number above 0'}
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from omahanash.errors import InputError
from omahanash.pushfold.live import time_words
from omahanash.pushfold.payouts import parse_payouts
from omahanash.pushfold.spot import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, POSITIONS
from ui.kit.fields import parse_positive_int, parse_seed
from ui.kit.range_text import RANK_HEADER, strength_ranks, weighted_range_text
from ui.table.betting.model import BETTING, tree_spot

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSolution, PushFoldSpot

#: Variants of the Type combo: label -> the library's name.
VARIANTS = {"Hold'em": "holdem", "Omaha Hi": "omaha-hi", "Omaha Hi/Lo": "omaha-hilo"}
#: The payout presets offered beside the payouts field: label -> text put in the field.
PAYOUT_PRESETS = {
    "9-max SNG 50/30/20": "50/30/20",
    "6-max SNG 65/35": "65/35",
    "Spin & Go (winner takes all)": "1",
    "Heads-up": "1",
    "Double or nothing": "don",
    "Custom": "",
}
#: The payout model switch: ICM (prize equity) or chip EV.
MODELS = ("ICM", "Chips")
#: Units of the stack fields.
STACK_UNITS = ("chips", "bb")
#: Field keys of the form (a stack's is ``stack<i>``).
FIELDS = ("sb", "bb", "ante", "bb_ante", "payouts", "iterations", "deals", "seed", "locks",
          "tree", "open_size", "max_raises", "tree_file")
#: The chip amounts of the form but the stacks: field key -> its name in messages.
_CHIP_FIELDS = (("sb", "SB"), ("bb", "BB"), ("ante", "ante"), ("bb_ante", "big-blind ante"))


def library_default(name: str) -> str:
    """The library's default of a setting of the form, as the field shows it: the spot's
    (:class:`~omahanash.pushfold.PushFoldSpot`) ``ante`` and ``bb_ante``, the solve's
    (:func:`~omahanash.pushfold.cache.table_equilibrium`) ``seed``.

    >>> library_default("bb_ante"), library_default("seed")
    ('0', '0')
    """
    if name == "seed":
        import inspect

        from omahanash.pushfold.cache import table_equilibrium

        return f"{inspect.signature(table_equilibrium).parameters['seed'].default}"
    from omahanash.pushfold.spot import PushFoldSpot

    return f"{PushFoldSpot.__dataclass_fields__[name].default:g}"


@dataclass
class TableInputs:
    """What the form holds, as typed (stacks in preflop order, in ``unit``). The defaults are
    the form's first texts: the tab opens on a 15-bb sit-and-go spot of three players at
    50/100 with 50/30/20 payouts; antes and seed are the library's defaults."""

    variant: str = "Hold'em"
    stacks: list[str] = field(default_factory=lambda: ["1500", "1500", "1500"])
    unit: str = "chips"
    sb: str = "50"
    bb: str = "100"
    ante: str = field(default_factory=lambda: library_default("ante"))
    bb_ante: str = field(default_factory=lambda: library_default("bb_ante"))
    payouts: str = "50/30/20"
    model: str = "ICM"
    iterations: str = ""
    deals: str = ""
    seed: str = field(default_factory=lambda: library_default("seed"))
    locks: str = ""
    #: the Betting choice (:data:`ui.table.betting.model.BETTING`) and its settings
    tree: str = "Push/fold"
    open_size: str = "2"
    max_raises: str = "3"
    postflop: str = "All in on the flop"
    tree_file: str = ""


@dataclass
class TableRequest:
    """A valid form: the spot and how to solve it (``iterations`` None: the equilibrium from
    the cache of equilibria; ``deals`` None: the library's default)."""

    spot: PushFoldSpot
    iterations: int | None
    deals: int | str | None
    seed: int
    locks: dict[str, str]

    @property
    def tree(self) -> bool:
        """Whether the spot is solved on a betting tree (a
        :class:`~omahanash.trees.PreflopSpot`), not push/fold."""
        from omahanash.trees import PreflopSpot

        return isinstance(self.spot, PreflopSpot)

    def key(self) -> str:
        """Everything the results depend on (results of another key are stale)."""
        return repr((self.spot.describe(), self.deals, self.seed, sorted(self.locks.items())))


@dataclass
class TableChecked:
    """The form judged: the request (None when something is wrong) and field -> message."""

    request: TableRequest | None
    errors: dict[str, str]

    @property
    def spot(self) -> PushFoldSpot | None:
        return None if self.request is None else self.request.spot


def _number(text: str, what: str, *, positive: bool = False) -> float:
    cleaned = text.strip().replace(",", "").replace("_", "")
    if not cleaned:
        if positive:
            raise ValueError(f"enter the {what}")
        return 0.0
    try:
        value = float(cleaned)
    except ValueError:
        raise ValueError(f"{what} must be a number, not {text.strip()!r}") from None
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        raise ValueError(f"{what} must be a number {'above' if positive else 'at least'} 0")
    return value


def _field_of(error: InputError, fallback: str) -> str:
    """The field of the library's ``error``: by the argument it names (``stacks[1]`` ->
    ``stack1``, ``sb``, ``bb_ante``, ...), else ``fallback``; never by its wording.

    >>> _field_of(InputError.naming("stacks[2]", "stack 3 is bad"), "sb")
    'stack2'
    >>> _field_of(InputError("SB (200) must not be larger than BB (100)"), "sb")
    'sb'
    """
    argument = error.argument or ""
    name, _, index = argument.partition("[")
    if name == "stacks":
        return f"stack{index.rstrip(']') or 0}"
    return argument if argument in FIELDS else fallback


def parse_locks(text: str) -> dict[str, str]:
    """``"BTN=top 20%; SB vs BTN=22+"`` -> node name -> range text (``;`` or new lines
    between locks).

    >>> parse_locks("BTN=top 20%; SB vs BTN = 22+,A2s+")
    {'BTN': 'top 20%', 'SB vs BTN': '22+,A2s+'}
    """
    out: dict[str, str] = {}
    for part in text.replace("\n", ";").split(";"):
        if not part.strip():
            continue
        name, sep, spec = part.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise InputError(f"lock takes NODE=RANGE (e.g. 'BTN=top 20%'), got {part.strip()!r}")
        out[name.strip()] = spec.strip()
    return out


def check_inputs(inputs: TableInputs) -> TableChecked:
    """Judge the form: numbers first (each beside its field), then the library's spot."""
    from omahanash.pushfold import PushFoldSpot

    errors: dict[str, str] = {}
    players = len(inputs.stacks)
    values: dict[str, float] = {}
    for (key, what), positive in zip(_CHIP_FIELDS, (True, True, False, False), strict=True):
        try:
            values[key] = _number(getattr(inputs, key), what, positive=positive)
        except ValueError as exc:
            errors[key] = str(exc)
    stacks: list[float] = []
    for i, text in enumerate(inputs.stacks):
        try:
            stacks.append(_number(text, f"stack {i + 1}", positive=True))
        except ValueError as exc:
            errors[f"stack{i}"] = str(exc)
    iterations: int | None = None
    if inputs.iterations.strip():
        try:
            iterations = parse_positive_int(inputs.iterations, "number of iterations",
                                            1_000_000)
        except ValueError as exc:
            errors["iterations"] = str(exc)
    deals: int | str | None = None
    if inputs.deals.strip():
        text = inputs.deals.strip().lower()
        try:
            deals = "exact" if text == "exact" else parse_positive_int(text, "number of deals")
        except ValueError as exc:
            errors["deals"] = str(exc)
    seed = 0
    try:
        seed = parse_seed(inputs.seed) if inputs.seed.strip() else 0
    except ValueError as exc:
        errors["seed"] = str(exc)
    if errors:
        return TableChecked(None, errors)
    if inputs.unit == "bb":
        stacks = [s * values["bb"] for s in stacks]
    for key, what, value in [*((f"stack{i}", f"stack {i + 1}", s) for i, s in enumerate(stacks)),
                             *((key, what, values[key]) for key, what in _CHIP_FIELDS)]:
        if value > MAX_CHIPS:  # (the library's bound; said beside the field, as the others)
            errors[key] = f"{what} must be at most {MAX_CHIPS:g} chips, got {value!r}"
    if errors:
        return TableChecked(None, errors)
    payouts = None if inputs.model == "Chips" else inputs.payouts
    if payouts is not None and not payouts.strip():
        return TableChecked(None, {"payouts": "enter the payouts (e.g. 50/30/20) or choose Chips"})
    # The library's errors do not all name their argument (InputError.argument): the payouts
    # are read on their own first, so that what is left of the spot's checks is about the
    # numbers, each checked above but for SB <= BB, beside SB.
    try:
        parse_payouts(payouts, players)
    except InputError as exc:
        return TableChecked(None, {_field_of(exc, "payouts"): str(exc)})
    try:
        spot = PushFoldSpot(VARIANTS.get(inputs.variant, inputs.variant), stacks,
                            values["sb"], values["bb"], values["ante"], payouts,
                            values["bb_ante"])
    except InputError as exc:
        return TableChecked(None, {_field_of(exc, "sb"): str(exc)})
    if BETTING.get(inputs.tree, "pushfold") != "pushfold":  # a betting tree: no locks
        tree, errors = tree_spot(spot, payouts, inputs)
        if tree is None:
            return TableChecked(None, errors)
        return TableChecked(TableRequest(tree, iterations, deals, seed, {}), {})
    try:
        locks = {spot.find_node(name).name: spec
                 for name, spec in parse_locks(inputs.locks).items()}
    except InputError as exc:
        return TableChecked(None, {"locks": str(exc)})
    return TableChecked(TableRequest(spot, iterations, deals, seed, locks), {})


def positions(players: int) -> tuple[str, ...]:
    """The positions of a table of ``players`` in preflop order.

    >>> positions(6)
    ('UTG', 'HJ', 'CO', 'BTN', 'SB', 'BB')
    """
    return POSITIONS[min(max(players, MIN_PLAYERS), MAX_PLAYERS)]


def button_seat(players: int) -> int:
    """The seat with the dealer button (heads-up the small blind has it).

    >>> button_seat(2), button_seat(6)
    (0, 3)
    """
    return 0 if players == 2 else players - 3


def seat_places(players: int) -> list[tuple[float, float]]:
    """Centre of each seat on the oval, in units of the half-axes (``x, y`` in -1..1, y
    down), clockwise from the bottom: the big blind sits at the bottom (where the player
    looks at the table from), the others follow it clockwise in the order they act.

    >>> [(round(x, 3), round(y, 3)) for x, y in seat_places(2)]
    [(-0.0, -1.0), (0.0, 1.0)]
    """
    out = []
    for i in range(players):
        # the BB (last) at the bottom; seat i is (i + 1) steps after it clockwise
        angle = math.pi / 2 + 2 * math.pi * (i + 1) / players
        out.append((math.cos(angle), math.sin(angle)))
    return out


def stale_text(spot: PushFoldSpot, running: bool = False) -> str:
    """The line over results that belong to another spot than the inputs (``running``: a
    run of the inputs is computing their replacement, so it does not ask for one)."""
    stacks = "/".join(f"{s:g}" for s in spot.stacks)
    then = "greyed until the new run's results arrive." if running else "Calculate again."
    return (f"Stale: these results are for {spot.players} players, stacks {stacks}, "
            f"blinds {spot.sb:g}/{spot.bb:g}, payouts {spot.payouts_text}; {then}")


# -- what the views show ---------------------------------------------------------------------


def open_push(solution: PushFoldSolution) -> list[str]:
    """Each seat's line under its stack after a solve: push % at its open node (the big
    blind: its call % against the small blind)."""
    return open_push_rows(solution.spot, solution.node_summary())


def open_push_rows(spot: PushFoldSpot, nodes: list[dict]) -> list[str]:
    """:func:`open_push` of node rows (a solution's ``node_summary()``, or a live report's
    :func:`~omahanash.pushfold.live.provisional_nodes`)."""
    summary = {row["node"]: row["percent"] for row in nodes}
    out = []
    for i, pos in enumerate(spot.positions):
        if i == spot.players - 1:
            node = f"{pos} vs {spot.positions[i - 1]}"
            out.append(f"calls {summary[node]:.1f}% vs {spot.positions[i - 1]}")
        else:
            out.append(f"pushes {summary[pos]:.1f}%")
    return out


def node_rows(solution: PushFoldSolution | list[dict]) -> list[list[Any]]:
    """The node list: name, action, play % of all hands, reach % (a solution's, or node rows
    as :func:`open_push_rows` takes them: a reach not measured is left empty)."""
    nodes = solution if isinstance(solution, list) else solution.node_summary()
    return [[row["node"], row["action"], round(row["percent"], 2),
             "" if row["reach"] is None else round(100 * row["reach"], 3)] for row in nodes]


NODE_COLUMNS = ["Node", "Action", "Play %", "Reach %"]
HAND_COLUMNS = ["Hand", "Id", "Combos", "Play %", "Play (bb)", "Fold (bb)", "Play (% pool)",
                "Fold (% pool)"]


def _per_reach(values: dict, index: int) -> tuple[np.ndarray, np.ndarray]:
    reach = values["reach"][index]
    cfv = values["cfv"][index]
    with np.errstate(invalid="ignore", divide="ignore"):
        return (np.where(reach > 0, cfv[:, 1] / reach, np.nan),
                np.where(reach > 0, cfv[:, 0] / reach, np.nan))


def _opt(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def chip_values(solution: PushFoldSolution) -> dict:
    """The solver's values in chips (the library keeps the chip pass of an ICM spot once per
    iteration count)."""
    return solution.solver.evaluate(icm=False)


def ev_rows(solution: PushFoldSolution) -> list[dict[str, Any]]:
    """Each seat's EV: chips and (with payouts) prize, as :attr:`PushFoldSolution.ev` but
    with the chip pass made once (:func:`chip_values`)."""
    chips = chip_values(solution)["root"]
    icm = solution.spot.model == "icm"
    prize = solution.solver.evaluate()["root"] if icm else None
    return [{"position": pos, "chips": float(chips[i]),
             "prize": None if prize is None else float(prize[i])}
            for i, pos in enumerate(solution.spot.positions)]


def equity_table_text(table: object) -> tuple[str, bool]:
    """Which equity table a result stands on, in the player's words, and whether it is the
    coarse first-launch one (then the text is the precision note of
    :func:`ui.equity_tables.model.precision_note`, shown until a result on the full table
    replaces it).

    >>> from omahanash.equity.tables import load_table
    >>> equity_table_text(load_table("holdem"))
    ("Equity table: Texas Hold'em, exact.", False)
    """
    from omahanash.cards import Variant
    from ui.equity_tables.model import precision_note

    info = getattr(table, "info", None) or {}
    if not info.get("game"):
        return "", False
    variant = Variant.parse(info["game"])
    note = precision_note(table)
    if note:
        return f"Equity table: {variant.display_name}, COARSE. {note}", True
    if info.get("exact"):
        return f"Equity table: {variant.display_name}, exact.", False
    samples = info.get("samples")
    subset = "" if getattr(table, "n", 0) >= _num_classes(variant) else \
        f", {getattr(table, 'n', 0):,} classes only"
    return (f"Equity table: {variant.display_name}, full precision ({samples} samples per "
            f"cell{subset})."), False


def tables_note(variants: Any) -> str:
    """Which equity table each of ``variants`` (a drill's or a review's games) stands on, by
    the tables on disk (a coarse one said so: results are computed on it until the full
    table is built).

    >>> from omahanash.cards import Variant
    >>> print(tables_note([Variant.HOLDEM]))
    Equity table: Texas Hold'em exact
    """
    from omahanash.cards import Variant
    from omahanash.equity.table_build import table_samples
    from ui.equity_tables.model import table_state

    words = []
    for variant in variants:
        if variant is Variant.HOLDEM:
            words.append(f"{variant.display_name} exact")
            continue
        samples = table_samples(variant)
        state = {"full": "full precision", "coarse": "COARSE (the first-launch table: "
                 "graded on it until the full one is built)", "missing": "not built"}[
            table_state(variant)]
        words.append(f"{variant.display_name} {state}"
                     + ("" if samples is None else f" ({samples} samples per cell)"))
    return ("Equity table: " if len(words) == 1 else "Equity tables: ") + "; ".join(words)


def tables_mark(variants: Any) -> tuple[str, bool]:
    """:func:`tables_note` of ``variants`` (variants or their names) and whether one of
    their tables is a coarse one (the mark of :class:`ui.kit.equity_table.EquityTableLabel`);
    no variant: ``("", False)``.

    >>> from omahanash.cards import Variant
    >>> tables_mark([Variant.HOLDEM]), tables_mark([])
    (("Equity table: Texas Hold'em exact", False), ('', False))
    """
    from omahanash.cards import Variant
    from ui.equity_tables.model import table_state

    variants = list(dict.fromkeys(Variant.parse(v) for v in variants))
    if not variants:
        return "", False
    return tables_note(variants), any(table_state(v) == "coarse" for v in variants)


def _num_classes(variant: Any) -> int:
    from omahanash.hands import num_classes

    return int(num_classes(variant))


def ev_summary(solution: PushFoldSolution) -> str:
    """Each seat's EV in the spot's NashConv unit: % of the prize pool (ICM) or big blinds
    (chip EV), e.g. ``"BTN 31.2% pool, SB 30.1% pool, BB 38.7% pool"``."""
    spot = solution.spot
    rows = ev_rows(solution)
    if spot.model == "icm" and spot.prize_pool > 0:
        return ", ".join(f"{r['position']} {100 * r['prize'] / spot.prize_pool:.3g}% pool"
                         for r in rows)
    return ", ".join(f"{r['position']} {r['chips'] / spot.bb:+.3g} bb" for r in rows)


def warm(solution: PushFoldSolution) -> None:
    """Make the passes the views read (in the worker, not the GUI thread)."""
    solution.node_summary()
    chip_values(solution)


def hand_rows(solution: PushFoldSolution, node_name: str) -> list[dict[str, Any]]:
    """Every class at a node: cards, name, combos, play %, the EV of playing and of folding
    in big blinds and (with payouts) in % of the prize pool (None where never reached), and
    the ``note`` of a mixed hand (:func:`mix_note`: a real mix or the solve's noise)."""
    from omahanash.hands import class_cards, class_combos, class_name

    spot = solution.spot
    node = spot.find_node(node_name)
    game = "holdem" if str(spot.variant) == "holdem" else "omaha"
    ids = solution.solver.table.class_ids
    combos = class_combos(game)[ids]
    play = solution.strategy()[node.index]
    ranks = strength_ranks(str(spot.variant))
    icm = spot.model == "icm"
    chips = _per_reach(chip_values(solution), node.index)
    prize = _per_reach(solution.solver.evaluate(), node.index) if icm else None
    pool = spot.prize_pool or 1.0
    verb = "push" if node.action == "push" else "call"
    # the solve's precision in the unit the note compares in (% of the pool, or bb)
    tolerance = 100 * solution.nash_conv / pool if icm else solution.nash_conv / spot.bb
    rows = []
    unit = "% of the pool" if icm else " bb"
    for k, c in enumerate(ids):
        cards = class_cards(game, int(c))
        play_ev = _opt(100 * prize[0][k] / pool) if prize is not None \
            else _opt(chips[0][k] / spot.bb)
        fold_ev = _opt(100 * prize[1][k] / pool) if prize is not None \
            else _opt(chips[1][k] / spot.bb)
        share = 100.0 * float(play[k])
        rows.append({
            "id": int(c), "cards": cards, "rank": int(ranks[int(c)]),
            "name": class_name(game, int(c)) if game == "holdem" else cards,
            "combos": int(combos[k]), "play_pct": share,
            "play_bb": _opt(chips[0][k] / spot.bb), "fold_bb": _opt(chips[1][k] / spot.bb),
            "play_pool": None if prize is None else _opt(100 * prize[0][k] / pool),
            "fold_pool": None if prize is None else _opt(100 * prize[1][k] / pool),
            "note": "" if play_ev is None or fold_ev is None else mix_note(
                share, play_ev - fold_ev, tolerance, verb, lambda v: f"{v:.3g}{unit}")})
    return rows


def hand_table(rows: list[dict[str, Any]]) -> list[list[Any]]:
    """:func:`hand_rows` as the cells of the hands table (:data:`HAND_COLUMNS`)."""
    def cell(value: float | None, digits: int) -> float | None:
        return None if value is None else round(value, digits)

    return [[r["name"], r["id"], r["combos"], round(r["play_pct"], 2),
             cell(r["play_bb"], 4), cell(r["fold_bb"], 4), cell(r["play_pool"], 4),
             cell(r["fold_pool"], 4)] for r in rows]


#: The columns of the class table and of the EV per hand: the strength rank first.
RANKED_COLUMNS = [RANK_HEADER, *HAND_COLUMNS]


def ranked_hand_table(rows: list[dict[str, Any]]) -> list[list[Any]]:
    """:func:`hand_table` strongest first (the order ``top N%`` takes classes in), each row
    led by its strength rank (:data:`RANKED_COLUMNS`).

    >>> rows = [{"id": 1, "rank": 12, "name": "AKs", "combos": 4, "play_pct": 100.0,
    ...          "play_bb": 1.0, "fold_bb": -0.5, "play_pool": None, "fold_pool": None},
    ...         {"id": 0, "rank": 1, "name": "AA", "combos": 6, "play_pct": 100.0,
    ...          "play_bb": 2.0, "fold_bb": -0.5, "play_pool": None, "fold_pool": None}]
    >>> [row[:2] for row in ranked_hand_table(rows)]
    [[1, 'AA'], [12, 'AKs']]
    """
    ordered = sorted(rows, key=lambda r: (r["rank"], r["id"]))
    return [[r["rank"], *cells] for r, cells in zip(ordered, hand_table(ordered), strict=True)]


def lock_text(node: str, rows: list[dict[str, Any]], variant: str) -> str:
    """A node's range as a lock of the Locks field (``NODE=RANGE``): its play frequencies as
    range text with weights (:func:`ui.kit.range_text.weighted_range_text`), which
    :func:`parse_locks` and the range language read back.

    >>> rows = [{"id": 0, "cards": "As Ah", "play_pct": 100.0},
    ...         {"id": 14, "cards": "Ks Kh", "play_pct": 42.0}]
    >>> lock_text("SB vs BTN", rows, "holdem")
    'SB vs BTN=AA, KK@0.42'
    >>> parse_locks(lock_text("SB vs BTN", rows, "holdem"))
    {'SB vs BTN': 'AA, KK@0.42'}
    """
    return f"{node}={weighted_range_text(variant, rows, 'play_pct')}"


def lookup_text(solution: PushFoldSolution, hand: str, node: str) -> tuple[dict, str]:
    """The library's lookup of ``hand`` at ``node`` and its read-out (EVs in the model's
    unit and in big blinds); raises InputError for a hand or node not of this spot."""
    data = solution.lookup(hand, node)
    spot = solution.spot
    unit = "of the prize pool" if data["unit"] == "prize" else "chips"

    def amount(value: float | None) -> str:
        if value is None:
            return "never reached"
        if data["unit"] == "prize":
            return f"{100 * value / spot.prize_pool:.3f}% {unit}"
        return f"{value:.2f} chips ({value / spot.bb:.3f} bb)"

    name = data.get("name", data["cards"])
    verb = "push" if data["action"] == "push" else "call"
    text = (f"{name} ({data['cards']}, id {data['id']}) at {data['node']}: "
            f"{verb} {data['play_pct']:.2f}%\n"
            f"EV {verb}: {amount(data['play_ev'])}\nEV fold: {amount(data['fold_ev'])}")
    if data["diff_ev"] is not None:
        text += f"\nDifference: {amount(data['diff_ev'])}"
        note = mix_note(data["play_pct"], data["diff_ev"], solution.nash_conv, verb,
                        amount)
        if note:
            text += f"\n{note}"
    return data, text


def mix_note(play_pct: float, diff_ev: float, tolerance: float, verb: str,
             amount: Any = None) -> str:
    """What a mixed hand's read-out adds (the decision rule, :mod:`omahanash.jamfold.decision`):
    a real mix when the EVs are equal within the solve's precision (``tolerance``: its
    NashConv, the EVs' unit), else which action is better and by how much, the mix marked
    as the average strategy's noise (the hand is not purified: the shown frequency is the
    solve's). "" for a hand played (almost) always or never. ``amount`` formats a value.

    >>> mix_note(32.0, -0.187, 0.0996, "call", lambda v: f"{v:.3f}% of the pool")
    "Noise: the average strategy calls 32 %, but fold is better by 0.187% of the pool, more \
than the solve's precision (0.100% of the pool): play fold."
    >>> mix_note(40.0, 0.01, 0.0996, "push", lambda v: f"{v:.3f}%")
    "A mix: both EVs are equal within the solve's precision (0.100%)."
    >>> mix_note(99.0, 3.0, 0.0996, "push")
    ''
    """
    from omahanash.jamfold.decision import MIXED_MIN_FREQUENCY

    def say(value: float) -> str:
        return f"{value:.3g}" if amount is None else amount(value)

    share = play_pct / 100.0
    if min(share, 1.0 - share) < MIXED_MIN_FREQUENCY:
        return ""
    if abs(diff_ev) <= tolerance:
        return f"A mix: both EVs are equal within the solve's precision ({say(tolerance)})."
    better = verb if diff_ev > 0 else "fold"
    plays = "pushes" if verb == "push" else "calls"
    return (f"Noise: the average strategy {plays} {play_pct:.0f} %, but {better} is better by "
            f"{say(abs(diff_ev))}, more than the solve's precision ({say(tolerance)}): play "
            f"{better}.")


def icm_rows(spot: PushFoldSpot) -> list[list[Any]]:
    """The ICM panel: each seat's position, stack (chips, bb) and prize equity (payout units
    and % of the pool; chip EV: the chip share)."""
    from omahanash.pushfold import icm

    stacks = spot.stack_array()
    pay = spot.payout_amounts
    equity = stacks / stacks.sum() if pay is None else icm(stacks, pay)
    pool = 1.0 if pay is None else float(pay.sum())
    return [[pos, round(float(stacks[i]), 2), round(float(stacks[i] / spot.bb), 2),
             round(float(equity[i]), 4), round(float(100 * equity[i] / pool), 3)]
            for i, pos in enumerate(spot.positions)]


ICM_COLUMNS = ["Seat", "Stack", "Stack (bb)", "Prize equity", "% of pool"]


def bubble_matrix(spot: PushFoldSpot) -> np.ndarray:
    """Bubble factor of every seat (row) against every other (column); NaN on the
    diagonal; 1 everywhere in chip EV."""
    from omahanash.pushfold import bubble_factors

    pay = spot.payout_amounts
    return bubble_factors(spot.stack_array(), "chips" if pay is None else pay)


@dataclass(frozen=True)
class NashConvUnit:
    """The one unit a NashConv is shown in to the player: % of the prize pool for an ICM
    spot, big blinds for chip EV (the library's value is in prize units or chips; payouts
    ``65/35`` and ``1`` are the same pool, 100× apart in prize units).

    >>> unit = NashConvUnit("% of the prize pool", "% pool", 100 / 1.0)
    >>> unit.text(0.0009526), unit.axis
    ('0.09526% of the prize pool', 'NashConv (% pool)')
    """

    words: str  #: after a number: "% of the prize pool" or " bb"
    short: str  #: the axis unit: "% pool" or "bb"
    scale: float  #: the player's unit per library unit

    def value(self, nash_conv: float) -> float:
        return nash_conv * self.scale

    def text(self, nash_conv: float) -> str:
        return f"{self.value(nash_conv):.4g}{self.words}"

    @property
    def axis(self) -> str:
        return f"NashConv ({self.short})"


def nash_conv_unit(spot: Any) -> NashConvUnit:
    """The :class:`NashConvUnit` of a spot (its ``model``, ``prize_pool`` and ``bb``).

    >>> from types import SimpleNamespace
    >>> icm = nash_conv_unit(SimpleNamespace(model="icm", prize_pool=100.0, bb=100))
    >>> one = nash_conv_unit(SimpleNamespace(model="icm", prize_pool=1.0, bb=100))
    >>> icm.text(0.09956), one.text(0.0009526)
    ('0.09956% of the prize pool', '0.09526% of the prize pool')
    >>> nash_conv_unit(SimpleNamespace(model="chips", prize_pool=0.0, bb=50)).text(12.5)
    '0.25 bb'
    """
    if getattr(spot, "model", "chips") == "icm" and spot.prize_pool > 0:
        return NashConvUnit("% of the prize pool", "% pool", 100.0 / spot.prize_pool)
    return NashConvUnit(" bb", "bb", 1.0 / spot.bb)


def progress_text(done: float, points: list[tuple[int, float]], elapsed: float | None = None,
                  left: float | None = None, unit: str = "") -> str:
    """The progress line of a run: the iteration done, the last NashConv measured (its
    iteration when that is an earlier one), then the time elapsed and about how long is left
    (:func:`~omahanash.pushfold.live.time_words`; no moving iteration cap). ``points`` are
    in the player's unit (:class:`NashConvUnit`), ``unit`` its words.

    >>> progress_text(0, [])
    'Solving: making the deals and the first iteration…'
    >>> progress_text(3, [(1, 9.98)], 4.2, None)
    'Iteration 3: NashConv 9.98 at iteration 1 · 4 s elapsed, estimating the time left'
    >>> progress_text(10, [(1, 9.98), (10, 0.2031)], 12.0, 43.0)
    'Iteration 10: NashConv 0.2031 · 12 s elapsed, about 45 s left'
    """
    if done < 1:
        text = "Solving: making the deals and the first iteration…"
    else:
        text = f"Iteration {int(done):,}"
        if points:
            at, value = points[-1]
            text += f": NashConv {value:.4g}{unit}" + (f" at iteration {at:,}"
                                                 if at != int(done) else "")
    if elapsed is None:
        return text
    return f"{text} · {time_words(elapsed, left)}"


def history_points(history: list, scale: float = 1.0) -> list[tuple[int, float]]:
    """``(iteration, NashConv)`` of the reports with a finite value (the plot's points), one
    per iteration: the last (a live run stopped just after an early report reports that
    iteration again); the values times ``scale`` (:attr:`NashConvUnit.scale`).

    >>> from omahanash.solving import Report
    >>> history_points([Report(0, math.inf), Report(1, 9.9), Report(5, 0.4), Report(5, 0.4)])
    [(1, 9.9), (5, 0.4)]
    """
    points = {int(r.iteration): scale * float(r.nash_conv) for r in history
              if r.iteration >= 1 and math.isfinite(r.nash_conv)}
    return list(points.items())


class TableModel:
    """The state of the tab: the solution shown and the request it answers."""

    def __init__(self) -> None:
        #: push/fold's solution, or a betting tree's (a TreeSolution)
        self.solution: PushFoldSolution | Any | None = None
        self.solution_key: str | None = None
        self.request: TableRequest | None = None
        self.opening = False

    def check(self, inputs: TableInputs) -> TableChecked:
        checked = check_inputs(inputs)
        self.request = checked.request
        return checked

    def accept(self, solution: PushFoldSolution | Any, key: str | None) -> None:
        """A job's solution is now shown (``key``: the request it answers; None: a file,
        whose key is taken from the inputs it fills)."""
        self.solution = solution
        self.solution_key = key

    def stale(self) -> bool:
        """Results shown that answer another spot than the inputs."""
        if self.solution is None:
            return False
        return self.request is None or self.request.key() != self.solution_key
