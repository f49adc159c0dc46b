"""Mutation testing of the games' rules modules with mutmut (``make mutation``).

Usage::

    python tools/mutation.py [--game GAME ...] [--sample N] [--seed S] [--max-children K]

GAME is ``secret-hitler``, ``mccarthyism`` or ``shady-agents`` (default: all three, one after
the other). Each game is mutated on its own, in a scratch folder ``.mutation/<game>/`` (git
ignores it; nothing tracked is written): its rules modules (every ``*.py`` of
``src/hiddenrole/games/<game>/`` but the presentation modules in :data:`PRESENTATION`) are
mutated, and each mutant runs against that game's fast tests (``tests/<game>``, ``-m "not
slow"``, no xdist, ``-x``): mutmut runs the tests that reached the mutated function, and a
mutant they let survive is run once more against the whole folder (:func:`recheck`).
``--sample N`` tests N mutants per game drawn with a seeded generator (``--seed``, default 0)
instead of all of them. A second run reuses the results of unchanged functions.

Prints one line per game and a total: mutants, killed, survived (and timeouts, mutants no
test reaches), then the survivors' names; ``mutmut show NAME`` inside ``.mutation/<game>/``
prints a mutant's diff. Exit status 0 unless mutmut itself fails; a usage error exits 2.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: game name on the command line -> (package folder, test folder)
GAMES = {
    "secret-hitler": "secret_hitler",
    "mccarthyism": "mccarthyism",
    "shady-agents": "shady_agents",
}
#: modules that present the game (text, views, forum thread) rather than rule it; their
#: tests are the views', narration's and stream's own, not the rules'
PRESENTATION = {"__init__.py", "narration.py", "views.py", "thread.py"}
#: lines left unmutated (regular expressions): the wording of an error message (a ``raise``
#: or ``return`` of an error, and a message's continuation lines). Whether bad input is
#: refused is mutated (the conditions); the words of the refusal are not rules.
MESSAGE_LINES = [
    r"\b(raise|return) \w*(Error|IllegalAction|BadSetup|BadOption)\(",
    r"\braise self\._not_now\(",
    r"^\s*f?\"[^\"]*\"\)*$",
    r"^\s*return f?\"[^\"]*\"$",  # a reason returned for a refusal to word
]

SETUP_CFG = """\
[mutmut]
source_paths = src/hiddenrole
only_mutate =
{only}
pytest_add_cli_args =
    -p
    no:xdist
    -p
    no:cacheprovider
    -m
    not slow and not browser
    --timeout=300
pytest_add_cli_args_test_selection = tests/{package}
use_git_change_detection = false
process_isolation = forkserver
do_not_mutate_patterns =
{messages}
also_copy =
    docs
    benchmarks
"""


def rules_modules(package: str) -> list[str]:
    """The game's rules modules, as paths relative to the repository (``src/...py``)."""
    folder = ROOT / "src" / "hiddenrole" / "games" / package
    return sorted(str(p.relative_to(ROOT)) for p in folder.glob("*.py") if p.name not in PRESENTATION)


def prepare(game: str) -> Path:
    """Lay out ``.mutation/<game>/``: links to src/, tests/, docs/, benchmarks/ (some tests
    read them) and pyproject.toml (the pytest settings) and a setup.cfg holding this game's mutmut settings; returns the folder."""
    package = GAMES[game]
    work = ROOT / ".mutation" / game
    work.mkdir(parents=True, exist_ok=True)
    for name in ("src", "tests", "docs", "benchmarks", "pyproject.toml"):
        link = work / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    only = "\n".join(f"    {m}" for m in rules_modules(package))
    messages = "\n".join(f"    {m}" for m in MESSAGE_LINES)
    cfg = SETUP_CFG.format(only=only, package=package, messages=messages)
    cfg_path = work / "setup.cfg"
    if not cfg_path.exists() or cfg_path.read_text() != cfg:
        # other modules or lines to mutate: mutmut would keep its old mutants, so start anew
        shutil.rmtree(work / "mutants", ignore_errors=True)
        (work / "recheck.json").unlink(missing_ok=True)
        cfg_path.write_text(cfg)
    return work


def mutmut(work: Path, *args: str, log=None) -> subprocess.CompletedProcess:
    """Run ``mutmut ARGS`` in ``work`` with this interpreter's mutmut."""
    exe = Path(sys.executable).with_name("mutmut")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([str(exe), *args], cwd=work, env=env, text=True,
                          stdout=log if log is not None else subprocess.PIPE,
                          stderr=subprocess.STDOUT if log is not None else subprocess.PIPE)


def results(work: Path) -> dict[str, str]:
    """Mutant name -> status (killed, survived, timeout, no tests, ...) of the last run."""
    out = mutmut(work, "results", "--all", "true").stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+): (.+)$", line)
        if m and "__mutmut_" in m.group(1):
            found[m.group(1)] = m.group(2).strip()
    return found


def all_mutants(work: Path) -> dict[str, int | None]:
    """Every mutant mutmut generated in ``work`` -> the exit code of its last test run
    (``None`` when not run yet), from mutmut's ``*.py.meta`` files."""
    found: dict[str, int | None] = {}
    for meta in (work / "mutants").rglob("*.py.meta"):
        found.update(json.loads(meta.read_text())["exit_code_by_key"])
    return found


#: the pytest arguments of a recheck (the same tests mutmut chooses from)
RECHECK_ARGS = ["-x", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-m", "not slow and not browser",
                "--timeout=300"]


def recheck(work: Path, package: str, name: str) -> str:
    """Run the game's whole fast test folder against one mutant that the covering tests let
    survive; ``"killed"`` when a test fails, else ``"survived"``.

    mutmut runs a mutant against the tests that reached its function while it gathered its
    statistics; a function whose result a game keeps for the whole process (the seatings
    built once per seat order) is reached by the first such test only, so its mutants need
    the whole folder."""
    env = dict(os.environ, MUTANT_UNDER_TEST=name, PYTHONPATH="src", PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "pytest", *RECHECK_ARGS, f"tests/{package}"],
                          cwd=work / "mutants", env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "survived" if done.returncode == 0 else "killed"


def recheck_survivors(work: Path, package: str, found: dict[str, str], max_children: int) -> dict[str, str]:
    """``found`` with each survivor rechecked against the game's whole fast test folder
    (:func:`recheck`), ``max_children`` at a time. A mutant killed so is remembered in
    ``recheck.json`` with the hash of its mutated module, so it is not run again."""
    memo_path = work / "recheck.json"
    memo = json.loads(memo_path.read_text()) if memo_path.exists() else {}

    def module_hash(name: str) -> str:
        module = re.split(r"\.x[_ǁ]", name)[0]  # the module of "pkg.mod.x_f__mutmut_3"
        path = work / "mutants" / "src" / (module.replace(".", "/") + ".py")
        return hashlib.sha256(path.read_bytes()).hexdigest()

    survivors = [n for n, status in found.items() if status == "survived"]
    todo = [n for n in survivors if memo.get(n) != module_hash(n)]
    with ThreadPoolExecutor(max_workers=max_children) as pool:
        for name, status in zip(todo, pool.map(lambda n: recheck(work, package, n), todo)):
            if status == "killed":
                memo[name] = module_hash(name)
    memo_path.write_text(json.dumps(memo, indent=1, sort_keys=True))
    return {n: ("killed" if status == "survived" and memo.get(n) == module_hash(n) else status)
            for n, status in found.items()}


def run_game(game: str, sample: int | None, seed: int, max_children: int) -> dict[str, str]:
    """Mutate one game and run its tests against every mutant (or a sample); returns the
    statuses of the mutants tested."""
    work = prepare(game)
    log_path = work / "mutmut.log"
    with open(log_path, "a") as log:
        args = ["run", "--max-children", str(max_children)]
        if sample is not None:
            # generate the mutants and the stats without testing any (mutmut stops at a name
            # that matches no mutant), then draw the sample from the mutants' list
            mutmut(work, *args, "none.such.mutant__mutmut_0", log=log)
            known = all_mutants(work)
            names = sorted(known)
            chosen = sorted(random.Random(seed).sample(names, min(sample, len(names))))
            # mutmut runs again every mutant named, so name only those without a result
            todo = [name for name in chosen if known[name] is None]
            done = mutmut(work, *args, *todo, log=log) if todo else None
        else:
            done = mutmut(work, *args, log=log)
    if done is not None and done.returncode != 0:
        print(f"{game}: mutmut failed (exit {done.returncode}); see {log_path}", file=sys.stderr)
        sys.exit(1)
    found = results(work)
    if sample is not None:
        found = {name: found[name] for name in chosen if name in found}
    return recheck_survivors(work, GAMES[game], found, max_children)


def equivalent_mutants() -> set[str]:
    """The mutants judged equivalent (no test can tell them from the original), listed with
    the reason in tools/mutation_equivalent.txt (``name  # reason``, one a line)."""
    path = ROOT / "tools" / "mutation_equivalent.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return {line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()}


def summary(game: str, found: dict[str, str], seconds: float) -> dict[str, int]:
    """Print and return the counts of one game's (or the total's) mutants by status; a
    survivor listed as equivalent counts as ``equivalent``."""
    counts = {"mutants": len(found)}
    for status in found.values():
        counts[status] = counts.get(status, 0) + 1
    print_counts(game, counts, seconds)
    return counts


def print_counts(title: str, counts: dict[str, int], seconds: float) -> None:
    """One line: mutants, killed, equivalent, survived, the other statuses, and the score
    killed / (mutants - equivalent)."""
    killed, equivalent = counts.get("killed", 0), counts.get("equivalent", 0)
    others = {k: v for k, v in counts.items() if k not in ("mutants", "killed", "equivalent", "survived")}
    extra = "".join(f", {k}: {v}" for k, v in sorted(others.items()))
    scored = counts.get("mutants", 0) - equivalent
    score = killed / scored if scored else 1.0
    print(f"{title}: {counts.get('mutants', 0)} mutants, {killed} killed, {equivalent} equivalent, "
          f"{counts.get('survived', 0)} survived{extra}; score killed/(mutants - equivalent) = {score:.1%}; "
          f"{seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game to mutate (repeatable; default: all three)")
    parser.add_argument("--sample", type=int, default=None, metavar="N",
                        help="test N mutants per game, drawn with a seeded generator")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument("--max-children", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--clean", action="store_true", help="forget earlier results first")
    args = parser.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be a positive number of mutants")
    if args.max_children < 1:
        parser.error("--max-children must be at least 1")
    games = args.game or list(GAMES)
    total: dict[str, int] = {}
    survivors: list[str] = []
    start = time.monotonic()
    for game in games:
        if args.clean:
            shutil.rmtree(ROOT / ".mutation" / game, ignore_errors=True)
        t0 = time.monotonic()
        found = run_game(game, args.sample, args.seed, args.max_children)
        equivalent = equivalent_mutants()
        found = {n: ("equivalent" if s == "survived" and n in equivalent else s) for n, s in found.items()}
        for key, value in summary(game, found, time.monotonic() - t0).items():
            total[key] = total.get(key, 0) + value
        survivors += [f"  {game}: {name}" for name, status in sorted(found.items()) if status not in ("killed", "equivalent")]
    if len(games) > 1:
        print_counts("total", total, time.monotonic() - start)
    if survivors:
        print("not killed:")
        print("\n".join(survivors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
