"""The package's shape, read from its source with the standard ``ast`` module: no import
cycles, no reaching into another module's private attributes, game modules of a readable size.

The rules, precisely:

* **Imports** (``test_no_import_cycles``): module ``a`` depends on module ``b`` when ``a``
  imports ``b`` anywhere -- at module level, inside a class, or inside a function (an import
  moved into a function still runs, it only runs later). ``from p import x`` depends on the
  module ``p.x`` when ``x`` is one, else on ``p``; a package means its ``__init__``. These
  edges must form no cycle over all of ``src/hiddenrole``. An import under ``if TYPE_CHECKING:``
  never runs, but it is an edge too: naming a class in an annotation is depending on it, and a
  reader (or farm-studio's picture) follows it. Where a helper module needs to name what it
  is handed, the type lives below it (``engine/observer.py``'s ``ObservedGame``, each game's
  ``state.py``, the server's ``TableView`` and ``ConnectedTable``). ``"module:Class"`` strings (``Game.OBSERVER``, ``Game.NARRATOR``, the registry) are how the
  engine finds a game's parts without importing them, and are not imports either.
* **Private attributes** (``test_no_private_access_across_modules``): a name is private when
  it starts with ``_`` and is not a ``__dunder__``. ``x._name`` is allowed only when ``x`` is
  ``self`` or ``cls`` (also ``super()`` and ``type(...)``), or names a class defined in the
  same module (a dispatch table of the class's own methods). ``from m import _name`` is never
  allowed. Exception: ``_`` itself, gettext's conventional name for "translate"
  (``Narrator._``), is public by that convention.
* **The server's layers** (``test_server_layers_point_one_way``): every module of
  ``hiddenrole.server`` has its place in :data:`SERVER_LAYERS`, top to bottom (the commands,
  the app, the cluster relay, the protocol, the moderator, the live table, what it builds on,
  the store, the leaves), and imports only modules of its own layer or of a layer below --
  here imports under ``if TYPE_CHECKING:`` count too: a module may not even name a class of a
  layer above it (and, as everywhere, no cycle: ``outbox`` and ``stream`` read the table
  through the protocols they declare, :class:`~hiddenrole.server.stream.TableView` and
  :class:`~hiddenrole.server.outbox.ConnectedTable`, not by naming ``LiveTable``). So the
  table never calls into a connection: it cannot know the protocol's
  ``Connection``, only its own :class:`~hiddenrole.server.outbox.Outbox`, the queue of what it
  made for one connection, which the protocol layer sends. Only the layers above the
  moderator import the web framework (``fastapi``, ``starlette``, ``uvicorn``): nothing below
  touches a socket.

Known gaps, not skipped but pinned (each count may only go down; a module that is clean must
be removed from the list, so the list only shrinks): none left. The lists stay, empty, for
the checks' wording.

The long game modules (McCarthyism's and Secret Hitler's ``game.py``) were split (issue 16);
:data:`KNOWN_LONG_GAME_MODULES` stays, empty, for the check's wording.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "hiddenrole"

#: runtime import cycles still present, each as its sorted modules (see the module docstring)
KNOWN_CYCLES: list[list[str]] = [
]
#: module -> how many private reaches it still makes (may only go down)
KNOWN_PRIVATE_ACCESS: dict[str, int] = {
}
#: the most lines a module under src/hiddenrole/games may have, and the ones still longer
MAX_GAME_MODULE_LINES = 500
KNOWN_LONG_GAME_MODULES = {
}
#: the server's layers, top to bottom, each a list of modules (the part of the name after
#: ``hiddenrole.server.``; ``migrations`` stands for its whole folder, ``__init__`` for the
#: package itself): an import goes to the module's own layer or to one below
SERVER_LAYERS = [
    ["__init__"],  # the package's face: re-exports
    ["commands"],  # `hiddenrole serve` and `verify`
    ["app"],  # FastAPI: the REST API and the WebSocket route
    ["cluster"],  # several processes: relays a table's REST calls and WebSockets to its owner
    ["protocol"],  # one WebSocket connection: read, check, hand on; send what the outbox holds
    ["again"],  # a player's own lobby seat (leave, rename) and "Play again"
    ["moderator"],  # every table of this process, the lobby, the host's controls by name
    ["table", "outbox", "stream"],  # one live table: its game, seats, deadlines, bots, feeds, outboxes
    ["audit", "notices", "lease", "guard"],  # what the table and the layers above build on
    ["store"],  # the SQL store
    ["models", "migrations"],  # the schema
    ["errors", "refusals", "tokens", "clock", "mergepatch", "names", "pace", "net", "bus", "webcatalog", "client"],
]
#: the web framework's packages, imported only above the moderator
WEB_FRAMEWORK = ("fastapi", "starlette", "uvicorn")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _trees() -> Iterator[tuple[str, ast.Module]]:
    for name, path in MODULES.items():
        yield name, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules of the package an import statement in ``module`` depends on."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports, anywhere in it (module docstring)."""
    graph: dict[str, set[str]] = {}
    for name, tree in _trees():
        graph[name] = {
            target
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for target in _imported(name, node)
            if target in MODULES and target != name
        }
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))


def private_reaches(name: str, tree: ast.Module) -> list[str]:
    """Each private access of ``tree`` (module ``name``) the rule forbids, as ``line: code``."""
    own_classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in {"self", "cls"} | own_classes:
                continue
            if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id in ("super", "type"):
                continue
            out.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            out.extend(f"{name}:{node.lineno}: import {a.name}" for a in node.names if _private(a.name))
    return out


def test_the_rules_see_what_they_should():
    # the checker itself, on hand-written snippets
    tree = ast.parse(
        "from m import _hidden\n"
        "class A:\n"
        "    def f(self, other):\n"
        "        self._mine = other._theirs + A._table + super()._base + type(self)._k + n._('x')\n"
    )
    assert private_reaches("x", tree) == ["x:1: import _hidden", "x:4: other._theirs"]
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    MODULES.setdefault("hiddenrole.fake.mod", PACKAGE / "fake" / "mod.py")
    try:
        inside = ast.parse("def f():\n    from .other import thing\nif TYPE_CHECKING:\n    from .later import Name\n")
        first, second = [n for n in ast.walk(inside) if isinstance(n, ast.ImportFrom)]
        assert _imported("hiddenrole.fake.mod", first) == ["hiddenrole.fake.other"]
        assert _imported("hiddenrole.fake.mod", second) == ["hiddenrole.fake.later"]
    finally:
        del MODULES["hiddenrole.fake.mod"]


def test_no_import_cycles():
    found = cycles(import_graph())
    new = [c for c in found if c not in KNOWN_CYCLES]
    assert not new, f"import cycles: {new}"
    gone = [c for c in KNOWN_CYCLES if c not in found]
    assert not gone, f"these cycles are gone: remove them from KNOWN_CYCLES: {gone}"


def test_the_games_and_the_engine_never_import_upward():
    # games import only the engine (and themselves); the engine imports nothing of the rest
    for module, targets in import_graph().items():
        if module.startswith("hiddenrole.engine"):
            assert all(t.startswith("hiddenrole.engine") for t in targets), (module, targets)
        if module.startswith("hiddenrole.games."):
            game = ".".join(module.split(".")[:3])
            assert all(t.startswith(("hiddenrole.engine", game)) for t in targets), (module, targets)


def test_no_private_access_across_modules():
    problems = []
    for name, tree in _trees():
        reaches = private_reaches(name, tree)
        allowed = KNOWN_PRIVATE_ACCESS.get(name, 0)
        if len(reaches) > allowed:
            problems.append(f"{name}: {len(reaches)} private reaches (allowed {allowed}):\n  " + "\n  ".join(reaches))
        elif len(reaches) < allowed:
            problems.append(f"{name}: down to {len(reaches)} private reaches: lower KNOWN_PRIVATE_ACCESS to match")
    assert not problems, "\n".join(problems)


def test_game_modules_are_short_enough_to_read():
    problems = []
    for name, path in MODULES.items():
        if not name.startswith("hiddenrole.games."):
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        allowed = KNOWN_LONG_GAME_MODULES.get(name, MAX_GAME_MODULE_LINES - 1)
        if lines > allowed:
            problems.append(f"{name}: {lines} lines (at most {allowed})")
        elif name in KNOWN_LONG_GAME_MODULES and lines < MAX_GAME_MODULE_LINES:
            problems.append(f"{name}: {lines} lines: remove it from KNOWN_LONG_GAME_MODULES")
    assert not problems, "\n".join(problems)


def _server_layer(module: str) -> int | None:
    """The index in :data:`SERVER_LAYERS` of a ``hiddenrole.server`` module (``None``: not listed)."""
    rest = module.removeprefix("hiddenrole.server")
    short = rest.lstrip(".").split(".")[0] or "__init__"
    return next((i for i, layer in enumerate(SERVER_LAYERS) if short in layer), None)


def upward_server_imports(graph: dict[str, set[str]]) -> list[str]:
    """Each import between server modules that goes to a layer above its own, as ``a -> b``."""
    out = []
    for module, targets in sorted(graph.items()):
        if not (module == "hiddenrole.server" or module.startswith("hiddenrole.server.")):
            continue
        here = _server_layer(module)
        for target in sorted(targets):
            if target == "hiddenrole.server" or target.startswith("hiddenrole.server."):
                there = _server_layer(target)
                if here is not None and there is not None and there < here:
                    out.append(f"{module} -> {target}")
    return out


def test_the_layer_check_sees_an_upward_import():
    # the checker itself: the table naming the protocol's Connection, even for an annotation only
    graph = {"hiddenrole.server.table": {"hiddenrole.server.protocol", "hiddenrole.server.store"},
             "hiddenrole.server.protocol": {"hiddenrole.server.moderator"},
             "hiddenrole.server.migrations.env": {"hiddenrole.server.models"},
             "hiddenrole.server.store": {"hiddenrole.server.outbox"}}
    assert upward_server_imports(graph) == ["hiddenrole.server.store -> hiddenrole.server.outbox",
                                            "hiddenrole.server.table -> hiddenrole.server.protocol"]
    assert _server_layer("hiddenrole.server") == 0
    assert _server_layer("hiddenrole.server.migrations.versions.0001_initial") == _server_layer("hiddenrole.server.models")


def test_server_layers_point_one_way():
    graph = import_graph()
    unplaced = [m for m in graph if m.startswith("hiddenrole.server") and _server_layer(m) is None]
    assert not unplaced, f"give these server modules a place in SERVER_LAYERS: {unplaced}"
    upward = upward_server_imports(graph)
    assert not upward, "server imports that go up a layer:\n  " + "\n  ".join(upward)


def test_only_the_layers_above_the_moderator_use_the_web_framework():
    moderator = _server_layer("hiddenrole.server.moderator")
    problems = []
    for name, tree in _trees():
        layer = _server_layer(name) if name.startswith("hiddenrole.server.") else None
        if layer is None or layer < moderator:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                used = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                used = [node.module or ""]
            else:
                continue
            problems += [f"{name}:{node.lineno}: {u}" for u in used if u.split(".")[0] in WEB_FRAMEWORK]
    assert not problems, "below the protocol, nothing touches the web framework:\n  " + "\n  ".join(problems)
