"""Refusals that used to speak a developer's language reach a person as one plain sentence in
the reader's language: a bad game option (named by the create form's label), a move out of
turn or not among the player's choices (with what the game waits for), a post of the wrong
length, a request field FastAPI refused, and a flood of messages. The ``code`` stays."""

from __future__ import annotations

import asyncio

import pytest
from srv_helpers import running_server

from hiddenrole.engine import IllegalAction, new_game
from hiddenrole.server.refusals import action_refusal
from hiddenrole.server.table import told_refusal

DE = {"Accept-Language": "de-DE,de;q=0.9"}


def db(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path}/hiddenrole.db"


def refused(game, action):
    """The refusal of ``action`` in English and German, checking that it changed nothing."""
    player = action["player"]
    before = len(game.log)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert len(game.log) == before
    message, params = action_refusal(game, player, action, info.value, not game.legal_actions(player))
    return told_refusal(message, "en", **params), told_refusal(message, "de", **params)


def test_a_move_out_of_turn_says_whose_turn_it_is():
    # seed 1: Bob is the first Presidential Candidate of the official game
    g = new_game("secret-hitler", ["Ann", "Bob", "Cat", "Dan", "Eve"], {"variant": "official"}, seed=1)
    assert g.to_act() == ("Bob",)
    assert refused(g, {"player": "Ann", "action": "nominate", "target": "Dan"}) == (
        "It is not your turn: Election round 1: Bob is choosing a Chancellor Candidate.",
        "Du bist nicht am Zug: Wahlrunde 1: Bob wählt einen Kanzlerkandidaten.")


def test_a_choice_not_offered_says_what_the_player_may_do():
    g = new_game("secret-hitler", ["Ann", "Bob", "Cat", "Dan", "Eve"], {"variant": "official"}, seed=1)
    assert refused(g, {"player": "Bob", "action": "nominate", "target": "Bob"}) == (
        "That move is not one of your choices now: Choose your Chancellor Candidate.",
        "Dieser Zug gehört jetzt nicht zu deinen Möglichkeiten: Wähle deinen Kanzlerkandidaten.")


def test_a_post_too_long_names_the_limit():
    g = new_game("mccarthyism", [f"P{i}" for i in range(8)], {}, seed=3)
    assert refused(g, {"player": "P0", "action": "post", "text": "y" * 1001}) == (
        "Your post was not added: a post has 1 to 1000 characters.",
        "Dein Beitrag wurde nicht hinzugefügt: Ein Beitrag hat 1 bis 1000 Zeichen.")


@pytest.mark.parametrize(("body", "headers", "code", "message"), [
    ({"game": "secret-hitler", "options": {"variant": "classic"}}, {}, "bad_option",
     "“Rules” must be one of: Turbo forum game, Official board game."),
    ({"game": "secret-hitler", "options": {"variant": "classic"}}, DE, "bad_option",
     "„Regeln“ muss eines davon sein: Turbo-Forenspiel, Offizielles Brettspiel."),
    ({"game": "mccarthyism", "options": {"turns_per_player": 30}}, {}, "bad_option",
     "“Turns as snitch per player” must be a whole number from 1 to 20."),
    ({"game": "mccarthyism", "options": {"turns_per_player": 30}}, DE, "bad_option",
     "„Züge als Spitzel je Spieler“ muss eine ganze Zahl von 1 bis 20 sein."),
    ({"game": "mccarthyism", "options": {"reveal_votes": "yes"}}, {}, "bad_option",
     "“Votes are shown by name” must be yes or no."),
    ({"game": "mccarthyism", "options": {"colour": 1}}, DE, "bad_option", "McCarthyism hat keine Option „colour“."),
    ({"game": "mccarthyism", "bots": "3"}, {}, "bad_request", "“Bot seats” must be a whole number."),
    ({"game": "mccarthyism", "bots": "3"}, DE, "bad_request", "„Plätze für Bots“ muss eine ganze Zahl sein."),
    ({"game": "mccarthyism", "colour": "red"}, {}, "bad_request", "“colour” is not something this request takes."),
    ({"options": {}}, DE, "bad_request", "„Spiel“ fehlt."),
])
def test_create_form_refusals_are_one_plain_sentence(tmp_path, body, headers, code, message):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            r = await srv.http.post("/api/tables", json=body, headers=headers)
            assert r.status_code == 400 and r.json()["error"] == {"code": code, "message": message}

    asyncio.run(main())


def test_a_join_without_a_name_and_a_flood_are_told_in_german(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="mccarthyism", pace="untimed", bots=4)
            r = await srv.http.post(f"/api/tables/{made['code']}/join", json={}, headers=DE)
            assert r.json()["error"] == {"code": "bad_request", "message": "„Name“ fehlt."}
            token = await srv.join(made["code"], "Ann")
            ws = await srv.ws(made["code"], hello=False)
            await ws.send({"type": "hello", "token": token, "lang": "de"})
            await ws.until(lambda f: f["type"] == "snapshot")
            for i in range(30):
                await ws.send({"type": "ping", "id": i})
            frames = [await ws.until(lambda f: f["type"] in ("pong", "error")) for _ in range(30)]
            floods = {f["message"] for f in frames if f["type"] == "error" and f["code"] == "flood"}
            assert floods == {"Du sendest zu schnell Nachrichten: Diese wurde ignoriert. Warte einen Moment vor der nächsten."}

    asyncio.run(main())


@pytest.mark.parametrize(("body", "headers", "message"), [
    ({"game": "mccarthyism", "missed_limit": 21}, {},
     "“Missed deadlines before a bot steps in” must be a whole number from 0 (no bot ever steps in) to 20."),
    ({"game": "mccarthyism", "missed_limit": 21}, DE,
     "„Verpasste Fristen, bevor ein Bot einspringt“ muss eine ganze Zahl von 0 (nie springt ein Bot ein) bis 20 sein."),
    ({"game": "mccarthyism", "bots": -1}, {}, "“Bot seats” must be a whole number of seats, 0 or more."),
    ({"game": "mccarthyism", "bots": -1}, DE, "„Plätze für Bots“ muss eine ganze Zahl von Plätzen sein, 0 oder mehr."),
    ({"game": "shady-agents", "bots": 10, "host_name": "Ann"}, {},
     "Shady Agents seats at most 10 players: 10 bots and the host are too many."),
    ({"game": "shady-agents", "bots": 10, "host_name": "Ann"}, DE,
     "Shady Agents hat höchstens 10 Plätze: 10 Bots und der Gastgeber sind zu viele."),
    ({"game": "shady-agents", "bots": 11}, {}, "Shady Agents seats at most 10 players: 11 bots are too many."),
    ({"game": "shady-agents", "bots": 11}, DE, "Shady Agents hat höchstens 10 Plätze: 11 Bots sind zu viele."),
    ({"game": "shady-agents", "bot_kind": "wizard"}, {},
     "Shady Agents has no kind of bot called “wizard”: choose one of random, rule, human."),
    ({"game": "shady-agents", "bot_kind": "wizard"}, DE,
     "Shady Agents hat keine Bot-Art namens „wizard“: Wähle eine von diesen: random, rule, human."),
])
def test_the_moderators_create_refusals_are_translated_plain_sentences(tmp_path, body, headers, message):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            r = await srv.http.post("/api/tables", json=body, headers=headers)
            assert r.status_code == 400 and r.json()["error"]["message"] == message

    asyncio.run(main())


#: (path, body, the refusal in English, in German): the host's requests at a table in its lobby
HOST_REFUSALS = [
    ("kick", {"name": "Zed"}, "Nobody at this table is called “Zed”.", "An diesem Tisch heißt niemand „Zed“."),
    ("bots", {"count": 0}, "“Number of bots” must be a whole number of seats, 1 or more.",
     "„Anzahl der Bots“ muss eine ganze Zahl von Plätzen sein, 1 oder mehr."),
    ("control", {"control": "nap"}, "“nap” is not one of the host’s controls: pause, resume, extend, skip, void, host, "
     "replace, kick.", "„nap“ gehört nicht zu den Steuerungen des Gastgebers: pause, resume, extend, skip, void, host, "
     "replace, kick."),
    ("control", {"control": "pause", "seconds": 5}, "The host’s control “pause” takes no fields. It does not take: "
     "Seconds.", "Die Steuerung „pause“ des Gastgebers nimmt keine Felder. Sie nimmt nicht: Sekunden."),
    ("control", {"control": "extend", "seconds": 5, "reason": "tea"}, "The host’s control “extend” takes only: "
     "Seconds. It does not take: Reason.", "Die Steuerung „extend“ des Gastgebers nimmt nur: Sekunden. Sie nimmt "
     "nicht: Grund."),
    ("control", {"control": "replace", "name": "Ann", "by": "ghost"}, "A seat is replaced by “bot” or by "
     "“substitute”, not by “ghost”.", "Ein Platz wird durch „bot“ oder durch „substitute“ ersetzt, nicht durch "
     "„ghost“."),
]


def test_the_hosts_refusals_are_translated_plain_sentences(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            made = await srv.create(game="mccarthyism", pace="untimed", bots=2, host_name="Ann")
            code, auth = made["code"], {"Authorization": f"Bearer {made['host_token']}"}
            before = (await srv.http.get(f"/api/tables/{code}")).json()["table"]
            for path, body, english, german in HOST_REFUSALS:
                r = await srv.http.post(f"/api/tables/{code}/{path}", json=body, headers=auth)
                assert r.status_code in (400, 404) and r.json()["error"]["message"] == english, (body, r.text)
                r = await srv.http.post(f"/api/tables/{code}/{path}", json=body, headers={**auth, **DE})
                assert r.json()["error"]["message"] == german, (body, r.text)
            assert (await srv.http.get(f"/api/tables/{code}")).json()["table"] == before  # nothing changed

    asyncio.run(main())


def test_a_page_cursor_the_server_did_not_give_is_refused_in_the_readers_language(tmp_path):
    async def main():
        async with running_server(db(tmp_path)) as srv:
            r = await srv.http.get("/api/tables?cursor=nonsense")
            assert r.status_code == 400 and r.json()["error"] == {
                "code": "bad_cursor", "message": "The page cursor is not one this server gave: start again without one."}
            r = await srv.http.get("/api/tables?cursor=nonsense", headers=DE)
            assert r.json()["error"]["message"] == ("Diesen Seitenzeiger hat dieser Server nicht vergeben: Fang ohne "
                                                    "ihn von vorn an.")

    asyncio.run(main())
