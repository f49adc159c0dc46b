"""Build hook for an optional compiled build of the rules engines.

``pip install .`` builds the pure-Python package (no compiler needed). With the environment
variable ``HIDDENROLE_MYPYC=1`` the modules in :data:`COMPILED` (the engine contract, the three
games, the bots and the lab's play loop: what a simulation runs at every step) are compiled
to C extensions by mypyc, which needs mypy, setuptools and a C compiler at build time::

    pip install mypy==2.4.1 setuptools wheel
    HIDDENROLE_MYPYC=1 pip install --no-build-isolation .

``make compiled`` does this in ``.venv-compiled`` (see README). The compiled package behaves
exactly as the pure one (CI runs the whole suite on both) and plays random-bot games about
twice as fast (docs/performance.md). The server, CLI and reports stay interpreted.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
PACKAGE = ROOT / "src" / "hiddenrole"


def compiled_modules() -> list[str]:
    """The source files mypyc compiles, relative to this folder (``__init__`` files stay
    interpreted: they only re-export; the narration modules too (``narration*.py``): they turn events into
    sentences for people, off the simulation's hot path, as is Secret Hitler's claim
    notation told in words; and the ``llm`` bot, which waits for a network reply at every
    decision)."""
    files = [*(PACKAGE / "engine").glob("*.py"), *(PACKAGE / "games").glob("*/*.py"),
             *(PACKAGE / "bots").glob("*.py"), PACKAGE / "lab" / "play.py"]
    return sorted(str(f.relative_to(ROOT)) for f in files
                  if f.name not in ("__init__.py", "claims.py", "llm.py") and not f.name.startswith("narration"))


if os.environ.get("HIDDENROLE_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(compiled_modules(), opt_level="3"))
else:
    setup()
