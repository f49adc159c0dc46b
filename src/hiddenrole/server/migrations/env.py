"""Alembic environment of the server's store.

The server runs the migrations itself on start (:func:`hiddenrole.server.store.migrate`),
passing its open connection in ``config.attributes["connection"]``. Run by hand, Alembic
uses ``sqlalchemy.url`` from the config (a synchronous URL).
"""

from alembic import context
from sqlalchemy import engine_from_config, pool

from hiddenrole.server.models import metadata

config = context.config
target_metadata = metadata


def run_with(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
elif connection is not None:
    run_with(connection)
else:
    engine = engine_from_config(config.get_section(config.config_ini_section, {}), prefix="sqlalchemy.",
                                poolclass=pool.NullPool)
    with engine.connect() as conn:
        run_with(conn)
