"""Matrix-game notation: reading typed payoff matrices, presets and mixed strategies.

Notation (what :func:`parse_matrix_game` reads):

* **zero-sum**: the row player's payoffs, rows separated by ``;`` (or new lines), entries by
  ``,`` (or spaces): ``0,-1,1;1,0,-1;-1,1,0`` is rock-paper-scissors; the column player gets
  the negative;
* **general-sum**: every entry is ``row/column``: ``3/3,0/5;5/0,1/1`` is the prisoner's dilemma
  (``5/0``: the row player gets 5, the column player 0);
* **presets** by name: ``rps`` (rock, paper, scissors), ``prisoners-dilemma`` (cooperate, defect;
  the standard Axelrod payoffs 3/3, 0/5, 5/0, 1/1), ``matching-pennies``,
  ``battle-of-the-sexes`` (opera/football, 2/1 and 1/2).

Payoffs are decimal numbers (``3``, ``-1``, ``0.25``, ``1e3``) and are kept as exact fractions,
so the exact solvers (:mod:`omahanash.games.matrix.exact`) answer in rationals.
Actions of a typed matrix are named by their 0-based index (``"0"``, ``"1"``, ...).

Rock-paper-scissors is sometimes numbered 0 = scissors, 1 = rock, 2 = paper; the preset uses the
order of its name (rock, paper, scissors). Both orders give the same matrix, so the classic
exercise (opponent mix ``0.4,0.3,0.3``) has the same answer by index: action 1 (the other
numbering's "rock", our "paper"), worth 0.4·1 + 0.3·0 + 0.3·(−1) = 0.1.

>>> parse_matrix_game("rps").row_actions
('rock', 'paper', 'scissors')
"""

from __future__ import annotations

import re
from fractions import Fraction

from omahanash.errors import InputError
from omahanash.games.matrix.game import MatrixGame

#: Largest number of actions per player a typed matrix may have.
MAX_ACTIONS = 1000
#: Largest payoff magnitude accepted (keeps the float kernels and exact fractions sane).
MAX_PAYOFF = 1e12

# Presets: name -> (payoff text in the notation above, row action names, column action names).
PRESETS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "rps": ("0,-1,1;1,0,-1;-1,1,0", ("rock", "paper", "scissors"), ("rock", "paper", "scissors")),
    "prisoners-dilemma": ("3/3,0/5;5/0,1/1", ("cooperate", "defect"), ("cooperate", "defect")),
    "matching-pennies": ("1,-1;-1,1", ("heads", "tails"), ("heads", "tails")),
    "battle-of-the-sexes": ("2/1,0/0;0/0,1/2", ("opera", "football"), ("opera", "football")),
}
PRESET_ALIASES = {
    "rock-paper-scissors": "rps",
    "roshambo": "rps",
    "pd": "prisoners-dilemma",
    "prisoner's-dilemma": "prisoners-dilemma",
    "prisoners'-dilemma": "prisoners-dilemma",
    "prisoner-dilemma": "prisoners-dilemma",
    "pennies": "matching-pennies",
    "bos": "battle-of-the-sexes",
}

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?")
_FRACTION = re.compile(r"\d+/\d+")
_ROW_SEPARATOR = re.compile(r"\s*;\s*|\s*\n\s*")
_ENTRY_SEPARATOR = re.compile(r"\s*,\s*|\s+")


def _parse_payoff(token: str, where: str) -> Fraction:
    if not _NUMBER.fullmatch(token):
        raise InputError(f"bad payoff {token!r} {where}: expected a number like 3, -1 or 0.5")
    value = Fraction(token)
    if abs(value) > MAX_PAYOFF:
        raise InputError(f"payoff {token!r} {where} is too large (at most {MAX_PAYOFF:g})")
    return value


def parse_matrix_game(text: str) -> MatrixGame:
    """Read a preset name or a typed payoff matrix (notation in the module docstring).

    Raises :class:`~omahanash.errors.InputError` naming the bad token for empty text, a
    non-number, ragged rows, or a matrix mixing one-payoff and ``row/column`` entries.

    >>> parse_matrix_game("rps").row_actions
    ('rock', 'paper', 'scissors')
    >>> parse_matrix_game("1, 2 ; 3, 4").exact_column_payoffs
    ((Fraction(-1, 1), Fraction(-2, 1)), (Fraction(-3, 1), Fraction(-4, 1)))
    >>> parse_matrix_game("1,2;3")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: row 2 ('3') has 1 entry but row 1 has 2: every row needs the same number of entries
    """  # noqa: E501
    if not isinstance(text, str):
        raise InputError(f"payoff matrix must be text, not {type(text).__name__}")
    stripped = text.strip().replace("\u2212", "-")  # a typographic minus is still a minus
    if not stripped:
        raise InputError(
            "empty payoff matrix: type rows separated by ';' and entries by ',' "
            "(like 0,-1,1;1,0,-1;-1,1,0), or a preset: " + ", ".join(PRESETS)
        )
    key = re.sub(r"[\s_]+", "-", stripped.lower())
    key = PRESET_ALIASES.get(key, key)
    if key in PRESETS:
        payoff_text, row_names, column_names = PRESETS[key]
        game = parse_matrix_game(payoff_text)
        return MatrixGame(
            game.exact_row_payoffs, game.exact_column_payoffs, row_names, column_names, key
        )

    stripped = re.sub(r"\s*/\s*", "/", stripped)
    row_texts = _ROW_SEPARATOR.split(stripped)
    general_sum = "/" in stripped
    row_payoffs: list[tuple[Fraction, ...]] = []
    column_payoffs: list[tuple[Fraction, ...]] = []
    for r, row_text in enumerate(row_texts, start=1):
        if not row_text:
            raise InputError(f"row {r} of the payoff matrix is empty (two ';' in a row?)")
        tokens = _ENTRY_SEPARATOR.split(row_text)
        if row_payoffs and len(tokens) != len(row_payoffs[0]):
            raise InputError(
                f"row {r} ({row_text!r}) has {len(tokens)} entr{'y' if len(tokens) == 1 else 'ies'}"
                f" but row 1 has {len(row_payoffs[0])}: every row needs the same number of entries"
            )
        row: list[Fraction] = []
        column: list[Fraction] = []
        for c, token in enumerate(tokens, start=1):
            where = f"(row {r}, entry {c})"
            if not token:
                raise InputError(f"empty entry {where} of the payoff matrix (two ',' in a row?)")
            if general_sum:
                parts = token.split("/")
                if len(parts) != 2:
                    raise InputError(
                        f"bad entry {token!r} {where}: in a two-payoff matrix every entry is "
                        "row/column, like 3/3 (row player 3, column player 3)"
                    )
                row.append(_parse_payoff(parts[0], where))
                column.append(_parse_payoff(parts[1], where))
            else:
                value = _parse_payoff(token, where)
                row.append(value)
                column.append(-value)
        row_payoffs.append(tuple(row))
        column_payoffs.append(tuple(column))
    rows, columns = len(row_payoffs), len(row_payoffs[0])
    if rows > MAX_ACTIONS or columns > MAX_ACTIONS:
        raise InputError(
            f"payoff matrix is {rows}×{columns}; at most {MAX_ACTIONS} actions per player"
        )
    return MatrixGame(
        tuple(row_payoffs),
        tuple(column_payoffs),
        tuple(str(i) for i in range(rows)),
        tuple(str(j) for j in range(columns)),
    )


def parse_mix(text: str, size: int) -> tuple[Fraction, ...]:
    """Read a mixed strategy like ``0.4,0.3,0.3`` (fractions like ``1/3`` are fine too).

    Probabilities must be non-negative, ``size`` of them, and sum to 1 within 1e-9; they are
    then rescaled to sum to exactly 1.

    >>> parse_mix("0.4, 0.3, 0.3", 3)
    (Fraction(2, 5), Fraction(3, 10), Fraction(3, 10))
    >>> parse_mix("0.5,0.6", 2)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: probabilities '0.5,0.6' sum to 1.1, not 1
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"empty mixed strategy: type {size} probabilities like 0.4,0.3,0.3")
    tokens = _ENTRY_SEPARATOR.split(text.strip())
    probabilities: list[Fraction] = []
    for token in tokens:
        if _FRACTION.fullmatch(token):
            numerator, denominator = token.split("/")
            if int(denominator) == 0:
                raise InputError(f"bad probability {token!r}: division by zero")
        elif not _NUMBER.fullmatch(token):
            raise InputError(f"bad probability {token!r}: expected a number like 0.4 or 1/3")
        probability = Fraction(token)
        if probability < 0:
            raise InputError(f"probability {token!r} is negative")
        probabilities.append(probability)
    if len(probabilities) != size:
        raise InputError(
            f"mixed strategy {text.strip()!r} has {len(probabilities)} probabilities; "
            f"the player has {size} actions"
        )
    total = sum(probabilities, Fraction(0))
    if abs(total - 1) > Fraction(1, 10**9):
        raise InputError(f"probabilities {text.strip()!r} sum to {float(total):g}, not 1")
    return tuple(p / total for p in probabilities)



def check_opponent(game: MatrixGame, opponent: str = "") -> None:
    """A run option of matrix games (:data:`omahanash.games.GAME_CHOICES`): the opponent's
    fixed mix, empty for none, must be one probability per column of ``game``.

    >>> from omahanash.games import make_game
    >>> check_opponent(make_game("matrix", payoff="rps"), "0.4,0.3,0.3")
    """
    if opponent.strip():
        parse_mix(opponent, game.shape[1])
