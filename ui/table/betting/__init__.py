"""The Table tab's betting trees (pot limit, no limit, a tree file): the rules without Qt
(:mod:`ui.table.betting.model`) and the views of a tree's nodes and action mixes
(:mod:`ui.table.betting.views`)."""
