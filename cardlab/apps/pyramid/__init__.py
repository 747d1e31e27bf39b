"""The Pyramid lesson: `lesson` (the hexagonal deck, the three shapes and the hand ladder), `odds`
(the exact table of a deal and the exchange advisor on the learner's own hand), `stepper` (a
curated hand of AI players), `quiz` (which hand wins?) and `table` (the learner against 1-3 AI).
Pictures are in `cardlab.pictures.pyramid`; the exact odds, and the advice in words, in
`cardlab.games.pyramid.odds`."""
