"""The class record's tests run on SQLite, and on PostgreSQL too where `PG_ENV` names a server
(as `.ci/run` does: it installs Debian's server and starts it, so there they never skip).

Each test gets a database of its own (a SQLite file, or a PostgreSQL database made for it and
dropped after), so tests in two processes never see each other's rows."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

PG_ENV = "CARDLAB_TEST_POSTGRES"
"""The URL of a PostgreSQL server's maintenance database, as a role that may create databases."""


REQUIRE_ENV = "CARDLAB_REQUIRE_POSTGRES"
"""Set (``.ci/run`` sets it): a missing `PG_ENV` fails the tests instead of leaving it out."""


def _kinds() -> list[str]:
    return (
        ["sqlite", "postgresql"]
        if os.environ.get(PG_ENV) or os.environ.get(REQUIRE_ENV)
        else ["sqlite"]
    )


@pytest.fixture(params=_kinds())
def url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A results database of the test's own, empty."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'results.sqlite'}"
        return
    if not os.environ.get(PG_ENV):
        pytest.fail(f"{REQUIRE_ENV} is set but {PG_ENV} names no PostgreSQL server")
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
