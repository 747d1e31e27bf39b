"""The Dou Dizhu quiz: "what type is this?" and "does this beat that?", dealt by the engine
under the page's ruleset (the questions are `cardlab.apps.doudizhu.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.doudizhu.questions import choices, feedback, prompt_html, question
from cardlab.core.i18n import msg
from cardlab.pictures.doudizhu import WIDTH, combo_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class CombinationQuiz(Quiz):
    """ "What type is this?" and "does this beat that?", dealt by the engine, with feedback."""

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("The cards of the question, drawn"))

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        super().__init__(picker, seed, size=(WIDTH, 200))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.q = question(seed, self.options)
        return prompt_html(self.q), choices(self.q)

    def picture(self) -> Drawing:
        rows = []
        if self.q.table is not None:
            rows.append((self.q.table.text, str(msg("On the table")), ""))
        said = msg("The play") if self.q.table is not None else msg("What is it?")
        rows.append((self.q.play.text, str(said), ""))
        return combo_picture(rows, self.theme)

    def mark(self, value: str) -> tuple[bool, str]:
        right, head, body = feedback(self.q, value)
        return right, f"<p>{head} {body}</p>"
