"""The snitch's prompts in McCarthyism: whom to snitch on, whether to call for the end, or (a
blacklisted snitch) which two players to name; each says what vote follows, secret or by name as
the table's ``reveal_votes`` option says, so the prompt and the board tell one truth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.narration import Narrator


def snitch_prompt(n: Narrator, legal: list[Mapping[str, Any]], named: bool, voters: int,
                  need_black: int, need_end: int) -> dict[str, Any] | None:
    """The snitch's prompt (title, explain, choices), or None when the snitch has nothing to choose."""
    _ = n._
    kinds = {a.get("action") for a in legal}
    choices: list[dict[str, Any]] = []
    if kinds & {"snitch", "call_end", "pass"}:
        title = _("You are the snitch: snitch on a player, call for the end of the game, or pass.")
        explain = (_("Snitching starts a vote by name: with {need} yes of {voters} votes the player is blacklisted.")
                   if named else
                   _("Snitching starts a secret vote: with {need} yes of {voters} votes the player is blacklisted.")
                   ).format(need=need_black, voters=voters)
        end_vote = (_("A vote by name: with {need} yes of {voters} votes the game ends now, and the Commies win if any "
                      "Commie is not blacklisted. Be sure before you call it.") if named else
                    _("A secret vote: with {need} yes of {voters} votes the game ends now, and the Commies win if any "
                      "Commie is not blacklisted. Be sure before you call it.")).format(need=need_end, voters=voters)
        for i, a in enumerate(legal):
            kind = a.get("action")
            if kind == "snitch":
                choices.append({"action": i, "label": _("Snitch on {name}").format(name=a.get("target")), "explain": None})
            elif kind == "call_end":
                choices.append({"action": i, "label": _("Call for the end of the game"), "explain": end_vote})
            else:
                choices.append({"action": i, "label": _("Pass"), "explain": _("No vote this turn; you still draw an action card.")})
        return {"title": title, "explain": explain, "choices": choices}
    if "snitch_pair" in kinds:
        title = _("You are a blacklisted snitch: name two players to snitch on.")
        explain = (_("A vote by name follows: with {need} yes of {voters} votes both are blacklisted and you are "
                     "whitelisted. A Commie must name as many Commies as possible.") if named else
                   _("A secret vote follows: with {need} yes of {voters} votes both are blacklisted and you are "
                     "whitelisted. A Commie must name as many Commies as possible.")).format(need=need_black, voters=voters)
        choices = [{"action": i, "label": n.list(a.get("targets") or ()), "explain": None} for i, a in enumerate(legal)]
        return {"title": title, "explain": explain, "choices": choices}
    return None
