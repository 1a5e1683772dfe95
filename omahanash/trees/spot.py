"""A preflop spot with its betting tree: :class:`PreflopSpot`, a push/fold table spot plus the
tree's settings (:class:`~omahanash.trees.betting.TreeSettings`).

>>> spot = PreflopSpot("omaha", [1500, 1500, 1500], 50, 100, payouts="50/30/20")
>>> spot.tree, spot.postflop, spot.settings().kind
('pl', 'commit', 'pot')
>>> PreflopSpot("holdem", [1000, 1000], 50, 100).tree
'pushfold'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.trees.betting import PRESETS, TreeSettings, check_sizes, read_tree_file


def default_tree(variant: Variant | str) -> str:
    """``pushfold`` for Hold'em (today's game), ``pl`` for Omaha Hi and Hi/Lo."""
    return "pushfold" if Variant.parse(variant) is Variant.HOLDEM else "pl"


@dataclass(frozen=True)
class PreflopSpot(PushFoldSpot):
    """A table (as :class:`~omahanash.pushfold.spot.PushFoldSpot`) and its betting tree:
    ``tree`` (a preset of :data:`~omahanash.trees.betting.PRESETS` or a ``.toml`` tree file;
    None: :func:`default_tree`), ``postflop`` (``commit`` or ``checkdown``), ``open_size``
    (no limit: the open in big blinds) and ``max_raises``.

    >>> spot = PreflopSpot("omaha-hilo", [25, 20, 15], 0.5, 1, payouts="65/35",
    ...                    max_raises=2)
    >>> spot.tree, spot.model, spot.settings().max_raises
    ('pl', 'icm', 2)
    """

    tree: str | None = None
    postflop: str = "commit"
    open_size: float = 2.0
    max_raises: int = 3

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.tree is None:
            object.__setattr__(self, "tree", default_tree(self.variant))
        if not isinstance(self.tree, str):
            raise InputError.naming("tree", f"tree must be one of {', '.join(PRESETS)} or a "
                                            f"tree file, got {self.tree!r}")
        check_sizes(self, self.settings())  # every setting checked now

    def settings(self) -> TreeSettings:
        tree = str(self.tree)
        if tree in PRESETS:
            return TreeSettings(tree, postflop=self.postflop, open_size=self.open_size,
                                max_raises=self.max_raises)
        if tree.endswith(".toml") or Path(tree).exists():
            return read_tree_file(tree, self.postflop)
        return TreeSettings(tree, postflop=self.postflop)  # refuses the unknown name

    def table_spot(self) -> PushFoldSpot:
        """The table without its tree."""
        return PushFoldSpot(self.variant, self.stacks, self.sb, self.bb, self.ante,
                            self.payout_amounts.tolist() if self.payout_amounts is not None
                            else None, self.bb_ante)

    def describe(self) -> dict:
        out = super().describe()
        out.update(self.settings().describe())
        return out
