"""The class record's databases for tests: a SQLite file, and a PostgreSQL database where
`PG_ENV` names a server (``.ci/run`` installs Debian's server and starts it, and sets
`REQUIRE_ENV`, so there the PostgreSQL tests never skip).

Each test gets a database of its own (a SQLite file, or a PostgreSQL database made for it and
dropped after), so tests in two processes never see each other's rows."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_ENV = "CARDLAB_TEST_POSTGRES"
"""The URL of a PostgreSQL server's maintenance database, as a role that may create databases
and roles (`tests/record/test_roles.py` makes the school's two)."""
REQUIRE_ENV = "CARDLAB_REQUIRE_POSTGRES"
"""Set (``.ci/run`` sets it): a missing `PG_ENV` fails the tests instead of leaving it out."""


def kinds() -> list[str]:
    """The databases to test on: SQLite always, PostgreSQL where there is (or must be) one."""
    if os.environ.get(PG_ENV) or os.environ.get(REQUIRE_ENV):
        return ["sqlite", "postgresql"]
    return ["sqlite"]


@contextlib.contextmanager
def results_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty results database of ``kind`` ("sqlite": a file in ``folder``)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'results.sqlite'}"
        return
    if not os.environ.get(PG_ENV):
        pytest.fail(f"{REQUIRE_ENV} is set but {PG_ENV} names no PostgreSQL server")
    import sqlalchemy as sa

    server = sa.engine.make_url(os.environ[PG_ENV])
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    name = f"cardlab_test_{uuid.uuid4().hex[:12]}"
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.dispose()
