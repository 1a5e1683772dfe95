"""The Review tab: played hands reviewed for push/fold mistakes (its model and job without Qt, its
views and spots table)."""
