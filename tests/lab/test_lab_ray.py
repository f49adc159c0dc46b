"""`--engine ray`: the same batches as Ray tasks give the same counts as the process pool.

The test starts its own local Ray instance (2 CPUs) in a child process, connects to it by
address as a user would to an existing cluster, and stops it afterwards.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.lab.runs import dumps_results, execute, plan_compare, plan_run, results_json

pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'hiddenrole[ray]'")

pytestmark = pytest.mark.slow

HEAD = """
import sys, ray
context = ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
print(context.address_info["gcs_address"], flush=True)
sys.stdin.read()  # until the test closes our standard input
ray.shutdown()
"""


@pytest.fixture(scope="module")
def ray_address():
    """Start a local 2-CPU Ray instance whose workers can import the test game; yield its address."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["RAY_AUTH_MODE"] = "disabled"  # a throwaway local instance for this test
    head = subprocess.Popen(
        [sys.executable, "-c", HEAD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, env=env,
    )
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(head.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=120)
    try:
        if not line or not line[0].strip():
            pytest.fail("the local Ray instance did not start within 120 seconds")
        previous = os.environ.get("RAY_AUTH_MODE")
        os.environ["RAY_AUTH_MODE"] = "disabled"
        yield line[0].strip()
        if previous is None:
            os.environ.pop("RAY_AUTH_MODE", None)
        else:
            os.environ["RAY_AUTH_MODE"] = previous
    finally:
        head.stdin.close()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()


def test_ray_tasks_count_the_same_as_the_process_pool(tug, ray_address):
    plan = plan_run(tug, [2, 5, 8], 150, 17, {}, [("target", ["1", "3"])], {"reds": "puller"})
    seen = []
    on_ray = execute(plan, engine="ray", address=ray_address, progress=seen.append)
    in_pool = execute(plan, workers=2)
    assert sum(seen) == plan.total_games
    assert dumps_results(results_json(plan, on_ray)) == dumps_results(results_json(plan, in_pool))


def test_a_paired_comparison_on_ray_keeps_the_same_seed_by_seed_results(tug, ray_address):
    plan = plan_compare(tug, [3, 6], 120, 5, {"target": "1"}, {"target": "2"})
    on_ray = execute(plan, engine="ray", address=ray_address)
    in_pool = execute(plan, workers=2)
    assert dumps_results(results_json(plan, on_ray)) == dumps_results(results_json(plan, in_pool))
    assert len(results_json(plan, on_ray)["sets"][1]["counts"][1]["per_game"]) == 120


def test_simulate_command_on_ray_writes_the_same_file(tug, ray_address, tmp_path):
    runner = CliRunner()
    args = ["simulate", tug, "--players", "3,6", "--games", "80", "--seed", "2", "--sweep", "max_rounds=2,4"]
    run = runner.invoke(app, [*args, "--engine", "ray", "--address", ray_address, "--out", str(tmp_path / "ray.json")])
    assert run.exit_code == 0, run.output
    run = runner.invoke(app, [*args, "--workers", "2", "--out", str(tmp_path / "pool.json")])
    assert run.exit_code == 0, run.output
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "pool.json").read_bytes()


def test_the_fun_measures_on_ray_are_the_process_pools(tug, ray_address, tmp_path):
    runner = CliRunner()
    args = ["simulate", tug, "--players", "3,4", "--games", "40", "--seed", "6", "--fun", "--bots", "*=puller"]
    run = runner.invoke(app, [*args, "--engine", "ray", "--address", ray_address, "--out", str(tmp_path / "ray.json")])
    assert run.exit_code == 0, run.output
    run = runner.invoke(app, [*args, "--workers", "2", "--out", str(tmp_path / "pool.json")])
    assert run.exit_code == 0, run.output
    assert '"fun"' in (tmp_path / "ray.json").read_text()
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "pool.json").read_bytes()
