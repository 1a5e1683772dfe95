"""The perfect-information tab: nim, subtraction games, game graphs (its model and job without Qt,
the tab)."""
