"""The Table tab: push/fold at a table of 2 to 10 players with ICM payouts (its model and jobs
without Qt, its form, seats, results and files), and its Nash chart (:mod:`ui.table.chart`)."""
