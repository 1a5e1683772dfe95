"""The Table tab's Nash chart: its model without Qt and its page."""
