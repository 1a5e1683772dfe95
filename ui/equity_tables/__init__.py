"""Building the Omaha equity tables from any tab: the shared build queue's model (no Qt), its job
and the panel every tab shows."""
