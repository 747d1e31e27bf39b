"""``cardlab class CODE [--results URL] [--csv]``: a class's record in a terminal, as the
teacher's class view shows it (`cardlab.record.summary`), or every row as CSV."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardlab.core.classdeals import check_class_code
from cardlab.record import URL_ENV


def add_class(sub: Any) -> None:
    """The ``class`` subcommand on ``cardlab``'s parser."""
    command = sub.add_parser(
        "class", help="print a class's record: its students, class deals ranked and questions"
    )
    command.add_argument("code", metavar="CODE", help="the class code (e.g. MATH7B)")
    command.add_argument(
        "--results",
        metavar="URL",
        default=None,
        help=f"the results database (default: ${URL_ENV}, else the SQLite file that "
        "cardlab serve writes in your data folder)",
    )
    command.add_argument(
        "--csv", action="store_true", help="print every row as CSV, for a spreadsheet"
    )
    command.set_defaults(func=cmd_class)


def cmd_class(args: argparse.Namespace) -> int:
    import sqlalchemy as sa  # here: every other command starts without it (0.2 s)

    from cardlab.record.store import Store, default_url, shown_url
    from cardlab.record.summary import as_text, export_csv, summary

    url = ""
    try:
        code = check_class_code(args.code)
        url = args.results or default_url()
        with Store(url) as store:
            rows = store.rows(code)
    except ValueError as exc:
        print(f"cardlab class: {exc}", file=sys.stderr)
        return 2
    except sa.exc.SQLAlchemyError as exc:
        reason = str(exc).splitlines()[0][:200]
        print(f"cardlab class: cannot read {shown_url(url)}: {reason}", file=sys.stderr)
        return 1
    sys.stdout.write(export_csv(rows) if args.csv else as_text(summary(code, rows)))
    return 0
