"""The Equity tab: heads-up equity, exact or Monte Carlo (its model and job without Qt, the tab)."""
