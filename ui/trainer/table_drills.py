"""The Trainer tab's table drills: the players spin and the payouts field turn a heads-up
drill into one at a table of 3 to 9 (:mod:`omahanash.trainer.table`).

With 2 players the tab is today's heads-up trainer, unchanged. With 3 or more the stack field
takes every seat's stack (``10``: all equal; ``5-15``: three tables drawn at random;
``10/15/8``: one per seat, preflop order; empty: the table size's three preset structures),
the payouts field the prize structure (``50/30/20``, ``spin``, ``6max``, ``9max``, ``chips``),
and the position list reads "Open pushes", "Calls", "Both".

>>> table_config("holdem", 3, "50/30/20", "10", "Both", 0.0, False).players
3
"""

from __future__ import annotations

from omahanash.trainer.table import DEFAULT_PAYOUTS, TableDrillConfig

#: The position selector at a table: caption -> the table drill's position.
TABLE_POSITIONS = {"Open pushes": "push", "Calls": "call", "Both": "both"}
PAYOUTS_TIP = ("Prize payouts of the table: 50/30/20, a preset (spin, 6max, 9max, don, sat:N) "
               "or chips for chip EV (table drills only: 3 players or more)")
TABLE_STACKS_TIP = ("Every seat's stack in big blinds: 10 (all equal), 5-15 (three tables "
                    "drawn at random), 10/15/8 (one per seat, preflop order) or empty (three "
                    "preset tables)")

__all__ = ["DEFAULT_PAYOUTS", "PAYOUTS_TIP", "TABLE_POSITIONS", "TABLE_STACKS_TIP",
           "table_config"]


def table_config(game: str, players: int, payouts: str, stacks: str, position: str,
                 ante: float, close: bool) -> TableDrillConfig:
    """The table drill of the tab's fields (``position`` is a caption of
    :data:`TABLE_POSITIONS`); :class:`~omahanash.errors.InputError` for a bad one."""
    return TableDrillConfig(game, players=players, payouts=payouts.strip() or DEFAULT_PAYOUTS,
                            stacks=stacks.strip() or None,
                            position=TABLE_POSITIONS.get(position, "both"), ante=ante,
                            close=close)
