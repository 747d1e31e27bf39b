"""The Triad lesson: `lesson` (the deck and the ladder of hands), `odds` (exact tables and the
exchange advisor), `stepper` (a curated hand of bots), `quiz` (which hand wins?) and `table`
(the learner against 1-3 AI).  Pictures are in `cardlab.pictures.triad`."""
