"""The balance report of a simulation result file, for a designer: Markdown with PNG plots,
and the same report as one self-contained HTML page (plots embedded as PNG data).

It shows each side's win rate by player count with 95% Wilson intervals and the 50% line,
rows pooled over the player counts, a heat map of a sweep (win rate by option value and
player count), how games end, their length in actions and in minutes at a chosen pace,
and, for a paired comparison, whether setting B moved the win rate (exact McNemar test)
and by how much (Newcombe's interval).

Plots are drawn with matplotlib's object API (:class:`matplotlib.figure.Figure` on an Agg
canvas), never pyplot's global state, so reports can be made from any thread or process.
"""

from __future__ import annotations

import base64
import html
import io
import re
import shlex
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from .runs import load_results, tallies_of
from .simulate import CountResult, length_stats, outcome_columns
from .stats import PairedComparison, paired_rows, wilson_interval

WIN_RATE_PNG = "winrate.png"
LENGTH_PNG = "length.png"
PIVOT_PNG = "pivot.png"
COMPARE_PNG = "compare.png"
WINPROB_PNG = "winprob.png"
REPORT_MD = "report.md"
REPORT_HTML = "report.html"

#: How game time is counted (``--pace``): every step runs to its deadline (a forum game), or
#: each decision moment takes the same few seconds (a table playing live, without deadlines).
PACES = ("forum", "live")
DEFAULT_DECISION_SECONDS = 20.0

Sets = list[tuple[str, dict[int, CountResult]]]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def plain(text: str) -> str:
    """A key or code in plain words: ``"whitelist_protection_turns=2"`` ->
    ``"whitelist protection turns=2"``; ``"five_liberal_policies"`` -> ``"five liberal policies"``."""
    return text.replace("_", " ")


def _columns(sides: Sequence[str], sets: Sets) -> list[str]:
    return outcome_columns(sides, (t for _, by_count in sets for t in by_count.values()))


def pooled(by_count: Mapping[int, CountResult]) -> tuple[int, Counter]:
    """``(games, wins by side)`` over every player count of an option set (each count weighs
    as many games as it played)."""
    wins: Counter = Counter()
    games = 0
    for tally in by_count.values():
        games += tally.games
        wins.update(tally.wins)
    return games, wins


def _rate_cell(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{_pct(wins / games if games else 0.0)} ({_pct(low)}-{_pct(high)})"


def win_rate_table(sides: Sequence[str], sets: Sets) -> str:
    """Markdown: per option set and player count, each side's win % with its 95% Wilson
    interval; then a row pooled over the player counts (players ``all``)."""
    columns = _columns(sides, sets)
    lines = [
        "| options | players | games | "
        + " | ".join(f"{c} win % (95% CI)" if c != "draw" else "draw % (95% CI)" for c in columns)
        + " |",
        "|---|---:|---:|" + "---:|" * len(columns),
    ]
    for label, by_count in sets:
        for n, tally in by_count.items():
            cells = [tally.win_cell(side) for side in columns]
            lines.append(f"| {plain(label)} | {n} | {tally.games} | " + " | ".join(cells) + " |")
        if len(by_count) > 1:
            games, wins = pooled(by_count)
            cells = [_rate_cell(wins.get(side, 0), games) for side in columns]
            lines.append(f"| {plain(label)} | **all** | {games} | " + " | ".join(f"**{c}**" for c in cells) + " |")
    return "\n".join(lines)


def reasons_table(sets: Sets) -> str:
    """Markdown: per option set and player count, the games ending for each reason (count and %)."""
    reasons = sorted({r for _, by_count in sets for t in by_count.values() for r in t.reasons})
    lines = [
        "| options | players | " + " | ".join(plain(r) for r in reasons) + " |",
        "|---|---:|" + "---:|" * len(reasons),
    ]
    for label, by_count in sets:
        for n, tally in by_count.items():
            cells = []
            for r in reasons:
                k = tally.reasons.get(r, 0)
                cells.append(f"{k} ({_pct(k / tally.games) if tally.games else '0.0'}%)")
            lines.append(f"| {plain(label)} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def minutes_hist(tally: CountResult, pace: str, decision_seconds: float = DEFAULT_DECISION_SECONDS) -> Counter:
    """A tally's game lengths in minutes at a pace: ``{minutes: games}``.

    ``"forum"``: every step lasts its whole deadline (the game's timers); ``"live"``: each
    decision moment takes ``decision_seconds`` (seconds). Raises ``ValueError`` on another pace.
    """
    if pace == "forum":
        return Counter({k / 60: v for k, v in tally.deadline_hist.items()})
    if pace == "live":
        return Counter({k * decision_seconds / 60: v for k, v in tally.moments_hist.items()})
    raise ValueError(f"unknown pace {pace!r} (paces: {', '.join(PACES)})")


def _timed(sets: Sets) -> bool:
    return all(t.timed for _, by_count in sets for t in by_count.values())


def _has_deadlines(sets: Sets) -> bool:
    return any(k > 0 for _, by_count in sets for t in by_count.values() for k in t.deadline_hist)


def length_table(sets: Sets, pace: str = "forum", decision_seconds: float = DEFAULT_DECISION_SECONDS) -> str:
    """Markdown: per option set and player count, the game length in turns (mean, median,
    10th-90th percentile, range), mean actions, mean timeouts per game, and (when the result
    file measured it) the minutes at ``pace``: median and 10th-90th percentile."""
    timed = _timed(sets)
    lines = [
        "| options | players | turns: mean | median | p10-p90 | min-max | actions: mean | timeouts per game |"
        + (" minutes: median | p10-p90 |" if timed else ""),
        "|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if timed else ""),
    ]
    for label, by_count in sets:
        for n, tally in by_count.items():
            t = length_stats(tally.turns_hist)
            a = length_stats(tally.actions_hist)
            per_game = tally.timeouts / tally.games if tally.games else 0.0
            row = (
                f"| {plain(label)} | {n} | {t['mean']:.1f} | {t['median']:g} | {t['p10']:g}-{t['p90']:g} "
                f"| {t['min']:g}-{t['max']:g} | {a['mean']:.1f} | {per_game:.2f} |"
            )
            if timed:
                m = length_stats(minutes_hist(tally, pace, decision_seconds))
                row += f" {m['median']:.0f} | {m['p10']:.0f}-{m['p90']:.0f} |"
            lines.append(row)
    return "\n".join(lines)


@dataclass(frozen=True)
class Pivot:
    """A sweep's win rates as a grid: one row per option set, one column per player count.

    Attributes:
        side: the side whose win rate the cells give.
        rows: the option sets' labels (plain words). counts: the player counts.
        cells: ``cells[r][c]``: ``(win rate, low, high)`` as fractions, or ``None`` where
            that option set was not played at that count.
    """

    side: str
    rows: tuple[str, ...]
    counts: tuple[int, ...]
    cells: tuple[tuple[tuple[float, float, float] | None, ...], ...]


def pivot(sets: Sets, side: str) -> Pivot:
    """The sweep pivot of ``side``'s win rate (see :class:`Pivot`)."""
    counts = tuple(sorted({n for _, by_count in sets for n in by_count}))
    cells = tuple(
        tuple(by_count[n].win_rate(side) if n in by_count else None for n in counts) for _, by_count in sets
    )
    return Pivot(side, tuple(plain(label) for label, _ in sets), counts, cells)


def pivot_table(p: Pivot) -> str:
    """Markdown: the pivot's win % per option set (rows) and player count (columns)."""
    lines = [
        f"| options \\ players | " + " | ".join(str(n) for n in p.counts) + " |",
        "|---|" + "---:|" * len(p.counts),
    ]
    for label, row in zip(p.rows, p.cells):
        lines.append(f"| {label} | " + " | ".join("" if c is None else _pct(c[0]) for c in row) + " |")
    return "\n".join(lines)


def pivot_figure(title: str, p: Pivot) -> Figure:
    """A heat map of the pivot: win % by option set (rows) and player count (columns), with
    each cell written in, coloured from blue (the side loses) through white (50%) to red."""
    fig = _new_figure(max(5.0, 0.6 * len(p.counts) + 3.0), max(2.5, 0.45 * len(p.rows) + 1.5))
    ax = fig.subplots()
    grid = [[float("nan") if c is None else 100 * c[0] for c in row] for row in p.cells]
    image = ax.imshow(grid, cmap="RdBu_r", norm=TwoSlopeNorm(vcenter=50.0, vmin=0.0, vmax=100.0), aspect="auto")
    for r, row in enumerate(p.cells):
        for c, cell in enumerate(row):
            if cell is not None:
                ax.text(c, r, f"{100 * cell[0]:.0f}", ha="center", va="center", fontsize="small")
    ax.set_xticks(range(len(p.counts)), [str(n) for n in p.counts])
    ax.set_yticks(range(len(p.rows)), list(p.rows))
    ax.set_xlabel("players")
    fig.colorbar(image, ax=ax, label=f"{p.side} win % (white: 50%)")
    fig.suptitle(title)
    return fig


def _new_figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def plot_win_rates(title: str, sides: Sequence[str], sets: Sets, path: Path) -> Path:
    """Save :func:`win_rate_figure` as a PNG at ``path``; returns ``path``."""
    win_rate_figure(title, sides, sets).savefig(path, dpi=100, metadata={"Software": None})
    return path


def win_rate_figure(title: str, sides: Sequence[str], sets: Sets) -> Figure:
    """Each side's win rate (%) by player count with 95% Wilson interval bars, one panel per
    side (and one for draws if any), one line per option set, and a dashed line at 50%."""
    columns = _columns(sides, sets)
    fig = _new_figure(5.0 * len(columns), 4.0)
    axes = fig.subplots(1, len(columns), squeeze=False)[0]
    spread = 0.25
    for ax, side in zip(axes, columns):
        for i, (label, by_count) in enumerate(sets):
            offset = (i - (len(sets) - 1) / 2) * (spread / max(1, len(sets) - 1)) if len(sets) > 1 else 0.0
            xs, ys, lows, highs = [], [], [], []
            for n, tally in sorted(by_count.items()):
                rate, low, high = tally.win_rate(side)
                xs.append(n + offset)
                ys.append(100 * rate)
                lows.append(100 * max(0.0, rate - low))  # the interval may miss the rate by a rounding error
                highs.append(100 * max(0.0, high - rate))
            ax.errorbar(xs, ys, yerr=[lows, highs], marker="o", markersize=4, capsize=3, label=plain(label))
        if side != "draw":
            ax.axhline(50.0, color="0.3", linestyle="--", linewidth=1, zorder=0)
        ax.set_title(f"{side} win rate" if side != "draw" else "draws")
        ax.set_xlabel("players")
        ax.set_ylabel("% of games (95% Wilson interval)")
        ax.set_ylim(0, 100)
        ax.set_xticks(sorted({n for _, by_count in sets for n in by_count}))
        ax.grid(True, alpha=0.3)
        if len(sets) > 1:
            ax.legend(fontsize="small")
    fig.suptitle(title)
    return fig


def plot_game_length(title: str, sets: Sets, path: Path, measure: str = "turns") -> Path:
    """Save :func:`game_length_figure` as a PNG at ``path``; returns ``path``."""
    game_length_figure(title, sets, measure).savefig(path, dpi=100, metadata={"Software": None})
    return path


def game_length_figure(
    title: str, sets: Sets, measure: str = "turns", pace: str | None = None,
    decision_seconds: float = DEFAULT_DECISION_SECONDS,
) -> Figure:
    """The distribution of game length in turns (share of games per length, all player
    counts pooled, one line per option set) and its median with the 10th-90th percentile
    band by player count; with a ``pace``, a third panel: the same band in minutes."""
    with_minutes = pace is not None and _timed(sets)
    fig = _new_figure(16.0 if with_minutes else 11.0, 4.0)
    panels = fig.subplots(1, 3 if with_minutes else 2)
    hist_ax, band_ax = panels[0], panels[1]
    for label, by_count in sets:
        pooled_hist: Counter = Counter()
        for tally in by_count.values():
            pooled_hist.update(tally.turns_hist)
        total = sum(pooled_hist.values()) or 1
        lengths = sorted(pooled_hist)
        if lengths:
            xs = list(range(lengths[0], lengths[-1] + 1))
            hist_ax.step(xs, [100 * pooled_hist.get(x, 0) / total for x in xs], where="mid", label=plain(label))
        counts = sorted(by_count)
        stats = [length_stats(by_count[n].turns_hist) for n in counts]
        line = band_ax.plot(counts, [s["median"] for s in stats], marker="o", markersize=4, label=plain(label))[0]
        band_ax.fill_between(
            counts, [s["p10"] for s in stats], [s["p90"] for s in stats], alpha=0.2, color=line.get_color()
        )
        if with_minutes:
            assert pace is not None
            minutes = [length_stats(minutes_hist(by_count[n], pace, decision_seconds)) for n in counts]
            m_ax = panels[2]
            m_line = m_ax.plot(counts, [m["median"] for m in minutes], marker="o", markersize=4,
                               label=plain(label))[0]
            m_ax.fill_between(counts, [m["p10"] for m in minutes], [m["p90"] for m in minutes], alpha=0.2,
                              color=m_line.get_color())
    hist_ax.set_title(f"game length, all player counts ({measure})")
    hist_ax.set_xlabel(f"game length ({measure})")
    hist_ax.set_ylabel("% of games")
    band_ax.set_title("median and 10th-90th percentile by player count")
    band_ax.set_ylabel(f"game length ({measure})")
    if with_minutes:
        panels[2].set_title(f"minutes, {_pace_words(pace or '', decision_seconds)}", fontsize="medium")
        panels[2].set_ylabel("minutes (median, 10th-90th percentile)")
    for ax in panels[1:]:
        ax.set_xlabel("players")
        ax.set_xticks(sorted({n for _, by_count in sets for n in by_count}))
    for ax in panels:
        ax.grid(True, alpha=0.3)
        if len(sets) > 1:
            ax.legend(fontsize="small")
    fig.suptitle(title)
    return fig


def comparison_figure(title: str, side: str, rows: Sequence[tuple[str, PairedComparison]]) -> Figure:
    """The change B minus A in ``side``'s win rate (points) at each player count and pooled
    ("all"), with 95% intervals and a line at 0 (no change)."""
    fig = _new_figure(max(5.0, 0.5 * len(rows) + 3.0), 3.5)
    ax = fig.subplots()
    xs = list(range(len(rows)))
    ys = [100 * c.difference for _, c in rows]
    ax.errorbar(xs, ys, yerr=[[100 * (c.difference - c.low) for _, c in rows],
                              [100 * (c.high - c.difference) for _, c in rows]],
                marker="o", markersize=4, capsize=3, linestyle="none")
    ax.axhline(0.0, color="0.3", linestyle="--", linewidth=1, zorder=0)
    ax.set_xticks(xs, [label for label, _ in rows])
    ax.set_xlabel("players")
    ax.set_ylabel(f"{side} win %: B minus A (points)")
    ax.grid(True, alpha=0.3)
    fig.suptitle(title)
    return fig


FunSets = list[tuple[str, Mapping[int, Mapping[str, Any]]]]

#: The fun measures' columns: (key in the measures, column header, how the value is shown).
_FUN_COLUMNS = (
    ("uncertainty", "open until (% of game)", lambda v: f"{100 * v:.0f}"),
    ("lead_changes", "lead changes", lambda v: f"{v:.2f}"),
    ("drama", "winner's lowest chance %", lambda v: f"{100 * v:.0f}"),
    ("comebacks", "comebacks %", lambda v: f"{100 * v:.0f}"),
    ("decisive", "decided at (% of game)", lambda v: f"{100 * v:.0f}"),
    ("downtime", "out of play %", lambda v: f"{100 * v:.0f}"),
)


def fun_rows(side: str, sets: FunSets, labelled: bool = True) -> list[list[str]]:
    """The fun measures as rows of text: a header, then one row per option set and player
    count (``sets``: ``[(label, {count: measures})]``, the measures of
    :func:`hiddenrole.lab.runs.fun_measures`). Columns: each measure of :data:`_FUN_COLUMNS`,
    each side's skill gain in points, and the win-probability estimate's Brier score on
    games it did not see against the constant guess's."""
    skill_sides = sorted({s for _, by_count in sets for m in by_count.values() for s in m.get("skill", {})})
    header = (["options"] if labelled else []) + ["players"] + [h for _, h, _ in _FUN_COLUMNS]
    header += [f"skill: {s} gain (points)" for s in skill_sides] + ["estimate's Brier (constant's)"]
    rows = [header]
    for label, by_count in sets:
        for n, m in by_count.items():
            row = ([plain(label)] if labelled else []) + [str(n)]
            row += [show(float(m[key])) for key, _, show in _FUN_COLUMNS]
            row += [f"{100 * m['skill'][s]:+.1f}" if s in m.get("skill", {}) else "-" for s in skill_sides]
            row.append(f"{m['brier']:.3f} ({m['brier_base']:.3f})")
            rows.append(row)
    return rows


def fun_table(side: str, sets: FunSets) -> str:
    """Markdown: :func:`fun_rows` as a table."""
    header, *body = fun_rows(side, sets)
    lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines)


def winprob_figure(title: str, side: str, sets: FunSets) -> Figure:
    """The win-probability line of the sample games (the first games of the smallest and the
    largest player count of the first option set): ``side``'s chance at each public moment,
    over the share of the game played, with the 50% line."""
    label, by_count = sets[0]
    counts = sorted(by_count)
    chosen = [counts[0]] + ([counts[-1]] if len(counts) > 1 else [])
    fig = _new_figure(7.0, 3.8)
    ax = fig.subplots()
    for n in chosen:
        for sample in by_count[n].get("samples", []):
            line = sample["line"]
            if not line:
                continue
            xs = [100 * i / len(line) for i in range(len(line))] + [100.0]
            end = 100.0 if sample["winner"] == side else 0.0
            ax.plot(xs, [100 * p for p in line] + [end], linewidth=1.2,
                    label=f"{n} players, game {sample['index'] + 1}: {plain(sample['winner'])} won")
    ax.axhline(50.0, color="0.3", linestyle="--", linewidth=1, zorder=0)
    ax.set_ylim(-2, 102)
    ax.set_xlabel("share of the game played (%)")
    ax.set_ylabel(f"chance the {side} win (%)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, loc="best")
    fig.suptitle(title)
    return fig


def _fun_sets(data: Mapping[str, Any]) -> FunSets:
    out: FunSets = []
    for option_set in data["sets"]:
        measures = {int(c["players"]): c["fun"] for c in option_set["counts"] if "fun" in c}
        if measures:
            out.append((option_set["label"], measures))
    return out


def _turns_measure(sets: Sets) -> str:
    measures = {t.turns_measure for _, by_count in sets for t in by_count.values()}
    if measures == {"game"}:
        return "turns as the game counts them"
    if measures == {"phases"}:
        return "turns counted as phases"
    return "turns (the game's count where it gives one, else phases)"


def _pace_words(pace: str, decision_seconds: float) -> str:
    if pace == "forum":
        return "forum pace: every step lasts its whole deadline"
    return f"live pace: {decision_seconds:g} seconds per decision"


def _command(data: Mapping[str, Any]) -> str:
    """The command that made the result file (shell-quoted; a tune's own command for the
    best settings of ``hiddenrole tune``)."""
    if "tune_command" in data:
        return str(data["tune_command"])
    sets = data.get("sets", [])
    words = ["hiddenrole", "compare" if data.get("compare") else "simulate", data["game"],
             "--players", _counts_text(data["players"]), "--games", str(data["games"]), "--seed", str(data["seed"])]
    for key, value in data.get("options", {}).items():
        words += ["--option", f"{key}={_value(value)}"]
    for sweep in data.get("sweep", []):
        words += ["--sweep", f"{sweep['option']}={','.join(_value(v) for v in sweep['values'])}"]
    if data.get("compare") and len(sets) == 2:
        for flag, option_set in (("--a", sets[0]), ("--b", sets[1])):
            for key, value in option_set["options"].items():
                if key not in data.get("options", {}):
                    words += [flag, f"{key}={_value(value)}"]
    for side, kind in data["bots"].items():  # always named: the default kind differs between games
        words += ["--bots", f"{side}={kind}"]
    for key, value in data.get("bot_params", {}).items():
        words += ["--bot-param", f"{key}={value:g}"]
    if any("fun" in c for option_set in sets for c in option_set["counts"]):
        words.append("--fun")
    return " ".join(shlex.quote(w) for w in words)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _counts_text(counts: Sequence[int]) -> str:
    counts = list(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}..{counts[-1]}"
    return ",".join(map(str, counts))


def _counts_words(counts: Sequence[int]) -> str:
    counts = list(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts))


def _describe_run(data: Mapping[str, Any]) -> list[str]:
    bots = ", ".join(
        f"{side}: {kind}" if side != "*" else f"{'every seat' if len(data['bots']) == 1 else 'the other seats'}: {kind}"
        for side, kind in data["bots"].items()
    )
    tuned = ", ".join(f"{k}={v:g}" for k, v in data.get("bot_params", {}).items())
    if tuned:
        bots += f" (bot parameters {tuned})"
    versions = ", ".join(f"{k} {v}" for k, v in data["versions"].items())
    return [
        f"- what was played: {data['title']} at {_counts_words(data['players'])} players, "
        f"{data['games']:,} games per player count and option set",
        f"- bots: {bots} (`hiddenrole bots` says how each plays)",
        f"- the command: `{_command(data)}`" + (" (these are its best settings, played again in full)"
                                                 if "tune_command" in data else ""),
        f"- each game's deal and the bots' choices come from the seed ({data['seed']}) and the game's number, "
        "so every option set is played on the same deals and the run can be repeated exactly",
        f"- versions: {versions}",
    ]


def _options_section(data: Mapping[str, Any]) -> list[str]:
    """The options this run set or swept, each with what it changes (from the game's own docs)."""
    from .simulate import resolve_game

    keys = list(data.get("options", {}))
    keys += [s["option"] for s in data.get("sweep", []) if s["option"] not in keys]
    for option_set in data.get("sets", []):
        keys += [k for k in option_set["options"] if k not in keys]
    if not keys:
        return ["Every option at its default (`hiddenrole games` lists them)."]
    try:
        docs = {opt.name: opt.doc for opt in resolve_game(data["game"]).OPTIONS}
    except Exception:  # a game not installed here: the keys alone
        docs = {}
    return [(f"- **{plain(k)}** (`{k}`)" if plain(k) != k else f"- **{k}**") + f": {docs.get(k, '')}".rstrip(": ")
            for k in keys]


def _pooled_verdict(sides: Sequence[str], sets: Sets) -> list[str]:
    """Plain sentences: per option set, the first side's pooled win rate and whether 50% is in its interval."""
    if not sides:
        return []
    side = sides[0]
    out = []
    for label, by_count in sets:
        games, wins = pooled(by_count)
        if not games:
            continue
        rate = wins.get(side, 0) / games
        low, high = wilson_interval(wins.get(side, 0), games)
        others = [s for s in sides if s != side]
        if low <= 0.5 <= high:
            where = "balanced within chance"
        elif rate > 0.5:
            where = f"leaning to the {side}"
        else:
            where = f"leaning to the {others[0]}" if len(others) == 1 else f"leaning away from the {side}"
        out.append(f"- {plain(label)}: the {side} win {_pct(rate)}% over all player counts "
                   f"(95% interval {_pct(low)}-{_pct(high)}): {where}.")
    return out


def comparison_table(side: str, rows: Sequence[tuple[str, PairedComparison]]) -> str:
    """Markdown: the paired comparison per player count and pooled (see :func:`paired_rows`)."""
    lines = [
        f"| players | games | {side} win % with A | with B | change B-A (points) | 95% interval | "
        "seeds won only with A | only with B | p (exact McNemar) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for label, c in rows:
        bold = "**" if label == "all" else ""
        lines.append(
            f"| {bold}{label}{bold} | {c.games} | {_pct(c.wins_a / c.games)} | {_pct(c.wins_b / c.games)} | "
            f"{100 * c.difference:+.1f} | {100 * c.low:+.1f} to {100 * c.high:+.1f} | {c.only_a} | {c.only_b} | "
            f"{c.p_value:.2g} |"
        )
    return "\n".join(lines)


def comparison_sentence(side: str, c: PairedComparison) -> str:
    """One plain sentence on a pooled comparison: did B move ``side``'s win rate, by how much."""
    change = f"{100 * c.difference:+.1f} points (95% interval {100 * c.low:+.1f} to {100 * c.high:+.1f})"
    if c.moved:
        return (f"Setting B moves the win rate of the {side} by {change} over all player counts: "
                f"more than chance explains (exact McNemar test, p = {c.p_value:.2g}).")
    return (f"Setting B changes the win rate of the {side} by {change} over all player counts: "
            f"within chance (exact McNemar test, p = {c.p_value:.2g}); more games would narrow the interval.")


# ----------------------------------------------------------------------------- the document
@dataclass(frozen=True)
class Plot:
    """A figure of the report: its file name (PNG, beside the Markdown) and alt text."""

    name: str
    alt: str
    figure: Figure


Block = tuple[str, Any]  # ("h1"|"h2"|"p"|"md", text) or ("plot", Plot)


def report_blocks(
    data: Mapping[str, Any], pace: str = "forum", decision_seconds: float = DEFAULT_DECISION_SECONDS,
    *, plots: bool = True,
) -> list[Block]:
    """The report as blocks, rendered to Markdown (:func:`render_report`) and HTML (:func:`render_html`).

    Raises ``ValueError`` on an unknown pace or a non-positive ``decision_seconds``.
    """
    if pace not in PACES:
        raise ValueError(f"--pace {pace}: use one of {', '.join(PACES)}")
    if not decision_seconds > 0:
        raise ValueError(f"--decision-seconds {decision_seconds}: must be more than 0")
    sets = tallies_of(data)
    sides = data["sides"]
    measure = _turns_measure(sets)
    title = data["title"]
    blocks: list[Block] = [("h1", f"{title}: balance report"), ("md", "\n".join(_describe_run(data)))]
    blocks += [("h2", "What the options mean"), ("md", "\n".join(_options_section(data)))]
    blocks += [("h2", "Win rate per side"),
               ("p", "Win rate in % with its 95% Wilson interval, per option set and player count; the rows "
                     "marked all pool every player count. A side whose interval holds 50% is balanced within "
                     "chance; the plots draw 50% as a dashed line."),
               ("md", win_rate_table(sides, sets))]
    verdict = _pooled_verdict(sides, sets)
    if verdict:
        blocks.append(("md", "\n".join(verdict)))
    if plots:
        blocks.append(("plot", Plot(WIN_RATE_PNG, f"{title}: win rate by player count",
                                    win_rate_figure(f"{title}: win rate by player count", sides, sets))))
    if data.get("sweep") and len(sets) > 1 and sides:
        p = pivot(sets, sides[0])
        swept = " and ".join(plain(s["option"]) for s in data["sweep"])
        blocks += [("h2", f"The sweep at a glance: {sides[0]} win % by {swept} and player count"),
                   ("p", f"Each cell is the {sides[0]}' win % for one option set (row) at one player count "
                         "(column); white is 50%, red leans to them, blue away from them."),
                   ("md", pivot_table(p))]
        if plots:
            blocks.append(("plot", Plot(PIVOT_PNG, f"{title}: heat map of the sweep",
                                        pivot_figure(f"{title}: {sides[0]} win % by {swept}", p))))
    if data.get("compare") and len(sets) == 2 and sides:
        side = sides[0]
        try:
            rows = paired_rows(sets[0][1], sets[1][1], side)
        except ValueError:
            rows = []
        if rows:
            blocks += [("h2", f"Did B change the game? {plain(sets[1][0])} against {plain(sets[0][0])}"),
                       ("p", "Both settings were played on the same seeds, so each game under B has a twin under "
                             "A with the same chance draws (the same deal, unless the option changes the deal). "
                             "Only the seeds where the two disagree tell them apart; the "
                             "exact McNemar test asks whether they lean one way more than chance allows, and the "
                             "change comes with its 95% interval (Newcombe's method for paired results)."),
                       ("p", comparison_sentence(side, rows[-1][1])),
                       ("md", comparison_table(side, rows))]
            if plots:
                blocks.append(("plot", Plot(COMPARE_PNG, f"{title}: change in win rate",
                                            comparison_figure(f"{title}: {plain(sets[1][0])} against "
                                                              f"{plain(sets[0][0])}", side, rows))))
    fun = _fun_sets(data)
    if fun and sides:
        side = sides[0]
        blocks += [("h2", "Fun, measured"),
                   ("p", f"A win-probability estimate gives the {side}' chance at every public moment, from what a "
                         "spectator sees (a logistic regression over the public board, fitted on half of these games "
                         "and drawing the lines of the other half). From those lines: how late the game stays open "
                         "(the last moment the favourite's chance was below 80%), how often the favourite changes, the "
                         "winner's lowest chance (a comeback when below 25%), and when the game was decided (the "
                         "winner's chance last rose above 50%). Skill: how many points a side gains when it is played "
                         "by these bots instead of random ones, on the same seeds. Out of play: the share of the game "
                         "a player spends after their last decision. The last column compares the estimate's Brier "
                         "score with the constant guess's (lower is better). docs/balance.md explains each measure."),
                   ("md", fun_table(side, fun))]
        if plots:
            blocks.append(("plot", Plot(WINPROB_PNG, f"{title}: win probability through sample games",
                                        winprob_figure(f"{title}: win probability through sample games", side, fun))))
    blocks += [("h2", "How games end"), ("md", reasons_table(sets))]
    timed = _timed(sets)
    if not timed:
        time_note = "This result file was made before game time was measured: run the simulation again for minutes."
    elif pace == "forum" and not _has_deadlines(sets):
        time_note = ("These games have no deadlines, so at the forum pace they take no time: "
                     "use `--pace live` for minutes.")
    elif pace == "forum":
        time_note = ("Minutes at the forum pace: every step lasts its whole deadline, as on a forum where a day "
                     "runs until its deadline (measured on every tenth game); a table that moves on once everyone "
                     "has acted is faster (`--pace live`).")
    else:
        time_note = (f"Minutes at the live pace: each decision moment (one player's choice, or a vote everyone "
                     f"casts at once) takes {decision_seconds:g} seconds (`--decision-seconds`).")
    blocks += [("h2", "Game length"),
               ("p", f"Length in {measure}; actions are every move the bots made; timeouts are deadlines passed. "
                     + time_note),
               ("md", length_table(sets, pace, decision_seconds))]
    if plots:
        short = "turns" if measure == "turns as the game counts them" else "turns/phases"
        blocks.append(("plot", Plot(LENGTH_PNG, f"{title}: distribution of game length",
                                    game_length_figure(f"{title}: game length", sets, short,
                                                       pace if timed else None, decision_seconds))))
    return blocks


def render_report(
    data: Mapping[str, Any], win_png: str = WIN_RATE_PNG, length_png: str = LENGTH_PNG, *,
    pace: str = "forum", decision_seconds: float = DEFAULT_DECISION_SECONDS,
) -> str:
    """The report's Markdown for result data (the plots are referenced by file name)."""
    names = {WIN_RATE_PNG: win_png, LENGTH_PNG: length_png}
    parts: list[str] = []
    for kind, value in report_blocks(data, pace, decision_seconds, plots=True):
        if kind == "h1":
            parts += [f"# {value}", ""]
        elif kind == "h2":
            parts += [f"## {value}", ""]
        elif kind in ("p", "md"):
            parts += [value, ""]
        elif kind == "plot":
            parts += [f"![{value.alt}]({names.get(value.name, value.name)})", ""]
    return "\n".join(parts)


def _inline(text: str) -> str:
    """Markdown inline text as HTML: escaped, with `code` and **bold**."""
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)


def _md_to_html(text: str) -> str:
    """The Markdown this module writes (bullet lists, pipe tables, paragraphs) as HTML."""
    lines = text.splitlines()
    if lines and lines[0].startswith("|"):
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines if line.startswith("|")]
        header, body = rows[0], rows[2:]
        head = "".join(f"<th>{_inline(c)}</th>" for c in header)
        cells = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>" for row in body)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{cells}</tbody></table>"
    if lines and lines[0].startswith("- "):
        return "<ul>" + "".join(f"<li>{_inline(line[2:])}</li>" for line in lines if line.startswith("- ")) + "</ul>"
    return f"<p>{_inline(text)}</p>"


def png_data_uri(fig: Figure) -> str:
    """A figure as a ``data:image/png;base64,...`` URI (the page needs no other file)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead { background: #f2f2f2; }
figure { margin: 1em 0; } figure img { max-width: 100%; height: auto; }
code { background: #f2f2f2; padding: 0 0.2em; }
"""


def render_html(
    data: Mapping[str, Any], pace: str = "forum", decision_seconds: float = DEFAULT_DECISION_SECONDS
) -> str:
    """The report as one self-contained HTML page: the same text and tables as the Markdown,
    the plots embedded as PNG data (no other file, nothing fetched)."""
    body: list[str] = []
    for kind, value in report_blocks(data, pace, decision_seconds, plots=True):
        if kind in ("h1", "h2"):
            body.append(f"<{kind}>{_inline(value)}</{kind}>")
        elif kind == "p":
            body.append(f"<p>{_inline(value)}</p>")
        elif kind == "md":
            body.append(_md_to_html(value))
        elif kind == "plot":
            body.append(f'<figure><img src="{png_data_uri(value.figure)}" alt="{html.escape(value.alt)}"></figure>')
    title = html.escape(f"{data['title']}: balance report")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def write_report(
    results: Path, out: Path, pace: str = "forum", decision_seconds: float = DEFAULT_DECISION_SECONDS
) -> Path:
    """Write ``report.md`` with its PNG plots, and ``report.html`` (self-contained), for a
    result file into folder ``out``.

    Args:
        results: a file written by ``simulate --out`` or ``compare --out``.
        out: the report folder (created if missing).
        pace: how minutes are counted, ``"forum"`` or ``"live"`` (see :data:`PACES`).
        decision_seconds: seconds per decision moment at the live pace.

    Returns:
        The path of ``report.md``.

    Raises:
        ValueError: the result file is missing, not JSON, or malformed, or a bad pace (the
            message says which); nothing is written then.
        OSError: the folder or a file cannot be written.
    """
    return write_report_data(load_results(results), out, pace, decision_seconds)


def write_report_data(
    data: Mapping[str, Any], out: Path, pace: str = "forum", decision_seconds: float = DEFAULT_DECISION_SECONDS
) -> Path:
    """:func:`write_report` for result data already read (:func:`~hiddenrole.lab.runs.results_json`)."""
    blocks = report_blocks(data, pace, decision_seconds, plots=True)  # checks pace before writing anything
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for kind, value in blocks:
        if kind == "plot":
            value.figure.savefig(out / value.name, dpi=100, metadata={"Software": None})
    (out / REPORT_HTML).write_text(render_html(data, pace, decision_seconds), encoding="utf-8")
    path = out / REPORT_MD
    path.write_text(render_report(data, pace=pace, decision_seconds=decision_seconds), encoding="utf-8")
    return path
