"""Write the lesson notebooks from the cell texts below (run after editing them).

Notebooks are generated so their prose stays reviewable as plain Python strings in one diff and
they are always saved without outputs (nbval runs them fresh; Voila executes them on load).
"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parents[1] / "notebooks"
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


def write(name: str, cells: list[tuple[str, str]]) -> None:
    nb = new_notebook(metadata={"kernelspec": KERNEL, "language_info": {"name": "python"}})
    for kind, text in cells:
        text = text.strip("\n")
        nb.cells.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{Path(name).stem}-{i:02d}"
    nbformat.write(nb, HERE / name)


INDEX = [
    (
        "md",
        """
# cardlab: learn card games by looking and playing

Each lesson below is a notebook you can read, step through and play. Cards are drawn on a
canvas; every drawing has a text version for screen readers, and every theme works without
colour (suits carry a glyph, a letter or a count of frame lines).

## Lessons

| # | lesson | what you learn |
|---|---|---|
| 0 | [The decks](00_decks.ipynb) | the six decks and their notation, a deal step by step, \
your first exact probability |
| 4 | [Triangle](triangle.ipynb) | a card you show to others but cannot see: counting what is \
left, the value of a statement, and playing two reasoning bots |

More lessons, one per game (Triad, Pyramid, Dou Dizhu, Three Thirteen, Pyramid Poker),
are on the way.
""",
    ),
    (
        "code",
        """
from cardlab.apps.decks import welcome_banner

welcome_banner()
""",
    ),
    (
        "md",
        """
*One card from each deck: a standard card, a Triad card (its frame lines tell the suit),
a hexagonal Pyramid card, a Triangle card and a Pyramid Poker block.*
""",
    ),
]

DECKS = [
    (
        "md",
        """
# Lesson 0: the decks

cardlab teaches six card games, and they use six different decks. Before any game, let's meet
the cards: what each deck holds, how we write cards down, how a deal works, and how to count
chances exactly.

**Try it:** pick a theme. Every drawing on this page follows it. The *colour-blind safe* theme
uses colours most people can tell apart, and *high contrast* uses bolder lines and bigger text.
""",
    ),
    (
        "code",
        """
from cardlab.apps.decks import DealStepper, DeckGallery, PairOdds, ThemePicker

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Every deck, every face

Choose a deck. Under each card is its **notation**: the short text we use to write the card in
tests, replays and lessons. A standard card is its rank then its suit (`As` is the ace of spades,
`Td` the ten of diamonds). Triad's suits are colours, and each colour also has a number of
**frame lines** (Blue 4, Green 3, Red 2, Black 1) so you never need colour to tell them apart.
Pyramid's hexagonal cards are written level then colour (`3P` is a level-3 Purple), and `K` is
the wild Keystone. A number like `×9` under a card means the deck holds nine identical copies.
""",
    ),
    (
        "code",
        """
gallery = DeckGallery(theme, deck="triad")
gallery
""",
    ),
    (
        "md",
        """
**Question:** why does the Pyramid deck have only ten different faces but 55 cards?
Count them: 3 colours × (9 + 6 + 3) copies + 1 Keystone = 54 + 1 = 55.

## 2. A deal, card by card

A deal is a list of *chance moves*: each card the dealer gives out is one step. Press **Play**,
or use **Forward ▶** and **◀ Back**, to watch three players get five cards each and then play a
little game of *High Card*: follow suit if you can, highest card of the suit led wins the trick.
The caption says what happened and why; below it, the same table is written out in words.

**Reshuffle** deals a new game; the seed number makes every deal repeatable.
""",
    ),
    (
        "code",
        """
deal = DealStepper(theme, deck="standard52", seed=1)
deal
""",
    ),
    (
        "md",
        """
**Try it:** step to the first trick. Why did the second player have to play that card?
(Hint: look at the suits in their hand and read the *Legal moves* line.)

## 3. Your first exact probability

*What is the chance that the first two cards dealt have the same rank?*

Every pair of cards is equally likely, so the chance is

$$P = \\frac{\\text{pairs of cards with the same rank}}{\\text{all pairs of cards}}.$$

In a standard 52-card deck there are $\\binom{52}{2} = 1326$ pairs of cards. Each of the 13
ranks has 4 cards, which make $\\binom{4}{2} = 6$ pairs, so $13 \\times 6 = 78$ pairs match:
$P = 78/1326 = 1/17$. Pick a deck to see its count; the table and the plot compare the exact
answer with a seeded simulation of 20,000 deals (± one standard error).
""",
    ),
    (
        "code",
        """
odds = PairOdds(trials=20_000, seed=2026, deck="pyramid")
odds
""",
    ),
    (
        "md",
        """
**Why is Pyramid so different?** Its cards come in only three levels, with 27, 18 and 9 cards,
so two random cards share a level far more often (4/11, about 36%) than two standard cards
share one of 13 ranks (1/17, about 6%). The jokers and the Keystone never match anything, which
is why the 54-card decks are a little below 1/17.

Next: pick a game from the [index](index.ipynb).
""",
    ),
]

TRIANGLE = [
    (
        "md",
        """
# Lesson 4: Triangle

*A game by Patrick St-Louis (pagat.com, "Invented games"), inspired by the hat puzzles.*

Three players each hold one card **against their forehead**: you see the other two cards, but
never your own. Then somebody grabs the *Right to Speak* and says something about their own
card. Say something true and you score; say something false and **both** other players score.

**The question of this lesson:** you can see two cards and remember a few more. What can you say
about the one card you cannot see, and what is it worth?

Pick a theme first; every drawing on this page follows it.
""",
    ),
    (
        "code",
        """
from cardlab.apps.triangle import (
    GameStepper,
    RoundWalkthrough,
    StatementQuiz,
    ThemePicker,
    TriangleComponents,
    TrianglePlay,
)

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Goal and components

The pack has **24 cards**: Ace to 6 in four suits. Suits never matter; the Ace counts 1 (the
lowest). **Even** cards are 2, 4 and 6; **odd** cards are A, 3 and 5. The winner is the first
player to reach **25 points**.

Each round the *speaker* makes exactly one of these statements about their own card:
""",
    ),
    (
        "code",
        """
TriangleComponents(theme)
""",
    ),
    (
        "md",
        """
**Question:** why is "I am a 4" worth 8 points but "I am even" only 2? (Hint: of the cards you
have not seen, how many are 4s, and how many are even?)

## 2. A round, step by step

Each round uses four cards. Click through the five stages of a real round: the deal, lifting
the cards, the grab for the Right to Speak, the statement, and the reveal.
""",
    ),
    (
        "code",
        """
RoundWalkthrough(theme, seed=5)
""",
    ),
    (
        "md",
        """
Notice what is **never** shown: the Right to Speak. Only the speaker looks at it, and it is one
more card the speaker knows is not theirs. Six rounds use all 24 cards: that is a *turn*. Then
the pack is reshuffled.

## 3. A real game, stepped through

Three reasoning bots play the first turn of a game. Step with **Forward ▶** or press **Play**.
The caption says what happened; under it, **why** (each bot explains its choice with a count) and
**who sees what**. Switch **Eyes** to see the table as one player sees it: their own card turns
into a **?**.
""",
    ),
    (
        "code",
        """
game = GameStepper(theme, seed=3)
game
""",
    ),
    (
        "md",
        """
**Try it:** find a step where a bot *passes*. Read its reason: its best statement was worth
less than its threshold. Now find the round where someone says "My peers are even" (or odd):
why is that statement certain?

## 4. The odds for the current position

*What can a player say about their own card?* Every card they have **not** seen is equally likely
to be theirs: it could be their card, the Right to Speak, or still in the pack, and the shuffle
favours none of them. So

$$P(\\text{true}) = \\frac{\\text{unseen cards that make it true}}{\\text{all unseen cards}}.$$

A true statement earns its points; a false one gives **3 points to each opponent**. So the value
of a statement, against each opponent, is

$$\\text{net} = \\text{points} \\times P - 3 \\times (1 - P).$$

The table below follows the stepper above: it shows the odds of the player you look through
(**Eyes**), or else of the player about to act. Step the game and watch the counts change as
cards are shown.
""",
    ),
    (
        "code",
        """
game.odds
""",
    ),
    (
        "md",
        """
**Why "My peers are even/odd" is a free point:** it is about the two cards the speaker can *see*,
so when they share a parity it is certain: $P = 1$, net $+1$. Everyone at the table can spot it,
so the real game becomes a **race** for the Right to Speak, and a void grab (two hands at once)
happens more often than you might think.

## 5. Quiz: which statement is worth most?

The engine deals a real position where you hold the Right to Speak. Pick the statement with the
best net value; the answer explains the count. **New question** deals another.
""",
    ),
    (
        "code",
        """
StatementQuiz(theme, seed=3)
""",
    ),
    (
        "md",
        """
## 6. Your turn: play against two bots

You are **Player 1**, at the bottom. Your own card stays face down until the round is resolved,
just as in the real game. Look at the two cards you can see, then **Claim** the Right to Speak or
**Don't claim**. If you win it, you peek at it and choose a statement (**Show my odds** gives you
the counts), then **Say it**. The bots decide at the same moment as you, from what *they* see.
The score sheet keeps every round with its arithmetic.
""",
    ),
    (
        "code",
        """
TrianglePlay(theme, seed=4)
""",
    ),
    (
        "md",
        """
**Things to try:** play a whole turn and use the cards shown in earlier rounds. Does remembering
them change your best statement? When is it better not to claim at all?

Back to the [index](index.ipynb).
""",
    ),
]

if __name__ == "__main__":
    write("index.ipynb", INDEX)
    write("00_decks.ipynb", DECKS)
    write("triangle.ipynb", TRIANGLE)
