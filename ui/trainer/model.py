"""What the Trainer tab decides, without Qt: its selectors and the form's defaults (the
library's :class:`~omahanash.trainer.DrillConfig` and
:class:`~omahanash.trainer.table.TableDrillConfig`), the fields read into a drill's
configuration (a library :class:`~omahanash.errors.InputError` goes beside the field its
``argument`` names), the texts of a dealt spot, of a verdict and of the statistics, the notes
of a started drill and whether every spot of a drill is solved (:mod:`ui.trainer.tab` lays
them out, :mod:`ui.trainer.jobs` deals in the worker).

>>> check(TrainerInputs(stack="5-15")).config.stacks
(5.0, 15.0)
>>> check(TrainerInputs(stack="1")).errors
{'stack': 'stacks must exceed 1 bb plus the ante (1 bb), got stacks=(1.0, 1.0)'}
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from omahanash.errors import InputError
from omahanash.trainer import DrillConfig, Statistics, leak_cells, parse_stacks
from omahanash.trainer.table import MAX_PLAYERS, TableDrillConfig, table_leak_cells
from omahanash.trainer.tree_drill import TreeDrillConfig, tree_leak_cells
from ui.trainer.table_drills import TABLE_POSITIONS, table_config
from ui.trainer.tree_drills import TREES, tree_config, tree_position_captions

if TYPE_CHECKING:
    from omahanash.cards import Variant
    from omahanash.trainer import Answer, Drill, History, Spot
    from omahanash.trainer.table import TableAnswer, TableDrill
    from omahanash.trainer.tree_drill import TreeAnswer, TreeDrill, TreeSpot

Config = DrillConfig | TableDrillConfig | TreeDrillConfig

#: The game selector: caption -> the library's game name.
GAMES = {"Hold'em": "holdem", "Omaha Hi": "omaha-hi", "Omaha Hi/Lo": "omaha-hilo",
         "Mixed": "mixed"}
#: The position selector of heads-up drills: caption -> the library's position.
POSITIONS = {"SB pusher": "sb", "BB caller": "bb", "Both": "both"}
#: The players spin: 2 is the heads-up trainer, 3 up to the table drills' largest table.
PLAYERS = (2, MAX_PLAYERS)
#: "Drill my leaks" deals from this many of the worst weak spots of the history.
LEAK_CELLS = 3
#: The fields of the form, as :attr:`TrainerChecked.errors` names them.
FIELDS = ("stack", "ante", "payouts")
#: The argument a library :class:`~omahanash.errors.InputError` names -> its field.
ARGUMENT_FIELDS = {"stacks": "stack", "ante": "ante", "payouts": "payouts", "bb": "stack"}
STACK_TIP = "Effective stack in big blinds: 10, or a range like 5-15 (dealt in steps of 1 bb)"


def _bb(value: float) -> str:
    return f"{value:g}"


def default_stack_text() -> str:
    """The stack field's first text: the library's default stacks.

    >>> default_stack_text()
    '10'
    """
    low, high = DrillConfig().stacks
    return _bb(low) if low == high else f"{_bb(low)}-{_bb(high)}"


def default_ante_text() -> str:
    """The ante field's first text: the library's default ante (``'0'``)."""
    return _bb(DrillConfig().ante)


def default_position_caption() -> str:
    """The position the selector starts on: the library's default (``'Both'``)."""
    return next(c for c, p in POSITIONS.items() if p == DrillConfig().position)


@dataclass(frozen=True)
class TrainerInputs:
    """The form as typed (captions of the selectors, texts of the fields).

    The defaults are the library's: ``TrainerInputs()`` reads as ``DrillConfig()``.
    """

    game: str = "Hold'em"
    players: int = 2
    tree: str = "Push/fold"
    payouts: str = ""
    stack: str = field(default_factory=default_stack_text)
    ante: str = field(default_factory=default_ante_text)
    position: str = field(default_factory=default_position_caption)
    close: bool = False


class TrainerChecked(NamedTuple):
    """The form read: the drill's configuration (None when a field is bad) and the message
    of each bad field (keys of :data:`FIELDS`)."""

    config: Config | None
    errors: dict[str, str]


def _ante(text: str) -> float:
    """The ante typed: a number (empty: the library's default); its range is the library's."""
    cleaned = text.strip()
    if not cleaned:
        return DrillConfig().ante
    try:
        return float(cleaned)
    except ValueError:
        raise InputError.naming("ante", "the ante must be a number of big blinds, not "
                                f"{cleaned!r}") from None


def check(inputs: TrainerInputs) -> TrainerChecked:
    """Read the form into a drill's configuration; every message is the library's (except
    "not a number"), put beside the field its ``argument`` names.

    >>> check(TrainerInputs(ante="-1")).errors
    {'ante': 'ante must be >= 0 big blinds, got ante=-1.0'}
    >>> check(TrainerInputs(players=6, payouts="fifty")).errors["payouts"][:7]
    'payouts'
    """
    game = GAMES.get(inputs.game, inputs.game)
    try:
        ante = _ante(inputs.ante)
        tree = TREES.get(inputs.tree, inputs.tree)
        if tree != "pushfold":
            config: Config = tree_config(game, tree, inputs.players, inputs.payouts,
                                         inputs.stack, inputs.position, ante, inputs.close)
        elif inputs.players > 2:
            config = table_config(
                game, inputs.players, inputs.payouts, inputs.stack, inputs.position, ante,
                inputs.close)
        else:
            config = DrillConfig(game, stacks=parse_stacks(inputs.stack),
                                 position=POSITIONS.get(inputs.position, "both"), ante=ante,
                                 close=inputs.close)
    except InputError as exc:
        return TrainerChecked(None, {ARGUMENT_FIELDS.get(exc.argument or "", "stack"):
                                     player_message(str(exc))})
    return TrainerChecked(config, {})


#: The library's game names -> the window's.
_GAME_WORDS = {"omaha-hilo": "Omaha Hi/Lo", "omaha-hi": "Omaha Hi", "holdem": "Hold'em"}


def player_message(text: str) -> str:
    """A library message in the window's words: no command-line names (``--game``,
    ``omahanash table build``, ``holdem``), the games as the selector names them.

    >>> player_message("game mixed is for heads-up drills; a table drill takes holdem, "
    ...                "omaha-hi or omaha-hilo")
    "Mixed is for heads-up drills (2 players); a table drill plays Hold'em, Omaha Hi or Omaha Hi/Lo"
    >>> player_message("Omaha Hi: its equity table is not built (omahanash table build "
    ...                "--game omaha-hi)")
    'Omaha Hi: its equity table is not built (Build it below)'
    """
    text = re.sub(r"\(omahanash table build[^)]*\)", "(Build it below)", text)
    text = text.replace("game mixed is for heads-up drills",
                        "Mixed is for heads-up drills (2 players)")
    text = text.replace("a table drill takes", "a table drill plays")
    text = text.replace("game mixed is for heads-up push/fold drills",
                        "Mixed is for heads-up push/fold drills")
    text = text.replace("a tree drill takes", "a betting tree plays")
    for name, words in _GAME_WORDS.items():
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", words, text)
    return text


def position_captions(players: int, tree: str = "Push/fold") -> list[str]:
    """The position selector's captions: heads-up or at a table; on a betting tree every
    node or a seat's.

    >>> position_captions(3, "Pot-limit")
    ['Every node', 'BTN', 'SB', 'BB']
    """
    if TREES.get(tree, tree) != "pushfold":
        return tree_position_captions(players)
    return list(TABLE_POSITIONS if players > 2 else POSITIONS)


def with_leaks(config: Config, history: History, game_caption: str) -> Config:
    """``config`` drilling the worst weak spots of ``history``; InputError (shown under the
    buttons) when the history has no wrong answer of this game (and table size)."""
    statistics = history.statistics(weak_spots=10**6)
    if isinstance(config, TreeDrillConfig):
        cells = tree_leak_cells(statistics, LEAK_CELLS, config)
        if not cells:
            raise InputError(f"No leaks yet: the history has no wrong answer on this tree at a "
                             f"{config.players}-handed {game_caption} table. Drill without "
                             "“Drill my leaks” first.")
        return dataclasses.replace(config, focus=cells)
    if isinstance(config, TableDrillConfig):
        focus = table_leak_cells(statistics, LEAK_CELLS, config.game, config.players)
        where = f"at a {config.players}-handed {game_caption} table"
    else:
        focus = leak_cells(statistics, LEAK_CELLS, config.game)
        where = f"in {game_caption}"
    if not focus:
        raise InputError(f"No leaks yet: the history has no wrong answer {where}. Drill "
                         "without “Drill my leaks” first.")
    return dataclasses.replace(config, focus=focus)


def drill_notes(drill: Drill | TableDrill | TreeDrill,
                unbuilt: list[Variant] | tuple = ()) -> str:
    """The lines under the form once a drill started: its seed, what a mixed drill left out
    (``unbuilt``: variants whose equity table is not built), the table sizes, the leaks."""
    from omahanash.trainer.table import TableDrill
    from omahanash.trainer.tree_drill import TreeDrill

    config = drill.config
    if isinstance(drill, TreeDrill):
        assert isinstance(config, TreeDrillConfig)
        notes = [f"Seed {drill.seed} · {config.tree_words} · {config.players} players, "
                 f"{config.payouts} · tables (bb): "
                 + "; ".join("/".join(_bb(s) for s in row) for row in drill.structures)]
    elif isinstance(drill, TableDrill):
        assert isinstance(config, TableDrillConfig)
        notes = [f"Seed {drill.seed} · {config.players} left, payouts {config.payouts} · "
                 "tables (bb): "
                 + "; ".join("/".join(_bb(s) for s in row) for row in drill.structures)]
    else:
        notes = [f"Seed {drill.seed}"]
        notes += [f"Mixed without {v.display_name}: its equity table is not built yet "
                  "(Build it below)" for v in unbuilt]
        notes += [f"Mixed without {player_message(note)}" for note in drill.skipped
                  if not any(note.startswith(f"{v.display_name}:") for v in unbuilt)]
    notes += [f"Drilling leak: {cell.label}" for cell in config.focus]
    # the equity table is the tab's own line (trainerEquityTableLabel), not repeated here
    return "\n".join(notes)



def all_solved(drill: Drill | TableDrill | TreeDrill) -> bool:
    """Whether every spot the drill may deal is solved, so dealing is instant. A leak
    drill's stacks follow the leaks' bands: it always deals in the worker (a few
    milliseconds once solved)."""
    from omahanash.trainer.table import TableDrill
    from omahanash.trainer.tree_drill import TreeDrill

    if isinstance(drill, (TableDrill, TreeDrill)):
        return not drill.config.focus and all(
            drill.is_solved(k) for k in range(len(drill.structures)))
    config = drill.config
    return not config.focus and all(drill.is_solved(variant, stack)
                                    for variant in drill.variants
                                    for stack in config.stack_values)


def situation_text(spot: Spot | TreeSpot) -> str:
    """The line under the spot: its number, the Hold'em class, what to decide.

    >>> from omahanash.trainer import Drill, DrillConfig
    >>> drill = Drill(DrillConfig("holdem", stacks=(10, 10), position="sb"), seed=1,
    ...               persist=False)
    >>> situation_text(drill.next_spot())
    'Spot 1 · K6o · Push or fold?'
    """
    from omahanash.hands import class_name
    from omahanash.trainer.table import TableSpot
    from omahanash.trainer.tree_drill import TreeSpot

    if isinstance(spot, TreeSpot):
        name = f"{class_name(spot.variant, spot.class_id)} · " if spot.variant == "holdem" \
            else ""
        return f"Spot {spot.number} · {name}{spot.situation}"
    push = spot.actions[0]
    situation = "Push or fold?" if spot.position == "sb" else "The SB pushes. Call or fold?"
    if isinstance(spot, TableSpot):
        situation = f"{spot.situation} {push.capitalize()} or fold?"
    if spot.variant == "holdem":
        situation = f"{class_name(spot.variant, spot.class_id)} · {situation}"
    return f"Spot {spot.number} · {situation}"


class Verdict(NamedTuple):
    """What the tab shows of an answer: correct or not (the colour), the feedback and the
    status bar's line."""

    correct: bool
    feedback: str
    status: str


def verdict(answer: Answer | TableAnswer | TreeAnswer) -> Verdict:
    """The verdict on an answer, as the library graded it (:func:`omahanash.jamfold.decision
    .judge` through :func:`omahanash.trainer.grade`)."""
    correct = answer.grade.correct
    return Verdict(correct, f"{answer.spot.hand}: {answer.feedback()}\nSpace: next spot",
                   f"Spot {answer.spot.number} answered: "
                   f"{'correct' if correct else 'wrong'} (Space: next spot)")


def running_totals(answers: Sequence[Answer | TableAnswer | TreeAnswer]
                   ) -> tuple[list[int], list[float], list[float]]:
    """The session plot's points: answer numbers, the running accuracy (%) and the total EV
    lost (bb).

    >>> from types import SimpleNamespace as N
    >>> running_totals([N(grade=N(correct=True, ev_lost_bb=0.0)),
    ...                 N(grade=N(correct=False, ev_lost_bb=0.5))])
    ([1, 2], [100.0, 50.0], [0.0, 0.5])
    """
    numbers, accuracy, lost = [], [], []
    correct, total = 0, 0.0
    for number, answer in enumerate(answers, start=1):
        correct += answer.grade.correct
        total += answer.grade.ev_lost_bb
        numbers.append(number)
        accuracy.append(100.0 * correct / number)
        lost.append(total)
    return numbers, accuracy, lost


def format_statistics(stats: Statistics, title: str = "Session") -> str:
    """The statistics panel's text: totals, then the weak spots, worst first.

    >>> from omahanash.trainer import summarize
    >>> format_statistics(summarize([]))
    'Session: no spots answered yet.'
    """
    if not stats.spots:
        return f"{title}: no spots answered yet."
    assert stats.accuracy is not None and stats.mean_ev_lost_bb is not None
    timing = "" if stats.mean_seconds is None else \
        f"\nMean answer time {stats.mean_seconds:.1f} s"
    lines = [f"{title}: {stats.spots} spot{'s' * (stats.spots != 1)} · accuracy "
             f"{100 * stats.accuracy:.1f} %\nEV lost {stats.ev_lost_bb:.3f} bb total · "
             f"{stats.mean_ev_lost_bb:.3f} bb per spot{timing}"]
    if stats.weak_spots:
        lines.append("Weak spots:")
    lines.extend(f"  {spot.group}: {spot.spots} spot{'s' * (spot.spots != 1)}, "
                 f"{100 * spot.accuracy:.0f} % correct, {spot.ev_lost_bb:.3f} bb lost"
                 for spot in stats.weak_spots)
    return "\n".join(lines)
