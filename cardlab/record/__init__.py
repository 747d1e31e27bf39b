"""The class record: students' results stored as they happen (`store`), what the teacher
reads of them (`summary`), and ``cardlab class`` (`command`).  This module is light (no
database library): the command line and a kernel import it before they need a database."""

URL_ENV = "CARDLAB_RESULTS"
"""The results database's URL in a kernel's environment (`cardlab serve` sets it; a hub's
student servers are given it)."""
OFF = "off"
"""`URL_ENV`'s value (and ``--results``') for no class record: nothing a student does is
stored, only their own file has it (a class that must not be recorded; a benchmark's yardstick)."""


def error_line(error: BaseException) -> str:
    """``error`` in one short line for a teacher: its kind and its message's first line (none
    for an error without a message)."""
    first = next(iter(str(error).splitlines()), "")[:200]
    return f"{type(error).__name__}: {first}" if first else type(error).__name__
