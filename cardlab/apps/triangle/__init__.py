"""The Triangle lesson: `lesson` (the cards and statements, and one round in five stages), `odds`
(the odds of every statement for one player's view, with the counting argument), `stepper` (the
curated first turn of three reasoning bots, with who sees what), `quiz` (which statement is worth
most?) and `table` (the learner against two reasoning bots).  Pictures are in
`cardlab.pictures.triangle`."""
