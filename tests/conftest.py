"""Shared test settings."""

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


def pytest_report_header(config):
    """Say which build of hiddenrole the suite tests: the pure-Python sources or the compiled
    build (``make test-compiled``), and where it was imported from."""
    import hiddenrole.engine.game as engine_game

    where = engine_game.__file__
    build = "pure Python" if where.endswith(".py") else "compiled (mypyc)"
    return f"hiddenrole: {build}, engine from {where}"
