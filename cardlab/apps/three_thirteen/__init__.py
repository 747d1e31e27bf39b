"""The Three Thirteen lesson: `lesson` (the rounds and their wild ranks, the worked examples and
the meld solver on any hand, with why its answer is best), `odds` (round 1 counted exactly, the
round-by-round simulation and the draw/discard advisor), `stepper` (a curated game of bots),
`quiz` (what is the deadwood of this hand?) and `table` (the learner against 1-3 bots, with the
advisor's words).  Pictures are in `cardlab.pictures.three_thirteen`."""
