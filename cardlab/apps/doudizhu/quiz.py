"""The Dou Dizhu quiz: "what type is this?" and "does this beat that?", dealt by the engine
under the page's ruleset (the questions are `cardlab.apps.doudizhu.questions`)."""

from __future__ import annotations

from cardlab.apps.quiz import QuizModel
from cardlab.core.i18n import msg
from cardlab.pictures.doudizhu import WIDTH, combo_picture
from cardlab.render import Drawing


class CombinationQuiz(QuizModel):
    """ "What type is this?" and "does this beat that?", dealt by the engine, with feedback."""

    size = (WIDTH, 200)
    picture_label = msg("The cards of the question, drawn")

    def picture(self, theme: str) -> Drawing:
        q, rows = self.question, []
        if q.table is not None:
            rows.append((q.table.text, str(msg("On the table")), ""))
        said = msg("The play") if q.table is not None else msg("What is it?")
        rows.append((q.play.text, str(said), ""))
        return combo_picture(rows, theme)
