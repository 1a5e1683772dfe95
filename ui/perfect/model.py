"""The perfect-information tab without Qt: the games it offers, the texts of its fields, and
what Solve asks for (:func:`check_inputs`: a message for the field it is about, or the
:class:`PerfectRequest`). The tab (:mod:`ui.perfect.tab`) is the view; the job and the
wording of its answer are :mod:`ui.perfect.jobs`. Tested without a window
(``tests/ui_models/perfect/test_model.py``).

>>> check_inputs(NIM, "3, 4 5", "").request
PerfectRequest(game='Nim', heaps=(3, 4, 5), stones=0, moves=(), graph='')
>>> check_inputs(SUBTRACTION, "10", "3,1,3").request.moves
(1, 3)
>>> check_inputs(SUBTRACTION, "10", "1,0").errors
{'moves': "each move must be a positive integer, got '0'"}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from omahanash.errors import InputError
from omahanash.perfect.notation import parse_count, parse_moves

NIM, SUBTRACTION, GRAPH = "Nim", "Subtraction game", "Game graph"
GAMES = (NIM, SUBTRACTION, GRAPH)
#: The caption of the input field in each game.
INPUT_LABELS = {NIM: "Heaps", SUBTRACTION: "Stones", GRAPH: "Moves"}
PLACEHOLDERS = {
    NIM: "heap sizes, e.g. 3 4 5",
    SUBTRACTION: "stones in the heap, e.g. 10",
    GRAPH: "moves, e.g. a b; b c; c a d  (position, then where it can move; ';' between)",
}
EXAMPLES = {NIM: "3 4 5", SUBTRACTION: "10", GRAPH: "a b c; b d; c d e; e a"}
DEFAULT_MOVES = "1,2,3"
RESULT_TIP = (
    "Win / Loss: whether the player to move wins with best play by both sides. Grundy value: "
    "the number that sums games (0 exactly when the player to move loses; for nim, the "
    "binary XOR of the heaps).")
COLUMN_TIPS = {
    "Status": "win: the player to move there wins with best play; loss: loses; draw: play "
              "can go on forever",
    "Moves to the end": "How many moves the game lasts with best play (the winner hurries, "
                        "the loser delays)",
    "Best move": "The position to move to with best play",
}


class PerfectRequest(NamedTuple):
    """What Solve runs: the game and its input (``heaps`` for nim, ``stones`` and ``moves``
    for a subtraction game, the ``graph`` text for a game graph)."""

    game: str
    heaps: tuple[int, ...] = ()
    stones: int = 0
    moves: tuple[int, ...] = ()
    graph: str = ""


@dataclass(frozen=True)
class PerfectChecked:
    """The form judged: a message for ``input`` or ``moves`` when wrong, else the request."""

    errors: dict[str, str] = field(default_factory=dict)
    request: PerfectRequest | None = None


def parse_heaps(text: str) -> list[int]:
    """Nim heaps typed with spaces or commas.

    >>> parse_heaps("3, 4 5")
    [3, 4, 5]
    """
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise InputError("type the heap sizes, e.g. 3 4 5")
    return [parse_count(token, "a heap size") for token in tokens]


def graph_text(text: str) -> str:
    """The one-line graph notation to the library's text format (``;`` ends a line); JSON is
    passed through.

    >>> graph_text("a b; b a")
    'a b\\n b a'
    """
    return text if text.lstrip().startswith("{") else text.replace(";", "\n")


def check_inputs(game: str, text: str, moves_text: str) -> PerfectChecked:
    """Judge the fields cheaply (a graph is read by the job: its parser's message then goes
    beside the input field too)."""
    try:
        if game == NIM:
            request = PerfectRequest(NIM, heaps=tuple(parse_heaps(text)))
        elif game == SUBTRACTION:
            request = PerfectRequest(SUBTRACTION,
                                     stones=parse_count(text, "the number of stones"))
        else:
            if not text.strip():
                raise InputError("type the moves, e.g. a b; b c")
            request = PerfectRequest(GRAPH, graph=text)
    except InputError as exc:
        return PerfectChecked({"input": str(exc)})
    if game == SUBTRACTION:
        try:
            moves = tuple(sorted(set(parse_moves(moves_text))))
        except InputError as exc:
            return PerfectChecked({"moves": str(exc).replace("--moves ", "")})
        request = request._replace(moves=moves)
    return PerfectChecked({}, request)
