"""The results link over a long class: its ``href`` never passes `MAX_LINK`, and every row a
student finished is in exactly one of its files, each a complete CSV read back whole."""

from __future__ import annotations

from urllib.parse import unquote

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.results import Result, read_results
from cardlab.widgets.results import MAX_LINK, ResultsLink


def href(link: ResultsLink) -> str:
    return link.link.value.split('href="', 1)[1].split('"', 1)[0]


def downloaded(link: ResultsLink, part: int) -> list[Result]:
    link.part.value = part
    return read_results(unquote(href(link).split(",", 1)[1]))


def deal(n: int) -> Result:
    """A Dou Dizhu deal's row as the table writes it: the score sheet's label and the moves."""
    moves = "; ".join(["bid 3", *(f"play {r} {r} {r} 4" for r in "56789TJQKA")][: 3 + n % 9])
    return Result(
        "table", "doudizhu", "", 7 + n, f"Deal {n + 1} (seed {7 + n}): {moves}", n % 7 - 3
    )


def test_five_hundred_deals_stay_under_the_bound_and_are_all_kept():
    link = ResultsLink("doudizhu")
    rows = [deal(n) for n in range(500)]
    longest = 0
    for row in rows:
        link.add(row)
        longest = max(longest, len(href(link)))
    assert longest <= MAX_LINK
    files = len(link.starts)
    assert files >= 2 and link.part.value == files and link.part.layout.display is None
    assert f"hand in all {files} files" in link.link.value
    assert f"cardlab-doudizhu-results-{files}.csv" in link.link.value
    back = [r for part in range(1, files + 1) for r in downloaded(link, part)]
    assert back == rows  # every row once, in order


def test_one_file_while_the_rows_fit():
    link = ResultsLink("doudizhu")
    link.add(*(deal(n) for n in range(3)))
    assert len(link.starts) == 1 and link.part.layout.display == "none"
    assert 'download="cardlab-doudizhu-results.csv"' in link.link.value
    assert downloaded(link, 1) == [deal(n) for n in range(3)]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(max_size=3_000), min_size=1, max_size=40))
def test_any_rows_split_into_bounded_files_and_read_back(moves):
    link = ResultsLink("triad")
    rows = [Result("table", "triad", "", n, text, n) for n, text in enumerate(moves)]
    for row in rows:
        link.add(row)
        assert len(href(link)) <= MAX_LINK
    back = [r for part in range(1, len(link.starts) + 1) for r in downloaded(link, part)]
    assert back == rows
