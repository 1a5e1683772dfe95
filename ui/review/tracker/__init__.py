"""The Review tab's **From tracker database…**: a dialog (:mod:`.dialog`) over a Qt-free form
(:mod:`.model`) and job (:mod:`.jobs`) that review a PokerTracker 4 or Hold'em Manager 2
database (:func:`omahanash.history.tracker.review.review_database`)."""
