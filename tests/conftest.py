"""Shared test settings."""

import pytest
from hypothesis import HealthCheck, settings

#: per-test timeout (seconds, pytest-timeout) of the known-long tests: those marked ``slow``
#: or ``browser`` (the default for the others is ``timeout`` in pyproject.toml)
LONG_TIMEOUT = 900

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


def pytest_report_header(config):
    """Say which build of hiddenrole the suite tests: the pure-Python sources or the compiled
    build (``make test-compiled``), and where it was imported from."""
    import hiddenrole.engine.game as engine_game

    where = engine_game.__file__
    build = "pure Python" if where.endswith(".py") else "compiled (mypyc)"
    return f"hiddenrole: {build}, engine from {where}"


def pytest_collection_modifyitems(config, items):
    """Give the known-long tests (marked ``slow`` or ``browser``) the longer timeout, unless a
    test sets its own ``@pytest.mark.timeout``."""
    for item in items:
        if item.get_closest_marker("timeout") is None and (
                item.get_closest_marker("slow") is not None or item.get_closest_marker("browser") is not None):
            item.add_marker(pytest.mark.timeout(LONG_TIMEOUT))
