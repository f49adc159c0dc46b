"""What each agent sees, rewards, bad input, bots and the single-seat wrapper."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the envs extra is not installed")

from hiddenrole.engine import BadOption, BadSetup, IllegalAction  # noqa: E402
from hiddenrole.engine.narration import narrator  # noqa: E402
from hiddenrole.envs import Features, env, gym_env  # noqa: E402

GAMES = [("secret-hitler", 7), ("mccarthyism", 8), ("shady-agents", 6)]


def first_legal(obs):
    return int(np.flatnonzero(obs["action_mask"])[0])


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_an_observation_is_made_of_the_agents_own_view_only(game, players):
    """At every step, every agent's observation equals what its view alone gives: the numbers
    are the encoding of ``game.view(agent)`` (its events left out), the text the narration of
    the view's events since the agent last acted. So nothing another player may not tell it
    (a role, a hand, a private event) can be in it."""
    e = env(game, players=players)
    rng = np.random.default_rng(3)
    e.reset(seed=3)
    told = {a: 0 for a in e.agents}  # view events narrated up to the agent's last action
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        for other in e.agents:
            seen = e.observe(other)
            view = e.game.view(other)
            events = view.pop("events")
            f = Features()
            f.seats("me", e.names, other)
            f.seats("waiting_for", e.names, () if e.game.is_over else e.game.to_act())
            f.flag("over", view["over"])
            e.encoding.encode(view, f)
            assert f.names == e.feature_names
            assert seen["observation"].tolist() == pytest.approx(f.values)
            tell = narrator(e.game, other)
            lines = [line for ev in events[told[other]:] for line in tell.event_json(ev)]
            assert seen["text"] == "\n".join(lines)
        if term or trunc:
            e.step(None)
            continue
        told[agent] = len(e.game.view(agent)["events"])
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_secret_hitler_liberals_know_no_role_but_their_own():
    """"The Liberals do not know who anyone else is"; in games of 7-10 players Hitler does not
    know the Fascists either, while each Fascist knows everyone's role."""
    e = env("secret-hitler", players=7)
    e.reset(seed=8)
    roles = {p: e.game.view(p)["private"]["role"] for p in e.names}
    known = [i for i, n in enumerate(e.feature_names) if n.startswith("known_role[")]
    mine = {r: e.feature_names.index(f"my_role={r}") for r in ("liberal", "fascist", "hitler")}
    for p in e.names:
        obs = e.observe(p)["observation"]
        assert obs[mine[roles[p]]] == 1
        if roles[p] == "fascist":
            assert obs[known].sum() == 7  # one role for each of the 7 seats
        else:
            assert obs[known].sum() == 0
        text = e.observe(p)["text"]
        assert ("You are Hitler." in text) == (roles[p] == "hitler")


def test_a_masked_action_raises_the_engines_illegal_action_and_changes_nothing():
    e = env("secret-hitler", players=5)
    e.reset(seed=1)
    agent = e.agent_selection
    obs = e.observe(agent)
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = (len(e.game.log), list(e.record), agent)
    with pytest.raises(IllegalAction, match="not legal for"):
        e.step(masked)
    with pytest.raises(IllegalAction, match="no action 9999"):
        e.step(9999)
    with pytest.raises(IllegalAction, match="number of an action"):
        e.step("vote yes")
    with pytest.raises(IllegalAction):
        e.step(1.5)
    assert (len(e.game.log), list(e.record), e.agent_selection) == before
    e.step(np.int64(first_legal(obs)))  # numpy integers are numbers too
    assert len(e.record) == 1


def test_rewards_are_plus_one_to_the_winners_and_minus_one_to_the_losers():
    e = env("shady-agents", players=6)
    e.reset(seed=4)
    totals = {a: 0.0 for a in e.agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            assert info["result"]["outcomes"] == e.game.result.outcomes
            e.step(None)
            continue
        e.step(first_legal(obs))
    expected = {p: {"win": 1.0, "loss": -1.0, "draw": 0.0}[o] for p, o in e.game.result.outcomes.items()}
    assert totals == expected
    assert sorted(set(totals.values())) == [-1.0, 1.0]


def test_bot_seats_are_not_agents_and_play_inside_the_steps():
    e = env("mccarthyism", players=6, bots={0: "rule", "player_3": "random"})
    assert e.possible_agents == ["player_1", "player_2", "player_4", "player_5"]
    e.reset(seed=2)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else first_legal(obs))
    assert e.game.is_over
    actors = {a["player"] for a in e.record if a is not None}
    assert {"player_0", "player_3"} <= actors


def test_german_narration_and_public_render():
    e = env("secret-hitler", players=5, lang="de", render_mode="ansi")
    e.reset(seed=3)
    texts = [e.observe(p)["text"] for p in e.agents]
    assert any(t.count("Du bist") for t in texts)
    public = e.render()
    assert public and "Du bist" not in public and "You are" not in public
    assert e.render() == ""  # nothing new since the last render


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "chess"}, "unknown game"),
    ({"game": "secret-hitler", "players": 4}, "5 to 10 players"),
    ({"game": "secret-hitler", "players": 5, "lang": "xx"}, "unknown language"),
    ({"game": "secret-hitler", "players": 5, "bots": {7: "random"}}, "is not a seat"),
    ({"game": "secret-hitler", "players": 5, "bots": {0: "genius"}}, "no bot 'genius'"),
    ({"game": "secret-hitler", "players": 5, "bots": {i: "random" for i in range(5)}}, "every seat is a bot"),
])
def test_bad_setups_are_refused_in_one_line(kwargs, message):
    game = kwargs.pop("game")
    with pytest.raises(BadSetup, match=message) as caught:
        env(game, **kwargs)
    assert "\n" not in str(caught.value)


def test_bad_options_are_the_games_bad_option():
    with pytest.raises(BadOption):
        env("shady-agents", players=5, options={"no_such_option": 1})


def test_the_gymnasium_wrapper_plays_one_seat_among_bots():
    g = gym_env("secret-hitler", players=6, seat=2, bots="rule")
    obs, info = g.reset(seed=9)
    assert g.observation_space.contains(obs) and info == {}
    total, steps, done = 0.0, 0, False
    while not done:
        obs, reward, terminated, truncated, info = g.step(first_legal(obs))
        total += reward
        steps += 1
        done = terminated or truncated
    outcome = g.aec.game.result.outcomes["player_2"]
    assert total == {"win": 1.0, "loss": -1.0}[outcome]
    assert info["result"]["outcomes"]["player_2"] == outcome
    assert {a["player"] for a in g.aec.record if a is not None} >= {"player_2", "player_0"}


def test_the_gymnasium_wrapper_ends_the_episode_on_an_illegal_action():
    g = gym_env("mccarthyism", players=5, seat=0)
    obs, _ = g.reset(seed=1)
    log = len(g.aec.game.log)
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info = g.step(masked)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal for player_0" in info["illegal_action"]
    assert len(g.aec.game.log) == log
    strict = gym_env("mccarthyism", players=5, seat=0, illegal_action="raise")
    obs, _ = strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(masked)


def test_the_gymnasium_wrapper_refuses_bad_seats_and_modes():
    with pytest.raises(BadSetup, match="is not a seat"):
        gym_env("shady-agents", players=5, seat=5)
    with pytest.raises(BadSetup, match="illegal_action"):
        gym_env("shady-agents", players=5, illegal_action="ignore")
    with pytest.raises(BadSetup, match="every seat but the learner"):
        gym_env("shady-agents", players=5, bots={1: "random"})


def test_an_action_missing_from_the_encoding_is_not_offered_with_a_warning(monkeypatch):
    from hiddenrole.envs.secret_hitler import SecretHitlerEncoding

    class NoVotes(SecretHitlerEncoding):
        TEMPLATES = tuple(t for t in SecretHitlerEncoding.TEMPLATES if t.kind != "vote")

    # a game whose encoding lacks a kind of action (as one newer than its encoding would)
    monkeypatch.setattr("hiddenrole.envs.aec._WARNED", {})
    monkeypatch.setattr("hiddenrole.envs.aec.encoding_class", lambda game: NoVotes)
    e = env("secret-hitler", players=5)
    assert not any(a["action"] == "vote" for a in e.actions)
    with pytest.warns(UserWarning, match="not in the environment's action space"):
        e.reset(seed=1)
        for agent in e.agent_iter(200):
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else first_legal(obs))
    # the days' votes were left to the deadline's default: the game went on
    assert None in e.record and e.game.view(None)["board"]["day"] >= 2


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_observation_component_is_documented(game, players):
    """docs/agents.md names every group of components of the observation vector."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "agents.md").read_text(encoding="utf-8")
    groups = {re.split(r"[\[=/]", name)[0] for name in env(game, players=players).feature_names}
    missing = sorted(g for g in groups if f"`{g}" not in doc)
    assert not missing, f"not in docs/agents.md: {missing}"


def test_a_game_without_an_encoding_is_refused():
    from hiddenrole.envs import encoding_class

    with pytest.raises(BadSetup, match="no environment encoding for the game 'chess'"):
        encoding_class("chess")
