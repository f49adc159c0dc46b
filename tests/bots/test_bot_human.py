"""The human bots (kind ``human``): their parameters, and the behaviours that make them play
like people, in hand-built situations (the rule bot's test table, a human bot seated)."""

from __future__ import annotations

from typing import Any

import pytest
from test_bot_secret_hitler import ROLES_7, Table, acts, votes
from typer.testing import CliRunner

from hiddenrole.bots import check_bot_params, default_kind, seat_bots
from hiddenrole.bots.base import bot_class, bot_kinds
from hiddenrole.bots.human import (
    HumanMcCarthyismBot, HumanSecretHitlerBot, HumanShadyAgentsBot, MC_PARAMS, SA_PARAMS, SH_PARAMS,
)
from hiddenrole.bots.mccarthyism import COMMIE
from hiddenrole.bots.secret_hitler import PROVEN, SecretHitlerBot
from hiddenrole.cli import app
from hiddenrole.engine import BadSetup, derive_seed, game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.runs import execute, plan_run
from hiddenrole.lab.simulate import player_names

EXACT = {"trust_noise": 0.0, "memory": 1.0}  # a Liberal who reads and remembers like the rule bot


def human_table(me: str, role: str, roles: dict[str, str] | None = None, **params: float) -> Table:
    """The rule bot's test table with a human bot in the seat."""
    t = Table(me, role, roles)
    t.bot = HumanSecretHitlerBot(me, 5, None, params)
    return t


# ----------------------------------------------------------------- registry and parameters
@pytest.mark.parametrize(("game", "cls", "params"), [
    ("secret-hitler", HumanSecretHitlerBot, SH_PARAMS),
    ("mccarthyism", HumanMcCarthyismBot, MC_PARAMS),
    ("shady-agents", HumanShadyAgentsBot, SA_PARAMS),
])
def test_the_human_bot_is_registered_and_is_the_labs_default(game: str, cls: type, params: tuple) -> None:
    assert "human" in bot_kinds(game) and "rule" in bot_kinds(game)
    assert bot_class("human", game) is cls and cls.kind == "human" and cls.PARAMS is params
    assert default_kind(game) == "human"
    names = {p.name for p in params}
    assert {"trust_noise", "lie_plausibility"} <= names  # the shared principles


def test_a_game_without_a_human_bot_defaults_to_random() -> None:
    assert default_kind("no-such-game") == "random"


def test_bot_parameters_are_checked() -> None:
    human, rule = HumanSecretHitlerBot, SecretHitlerBot
    assert check_bot_params([human], {"memory": "0.5", "trust_noise": 2}) == {"memory": 0.5, "trust_noise": 2.0}
    assert check_bot_params([rule], {}) == {}
    with pytest.raises(ValueError, match=r"--bot-param nerve: unknown parameter \(known: association, "):
        check_bot_params([human], {"nerve": "1"})
    with pytest.raises(ValueError, match=r"--bot-param memory=lots: not a number"):
        check_bot_params([human], {"memory": "lots"})
    with pytest.raises(ValueError, match=r"--bot-param memory=nan: not a number"):
        check_bot_params([human], {"memory": "nan"})
    with pytest.raises(ValueError, match=r"--bot-param memory=1.5: must be from 0 to 1"):
        check_bot_params([human], {"memory": "1.5"})
    with pytest.raises(ValueError, match=r"the rule bots take no parameters"):
        check_bot_params([rule], {"memory": "0.5"})
    # a Secret Hitler parameter is unknown to the McCarthyism bot
    with pytest.raises(ValueError, match=r"--bot-param hitler_cover: unknown"):
        check_bot_params([HumanMcCarthyismBot], {"hitler_cover": "0.5"})


def test_plan_run_refuses_a_bad_bot_parameter_and_records_a_good_one() -> None:
    with pytest.raises(BadSetup, match="--bot-param nerve: unknown parameter"):
        plan_run("secret-hitler", [7], 10, 0, bot_params={"nerve": "1"})
    with pytest.raises(BadSetup, match="the rule bots take no parameters"):
        plan_run("secret-hitler", [7], 10, 0, bots={"*": "rule"}, bot_params={"memory": "1"})
    plan = plan_run("secret-hitler", [7], 10, 0, bots={"liberals": "rule"}, bot_params={"memory": "1"})
    assert plan.bots == {"*": "human", "liberals": "rule"} and plan.bot_params == {"memory": 1.0}
    assert all(b.bot_params == (("memory", 1.0),) for b in plan.batches(2))


def test_seat_bots_gives_the_parameters_only_to_the_bots_that_take_them() -> None:
    classes = {"P1": HumanSecretHitlerBot, "P2": SecretHitlerBot}
    bots = seat_bots(["P1", "P2"], classes.__getitem__, 3, {"memory": 0.25, "trust_noise": 0.0})
    assert isinstance(bots["P1"], HumanSecretHitlerBot) and bots["P1"].memory == 0.25 and bots["P1"].noise == 0.0
    assert type(bots["P2"]) is SecretHitlerBot


def test_cli_bot_param_errors_are_one_line_with_exit_2(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "run.json"
    for args, message in [
        (["--bot-param", "nerve=1"], "error: --bot-param nerve: unknown parameter"),
        (["--bot-param", "memory=2"], "error: --bot-param memory=2: must be from 0 to 1"),
        (["--bot-param", "memory"], "error: --bot-param 'memory': use KEY=VALUE"),
        (["--bots", "*=rule", "--bot-param", "memory=1"], "error: --bot-param: the rule bots take no parameters"),
    ]:
        run = runner.invoke(app, ["simulate", "secret-hitler", "--players", "7", "--games", "2", "--workers", "1",
                                  "--out", str(out), *args])
        assert run.exit_code == 2, run.output
        lines = [line for line in run.output.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith(message), run.output
        assert not out.exists()


def test_cli_runs_human_bots_by_default_with_parameters(tmp_path) -> None:
    import json

    out = tmp_path / "run.json"
    run = CliRunner().invoke(app, ["simulate", "secret-hitler", "--players", "7", "--games", "6", "--workers", "1",
                                   "--bot-param", "trust_noise=2", "--out", str(out)])
    assert run.exit_code == 0, run.output
    assert "human bots with trust_noise=2, seed 0" in run.output
    data = json.loads(out.read_text())
    assert data["bots"] == {"*": "human"} and data["bot_params"] == {"trust_noise": 2.0}
    assert data["bot_classes"]["*"] == "hiddenrole.bots.human:HumanSecretHitlerBot"
    report = CliRunner().invoke(app, ["report", str(out), "--out", str(tmp_path / "report")])
    assert report.exit_code == 0, report.output
    text = (tmp_path / "report" / "report.md").read_text()
    assert "- bots: every seat: human (bot parameters trust_noise=2)" in text
    assert "--bot-param trust_noise=2" in text  # the command that repeats the run


# ----------------------------------------------------------------- Secret Hitler behaviours
def test_fascist_president_who_passes_fascist_policies_claims_a_plausible_draw() -> None:
    """With Fascist policies already down, a Fascist President passes F F and says they drew
    F F F: the one draw that explains passing two Fascist policies, and what a truthful
    Chancellor will confirm (``got FF``): no conflict."""
    t = human_table("P3", "fascist", ROLES_7)
    t.enacted("F", "F")
    t.event("vote_result", by="Mod", day=3, president="P3", chancellor="P1", votes={}, passed=True)
    t.hand("policies_drawn", ["F", "F", "L"])
    assert t.ask(acts("P3", "discard", "card", ["F", "L"]))["card"] == "L"
    t.private.pop("hand")
    t.event("day_start", by="Mod", day=4, presidential_candidate="P4", policy="F", chancellor="P1")
    t.nominate("P4", "P2")
    post = t.ask(votes("P3"))
    assert post == {"player": "P3", "action": "post", "text": "claim president drew FFF passed FF"}


def test_fascist_president_builds_cover_early_with_a_liberal_chancellor() -> None:
    """Nothing down yet and a Liberal Chancellor: a plausible liar passes a Liberal policy
    (the Liberals will trust them later); one who never covers passes Fascist policies."""
    for plausibility, discarded in ((1.0, "F"), (0.0, "L")):
        t = human_table("P3", "fascist", ROLES_7, lie_plausibility=plausibility)
        t.event("vote_result", by="Mod", day=1, president="P3", chancellor="P1", votes={}, passed=True)
        t.hand("policies_drawn", ["F", "L", "L"])
        assert t.ask(acts("P3", "discard", "card", ["F", "L"]))["card"] == discarded


def test_fascist_chancellor_makes_a_claim_conflict_or_keeps_cover() -> None:
    """Handed F and L by a Liberal President: with conflict_rate 1 they enact F and say they
    got F F (a word against the President's); with 0 they enact L."""
    for rate, enacted in ((1.0, "F"), (0.0, "L")):
        t = human_table("P5", "fascist", ROLES_7, conflict_rate=rate)
        t.enacted("F")
        t.event("vote_result", by="Mod", day=2, president="P1", chancellor="P5", votes={}, passed=True)
        t.hand("policies_passed", ["F", "L"])
        assert t.ask(acts("P5", "enact", "card", ["F", "L"]))["card"] == enacted
    # the conflict's claim, after the night: two Fascist policies, against the President's word
    t = human_table("P5", "fascist", ROLES_7, conflict_rate=1.0)
    t.enacted("F")
    t.event("vote_result", by="Mod", day=2, president="P1", chancellor="P5", votes={}, passed=True)
    t.hand("policies_passed", ["F", "L"])
    t.ask(acts("P5", "enact", "card", ["F", "L"]))
    t.private.pop("hand")
    t.event("day_start", by="Mod", day=3, presidential_candidate="P2", policy="F", chancellor="P5")
    t.nominate("P2", "P4")
    assert t.ask(votes("P5"))["text"] == "claim chancellor got FF enacted F"


def test_hitler_keeps_cover_and_slips_only_as_often_as_told() -> None:
    """Hitler at 7 players knows nobody: with full cover they enact L from F L, as a Liberal
    would; with none they enact F (a Fascist instinct that gets Hitler caught)."""
    for cover, enacted in ((1.0, "L"), (0.0, "F")):
        t = human_table("P6", "hitler", None, hitler_cover=cover)
        t.event("vote_result", by="Mod", day=1, president="P2", chancellor="P6", votes={}, passed=True)
        t.hand("policies_passed", ["F", "L"])
        assert t.ask(acts("P6", "enact", "card", ["F", "L"]))["card"] == enacted


def test_hitler_examined_and_cleared_by_a_suspect_is_not_trusted() -> None:
    """Guilt by association: a Fascist who examines Hitler says "liberal"; a Liberal who
    suspects the examiner trusts the cleared player less, not more (the rule bot: more)."""
    def cleared_score(bot_params: dict[str, float] | None) -> float:
        t = human_table("P1", "liberal", None, **(bot_params or {}))
        if bot_params is None:
            t.bot = SecretHitlerBot("P1", 5)
        t.bot.suspicion["P3"] = 2.0  # P3 was in a government that enacted F twice
        t.event("post", player="P3", text="claim investigate P6 liberal")
        t.nominate("P2", "P4")
        t.ask(votes("P1"))
        return t.bot.score("P6")

    assert cleared_score(None) == -1.0
    assert cleared_score({**EXACT, "association": 1.0}) == pytest.approx(2.0)  # 1 * min(2, 3) + 1 - 1
    assert cleared_score({**EXACT, "association": 0.0}) == -1.0


def test_a_liberal_blames_the_less_trusted_side_of_a_claim_conflict() -> None:
    t = human_table("P1", "liberal", None, **EXACT)
    t.bot.suspicion["P3"] = 1.0  # trusted less than P2 before the quarrel
    t.event("vote_result", by="Mod", day=1, president="P2", chancellor="P3", votes={}, passed=True)
    t.event("day_start", by="Mod", day=2, presidential_candidate="P3", policy="F", chancellor="P3")
    t.event("post", player="P2", text="claim president drew FFL passed FL")
    t.event("post", player="P3", text="claim chancellor got FF enacted F")
    t.nominate("P4", "P5")
    t.ask(votes("P1"))
    # the F policy: +1 each; the quarrel: 2 to the less trusted (P3), 0.5 to the other
    assert t.bot.score("P3") == pytest.approx(1.0 + 1.0 + 2.0)
    assert t.bot.score("P2") == pytest.approx(1.0 + 0.5)


def test_memory_fades_suspicion_but_not_what_a_player_saw() -> None:
    t = human_table("P1", "liberal", None, trust_noise=0.0, memory=0.5)
    t.bot.suspicion.update(P2=4.0, P3=PROVEN)
    t.event("vote_result", by="Mod", day=1, president="P4", chancellor="P5", votes={}, passed=True)
    t.event("day_start", by="Mod", day=2, presidential_candidate="P5", policy="L", chancellor="P5")
    t.nominate("P5", "P6")
    t.ask(votes("P1"))
    assert t.bot.score("P2") == 2.0 and t.bot.score("P3") == PROVEN


def test_trust_noise_is_bounded_and_exact_at_zero() -> None:
    bot = HumanSecretHitlerBot("P1", 1, None, {"trust_noise": 2.0})
    bot.suspicion["P2"] = 1.0
    readings = [bot.noisy("P2") for _ in range(300)]
    assert all(-1.0 <= r <= 3.0 for r in readings) and max(readings) - min(readings) > 2.0
    bot.suspicion["P3"] = PROVEN
    assert {bot.noisy("P3") for _ in range(20)} == {PROVEN}  # a certainty is read exactly
    exact = HumanSecretHitlerBot("P1", 1, None, {"trust_noise": 0.0})
    exact.suspicion["P2"] = 1.0
    assert {exact.noisy("P2") for _ in range(20)} == {1.0}


def test_a_chancellor_elected_in_the_hitler_zone_is_known_not_to_be_hitler() -> None:
    """Three Fascist policies down: a Chancellor elected without the game ending is not Hitler
    (electing Hitler would have ended it), so a Liberal stops fearing Hitler in them; any
    other untested Chancellor carries the Hitler risk (``hitler_caution``) and is voted down."""
    t = human_table("P1", "liberal", None, **EXACT, hitler_caution=3.0)
    t.enacted("F", "F", "F")
    t.nominate("P2", "P4")
    assert t.ask(votes("P1"))["vote"] == "no"  # P4 might be Hitler
    t.event("vote_result", by="Mod", day=4, president="P2", chancellor="P4", votes={}, passed=True)
    t.event("day_start", by="Mod", day=5, presidential_candidate="P3", policy="L", chancellor="P4")
    t.nominate("P3", "P4")
    assert t.ask(votes("P1"))["vote"] == "yes"
    assert t.bot.not_hitler == {"P4"}
    t.nominate("P3", "P5")
    assert t.ask(votes("P1"))["vote"] == "no"


def test_a_trusted_chancellor_offsets_doubt_about_the_president() -> None:
    """The rule bot counts only suspicion; people also count trust: a Chancellor with Liberal
    policies behind them makes a doubtful President's ticket acceptable. (No guilt by
    association here: it would pass some of the President's suspicion to the nominee.)"""
    t = human_table("P1", "liberal", None, **EXACT, association=0.0)
    t.bot.suspicion.update(P2=2.0, P3=-1.0, P4=0.0)
    t.nominate("P2", "P3")  # risk 2 - 1 = 1 < 1.5
    assert t.ask(votes("P1"))["vote"] == "yes"
    t.nominate("P2", "P4")  # risk 2 >= 1.5
    assert t.ask(votes("P1"))["vote"] == "no"
    rule = Table("P1", "liberal")
    rule.bot.suspicion.update(P2=2.0, P3=-1.0)
    rule.nominate("P2", "P3")
    assert rule.ask(votes("P1"))["vote"] == "no"


def test_a_liberal_hunting_hitler_shoots_the_suspect_not_the_proven_fascist() -> None:
    for hunt, target in ((1.0, "P4"), (0.0, "P3")):
        t = human_table("P1", "liberal", None, trust_noise=0.0, hitler_hunt=hunt)
        t.bot.suspicion.update(P3=PROVEN, P4=2.0, P5=0.5)
        assert t.ask(acts("P1", "execute", "target", ["P2", "P3", "P4", "P5"]))["target"] == target


# ----------------------------------------------------------------- whole games
@pytest.mark.parametrize(("game", "counts", "options"), [
    ("secret-hitler", (5, 7, 10), {"variant": "official"}),
    ("secret-hitler", (7,), None),
    ("mccarthyism", (6, 12), None),
    ("shady-agents", (5, 8), None),
])
def test_human_bots_play_complete_games_that_replay_from_their_seed(game: str, counts: Any, options: Any) -> None:
    cls = game_class(game)
    bot_cls = bot_class("human", game)
    for n in counts:
        for i in range(3):
            seed = derive_seed(9, game, n, i)
            logs = []
            for _ in range(2):
                g = cls(player_names(n), options, seed=seed)
                play_game(g, seat_bots(g.players, bot_cls, seed, {"trust_noise": 3.0}))
                assert g.is_over and g.result is not None
                logs.append([(e.kind, e.data) for e in g.log])
            assert logs[0] == logs[1]


def test_human_bot_results_do_not_depend_on_the_worker_count() -> None:
    plan = plan_run("secret-hitler", [7], 24, 4, {"variant": "official"}, bot_params={"memory": "0.8"})
    one = execute(plan, workers=1)[0][7].to_json()
    two = execute(plan, workers=2)[0][7].to_json()
    assert one == two and sum(one["wins"].values()) == 24


@pytest.mark.slow
def test_calibration_liberals_win_about_as_often_as_people_do() -> None:
    """Secret Hitler, 7 players, official rules, every seat human, 300 seeded games.

    People: the Liberals win 48.6% (secrethitler.io, 904 games at 7 players). The bots are
    calibrated to 48.6% +- 3 points on 2,000 games; on 300 games the standard error of a
    rate near 48.6% is sqrt(0.486 * 0.514 / 300) = 2.9 points, 1.96 of them 5.7 points. So
    the Liberal wins must lie within (48.6 - 3 - 5.7)% .. (48.6 + 3 + 5.7)% of 300 games:
    39.9% .. 57.3%, i.e. 120 .. 171 games (worked out by hand)."""
    plan = plan_run("secret-hitler", [7], 300, 0, {"variant": "official"}, bots={"*": "human"})
    tally = execute(plan, workers=1)[0][7]
    assert tally.games == 300
    assert 120 <= tally.wins["liberals"] <= 171, tally.wins
    # every way a game ends happens (people produce all four)
    assert set(tally.reasons) == {"five_liberal_policies", "six_fascist_policies", "hitler_elected", "hitler_killed"}


def test_mccarthyism_suspicion_fades_at_each_vote_result() -> None:
    bot = HumanMcCarthyismBot("P1", 1, None, {"memory": 0.5})
    bot.suspicion.update(P2=4.0, P3=-2.0)
    bot._read([{"seq": 0, "kind": "vote_result", "passed": True}, {"seq": 1, "kind": "vote_result", "passed": False}])
    assert bot.suspicion == {"P2": 1.0, "P3": -0.5}  # two results: a quarter kept
    keeps = HumanMcCarthyismBot("P1", 1, None, {"memory": 1.0})
    keeps.suspicion["P2"] = 4.0
    keeps._read([{"seq": 0, "kind": "vote_result", "passed": True}])
    assert keeps.suspicion == {"P2": 4.0}


def test_a_plausible_commie_does_not_call_for_the_end_while_a_commie_is_free() -> None:
    """The rule Commie calls for the end half the time while a Commie is free (a give-away);
    with lie_plausibility 1 the human Commie snitches on an American instead."""
    legal = [{"player": "P1", "action": "call_end"}, {"player": "P1", "action": "snitch", "target": "P2"},
             {"player": "P1", "action": "snitch", "target": "P3"}]

    def calls(plausibility: float) -> int:
        n = 0
        for seed in range(40):
            bot = HumanMcCarthyismBot("P1", seed, None, {"lie_plausibility": plausibility})
            bot.players = ["P1", "P2", "P3"]
            bot.known.update(P1=COMMIE, P3=COMMIE)
            bot.cards.update(P1="commie", P3="commie")
            n += bot._snitch([dict(a) for a in legal])["action"] == "call_end"
        return n

    assert calls(1.0) == 0
    assert 8 <= calls(0.0) <= 32  # the rule bot's coin: about half of 40
