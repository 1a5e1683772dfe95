"""The Jam-fold tab: the thesis GUI (its model, jobs and words without Qt, its form, results,
ranges and files) with its exploit panel (:mod:`ui.jamfold.exploit`) and Nash chart
(:mod:`ui.jamfold.sweep`)."""
