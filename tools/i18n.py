"""The message catalogs: extract the code's messages, update the translations, compile them.

Every sentence a learner reads is written in the code as ``msg("...")`` or ``msgn("...", "...", n)``
(`cardlab.core.i18n`).  Babel finds them by reading the code; each catalog (``DOMAINS``: the
controls, then one per game) gathers the messages of its folders.  Translators edit
``cardlab/locale/<lang>/LC_MESSAGES/<domain>.po``; the package reads the compiled ``.mo`` beside it.

    python tools/i18n.py update     # extract; add new messages to every .po, drop old ones
    python tools/i18n.py compile    # .po -> .mo (commit both)
    python tools/i18n.py check      # what is missing or wrong, per language (exit 1 if anything)

``--domain=NAME`` (repeatable) limits ``update`` and ``check`` to those catalogs.

``tests/i18n/test_catalogs.py`` runs ``check`` and fails on its findings.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardlab"
LOCALE = PACKAGE / "locale"
sys.path.insert(0, str(ROOT))

from cardlab.core.i18n import BABEL_LOCALES, DOMAINS, SCOPES, placeholders  # noqa: E402

KEYWORDS = {"msg": None, "msgn": (1, 2)}
"""The calls that mark a message: ``msg(msgid, **values)``, ``msgn(singular, plural, n, ...)``."""
COMMENT_TAG = "Translators:"
"""A comment starting so, just above a message, is shown to its translators."""
_TAG = re.compile(r"</?([a-z]+)\b[^>]*>")
_DATE = datetime(2026, 12, 1, tzinfo=timezone.utc)
"""Every catalog's dates: fixed, so that updating a catalog changes only its messages."""


def domain_files(domain: str) -> list[Path]:
    """The Python files whose messages go into ``domain``'s catalog."""
    found: set[Path] = set()
    for spec in DOMAINS[domain]:
        path = PACKAGE / spec
        found |= set(path.rglob("*.py")) if path.is_dir() else set(PACKAGE.glob(spec))
    return sorted(found)


def extract(domain: str) -> Catalog:
    """The messages of ``domain``'s files, as a template catalog (no translations)."""
    template = Catalog(project="cardlab", domain=domain, fuzzy=False, creation_date=_DATE)
    for path in domain_files(domain):
        where = path.relative_to(ROOT).as_posix()
        for lineno, text, comments in _messages(path):
            template.add(text, locations=[(where, lineno)], auto_comments=comments)
    return template


def _messages(path: Path) -> list[tuple[int, str | tuple[str, str], list[str]]]:
    """Babel's extraction of one file.  Babel also warns of every f-string among a call's
    values (a number written ``f"{x:+d}"``), which is fine; `literal_problems` finds the f-strings
    that are not (a message's English), so those warnings are left unsaid."""
    with contextlib.redirect_stderr(io.StringIO()):
        found = extract_from_file(
            "python", str(path), KEYWORDS, (COMMENT_TAG,), strip_comment_tags=True
        )
    return [(lineno, text, comments) for lineno, text, comments, _ in found]


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(lang: str, domain: str) -> Catalog:
    """``lang``'s translations of ``domain`` (an empty catalog when there are none yet)."""
    path = po_path(lang, domain)
    if not path.is_file():
        return Catalog(
            locale=BABEL_LOCALES.get(lang, lang),
            domain=domain,
            project="cardlab",
            fuzzy=False,
            creation_date=_DATE,
            revision_date=_DATE,
        )
    with path.open("rb") as stream:
        return read_po(stream, locale=BABEL_LOCALES.get(lang, lang), domain=domain)


def write_catalog(lang: str, domain: str, catalog: Catalog) -> Path:
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100, sort_output=False, include_previous=False)
    return path


def update(langs: list[str] | None = None, domains: list[str] | None = None) -> list[Path]:
    """Bring every catalog in scope (of ``langs``, ``domains``: default all) up to the code: new
    messages added (untranslated), messages no longer in the code dropped, translations kept."""
    written = []
    for lang in langs or list(SCOPES):
        for domain in SCOPES[lang]:
            if domains and domain not in domains:
                continue
            catalog = read_catalog(lang, domain)
            catalog.update(extract(domain), no_fuzzy_matching=True)
            catalog.obsolete.clear()
            written.append(write_catalog(lang, domain, catalog))
    return written


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled form of ``catalog`` (untranslated and fuzzy messages left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> list[Path]:
    """Compile every ``.po`` to the ``.mo`` the package reads."""
    written = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        lang, domain = po.parts[-3], po.stem
        mo = po.with_suffix(".mo")
        mo.write_bytes(mo_bytes(read_catalog(lang, domain)))
        written.append(mo)
    return written


def problems(lang: str, domain: str) -> list[str]:
    """What is wrong with ``lang``'s ``domain`` catalog: messages of the code it lacks or leaves
    untranslated or fuzzy, translations whose placeholders or HTML tags differ from the English,
    the wrong number of plural forms, and a compiled ``.mo`` older than its ``.po``."""
    found = []
    catalog = read_catalog(lang, domain)
    where = f"{lang}/{domain}"
    for message in extract(domain):
        if not message.id:
            continue
        have = catalog.get(message.id)
        place = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
        if have is None or not _translated(have):
            found.append(f"{where}: no translation of {_first(message.id)!r} ({place})")
        elif have.fuzzy:
            found.append(f"{where}: fuzzy translation of {_first(message.id)!r} ({place})")
        else:
            found.extend(f"{where}: {p}" for p in _drift(have, catalog.num_plurals))
    mo = po_path(lang, domain).with_suffix(".mo")
    if po_path(lang, domain).is_file() and (
        not mo.is_file() or mo.read_bytes() != mo_bytes(catalog)
    ):
        found.append(f"{where}: {mo.name} is not compiled from the .po (tools/i18n.py compile)")
    return found


def _first(msgid: str | tuple[str, ...]) -> str:
    text = msgid if isinstance(msgid, str) else msgid[0]
    return text if len(text) <= 70 else text[:67] + "..."


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def _drift(message: Message, forms: int) -> list[str]:
    """Placeholders or HTML tags a translation adds or drops, and a wrong count of forms."""
    english = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    wanted_names = placeholders(english[-1])
    wanted_tags = sorted(_TAG.findall(english[-1]))
    out = []
    if isinstance(message.id, tuple) and len(strings) != forms:
        out.append(f"{_first(message.id)!r} needs {forms} plural forms, has {len(strings)}")
    for text in strings:
        names = placeholders(text)
        if names != wanted_names:
            out.append(
                f"{_first(message.id)!r}: placeholders {sorted(names)} in {text[:60]!r}, "
                f"the English has {sorted(wanted_names)}"
            )
        if sorted(_TAG.findall(text)) != wanted_tags:
            out.append(f"{_first(message.id)!r}: HTML tags differ in {text[:60]!r}")
    return out


def literal_problems(paths: list[Path]) -> list[str]:
    """``msg``/``msgn`` calls whose English is not a literal string, and literal ones Babel's
    extraction does not find (inside an f-string, say): either way no catalog would hold them."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        extracted = {text if isinstance(text, str) else text[0] for _, text, _ in _messages(path)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            texts = {"msg": 1, "msgn": 2}.get(node.func.id, 0)
            args = node.args[:texts]
            where = f"{path.relative_to(ROOT)}:{node.lineno}: {node.func.id}()"
            if not texts:
                continue
            if len(args) < texts or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
            ):
                found.append(f"{where} needs literal text")
            elif args[0].value not in extracted:
                found.append(f"{where} is not found by Babel: write it outside f-strings")
    return found


def check(domains: list[str] | None = None) -> list[str]:
    """Every problem of every catalog (of ``domains``: default all) in every language's scope,
    and every message whose English is not literal."""
    found = literal_problems(sorted(PACKAGE.rglob("*.py")))
    for lang, scope in SCOPES.items():
        for domain in scope:
            if not domains or domain in domains:
                found.extend(problems(lang, domain))
    return found


def main(argv: list[str]) -> int:
    domains = [a.removeprefix("--domain=") for a in argv if a.startswith("--domain=")]
    argv = [a for a in argv if not a.startswith("--domain=")]
    command = argv[0] if argv else "check"
    if command == "update":
        for path in update(domains=domains):
            print(path.relative_to(ROOT))
    elif command == "compile":
        for path in compile_all():
            print(path.relative_to(ROOT))
    elif command == "check":
        found = check(domains)
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
