"""McCarthyism's action list and observation encoding for the environments.

Actions: ``snitch`` on a seat; ``call_end``; ``pass``; ``snitch_pair`` on one or two seats
(``targets``); ``vote`` yes or no; ``play`` one of the twelve cards; ``choose`` a seat (a
card's target); ``decline``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .encoding import SEATS, Encoding, Features, Subsets, Template, game_steps

CARDS = (
    "confess_to_the_feds", "escape_to_the_reds", "deep_research", "double_agent", "lemme_see_what_you_got_there",
    "you_seem_suspicious", "i_know_a_guy", "super_snitch", "loose_lips", "commies_take_over", "something_to_say",
    "too_much_to_drink",
)
ALLEGIANCES = ("american", "commie")
STEPS = game_steps("mccarthyism")  # the game's declared steps, in the order of its rules
MAX_TURNS = 60
DECK = 60


class McCarthyismEncoding(Encoding):
    """McCarthyism (3-20 players). Components, in order (``[seat i]``: one per seat):

    * ``step=...`` (one-hot of :data:`STEPS`), ``turn/60``, ``deck/60``, ``discards/60``,
      ``hand_size/3`` (the acting player's cards), ``commies_take_over``;
    * per seat: ``snitch``, ``acting``, ``blacklisted``, ``whitelisted``, ``escaped``,
      ``protected`` (whitelist protection still running), ``confessed=american|commie``,
      ``double_agent``, ``turns_had/turns_per_player``, ``can_be_snitch``;
    * ``card_in_play=...`` and ``played_count[card]/5`` (cards played so far), one per card of :data:`CARDS`;
    * the vote: ``vote_open``, ``vote_target[seat i]``, ``voted/players``;
    * private: ``my_card=american|commie`` (the role card as last seen), ``commie_at_start[seat i]``
      (the Commies the player knows from the start), ``seen_role[seat i]=...`` (role cards the
      player saw), ``hand[card]/2`` (the cards the player holds), ``my_vote=yes|no``.
    """

    TEMPLATES = (
        Template("snitch", target=SEATS),
        Template("call_end"),
        Template("pass"),
        Template("snitch_pair", targets=Subsets((1, 2))),
        Template("vote", vote=("yes", "no")),
        Template("play", card=CARDS),
        Template("choose", target=SEATS),
        Template("decline"),
    )

    def encode(self, snapshot: Mapping[str, Any], f: Features) -> None:
        players = self.players
        board: Mapping[str, Any] = snapshot["board"]
        private: Mapping[str, Any] = snapshot["private"]
        turn = board.get("turn") or 0
        f.one_hot("step", board.get("step"), STEPS)
        f.scaled("turn", turn, MAX_TURNS)
        f.scaled("deck", board.get("deck"), DECK)
        f.scaled("discards", board.get("discards"), DECK)
        f.scaled("hand_size", board.get("hand_size"), 3)
        f.flag("commies_take_over", board.get("commies_take_over"))
        f.seats("snitch", players, board.get("snitch"))
        f.seats("acting", players, board.get("acting"))
        f.seats("blacklisted", players, board.get("blacklisted"))
        f.seats("whitelisted", players, board.get("whitelisted"))
        f.seats("escaped", players, board.get("escaped"))
        protected = board.get("protected_through_turn") or {}
        f.seats("protected", players, [p for p, t in protected.items() if t >= turn])
        f.seat_one_hot("confessed", players, board.get("confessed"), ALLEGIANCES)
        f.seats("double_agent", players, board.get("double_agent"))
        f.seat_values("turns_had", players, board.get("turns_had"), board.get("turns_per_player") or 3)
        f.seats("can_be_snitch", players, [p for p, ok in (board.get("can_be_snitch") or {}).items() if ok])
        f.one_hot("card_in_play", board.get("card_in_play"), CARDS)
        played = [p.get("card") for p in board.get("played") or []]
        for card in CARDS:
            f.scaled(f"played_count[{card}]", played.count(card), 5)
        vote = board.get("vote") or {}
        f.flag("vote_open", bool(vote))
        f.seats("vote_target", players, vote.get("targets"))
        f.scaled("voted", vote.get("voted"), len(players))
        role_card = private.get("role_card") or {}
        f.one_hot("my_card", role_card.get("card"), ALLEGIANCES)
        f.seats("commie_at_start", players, private.get("commies_at_start"))
        seen = {p: s.get("card") for p, s in (private.get("seen_roles") or {}).items()}
        f.seat_one_hot("seen_role", players, seen, ALLEGIANCES)
        hand = list(private.get("hand") or [])
        for card in CARDS:
            f.scaled(f"hand[{card}]", hand.count(card), 2)
        f.one_hot("my_vote", private.get("my_vote"), ("yes", "no"))
