"""Words the fresh-user trial still found wanting, as the client draws them: McCarthyism's
"Every hand" names each hand's turn, owner and kind of look; the official Secret Hitler game
heads its feed by election rounds (the turbo game by days); German names a party as a noun
("Deine Partei: die Liberalen")."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.browser]

# a finished McCarthyism game's private hands, in the reveal's form (events in order, each
# private one naming its reader in "to")
HANDS_JS = """async () => {
  const { loadGame, gameModule } = await import('/games.js');
  await loadGame('mccarthyism');
  const { handRows } = await import('/games/mccarthyism.js');
  const events = [
    {kind: 'turn', turn: 1, snitch: 'Ann', blacklisted: false},
    {kind: 'drew', player: 'Ann', count: 1},
    {kind: 'hand', private: true, to: ['Ann'], cards: ['deep_research']},
    {kind: 'deep_research', private: true, to: ['Ann'], cards: ['super_snitch', 'loose_lips'], in_order: true},
    {kind: 'turn', turn: 2, snitch: 'Bea', blacklisted: false},
    {kind: 'hand', private: true, to: ['Bea'], cards: ['something_to_say']},
    {kind: 'must_say_something', player: 'Bea', target: 'Cid'},
    {kind: 'hand', private: true, to: ['Cid'], cards: ['super_snitch', 'loose_lips']},
    {kind: 'turn', turn: 3, snitch: 'Cid', blacklisted: true},
    {kind: 'hand', private: true, to: ['Cid'], cards: ['double_agent', 'loose_lips']},
    {kind: 'deck', private: true, to: [], cards: ['loose_lips']},
  ];
  const box = document.createElement('div');
  box.append(...gameModule('mccarthyism').result({}, {events}).flat());
  return [box.querySelector('h3').textContent, ...[...box.querySelectorAll('[data-test=hands] li')].map(li => li.textContent)];
}"""


@pytest.mark.parametrize(("locale", "expected"), [
    ("en-GB", ["Every hand",
               "Turn 1, Ann drew: Deep research",
               "Turn 1, Ann’s deep research (the action deck, in draw order): Super snitch, Loose Lips",
               "Turn 2, Bea drew: You look like you have something to say",
               "Turn 2, Cid drew, made to by “You look like you have something to say” (must play one): Super snitch, Loose Lips",
               "Turn 3, Cid drew as a blacklisted snitch (must play one): Double Agent, Loose Lips"]),
    ("de-DE", ["Alle Handkarten",
               "Zug 1, Ann zog: Gründliche Recherche",
               "Zug 1, Gründliche Recherche von Ann (der Aktionsstapel in Ziehreihenfolge): Superspitzel, Lose Zungen",
               "Zug 2, Bea zog: Du siehst aus, als hättest du etwas zu sagen",
               "Zug 2, Cid zog, gezwungen durch „Du siehst aus, als hättest du etwas zu sagen“ (muss eine spielen): "
               "Superspitzel, Lose Zungen",
               "Zug 3, Cid zog als Spitzel auf der schwarzen Liste (muss eine spielen): Doppelagent, Lose Zungen"]),
])
def test_web_mccarthyism_every_hand_names_turn_owner_and_kind(server, phone, locale, expected):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_function(f"() => document.documentElement.lang === '{locale[:2]}'")
    assert page.evaluate(HANDS_JS) == expected


SECTIONS_JS = """async (variant) => {
  const { loadGame, gameModule } = await import('/games.js');
  await loadGame('secret-hitler');
  const mod = gameModule('secret-hitler');
  const view = {phase: 'election', board: {variant, day: 3, step: 'nominate'}};
  return [mod.section({kind: 'player_list'}, {view}), mod.section({kind: 'day_start', day: 3}, {view}),
          mod.section({kind: 'vote_result'}, {view}), mod.phaseWords(view)];
}"""


@pytest.mark.parametrize(("locale", "variant", "expected"), [
    ("en-GB", "official", ["Before the first round", "Election round 3", None, "Election round 3: nomination"]),
    ("de-DE", "official", ["Vor der ersten Runde", "Wahlrunde 3", None, "Wahlrunde 3: Nominierung"]),
    ("en-GB", "turbo", ["Night 0", "Day 3", None, "Day 3: nomination"]),
    ("de-DE", "turbo", ["Nacht 0", "Tag 3", None, "Tag 3: Nominierung"]),
])
def test_web_official_secret_hitler_is_told_in_election_rounds(server, phone, locale, variant, expected):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_function(f"() => document.documentElement.lang === '{locale[:2]}'")
    assert page.evaluate(SECTIONS_JS, variant) == expected


PARTY_JS = """async (allegiance) => {
  const { loadGame, gameModule } = await import('/games.js');
  await loadGame('secret-hitler');
  const mod = gameModule('secret-hitler');
  const v = {player: 'Ann', private: {role: allegiance, allegiance}};
  const card = document.createElement('div');
  card.append(mod.roleCard(v));
  const panel = document.createElement('div');
  panel.append(...mod.privatePanel(v).flat());
  return [card.querySelectorAll('p')[0].textContent.split('.')[0], panel.querySelector('.role').textContent];
}"""


@pytest.mark.parametrize(("locale", "allegiance", "expected"), [
    ("de-DE", "liberal", ["Deine Partei: die Liberalen", "Deine Rolle: Liberaler (Partei: die Liberalen)"]),
    ("de-DE", "fascist", ["Deine Partei: die Faschisten", "Deine Rolle: Faschist (Partei: die Faschisten)"]),
    ("en-GB", "liberal", ["Your party: Liberal", "Your role: Liberal (party: Liberal)"]),
])
def test_web_a_party_is_a_noun_in_german(server, phone, locale, allegiance, expected):
    page = phone(locale=locale).new_page()
    page.goto(server + "/")
    page.wait_for_function(f"() => document.documentElement.lang === '{locale[:2]}'")
    assert page.evaluate(PARTY_JS, allegiance) == expected
