"""The class record's tests run on SQLite, and on PostgreSQL too where a server is named
(`databases.PG_ENV`, as `.ci/run` does), each test on an empty database of its own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from databases import kinds, results_database


@pytest.fixture(params=kinds())
def url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A results database of the test's own, empty."""
    with results_database(request.param, tmp_path) as made:
        yield made
