"""Secret Hitler's action list and observation encoding for the environments.

Actions (free-text posts excluded): ``nominate`` a Chancellor Candidate (``target``, one per
seat) or, on night 0 of the turbo game, two nominees (``targets``, each pair of seats);
``vote`` yes or no; ``discard`` and ``enact`` a Liberal (``L``) or Fascist (``F``) policy;
``veto``; ``veto_response`` allowing or refusing; ``investigate``, ``special_election`` and
``execute`` a seat; ``claim`` what one saw as President (three drawn, two passed), Chancellor
(two received) or investigator (a party), while the game offers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .encoding import SEATS, Encoding, Features, Subsets, Template, game_steps

ROLES = ("liberal", "fascist", "hitler")
PARTIES = ("liberal", "fascist")
STEPS = game_steps("secret-hitler")  # the game's declared steps, in the order of its rules
PHASES = ("night", "day", "over")
POWERS = ("investigate", "peek", "special_election", "execute")
FASCIST_SLOTS = 6


class SecretHitlerEncoding(Encoding):
    """Secret Hitler (5-10 players). Components, in order (``[seat i]``: one per seat in
    seat order; counts divided by the number after ``/``):

    * ``step=...``: the current step (one-hot of :data:`STEPS`); ``phase=...``: night, day, over;
    * ``day/20``, ``liberal_policies/5``, ``fascist_policies/6``, ``election_tracker/3``,
      ``deck_size/17``, ``discard_size/17``, ``veto_unlocked``;
    * per seat: ``alive``, ``president``, ``chancellor``, ``presidential_candidate``,
      ``chancellor_candidate``, ``eligible_nominee``;
    * ``power[k]=...``: the power of the k-th Fascist policy (k = 1..6, one-hot of :data:`POWERS`);
    * private: ``my_role=...`` (one-hot of :data:`ROLES`), ``i_am_alive``, ``known_role[seat i]=...``
      (the roles the player knows: fellow fascists, or everyone for Hitler in small games),
      ``investigated[seat i]=...`` (party memberships the player saw), ``hand_liberal/3`` and
      ``hand_fascist/3`` (the policies the player holds now), ``my_power=...`` (the power the
      player must use now), ``veto_requested``, ``my_vote=yes|no`` (an open vote the player cast).
    """

    TEMPLATES = (
        Template("nominate", target=SEATS),
        Template("nominate", targets=Subsets((2,))),
        Template("vote", vote=("yes", "no")),
        Template("discard", card=("L", "F")),
        Template("enact", card=("L", "F")),
        Template("veto"),
        Template("veto_response", allow=(True, False)),
        Template("investigate", target=SEATS),
        Template("special_election", target=SEATS),
        Template("execute", target=SEATS),
        # claims (hiddenrole.games.secret_hitler.claimbook): statements that move nothing on
        Template("claim", **{"as": ("president",), "drew": ("FFF", "FFL", "FLL", "LLL"), "passed": ("FF", "FL", "LL")}),
        Template("claim", **{"as": ("chancellor",), "got": ("FF", "FL", "LL")}),
        Template("claim", **{"as": ("investigator",), "party": ("liberal", "fascist")}),
    )

    def encode(self, snapshot: Mapping[str, Any], f: Features) -> None:
        players = self.players
        board: Mapping[str, Any] = snapshot["board"]
        private: Mapping[str, Any] = snapshot["private"]
        f.one_hot("step", board.get("step"), STEPS)
        f.one_hot("phase", board.get("phase"), PHASES)
        f.scaled("day", board.get("day"), 20)
        f.scaled("liberal_policies", board.get("liberal_policies"), 5)
        f.scaled("fascist_policies", board.get("fascist_policies"), 6)
        f.scaled("election_tracker", board.get("election_tracker"), 3)
        f.scaled("deck_size", board.get("deck_size"), 17)
        f.scaled("discard_size", board.get("discard_size"), 17)
        f.flag("veto_unlocked", board.get("veto_unlocked"))
        f.seats("alive", players, board.get("alive"))
        f.seats("president", players, board.get("president"))
        f.seats("chancellor", players, board.get("chancellor"))
        f.seats("presidential_candidate", players, board.get("presidential_candidate"))
        f.seats("chancellor_candidate", players, board.get("chancellor_candidate"))
        f.seats("eligible_nominee", players, board.get("nominees_eligible"))
        powers = list(board.get("powers") or [])
        for k in range(FASCIST_SLOTS):
            f.one_hot(f"power[{k + 1}]", powers[k] if k < len(powers) else None, POWERS)
        f.one_hot("my_role", private.get("role"), ROLES)
        f.flag("i_am_alive", private.get("alive"))
        f.seat_one_hot("known_role", players, private.get("roles"), ROLES)
        f.seat_one_hot("investigated", players, private.get("investigations"), PARTIES)
        hand = list(private.get("hand") or [])
        f.scaled("hand_liberal", hand.count("L"), 3)
        f.scaled("hand_fascist", hand.count("F"), 3)
        f.one_hot("my_power", private.get("power"), POWERS)
        f.flag("veto_requested", private.get("veto_requested"))
        f.one_hot("my_vote", private.get("vote"), ("yes", "no"))
