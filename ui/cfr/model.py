"""The CFR games tab without Qt: what Run asks for, which field a message belongs to, when a
result is stale, and the texts of a finished run.

The tab (:mod:`ui.cfr.tab`) builds one settings page per game of
:data:`omahanash.games.GAME_CHOICES` (:mod:`ui.cfr.settings_form`) and hands what they hold
to :func:`check_run`; nothing here imports Qt, so its rules are tested on plain values
(``tests/ui_models/cfr/test_model.py``).

>>> from omahanash.games import game_choice
>>> checked = check_run(game_choice("kuhn"), {"players": 3}, {}, "CFR+", "1,000", "")
>>> checked.errors, checked.settings.game.num_players, checked.settings.iterations
({}, 3, 1000)
>>> check_run(game_choice("kuhn"), {"players": 2}, {}, "Fictitious play", "10", "").errors
{'algorithm': 'Fictitious play is for matrix games only'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from omahanash.errors import InputError
from omahanash.solving.registry import REGISTRY, names
from ui.kit.fields import parse_optional_seed, parse_positive_int

if TYPE_CHECKING:
    from omahanash.game import Game
    from omahanash.games import GameChoice, GameSetting

#: Algorithm selector: caption -> library name, from the one registry (tree games use the CFR
#: family's rows; matrix games read cfr / cfr+ as regret matching / regret matching+ and also
#: offer their rows that no CFR row stands for: fictitious play).
_MATRIX_EXTRA = [name for name in names("matrix")
                 if not any(e.name == name and typed in REGISTRY["cfr"]
                            for typed, e in REGISTRY["matrix"].items())]
ALGORITHMS = {REGISTRY["cfr"][name].label: name for name in names("cfr")} | {
    REGISTRY["matrix"][name].label: name for name in _MATRIX_EXTRA}
TREE_ONLY = {name for name in names("cfr") if name not in REGISTRY["matrix"]}
MATRIX_ONLY = set(_MATRIX_EXTRA)
MAX_ITERATIONS = 1_000_000_000
NO_TREE_TEXT = "Run a game to browse its decision tree."
STALE_TEXT = ("The inputs changed since this run: the results shown are for the previous "
              "inputs. Run again to solve what is typed.")
EXPLOITABILITY_TIP = (
    "Exploitability (NashConv / players): how much a player could gain on average by "
    "switching to the best reply against the others' average strategies. 0 means a Nash "
    "equilibrium: nobody gains by deviating. The thesis's convergence figures plot it.")
#: Plain words for the strategy table's column titles (thesis terms).
STRATEGY_COLUMN_TIPS = {
    "Information set": "What the acting player knows here: their own private cards or "
                       "tiles (the public history is the node selected on the left)",
    "Outcome": "A public chance event: a card or tile dealt face up",
    "Probability": "How likely the chance event is",
    "Average probability": "How often the player takes the action in the average strategy "
                           "(the part of CFR that converges to equilibrium)",
}
#: Where a message that names no field goes (the settings page's own error line).
PAGE = "page"


def object_name(game: str, setting: str, suffix: str) -> str:
    """The object name of a settings widget: game, setting in camel case, widget kind.

    >>> object_name("kuhn", "players", "Spin"), object_name("toy", "big_pot", "Edit")
    ('kuhnPlayersSpin', 'toyBigPotEdit')
    """
    return game + "".join(part.capitalize() for part in setting.split("_")) + suffix


def widget_kind(setting: GameSetting) -> str:
    """How a form shows a setting: ``Spin`` (a whole number), ``Combo`` (choices) or
    ``Edit`` (text).

    >>> from omahanash.games import game_choice
    >>> [widget_kind(s) for s in game_choice("domino").settings]
    ['Edit', 'Spin', 'Spin', 'Combo']
    """
    if setting.kind is int:
        return "Spin"
    return "Combo" if setting.choices else "Edit"


@dataclass(frozen=True)
class RunSettings:
    """What Run starts: a tree game (``game``) or a matrix game (``payoff``, ``opponent``)."""

    game_key: str
    algorithm: str
    iterations: int
    seed: int | None
    game: Game | None = None
    payoff: str = ""
    opponent: str | None = None


@dataclass(frozen=True)
class CfrChecked:
    """:func:`check_run`'s answer: the run's settings (None when something is wrong) and each
    field's message (``algorithm``, ``iterations``, ``seed``, a setting's or an option's name,
    or :data:`PAGE`)."""

    settings: RunSettings | None
    errors: dict[str, str] = field(default_factory=dict)


def _field_of(error: InputError, names: list[str]) -> str:
    """The field a library message belongs to: the argument it names, the only field there
    is, or the page."""
    if error.argument in names:
        return str(error.argument)
    return names[0] if len(names) == 1 else PAGE


def check_run(choice: GameChoice, values: dict[str, int | str], options: dict[str, str],
              algorithm_caption: str, iterations_text: str, seed_text: str) -> CfrChecked:
    """Check a run of ``choice`` with these settings (the game is built by
    :func:`omahanash.games.make_game`, which judges them) and options (judged by the game's
    ``check_options``), this algorithm, iteration count and seed."""
    from omahanash.games import make_game

    errors: dict[str, str] = {}
    algorithm = ALGORITHMS[algorithm_caption]
    matrix = choice.kind == "matrix"
    if matrix and algorithm in TREE_ONLY:
        errors["algorithm"] = ("MCCFR samples a game tree; for a matrix game choose CFR (regret "
                               "matching), CFR+ (regret matching+) or Fictitious play")
    elif not matrix and algorithm in MATRIX_ONLY:
        errors["algorithm"] = "Fictitious play is for matrix games only"
    iterations = 0
    try:
        iterations = parse_positive_int(iterations_text, "number of iterations", MAX_ITERATIONS)
    except ValueError as exc:
        errors["iterations"] = str(exc)
    seed = None
    try:
        seed = parse_optional_seed(seed_text)
    except ValueError as exc:
        errors["seed"] = str(exc)
    game = None
    cleaned = {k: v.strip() if isinstance(v, str) else v for k, v in values.items()}
    try:
        game = make_game(choice.name, **cleaned)
    except InputError as exc:
        errors[_field_of(exc, [s.name for s in choice.settings])] = str(exc)
    opponent = {k: v.strip() for k, v in options.items()}
    if game is not None and choice.options:
        try:
            choice.check_run_options(game, **opponent)
        except InputError as exc:
            errors[_field_of(exc, [s.name for s in choice.options])] = str(exc)
    if errors:
        return CfrChecked(None, errors)
    if matrix:
        return CfrChecked(RunSettings(choice.name, algorithm, iterations, seed,
                                      payoff=str(cleaned["payoff"]),
                                      opponent=opponent.get("opponent") or None))
    return CfrChecked(RunSettings(choice.name, algorithm, iterations, seed, game=game))


def inputs_key(game_key: str, values: dict[str, Any], options: dict[str, Any],
               algorithm_caption: str) -> tuple:
    """What a result depends on: the game, its settings and options, and the algorithm (not
    the number of iterations or the seed: Continue adds iterations to the same solution).

    >>> inputs_key("kuhn", {"players": 2}, {}, "CFR+") == inputs_key("kuhn", {"players": 2},
    ...                                                               {}, "CFR+")
    True
    """
    def cleaned(mapping: dict[str, Any]) -> tuple:
        return tuple(sorted((k, v.strip() if isinstance(v, str) else v)
                            for k, v in mapping.items()))

    return game_key, cleaned(values), cleaned(options), algorithm_caption


def format_values(values: list[float]) -> str:
    """``player 0: +0.05000 · player 1: -0.05000``."""
    return " · ".join(f"player {i}: {v:+.5f}" for i, v in enumerate(values))


def format_mix(mix: list[float]) -> str:
    return "(" + ", ".join(f"{p:.4f}" for p in mix) + ")"


def run_head(iterations: int, stopped: bool, note: str = "") -> str:
    """The first line of a result: done or stopped (the work kept).

    >>> run_head(1000, False), run_head(64, True, "Opened k.npz.")
    ('Done: 1,000 iterations.', 'Opened k.npz. Stopped after 64 iterations (kept).')
    """
    head = (f"Stopped after {iterations:,} iterations (kept)." if stopped
            else f"Done: {iterations:,} iterations.")
    return f"{note} {head}" if note else head


def tree_result_lines(head: str, game_name: str, settings: dict, algorithm: str,
                      sizes: tuple[int, int, int], values: list[float],
                      exploitability: float) -> list[str]:
    """The result block of a tree game: head, game, tree sizes (nodes, information sets,
    public nodes), values, exploitability."""
    shown = ", ".join(f"{k} {v}" for k, v in settings.items())
    nodes, infosets, public = sizes
    return [
        head,
        f"Game: {game_name}" + (f" ({shown})" if shown else "") + f", {algorithm}",
        f"Tree: {nodes:,} nodes, {infosets:,} information sets, {public:,} public nodes",
        f"Values: {format_values(values)}",
        f"Exploitability (NashConv / players): {exploitability:.6g}",
    ]


def matrix_result_lines(result: dict[str, Any], head: str) -> list[str]:
    """The result block of a matrix game (:func:`omahanash.games.matrix.solve_matrix`'s dict).

    >>> from omahanash.games.matrix import solve_matrix
    >>> result, _ = solve_matrix("rps", "cfr", 100, opponent="0.4,0.3,0.3")
    >>> matrix_result_lines(result, "Done.")[-2]
    "Best response to the opponent's mix: paper (worth 0.1)"
    """
    lines = [head, f"Values of the average profile: {format_values(result['values'])}"]
    if "value" in result:
        lines.append(f"Exact game value (row player): {result['value']:.6g}")
    for equilibrium in result.get("equilibria", []):
        row_mix, column_mix = equilibrium["strategies"]
        lines.append(f"Equilibrium: row {format_mix(row_mix)}, column "
                     f"{format_mix(column_mix)}, payoffs {format_mix(equilibrium['payoffs'])}")
    if "best_response" in result:
        lines.append(f"Best response to the opponent's mix: {result['best_response']} "
                     f"(worth {result['best_response_value']:.6g})")
    if result["exploitability"]:
        lines.append(f"Exploitability: {result['exploitability'][-1][1]:.6g}")
    return lines


def matrix_strategy_rows(result: dict[str, Any]) -> list[list]:
    """The strategy table of a matrix game: player, action, average probability."""
    rows: list[list] = []
    for player, (actions, mix) in enumerate(zip(result["actions"], result["strategies"],
                                                strict=True)):
        name = "row player" if player == 0 else "column player"
        rows.extend([name, action, float(p)] for action, p in zip(actions, mix, strict=True))
    return rows


def progress_text(phase: str, fraction: float, detail: object) -> str:
    """The status line of a running job: the iteration and the last exploitability while
    solving (``detail``: (iterations, history)), else the phase and its share.

    >>> progress_text("solving", 0.5, (1024, [(1024, 0.0123)]))
    'Iteration 1,024 · exploitability 0.0123'
    >>> progress_text("building the tree", 0.25, None)
    'Building the tree… 25%'
    """
    if isinstance(detail, tuple):
        iterations, history = detail
        text = f"Iteration {iterations:,}"
        if history:
            text += f" · exploitability {history[-1][1]:.3g}"
        return text
    return f"{phase[:1].upper()}{phase[1:]}… {100 * fraction:.0f}%" if phase else ""
