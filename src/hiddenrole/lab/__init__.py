"""The balance lab: play many seeded games with bots and report how they ended.

* :func:`play_game` -- one game with bots, through the engine contract.
* :func:`simulate` -- seeded games per player count in this process.
* :func:`plan_run` / :func:`execute` -- a run of player counts x option sets on worker
  processes or Ray, the same result whatever the split; :func:`results_json` for its file.
* :func:`write_report` (in :mod:`hiddenrole.lab.report`) -- Markdown tables and PNG plots.
"""

from .play import GameRecord, play_game
from .runs import execute, load_results, plan_run, results_json, write_results
from .simulate import CountResult, simulate
from .stats import wilson_interval

__all__ = [
    "CountResult", "GameRecord", "execute", "load_results", "plan_run", "play_game", "results_json",
    "simulate", "wilson_interval", "write_results",
]
