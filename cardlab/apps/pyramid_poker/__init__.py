"""The Pyramid Poker lesson: `lesson` (the blocks, a built pyramid, and scoring with its
arithmetic), `odds` (the pharaohs, a random hand's points, the take-phase chances), `stepper` (a
curated game of two reasoning bots, with eyes), `quiz` (which hand should this block go to?) and
`table` (the learner against the reasoning bot).  Pictures: `cardlab.pictures.pyramid_poker`."""
