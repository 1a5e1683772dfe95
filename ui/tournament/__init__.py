"""The Tournament tab: a heads-up match of jam-fold hands (its model and job without Qt, its
views)."""
