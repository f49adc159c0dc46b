"""The balance report: Markdown tables and PNG plots of a simulation result file.

Plots are drawn with matplotlib's object API (:class:`matplotlib.figure.Figure` on an Agg
canvas), never pyplot's global state, so reports can be made from any thread or process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .runs import load_results, tallies_of
from .simulate import CountResult, length_stats, outcome_columns

WIN_RATE_PNG = "winrate.png"
LENGTH_PNG = "length.png"
REPORT_MD = "report.md"

Sets = list[tuple[str, dict[int, CountResult]]]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def _columns(sides: Sequence[str], sets: Sets) -> list[str]:
    return outcome_columns(sides, (t for _, by_count in sets for t in by_count.values()))


def win_rate_table(sides: Sequence[str], sets: Sets) -> str:
    """Markdown: per option set and player count, each side's win % with its 95% Wilson interval."""
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
            lines.append(f"| {label} | {n} | {tally.games} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def reasons_table(sets: Sets) -> str:
    """Markdown: per option set and player count, the games ending for each reason (count and %)."""
    reasons = sorted({r for _, by_count in sets for t in by_count.values() for r in t.reasons})
    lines = [
        "| options | players | " + " | ".join(f"`{r}`" for r in reasons) + " |",
        "|---|---:|" + "---:|" * len(reasons),
    ]
    for label, by_count in sets:
        for n, tally in by_count.items():
            cells = []
            for r in reasons:
                k = tally.reasons.get(r, 0)
                cells.append(f"{k} ({_pct(k / tally.games) if tally.games else '0.0'}%)")
            lines.append(f"| {label} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def length_table(sets: Sets) -> str:
    """Markdown: per option set and player count, the game length in turns (mean, median,
    10th-90th percentile, range), mean actions and mean timeouts per game."""
    lines = [
        "| options | players | turns: mean | median | p10-p90 | min-max | actions: mean | timeouts per game |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for label, by_count in sets:
        for n, tally in by_count.items():
            t = length_stats(tally.turns_hist)
            a = length_stats(tally.actions_hist)
            per_game = tally.timeouts / tally.games if tally.games else 0.0
            lines.append(
                f"| {label} | {n} | {t['mean']:.1f} | {t['median']:g} | {t['p10']:g}-{t['p90']:g} "
                f"| {t['min']:g}-{t['max']:g} | {a['mean']:.1f} | {per_game:.2f} |"
            )
    return "\n".join(lines)


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
    side (and one for draws if any), one line per option set."""
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
            ax.errorbar(xs, ys, yerr=[lows, highs], marker="o", markersize=4, capsize=3, label=label)
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


def game_length_figure(title: str, sets: Sets, measure: str = "turns") -> Figure:
    """The distribution of game length in turns (share of games per length, all player
    counts pooled, one line per option set) and its median with the 10th-90th percentile
    band by player count."""
    fig = _new_figure(11.0, 4.0)
    hist_ax, band_ax = fig.subplots(1, 2)
    for label, by_count in sets:
        pooled: Counter = Counter()
        for tally in by_count.values():
            pooled.update(tally.turns_hist)
        total = sum(pooled.values()) or 1
        lengths = sorted(pooled)
        if lengths:
            xs = list(range(lengths[0], lengths[-1] + 1))
            hist_ax.step(xs, [100 * pooled.get(x, 0) / total for x in xs], where="mid", label=label)
        counts = sorted(by_count)
        stats = [length_stats(by_count[n].turns_hist) for n in counts]
        line = band_ax.plot(counts, [s["median"] for s in stats], marker="o", markersize=4, label=label)[0]
        band_ax.fill_between(
            counts, [s["p10"] for s in stats], [s["p90"] for s in stats], alpha=0.2, color=line.get_color()
        )
    hist_ax.set_title(f"game length, all player counts ({measure})")
    hist_ax.set_xlabel(f"game length ({measure})")
    hist_ax.set_ylabel("% of games")
    hist_ax.grid(True, alpha=0.3)
    band_ax.set_title("median and 10th-90th percentile by player count")
    band_ax.set_xlabel("players")
    band_ax.set_ylabel(f"game length ({measure})")
    band_ax.set_xticks(sorted({n for _, by_count in sets for n in by_count}))
    band_ax.grid(True, alpha=0.3)
    if len(sets) > 1:
        hist_ax.legend(fontsize="small")
        band_ax.legend(fontsize="small")
    fig.suptitle(title)
    return fig


def _turns_measure(sets: Sets) -> str:
    measures = {t.turns_measure for _, by_count in sets for t in by_count.values()}
    if measures == {"game"}:
        return "turns as the game counts them"
    if measures == {"phases"}:
        return "turns counted as phases"
    return "turns (the game's count where it gives one, else phases)"


def _describe_run(data: Mapping[str, Any]) -> list[str]:
    bots = ", ".join(
        f"{side}: {kind}" if side != "*" else f"every other side: {kind}" for side, kind in data["bots"].items()
    )
    tuned = ", ".join(f"`{k}={v:g}`" for k, v in data.get("bot_params", {}).items())
    if tuned:
        bots += f" (bot parameters {tuned})"
    fixed = ", ".join(f"`{k}={v}`" for k, v in data.get("options", {}).items()) or "none (defaults)"
    sweep = ", ".join(f"`{s['option']}` = {', '.join(map(str, s['values']))}" for s in data.get("sweep", [])) or "none"
    versions = ", ".join(f"{k} {v}" for k, v in data["versions"].items())
    return [
        f"- game: `{data['game']}` ({data['title']}); players: {', '.join(map(str, data['players']))}",
        f"- games per player count and option set: {data['games']}; seed: {data['seed']} ({data.get('seeding', '')})",
        f"- bots: {bots}",
        f"- fixed options: {fixed}; sweep: {sweep}",
        f"- versions: {versions}",
    ]


def render_report(data: Mapping[str, Any], win_png: str = WIN_RATE_PNG, length_png: str = LENGTH_PNG) -> str:
    """The report's Markdown for result data (the plots are referenced by file name)."""
    sets = tallies_of(data)
    sides = data["sides"]
    measure = _turns_measure(sets)
    parts = [
        f"# {data['title']}: balance report",
        "",
        *_describe_run(data),
        "",
        "## Win rate per side",
        "",
        "Win rate in % with its 95% Wilson score interval, per option set and player count.",
        "",
        win_rate_table(sides, sets),
        "",
        f"![{data['title']}: win rate by player count]({win_png})",
        "",
        "## End reasons",
        "",
        reasons_table(sets),
        "",
        "## Game length",
        "",
        f"Length in {measure}; actions are every move the bots made; timeouts are deadlines passed.",
        "",
        length_table(sets),
        "",
        f"![{data['title']}: distribution of game length]({length_png})",
        "",
    ]
    return "\n".join(parts)


def write_report(results: Path, out: Path) -> Path:
    """Write ``report.md``, ``winrate.png`` and ``length.png`` for a result file into folder ``out``.

    Args:
        results: a file written by ``simulate --out``.
        out: the report folder (created if missing).

    Returns:
        The path of ``report.md``.

    Raises:
        ValueError: the result file is missing, not JSON, or malformed (the message says which).
        OSError: the folder or a file cannot be written.
    """
    data = load_results(results)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    sets = tallies_of(data)
    measure = "turns" if _turns_measure(sets) == "turns as the game counts them" else "turns/phases"
    plot_win_rates(f"{data['title']}: win rate by player count", data["sides"], sets, out / WIN_RATE_PNG)
    plot_game_length(f"{data['title']}: game length", sets, out / LENGTH_PNG, measure)
    path = out / REPORT_MD
    path.write_text(render_report(data), encoding="utf-8")
    return path
