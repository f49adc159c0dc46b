"""The games: one package each, built on :mod:`hiddenrole.engine` only."""
