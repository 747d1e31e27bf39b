"""Every test folder shares the helper modules at the top of ``tests/`` (`tools_loader`,
`language_check`): pytest puts the folder of a conftest on ``sys.path`` when it loads it, so this
file makes them importable from ``tests/i18n`` and ``tests/browser`` as well as from here.

Hypothesis runs with no deadline and no "too slow" health check: both are timings, and tests
here assert no timing (speed is measured in benchmarks/).  The suite runs in two processes on
a shared machine, where an example's time says nothing about the code."""

from hypothesis import HealthCheck, settings

settings.register_profile("cardlab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cardlab")
