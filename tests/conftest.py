"""Every test folder shares the helper modules at the top of ``tests/`` (`tools_loader`,
`language_check`): pytest puts the folder of a conftest on ``sys.path`` when it loads it, so this
file makes them importable from ``tests/i18n`` and ``tests/browser`` as well as from here.

Hypothesis runs with no deadline and no "too slow" health check: speed is measured in
benchmarks/, and on a shared machine running the suite in two processes an example's time says
little about the code.  A test that bounds bad input in time (it must never hang) sets its own
deadline, seconds where the work takes milliseconds."""

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("cardlab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cardlab")


@pytest.fixture
def in_a_kernel(monkeypatch):
    """Code under test believes it runs in a Jupyter kernel (`cardlab.widgets.later.in_kernel`),
    so work it leaves for later goes to the event loop the test runs; outside one it is done at
    once.  The browser tests run the real kernels."""
    from cardlab.widgets import later

    monkeypatch.setattr(later, "in_kernel", lambda: True)


@pytest.fixture(autouse=True, scope="session")
def class_record_of_the_tests(tmp_path_factory):
    """The class record the tests' tables and quizzes write (`cardlab.record.writer`), and the
    servers they start hand their kernels: a file of the run's own, never the user's."""
    import os

    from cardlab.record import URL_ENV

    path = tmp_path_factory.mktemp("record") / "results.sqlite"
    before = os.environ.get(URL_ENV)
    os.environ[URL_ENV] = f"sqlite:///{path}"
    yield path
    if before is None:
        os.environ.pop(URL_ENV, None)
    else:
        os.environ[URL_ENV] = before
