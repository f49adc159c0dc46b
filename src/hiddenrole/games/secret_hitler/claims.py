"""Secret Hitler's claim notation, told in words: the forum's shorthand for what a President,
a Chancellor or an investigator says they saw (the rule and human bots post it; anyone may
write it). A post that is exactly one of these is told as the claim it makes, in the
reader's language; the post event itself stays as written.
"""

from __future__ import annotations

import re
from typing import Any

from ...engine.narration import N_, Narrator

POLICY_WORDS = {"L": N_("Liberal"), "F": N_("Fascist")}
#: a party named as a party (German: a noun, "die Liberalen"; English the same word as the
#: policy's): "context|text" messages, the context dropped where the catalog lacks them
PARTY_WORDS = {"liberal": N_("party|Liberal"), "fascist": N_("party|Fascist")}


def policies_in_words(n: Narrator, cards: Any) -> str:
    """Policies (``"FFL"`` or a list of ``"L"``/``"F"``) as words in ``n``'s language."""
    return ", ".join(n._(POLICY_WORDS.get(c, "Fascist")) for c in cards or ())


def policy_in_words(n: Narrator, card: Any) -> str:
    """One policy (``"L"`` or ``"F"``) as a word in ``n``'s language."""
    return n._(POLICY_WORDS.get(card, "Fascist"))


def party_in_words(n: Narrator, party: Any) -> str:
    """A party (``"liberal"`` or ``"fascist"``) as a party's name in ``n``'s language
    ("Liberal"; German "die Liberalen")."""
    message = PARTY_WORDS.get(party, PARTY_WORDS["fascist"])
    text = n._(message)
    return text.partition("|")[2] if text == message else text


_CLAIMS = (
    (re.compile(r"^claim investigate (?P<target>\S.*) (?P<party>liberal|fascist)$"),
     N_("{player} claims: they investigated {target} and saw the party membership {party}.")),
    (re.compile(r"^claim president drew (?P<drew>[LF]{3}) passed (?P<passed>[LF]{2})$"),
     N_("{player} claims: as President they drew {drew} and passed {passed} to the Chancellor.")),
    (re.compile(r"^claim chancellor got (?P<got>[LF]{2}) enacted (?P<card>[LF])$"),
     N_("{player} claims: as Chancellor they got {got} and enacted {card}.")),
)


def claim(n: Narrator, player: Any, text: Any) -> str | None:
    """A post in the claim notation told in words (``"claim president drew FFL passed FL"`` ->
    "Ann claims: as President they drew Fascist, Fascist, Liberal and passed Fascist,
    Liberal to the Chancellor."), or ``None`` for any other post. The notation: ``claim
    investigate NAME liberal|fascist``, ``claim president drew XXX passed XX``, ``claim
    chancellor got XX enacted X`` (X a policy, ``L`` or ``F``)."""
    if not isinstance(text, str) or not text.startswith("claim "):
        return None
    for pattern, sentence in _CLAIMS:
        m = pattern.match(text)
        if m is None:
            continue
        g = m.groupdict()
        values = {k: (policies_in_words(n, v) if k in ("drew", "passed", "got") else policy_in_words(n, v) if k == "card"
                      else party_in_words(n, v) if k == "party" else v) for k, v in g.items()}
        return n._(sentence).format(player=player, **values)
    return None


_CHANCELLOR_GOT = N_("{player} claims: as Chancellor they got {got}.")


def claim_event(n: Narrator, d: dict[str, Any]) -> str:
    """A structured claim (the ``claim`` event, :mod:`.claimbook`) told in words, as the
    notation's sentences: ``{"player": "Ann", "as": "president", "drew": "FFL", "passed":
    "FL"}`` -> "Ann claims: as President they drew Fascist, Fascist, Liberal and passed
    Fascist, Liberal to the Chancellor."; a Chancellor's names the two policies received, an
    investigator's the player and the party membership seen."""
    player = d.get("player", "")
    if d.get("as") == "president":
        return n._(_CLAIMS[1][1]).format(player=player, drew=policies_in_words(n, d.get("drew")),
                                         passed=policies_in_words(n, d.get("passed")))
    if d.get("as") == "chancellor":
        return n._(_CHANCELLOR_GOT).format(player=player, got=policies_in_words(n, d.get("got")))
    return n._(_CLAIMS[0][1]).format(player=player, target=d.get("target", ""),
                                     party=party_in_words(n, d.get("party")))


def claim_made(n: Narrator, d: dict[str, Any], to: Any) -> list[str]:
    """The ``claim`` event told (the narrator's function for it)."""
    return [claim_event(n, d)]


def claim_label(n: Narrator, a: Any) -> str:
    """A claim action in words, as a choice: "Claim: as President you drew Fascist,
    Fascist, Liberal and passed Fascist, Liberal"."""
    if a.get("as") == "president":
        return n._("Claim: as President you drew {drew} and passed {passed}").format(
            drew=policies_in_words(n, a.get("drew")), passed=policies_in_words(n, a.get("passed")))
    if a.get("as") == "chancellor":
        return n._("Claim: as Chancellor you got {got}").format(got=policies_in_words(n, a.get("got")))
    return n._("Claim: the player you investigated is {party}").format(
        party=party_in_words(n, a.get("party")))


def claim_choices(n: Narrator, legal: Any) -> list[dict[str, Any]]:
    """The prompt's choices for the claim actions among ``legal`` (they come last), numbered
    by their place in ``legal``."""
    explain = n._("Posted in the thread for everyone; after the game the export shows whether it was true.")
    return [{"action": i, "label": claim_label(n, a), "explain": explain}
            for i, a in enumerate(legal) if a.get("action") == "claim"]
