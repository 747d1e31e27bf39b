"""The documentation stands alone: every relative link in it resolves, nothing in the repository
points at files outside it, and every rule citation in the code names a rules page of
``docs/rules/`` and a section (``§3``) or item (``P9``) that page has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = DOCS / "rules"
THIS = Path(__file__).resolve()

READMES = [ROOT / "README.md", ROOT / "README.ru.md", ROOT / "README.zh.md"]
"""The README and its short Russian and Chinese versions."""
MARKDOWN = sorted([*READMES, *DOCS.rglob("*.md")])
CODE = sorted(p for top in ("cardlab", "tests", "tools") for p in (ROOT / top).rglob("*.py"))

# -- (a) relative links ---------------------------------------------------------------------------
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*)?\)")
_REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.I)


def links(text: str) -> list[str]:
    """Every link target of a Markdown text, leaving out code and HTML comments."""
    for pattern in (_FENCE, _COMMENT, _INLINE_CODE):
        text = pattern.sub("", text)
    return _INLINE_LINK.findall(text) + _REFERENCE_LINK.findall(text)


@pytest.mark.parametrize("page", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_markdown_links_resolve(page: Path):
    broken = []
    for target in links(page.read_text(encoding="utf-8")):
        if _EXTERNAL.match(target):
            continue  # a web address or an anchor in the same page
        path = target.split("#", 1)[0].split("?", 1)[0]
        resolved = (page.parent / path).resolve()
        if not resolved.is_relative_to(ROOT):
            broken.append(f"{target} (outside the repository)")
        elif not resolved.exists():
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)} links to missing files: {broken}"


def test_the_link_reader_sees_links_and_skips_code():
    text = "[a](x.md) ![p](img/p.png) [w](https://e.org) `[c](code.md)`\n```\n[f](f.md)\n```\n"
    text += "<!-- [h](h.md) -->\n[r]: ../r.md#part\n"
    assert links(text) == ["x.md", "img/p.png", "https://e.org", "../r.md#part"]


# -- (b) nothing points outside the repository ----------------------------------------------------
# Built from pieces so that this file does not contain them itself.
OUTSIDE = ("..", "/shared"), ("DESIGN", ".md")
NEEDLES = tuple("".join(parts) for parts in OUTSIDE)
SCANNED = ("cardlab", "tests", "docs", "tools", "README.md", "pyproject.toml")


def scanned_files() -> list[Path]:
    files = []
    for name in SCANNED:
        top = ROOT / name
        candidates = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in candidates:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files.append(path)
    return files


def test_nothing_points_outside_the_repository():
    found = []
    for path in scanned_files():
        rel = path.relative_to(ROOT).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # pictures and other binary files
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{rel}:{number}: {needle}" for needle in NEEDLES if needle in line]
    assert not found, "files outside the repository are named:\n" + "\n".join(found)


# -- (c) rule citations in the code ---------------------------------------------------------------
GAMES = sorted(p.stem for p in RULES.glob("*.md"))
TITLES = {
    "Pyramid Poker": "pyramid_poker",
    "Three Thirteen": "three_thirteen",
    "Dou Dizhu": "doudizhu",
    "Triad": "triad",
    "Pyramid": "pyramid",
    "Triangle": "triangle",
}
# ``docs/rules/x.md`` or ``rules/x.md`` (any x: the page must exist), or a game's ``triad.md``
_PAGE = re.compile(r"((?:docs/)?rules/)?\b([A-Za-z0-9_]+)\.md\b")
_GAME_TITLE = re.compile(r"\b(" + "|".join(TITLES) + r")(?=\s+§)")
# the run of citations right after a page or a title: "§3, §5", "§5 P9", "§2 step 4", "P7"
_CITED = re.compile(r"(?:\s*(?:,|and)?\s*(?:§\s*\d+(?:\.\d+)*|\b[A-Z]\d{1,2}\b))+")
_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
_ITEM = re.compile(r"\b([A-Z]\d{1,2})\b")


def has_section(page: str, number: str) -> bool:
    """A heading ``## §3. ...`` (or ``### §3.3 ...``) for section ``number``."""
    heading = rf"^#{{1,6}}\s+§?{re.escape(number)}(?!\.?\d)"
    return re.search(heading, page, re.M) is not None


def has_item(page: str, item: str) -> bool:
    """A list item, table row or heading that starts with ``item`` (``* **P9 Betting.**``)."""
    start = r"^\s*(?:[-*+]|\d+\.|\||#{1,6})?\s*(?:\*\*)?"
    return re.search(start + re.escape(item) + r"\b", page, re.M) is not None


def citations(text: str) -> list[tuple[str, str, str]]:
    """(game, kind, id) for every citation in ``text``: kind ``page`` (the page itself),
    ``section`` or ``item``."""
    out = []
    spots = [(m.end(), m.group(2)) for m in _PAGE.finditer(text) if m[1] or m[2] in GAMES]
    spots += [(m.end(), TITLES[m.group(1)]) for m in _GAME_TITLE.finditer(text)]
    for end, game in sorted(spots):
        out.append((game, "page", ""))
        run = _CITED.match(text, end)
        if run:
            out += [(game, "section", s) for s in _SECTION.findall(run.group())]
            out += [(game, "item", i) for i in _ITEM.findall(run.group())]
    return out


@pytest.mark.parametrize("source", CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_rule_citations_in_the_code_resolve(source: Path):
    if source.resolve() == THIS:
        return
    problems = []
    for game, kind, ident in citations(source.read_text(encoding="utf-8")):
        page_path = RULES / f"{game}.md"
        if not page_path.is_file():
            problems.append(f"{game}.md: no such page in docs/rules/")
            continue
        page = page_path.read_text(encoding="utf-8")
        if kind == "section" and not has_section(page, ident):
            problems.append(f"{game}.md has no §{ident}")
        if kind == "item" and not (has_item(page, ident) or has_section(page, ident)):
            problems.append(f"{game}.md has no item {ident}")
    assert not problems, f"{source.relative_to(ROOT)} cites: {sorted(set(problems))}"


def test_the_citation_reader():
    text = "(rules/triad.md §1). hands (rules: pyramid.md §3, §5); Triad §5 A4 and Pyramid §5 P9"
    assert citations(text) == [
        ("triad", "page", ""),
        ("triad", "section", "1"),
        ("pyramid", "page", ""),
        ("pyramid", "section", "3"),
        ("pyramid", "section", "5"),
        ("triad", "page", ""),
        ("triad", "section", "5"),
        ("triad", "item", "A4"),
        ("pyramid", "page", ""),
        ("pyramid", "section", "5"),
        ("pyramid", "item", "P9"),
    ]


def test_every_game_has_a_rules_page_with_numbered_sections():
    assert sorted(TITLES.values()) == GAMES
    for game in GAMES:
        page = (RULES / f"{game}.md").read_text(encoding="utf-8")
        assert page.startswith("# "), f"{game}.md has no title"
        missing = [n for n in "1234567" if not has_section(page, n)]
        assert not missing, f"{game}.md lacks sections {missing}"


# -- (d) every README says how to add a language ------------------------------------------------
@pytest.mark.parametrize("readme", READMES, ids=lambda p: p.name)
def test_every_readme_says_how_to_add_a_language(readme: Path):
    text = readme.read_text(encoding="utf-8")
    steps = (
        "LANGUAGES",
        "python tools/i18n.py update",
        "python tools/i18n.py compile",
        "python tools/build_notebooks.py",
        "cardlab/lessons/<",
        "tests/i18n",
        "cardlab serve --lang",
        "fonts-noto-cjk",
    )
    assert [step for step in steps if step not in text] == []
