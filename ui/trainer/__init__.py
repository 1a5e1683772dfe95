"""The Trainer tab: push/fold drills against the equilibrium (its model, table drills and job
without Qt, its views)."""
