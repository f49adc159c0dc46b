"""Secret Hitler told in plain words: a post that did not count as a vote
(docs/rules/secret-hitler.md, "Votecodes"). Only the poster is told why, and, while a vote
is open, what to post instead: today's yes and no codes in bold.

``vote_ignored`` events carry ``reason`` (the engine's English reason), ``code`` (what was
posted) and, while a vote is open, ``yes`` and ``no`` (the poster's codes for today).
"""

from __future__ import annotations

import re
from typing import Any

from ...engine.narration import N_, Narrator

Data = dict[str, Any]

_IGNORED = [
    (re.compile(r"^\d+ is not one of your votecodes$"), N_("it is not one of your votecodes.")),
    (re.compile(r"^\d+ is your code for day (?P<pair>\d+), not for day (?P<day>\d+)$"),
     N_("it is your code for day {pair}, not for today (day {day}).")),
    (re.compile(r"^the vote of day (?P<day>\d+) is closed$"), N_("the vote of day {day} is already closed.")),
    (re.compile(r"^no Chancellor Candidate has been named yet$"), N_("no Chancellor Candidate has been named yet.")),
    (re.compile(r"^'.*' is not a 3-digit votecode$"), N_("a votecode has exactly 3 digits.")),
]
_UNBOLDED = re.compile(r"^\d+ is not in bold$")


_ATTEMPT = re.compile(r"^'.*' is not a bold votecode$")


def vote_ignored(n: Narrator, d: Data, to: Any) -> list[str]:
    reason = str(d.get("reason", ""))
    yes, no = d.get("yes"), d.get("no")
    if _ATTEMPT.match(reason):  # a whole post that reads like a vote (the codes are there: a vote is open)
        return [n.mine(to, N_("Your post “{text}” did not count as a vote: to vote, post your code for today in bold, "
                              "**{yes}** for yes or **{no}** for no."),
                       N_("{reader}'s post “{text}” did not count as a vote."), text=d.get("code"), yes=yes, no=no)]
    if _UNBOLDED.match(reason):
        out = [n.mine(to, N_("Your votecode {code} was not in bold, so it did not count as a vote: post **{code}** to vote."),
                      N_("{reader}'s votecode {code} was not in bold, so it did not count as a vote."), code=d.get("code"))]
    else:
        why = n._("it is not a vote now.")
        for pattern, text in _IGNORED:
            m = pattern.match(reason)
            if m:
                why = n._(text).format(**m.groupdict())
                break
        out = [n.mine(to, N_("Your bold code {code} did not count as a vote: {why}"),
                      N_("{reader}'s bold code {code} did not count as a vote: {why}"), code=d.get("code"), why=why)]
    if yes is not None and no is not None and n.private_for_viewer(to):
        out.append(n._("To vote today, post **{yes}** for yes or **{no}** for no.").format(yes=yes, no=no))
    return out
