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
| 1 | [Triad](triad.ipynb) | Battlestar Galactica's colonial poker: the colour deck and its \
frame lines, the ladder of hands and its exact odds, what wild jokers break, the exchange \
advisor, and a table with chips against 1-3 AI |
| 2 | [Pyramid](pyramid.ipynb) | hexagonal cards and a wild Keystone: the best pyramid of six \
cards, exact odds over every deal, the exchange counted, and a poker table against 1-3 AI |
| 3 | [Dou Dizhu](doudizhu.ipynb) | every combination and what beats what, bombs and card \
counting, the scoring multiplier, and playing the landlord game against two AI |
| 4 | [Triangle](triangle.ipynb) | a card you show to others but cannot see: counting what is \
left, the value of a statement, and playing two reasoning bots |
| 5 | [Three Thirteen](three_thirteen.ipynb) | rummy with a growing wild rank: sets and runs, \
the meld solver and where a wild card does most good, exact round-1 odds, the go-out advisor, \
and 11 rounds against 1-3 bots |
| 6 | [Pyramid Poker](pyramid_poker.ipynb) | build a pyramid of poker blocks only you can \
see, take it apart into three hands: pharaoh odds, what a hand is worth, where a block should \
go, and a game against a reasoning bot |
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

DOUDIZHU = [
    (
        "md",
        """
# Lesson 3: Dou Dizhu (Fight the Landlord)

*斗地主, China's most popular card game, as Cardavia plays it (a single deal, you against two
AI), with the pagat rules as a variant.*

One player, the **landlord**, plays alone against two **farmers**. Everyone tries to get rid of
their cards first, by playing *combinations* that beat the one on the table.

**The questions of this lesson:** which sets of cards are a play, and what beats what? How rare
is a bomb? What can you work out about the hidden hands from the cards already played? And how
does a bid of 1 turn into 48 points?

Pick a theme first; every drawing on this page follows it.
""",
    ),
    (
        "code",
        """
from cardlab.apps.doudizhu import (
    BiddingWalkthrough,
    CombinationGallery,
    CombinationQuiz,
    DealStepper,
    DouDizhuComponents,
    DouDizhuPlay,
    HandOdds,
    ScoringExplainer,
    ThemePicker,
    play_counts_table,
)

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Goal, roles and cards
""",
    ),
    (
        "code",
        """
DouDizhuComponents(theme)
""",
    ),
    (
        "md",
        """
## 2. Every combination

A play is one of fourteen types. Choose a type: the first row is a valid example, the second an
invalid one with the reason **the engine** gives (the same words you get at the table when you
try an illegal play). Switch the rules to see the two types whose validity depends on the
ruleset.

**What beats what:** the **rocket** (both jokers) beats everything; a **bomb** (four of a kind)
beats anything but the rocket and higher bombs; any other play is beaten only by the **same type
with the same number of cards** and a strictly higher main rank.
""",
    ),
    (
        "code",
        """
CombinationGallery(theme)
""",
    ),
    (
        "md",
        """
### How many different plays are there?

The engine can list every legal play (every rank pattern and reading) a full 54-card deck
allows. The totals are **24,639** under Cardavia rules and **12,654** under pagat rules: the
single-wing rule alone doubles the count.
""",
    ),
    (
        "code",
        """
play_counts_table()
""",
    ),
    (
        "md",
        """
## 3. Bidding and the bottom cards

Each player gets 17 cards and 3 are put aside face down: the **bottom cards**. A player chosen
at random bids first; each in turn may **pass** or bid **higher** (1, 2 or 3). A bid of 3 ends
the auction at once; otherwise it ends after two passes in a row following a bid. If all three
pass without a bid, the hand is thrown in and dealt again. The high bidder becomes the
landlord, shows the bottom cards to everyone, takes them (**20 cards**) and leads. The bid is
the base stake. Here is the auction of the deal we step through next (every hand shown):
""",
    ),
    (
        "code",
        """
deal = DealStepper(theme, seed=11)
BiddingWalkthrough(theme, deal.replay, deal.reasons)
""",
    ),
    (
        "md",
        """
## 4. A deal of three AI, stepped through

Step with **Forward ▶** or press **Play**. The caption narrates each bid and play; under it,
**why** the AI chose it, and what the player about to act can **count** from the cards they
have seen. Switch **Eyes** to see the table as one player sees it.
""",
    ),
    (
        "code",
        """
deal
""",
    ),
    (
        "md",
        """
## 5. Odds: bombs and the rocket

*How likely is a bomb in your hand?* Count hands. A 17-card hand is one of C(54,17) equally
likely hands. Hands holding all four cards of a given rank: C(50,13). Adding that for all 13
ranks counts the hands with two bombs twice, so subtract them, add back the triples, and so on:
**inclusion-exclusion**. The rocket is simpler: both jokers and any 15 other cards. The table
below shows each as an exact fraction, for a farmer (17 cards) and for the landlord (20), and
the chance that **somebody** at the table holds one, counted exactly and checked by a seeded
simulation.
""",
    ),
    (
        "code",
        """
HandOdds(trials=2000)
""",
    ),
    (
        "md",
        """
**During play** the question changes: *could the others still hold a bomb, or beat my play?*
Every card you have not seen is in one of the two other hands, and every way to split them is
equally likely (the bottom cards are the exception: everyone saw them go to the landlord). The
stepper above and the table below count this for you: exactly for the bombs, and for "can they
beat it" exactly once few cards are left (before that, a seeded estimate, labelled as such).

## 6. Scoring, step by step

The stake starts at the bid. Every bomb or rocket played **doubles** it; so does a **spring**
(the landlord wins and neither farmer played a card) or an **anti-spring** (a farmer wins and
the landlord played only the opening lead). The landlord wins or loses **two** units, each
farmer one: the scores always add up to zero.
""",
    ),
    (
        "code",
        """
ScoringExplainer()
""",
    ),
    (
        "md",
        """
## 7. Quiz: what is it, and does it beat that?

Every question is dealt by the engine from the list of all legal plays; the answer explains
itself with the engine's reason. **New question** deals another.
""",
    ),
    (
        "code",
        """
CombinationQuiz(theme, seed=1)
""",
    ),
    (
        "md",
        """
## 8. Your turn: play against two AI

You are **Player 1**, at the bottom. In the auction press **Pass** or a **Bid**. Then click
cards to select them (or use the card buttons under the table) and press **Play selected**, or
**Pass**. **Hint** selects what the AI would do in your place. An illegal selection is refused
with the reason. The AI players act right after you and explain their choices in the log; the
card-counting panel follows what you have seen. **Show all hands** is for teaching: it turns
every card face up. **New deal** keeps the score sheet, so the totals run across deals.
""",
    ),
    (
        "code",
        """
DouDizhuPlay(theme, seed=7)
""",
    ),
    (
        "md",
        """
**Things to try:** as a farmer, when should you let your partner's play stand instead of
beating it? As the landlord, when is it worth breaking up a bomb?

Back to the [index](index.ipynb).
""",
    ),
]

TRIAD = [
    (
        "md",
        """
# Lesson 1: Triad

*The card game of Battlestar Galactica. The show never wrote its rules down: Triad is poker with
renamed hands, so cardlab plays it as **five-card draw** (the decisions are listed in
`cardlab.games.triad.rules`).*

Each player gets five cards, bets, may throw away up to three cards and draw new ones, bets
again, and the best hand takes the pot. The hands are poker's, with colonial names: the best is
**Full Colors**, and "Three Up, Kings" is three kings.

**The questions of this lesson:** how rare is each hand, and how do you *count* that exactly?
What changes when the jokers are wild? Which cards should you throw away? And when is a hand
worth a bet?

Pick a theme first; every drawing on this page follows it.
""",
    ),
    (
        "code",
        """
from cardlab.apps.triad.lesson import HandLadder, TriadComponents
from cardlab.apps.triad.odds import ExchangeAdvisor, OddsTables
from cardlab.apps.triad.quiz import WhichHandWins
from cardlab.apps.triad.stepper import HandStepper
from cardlab.apps.triad.table import TriadTable
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. The deck: four colours, and lines you can count

52 cards: 13 ranks from 2 up to the Ace (the Jack is called the **Prince**) in four **colour
suits**: Blue, Green, Red and Black. We write a card as its rank and the first letter of its
colour (`k` for blacK): `Ab` is the Ace of Blue, `Tg` the Ten of Green, `7r`, `2k`. The two
jokers (`BJ`, `RJ`) are taken out unless the table plays them wild.

**Colour-blind players** do not need the colours: every suit also has its own number of
**frame lines** round the card, Blue 4, Green 3, Red 2, Black 1. Count the lines inside the
card's edge. The lines are only a marker: suits have **no** order in Triad, and they never break
a tie.
""",
    ),
    (
        "code",
        """
TriadComponents(theme)
""",
    ),
    (
        "md",
        """
## 2. The ladder of hands

Compare two hands by their **category** first (the ladder below, best at the top), and only if
that is the same, by the **tie-break**: the ranks that make the hand, in order (the three of a
Full Up before its pair, a pair before its kickers). The Ace is high, except in the lowest Run,
A-2-3-4-5. There is no wrap-around: Q-K-A-2-3 is just Ace High. Each row shows an example and how
many of all the five-card hands have it. Switch the jokers in to see the extra hand, **Five Up**.
""",
    ),
    (
        "code",
        """
HandLadder(theme)
""",
    ),
    (
        "md",
        """
**Question:** why is Colors (five of one colour) *above* Run (five in a row)? Look at the
counts: the ladder puts the rarer hand higher.

## 3. How rare is each hand? Count them

All hands are equally likely, and there are $\\binom{52}{5} = 2{,}598{,}960$ of them, so

$$P(\\text{hand}) = \\frac{\\text{hands of that kind}}{2{,}598{,}960}.$$

Each count is a product of choices. For example **Full Up**: choose the rank of the three (13
ways) and which 3 of its 4 cards ($\\binom43 = 4$), then the rank of the pair (12 ways left)
and 2 of its 4 cards ($\\binom42 = 6$): $13 \\times 4 \\times 12 \\times 6 = 3{,}744$.
A few more rows:
""",
    ),
    (
        "code",
        """
odds = OddsTables()
odds.counting
""",
    ),
    (
        "md",
        """
The engine checks every count by **listing all 2,598,960 hands** (and all 3,162,510 with the
two jokers, each joker choosing its best card). Here are both tables side by side, and a plot
(log scale: each step is ten times rarer):
""",
    ),
    (
        "code",
        """
import ipywidgets as widgets

widgets.VBox([odds.table, odds.plot])
""",
    ),
    (
        "md",
        """
### What the wild jokers change

Without jokers the ladder follows rarity exactly: every hand is rarer than all the hands below
it. With both jokers wild it does not: **Three Up (232,968) is now more common than Two Pair
(123,552)**, **One Pair is more common than High Card**, and **Four Up ties Full Up**. Why?
""",
    ),
    (
        "code",
        """
odds.why
""",
    ),
    (
        "md",
        """
## 4. The draw: which cards should you throw away?

After the first betting round you may throw away up to **3** cards and draw as many. Which ones?
The advisor below counts **every** possible draw from the cards you have not seen (for three new
cards from 47 unseen, that is $\\binom{47}{3} = 16{,}215$ draws) and gives the exact chance of
each final hand. It ranks the discards by **expected strength**: how often, on average, the
final hand beats one random hand. Type your own hand, or deal one, and click cards to try other
discards.
""",
    ),
    (
        "code",
        """
ExchangeAdvisor(theme, hand="Kb Kg 7r 5k 2b")
""",
    ),
    (
        "md",
        """
**Try it:** with a pair, is it better to keep a high kicker (draw 2) or throw three? Try
`Ab Kb Qb Jb 3r`: go for the Full Colors, or keep the four to a Colors and a Run?

## 5. A real hand, stepped through

Four AI players play one hand. Step with **Forward ▶** or press **Play**: the caption narrates
every bet and every exchange, and under it **why** the player chose it. The AI bets from its
**showdown equity** (the share of simulated showdowns it wins against random hands), compares
it with the **pot odds** when it must call, bluffs now and then, and draws with the exact
advisor above. Switch **Eyes** to see the table as one player sees it.
""",
    ),
    (
        "code",
        """
HandStepper(theme, seed=6)
""",
    ),
    (
        "md",
        """
**Try it:** find the call where the pot odds decide. "Calling 4 into a pot of 20 needs 17%
equity" means: you pay 4 to win 24, so you must win at least 4 times in 24.

## 6. Quiz: which hand wins?

The engine deals a showdown. Who takes the pot? The answer explains the comparison.
**New question** deals another.
""",
    ),
    (
        "code",
        """
WhichHandWins(theme, seed=1)
""",
    ),
    (
        "md",
        """
## 7. Your turn: a table with chips

You are **Player 1**, at the bottom, with 100 chips, against 1 to 3 AI (choose, then **New
game**). Each hand costs an ante of 1; bets are 2 before the draw and 4 after it, at most 3
raises a round. Use the enabled buttons to bet; in the draw, click the cards to throw away
(or use the card buttons under the table) and press **Discard selected**, or **Stand pat**.
**Hint** asks the AI what it would do in your place. The AI's reasons appear once the hand is
over (during the hand they would give its cards away). The sheet keeps every hand's chips.
""",
    ),
    (
        "code",
        """
TableView(TriadTable.start(opponents=2), theme)
""",
    ),
    (
        "md",
        """
**Things to try:** against the AI, does bluffing work? Does standing pat with nothing make the
AI believe you?

Back to the [index](index.ipynb).
""",
    ),
]

PYRAMID = [
    (
        "md",
        """
# Lesson 2: Pyramid

*The hexagonal card game of the 1978 Battlestar Galactica, as the fan and licensed rules play
it.*

Each player gets **six hexagonal cards**, bets, may **exchange up to four** of them, bets again,
and shows down. The best hand is the best **pyramid** you can build from your six cards: a
little honeycomb of cards, level 1 on top, level 3 at the base.

**The questions of this lesson:** which six cards make which pyramid, and which pyramid beats
which? How often does a deal hold each hand, exactly? Which cards should you throw away?

Pick a theme first; every drawing on this page follows it.
""",
    ),
    (
        "code",
        """
from cardlab.apps.pyramid.lesson import HandLadder, PyramidComponents
from cardlab.apps.pyramid.odds import ExchangeAdvisor, OddsTable
from cardlab.apps.pyramid.quiz import ShowdownQuiz
from cardlab.apps.pyramid.stepper import HandStepper
from cardlab.apps.pyramid.table import PyramidTable
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Goal and components: levels and the Keystone

The deck has **55 cards**: three colours (Purple, Green, Orange) of 18 cards each, in three
**levels**, and one **Keystone**. Every distinct card is drawn once below, with how many copies
the deck holds. The corner index tells the level without colour: three small triangles for
level 3, two for level 2, one big one for level 1.
""",
    ),
    (
        "code",
        """
PyramidComponents(theme)
""",
    ),
    (
        "md",
        """
**Question:** why can a hand have at most one *full* pyramid but never two small ones that
share no card? (Hint: a full pyramid uses all six cards.)

## 2. The hand ladder

A hand's value is its **best arrangement**: over every choice of cards, every shape and every
card the Keystone could stand for, the engine keeps the largest **key**
`(type, perfect, apex, colour, kickers...)`. Keys are compared left to right, so **level
decides first**: any full pyramid beats any middle one, even a perfect middle one. Within a
level a **perfect** pyramid (one colour) beats a mixed one; two mixed full pyramids are ordered
by the colour of their level-1 card, the Keystone as level 1 best of all. Unused cards
(**kickers**) break the remaining ties.

Below are the spec's worked examples, strongest first: A > B > C > D > G = H > E > F = J > I.
""",
    ),
    (
        "code",
        """
HandLadder(theme)
""",
    ),
    (
        "md",
        """
**Try it:** type hand J (`3O 3O 2O 3P 3P 2P`). It holds a *perfect* small orange pyramid, so
why is it ranked as a mixed middle pyramid?

## 3. The exact odds of a deal

*How likely is each hand in a fresh deal of six?* There are $\\binom{55}{6} = 28{,}989{,}675$
equally likely hands. Identical cards are interchangeable, so the engine counts **kinds**: a
hand is a choice of how many cards of each of the ten kinds, and it comes up in as many deals
as the product of binomials $\\binom{9}{m_{3P}}\\binom{9}{m_{3G}}\\cdots\\binom{1}{m_K}$.
Every number below is an exact count. A few rows can be counted by hand: for the **top hand**
the six cards are forced (the Keystone, three of the nine `3P`, two of the six `2P`), so there
are $\\binom{9}{3}\\binom{6}{2} = 84 \\times 15 = 1260$ of them.
""",
    ),
    (
        "code",
        """
OddsTable()
""",
    ),
    (
        "md",
        """
**Notice:** the ladder is *not* ordered by rarity. A perfect middle pyramid is much rarer than a
mixed full pyramid, yet ranks below it, because the rules decide level first.

## 4. The exchange: which cards should you throw away?

After the first betting round you may discard **0 to 4 cards** and draw as many. For a given
hand and discard, every draw from the 49 cards you have not seen is equally likely, so the
chance of each result is again a count. Type your own hand (or **Deal me a hand**) and click
cards to choose a discard: the table and the plot show exactly what the exchange leads to.
**Select the best discard** picks the AI's choice: the best chance of a better pyramid minus the
risk of ending worse.
""",
    ),
    (
        "code",
        """
ExchangeAdvisor(theme)
""",
    ),
    (
        "md",
        """
## 5. A real hand, stepped through

Three AI players play one seeded hand. Step with **Forward ▶** or press **Play**. The caption
narrates every deal, bet and exchange; under it, **why** the AI did it (its equity against the
hands it cannot see, or the exact odds of its exchange). At the end the showdown is drawn as
pyramids.
""",
    ),
    (
        "code",
        """
HandStepper(theme, seed=4)
""",
    ),
    (
        "md",
        """
**Try it:** find the exchange. Which player threw cards away, and what chance of a better
pyramid did it give them?

## 6. Quiz: which hand wins?

The engine deals a showdown of three hands. Pick the winner; the answer draws each hand's best
pyramid with its key. **New question** deals another.
""",
    ),
    (
        "code",
        """
ShowdownQuiz(theme, seed=1)
""",
    ),
    (
        "md",
        """
## 7. Your turn: play against the AI

You are **Player 1**, at the bottom, with 100 chips; each hand costs an ante of 1. Betting is
fixed limit: bets of 2 before the exchange and 4 after it, at most 3 raises. In the exchange,
click the cards you want to throw away (or use the card buttons) and press **Discard**, or
**Stand pat**. **Show my odds** gives you the exact exchange table for your hand. Choose 1 to 3
AI opponents; the score sheet keeps every hand's chips.
""",
    ),
    (
        "code",
        """
TableView(PyramidTable.start(seed=2, opponents=2), theme)
""",
    ),
    (
        "md",
        """
**Things to try:** when is it right to break a pyramid you already hold? Does the AI fold too
often against your raises?

Back to the [index](index.ipynb).
""",
    ),
]

THREE_THIRTEEN = [
    (
        "md",
        """
# Lesson 5: Three Thirteen

*A rummy game of 11 rounds (rules: About.com / The Spruce Crafts, compared with pagat).*

Each round you are dealt a few cards, draw one and discard one, and try to arrange your hand into
**melds**: sets and runs. Whatever does not fit, the **deadwood**, costs you its points. The
lowest total after 11 rounds wins. The twist: the hand grows by one card every round, and the
**wild rank** grows with it.

**The question of this lesson:** given a hand and this round's wild cards, what is the best way to
arrange it, and how likely is the next card to finish it?

Pick a theme first; every drawing on this page follows it.
""",
    ),
    (
        "code",
        """
from cardlab.apps.three_thirteen import (
    DeadwoodQuiz,
    MeldExamples,
    MeldSolver,
    RoundsStrip,
    RoundStepper,
    ThemePicker,
    ThreeThirteenPlay,
)
from cardlab.apps.three_thirteen_odds import OddsLesson

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Rounds and wild ranks

One standard deck for 2 players, two decks for 3-4. Round 1 deals **3 cards** and threes are wild;
round 2 deals 4 and fours are wild; ... round 11 deals **13 cards** and kings are wild. A wild card
is any card of the wild rank, in any suit.
""",
    ),
    (
        "code",
        """
RoundsStrip(theme)
""",
    ),
    (
        "md",
        """
## 2. Sets and runs, drawn

* A **set** is 3 or more cards of one rank (suits do not matter).
* A **run** is 3 or more cards in sequence in **one suit**. Aces are **low**: A-2-3 is a run,
  Q-K-A is not, and K-A-2 never is.
* A **wild card** stands for any card of a set or a run: it fills a gap or extends an end, and a
  meld may even be all wild. It is tagged **WILD** below, with what it plays *as* under it.
* Deadwood costs A = 1, 2-10 face value, J = Q = K = 10 (an unmelded wild card too).

Pick an example. The solver draws the best arrangement: melds framed, deadwood in a dashed box.
""",
    ),
    (
        "code",
        """
MeldExamples(theme, start=4)
""",
    ),
    (
        "md",
        """
**Question:** in example 5 the wild seven could fill the gap in 5-6-_-8 of hearts. Why does the
solver put it with the kings instead? (Compare what is left over each way: 5 + 6 + 8 = 19 against
K + K = 20.)

## 3. The meld solver on your hand

Type any hand (`5h 6h 8h Kd Ks 7c`, tens as `10h` or `Th`) and choose the round, or press
**Deal me a hand**. The solver tries every way of splitting the hand into melds and keeps the
smallest deadwood; the list below explains where each wild card does the most good.
""",
    ),
    (
        "code",
        """
MeldSolver(theme, hand="Ah Ad As 9h 10h Qh Jc", round_no=9)
""",
    ),
    (
        "md",
        """
## 4. A real round, stepped through

Two bots play the first two rounds of a seeded game. Every hand is shown face up and arranged by
the solver, so you can watch the melds form. Step with **Forward ▶** or press **Play**; under the
table, **why** each bot did what it did, the score sheet and the table in words.
""",
    ),
    (
        "code",
        """
game = RoundStepper(theme, seed=3, rounds=2)
game
""",
    ),
    (
        "md",
        """
## 5. The odds

*How often does a dealt hand already meld, and how often can you go out after one draw?* In round
1 we can count every hand exactly. For the later rounds we deal many seeded hands and measure.
""",
    ),
    (
        "code",
        """
OddsLesson(samples=300)
""",
    ),
    (
        "md",
        """
**What it says about the game:** in the first rounds a hand is rarely melded at the deal, so the
draw and discard decide everything. As hands grow, more wild cards and more cards per suit make
melds easier, but the deadwood you are left with grows too: a late round can cost you 40 points
or more, so the big rounds at the end often decide the game.

**The advisor.** For the player about to act in the game above, it counts the **unseen** cards
(the deck minus the hand, the discard pile and the cards others are known to hold) and, for each
discard, how many of them would let the player go out with the next stock card. Step the game and
watch it change.
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
## 6. Quiz: what is the deadwood of this hand?

The engine deals a hand and names the wild rank. Choose the smallest deadwood; the answer shows the
solver's arrangement and why. **New question** deals another.
""",
    ),
    (
        "code",
        """
DeadwoodQuiz(theme, seed=1)
""",
    ),
    (
        "md",
        """
## 7. Your turn: play against the bots

You are **Player 1**, at the bottom; your hand is always shown arranged into melds. **Take stock**
or **Take discard** (or click the stock or the discard pile), then click a card and **Discard
selected**, or **Go out** when all but one card melds. The bots play at once and explain their
moves once the round is over. The score sheet keeps all 11 rounds with their arithmetic. Choose
1-3 opponents and press **New game** to change the table; **Show the advisor** gives you the
counts.
""",
    ),
    (
        "code",
        """
ThreeThirteenPlay(theme, seed=7)
""",
    ),
    (
        "md",
        """
**Things to try:** when is it worth taking the top discard instead of a blind stock card? Watch
the advisor's "P(next stock card lets you go out)" just before you go out.

Back to the [index](index.ipynb).
""",
    ),
]

PYRAMID_POKER = [
    (
        "md",
        """
# Lesson 6: Pyramid Poker

*A game by Aaron Weissblum and Norman Woods (R&R Games; "pyramidpoker" on Board Game Arena).
cardlab's reading of the rules, with the points the rulebook leaves open, is in
`cardlab.games.pyramid_poker.rules`.*

Two players build a pyramid out of 30 wooden poker blocks. Each block faces the player who
placed it, so only they can see it. Then they take the pyramid apart, one free block at a time,
and each player makes **three poker hands** (left, centre and right). The hands are compared
left against left, centre against centre and right against right.

**The questions of this lesson:** where should a block go when your opponent will take it
apart? How likely are the pharaohs (the jokers)? What is a hand worth on average? And which of
your three hands should a block go into?

Pick a theme first. Every drawing on this page follows it.
""",
    ),
    (
        "code",
        """
from cardlab.apps.pyramid_poker import (
    BlockQuiz,
    GameStepper,
    OddsLesson,
    PyramidPokerComponents,
    PyramidPokerPlay,
    ScoringExample,
    ThemePicker,
)

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Goal and components

There are **54 blocks**: the 52 cards of a standard deck and **2 pharaohs** (the jokers).
**Pharaohs are not wild.** Taking one from the pyramid gives you a choice instead (see
section 2). At the start each player takes **15 random blocks** face down as a personal supply.
The other **24** stay face down as the general supply. The pyramid stands on a foundation
board 8 blocks wide.

In the pictures, a block whose face you can see is drawn face up. A block only your opponent
can see shows its back (a pyramid). Your own blocks carry a yellow **you** tag: you can see
them, but your opponent cannot.
""",
    ),
    (
        "code",
        """
PyramidPokerComponents(theme)
""",
    ),
    (
        "md",
        """
## 2. Building and taking, step by step

**Build (30 turns).** On your turn you draw a block at random from your supply and look at it.
You place it facing you: either in an empty slot of the foundation, or **centred on two
adjacent blocks** of the row below (no overhangs). The dashed outlines show the legal slots.

**Take (30 turns).** Players take turns to pick a **free** block, one with nothing on top of
it. It can be a block either player placed. You turn it face up and put it into one of your
three hands. A hand holds at most 5 blocks, and a block never moves once it is in a hand. If
you take a **pharaoh**, you discard it, turn 3 blocks of the general supply face up and keep
one of them.

Below, two bots play a seeded game. Step through it: the caption says what happened, and
**Why?** gives the bot's reason. Switch **Eyes** to see which faces each player can see.
""",
    ),
    (
        "code",
        """
GameStepper(theme, seed=2)
""",
    ),
    (
        "md",
        """
**Try it:** in the build phase, a block you place low in the pyramid is freed late, and by
then either player may take it. Watch where the bot puts its good blocks.

## 3. The odds

Three questions, all answered by exact counting in `cardlab.games.pyramid_poker.odds`:

* **The pharaohs.** 30 of the 54 blocks go into the pyramid. How likely is it that it holds 0,
  1 or 2 pharaohs, and that your own supply of 15 holds one?
* **What is a hand worth?** There are $\\binom{52}{5} = 2{,}598{,}960$ five-block hands. The
  advanced-scoring points of a random hand average out to a **negative** number, because half
  of all hands are No Pair (−1). That is why a hand that merely *avoids* No Pair is already
  worth a point more than doing nothing.
* **While taking.** For the position of the game above, the table gives the chance that each
  of your hands can still be completed to each category from the blocks not yet seen.
""",
    ),
    (
        "code",
        """
OddsLesson()
""",
    ),
    (
        "md",
        """
## 4. Scoring

**Basic game:** whoever wins more of the three comparisons wins. A tied comparison counts for
nobody.

**Advanced game:** every hand scores from the chart, whether it won or lost. On top of that
comes a bonus of +3 for winning exactly 2 comparisons, or +4 for winning all 3. The score sheet
below shows the arithmetic for the complete game in the rules: Player 1 scores 8 and Player 2
scores 3. Change the hands and press **Score** to try your own.
""",
    ),
    (
        "code",
        """
ScoringExample()
""",
    ),
    (
        "md",
        """
## 5. Quiz: which hand should this block go to?

The engine deals a position from the take phase: your three hands and the block you just took.
Where should it go? The answer is the reasoning bot's choice, with its reason.
""",
    ),
    (
        "code",
        """
BlockQuiz(theme, seed=1)
""",
    ),
    (
        "md",
        """
## 6. Your turn: a table against the bot

You are **Player 1** (your hands are at the bottom). **Build:** click a dashed slot to place
the block you drew, or pick a slot in the list and press **Place**. **Take:** click a free
block, then press **Left**, **Centre** or **Right**. After a pharaoh, choose which of the three
revealed blocks to keep. The bot moves by itself. **Hint** shows what the bot would do in your
place, and **Play the hint** does it for you. The score sheet shows the advanced scoring when
the game is over.
""",
    ),
    (
        "code",
        """
PyramidPokerPlay(theme)
""",
    ),
    (
        "md",
        """
**Things to try:** keep one hand for a flush and let another one be the "garbage" hand. Does
it pay off against the bot?

Back to the [index](index.ipynb).
""",
    ),
]

if __name__ == "__main__":
    write("index.ipynb", INDEX)
    write("00_decks.ipynb", DECKS)
    write("triangle.ipynb", TRIANGLE)
    write("doudizhu.ipynb", DOUDIZHU)
    write("pyramid.ipynb", PYRAMID)
    write("triad.ipynb", TRIAD)
    write("three_thirteen.ipynb", THREE_THIRTEEN)
    write("pyramid_poker.ipynb", PYRAMID_POKER)
