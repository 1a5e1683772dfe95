"""The CFR games tab: every game of the registry solved and browsed (its model and jobs without Qt,
controls, settings form and results)."""
