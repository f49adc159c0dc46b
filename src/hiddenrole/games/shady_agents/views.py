"""Views: what each player (or a spectator) may know, as plain JSON data.

Rules text: "Die Spieler müssen ihre Rollenkarten während des Spiels geheim halten." and
"Nur der Spieler, der die Werkzeugkarte erhalten hat, kann sie ansehen." -- until the end
a player's view shows their own role only, and the identity of a given tool only to its
receiver (and to its giver, who chose it); everyone sees that "X gave a face-down tool to
Y", how many tools each player still holds, who discarded (not what), every interrogation
answer and the chat. An odd table's revealed role card is public. At the end
("Alle Spieler decken ihre Rollenkarten auf. Alle Werkzeuge werden umgedreht.") every
role, gift and discard is shown.

A viewer follows the game through a :class:`ShadyAgentsObserver` (the game's ``OBSERVER``):
its private knowledge (role, tools held, given, received, discarded) is folded from the
private events it sees (``role``, ``tool``, ``discard``) as they pass, once each; the board
is read from the game's public state. The snapshot's board leaves out the chat, which grows
with the game and travels as public ``post`` events; the full view (``Game.view``) has it as
``board["chat"]``, rebuilt from those events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import MOD, Event, ObservedGame, Observer, copy_json

from .interrogations import answer_label
from .roles import SIDE_OF_ROLE
from .tools import BULLET, MEDKIT

if TYPE_CHECKING:  # pragma: no cover
    from .game import ShadyAgents


def board(game: ShadyAgents, chat: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The public state: seats and turn, face-down gifts, tool counts, discards (who, not
    what), interrogations with their answers, the chat (``chat``: the posts as
    ``{"player", "text"}``; ``None``: no ``chat`` key), the revealed card of an odd table;
    after the end also every role, tool and the scores. Fresh JSON data, sharing nothing
    with the game."""
    players = game.players
    ledger = game.ledger
    over = game.is_over
    # plain loops rather than comprehensions: a snapshot is built at every bot's first decision
    gifts = []  # in the order they were made; face down until the end
    for g, tool, r, rd in ledger.gifts:
        gift = {"giver": players[g], "receiver": players[r], "round": rd}
        if over:
            gift["tool"] = tool
        gifts.append(gift)
    discarded = []
    for p, d in zip(players, ledger.discarded):
        if d is not None:
            discarded.append(p)
    interrogations = []
    for rec in game.interrogations:
        record = rec.copy()
        answers = []
        for a in rec["answers"]:
            answers.append(a.copy())
        record["answers"] = answers
        interrogations.append(record)
    card = game.current_card
    waiting = game.to_act()
    out: dict[str, Any] = {
        "first_player": game.first_player,
        "round": game.round,
        "turn": waiting[0] if waiting else None,
        "holding": dict(zip(players, map(len, ledger.held))),
        "received": dict(zip(players, map(len, ledger.received))),
        "gifts": gifts,
        "discarded": discarded,
        "interrogations": interrogations,
        "current_card": None if card is None else {
            "card": card.id, "question": card.question, "caller": game.caller,
        },
        "cards_left": game.cards_left,
    }
    if chat is not None:
        out["chat"] = chat
    out["revealed_card"] = game.revealed_card
    out["bonus_side"] = game.bonus_side
    out["enforce_statements"] = game.options["enforce_statements"]
    if over:
        out["roles"] = {p: game.role_of(p) for p in players}
        out["discards"] = {players[s]: d for s, d in enumerate(ledger.discarded) if d is not None}
        out["scores"] = dict(game.result.detail["scores"])  # type: ignore[union-attr]
    return out


def private(game: ShadyAgents, player: str) -> dict[str, Any]:
    """What ``player`` knows beyond the board, read from the game's state (the Mod's
    knowledge of one seat): their role and side, the tools they hold, what they gave (and
    to whom), what they received (and from whom), what they discarded, and, when it is
    their turn to answer, the interrogation panel (:func:`interrogation_panel`).

    Observers fold the same knowledge from the events (:class:`ShadyAgentsObserver`)."""
    players = game.players
    seat = players.index(player)
    ledger = game.ledger
    role = game.role_of(player)
    out: dict[str, Any] = {
        "role": role,
        "side": SIDE_OF_ROLE[role],
        "holding": list(ledger.held[seat]),
        "gave": [{"tool": t, "to": players[r], "round": rd} for t, r, rd in ledger.gave[seat]],
        "received": [{"tool": t, "from": players[g], "round": rd} for t, g, rd in ledger.received[seat]],
        "discarded": ledger.discarded[seat],
    }
    panel = interrogation_panel(game, player)
    if panel is not None:
        out["interrogation"] = panel
    return out


def interrogation_panel(game: ShadyAgents, player: str) -> dict[str, Any] | None:
    """When it is ``player``'s turn to answer an interrogation card: the card, its question,
    the answer set (with labels), the answers the code allows (those listed by
    ``legal_actions``) and whether free text is allowed; else ``None``."""
    card = game.current_card
    if card is None or game.to_act() != (player,):
        return None
    labelled = []
    for a in game.answers_to(player):
        labelled.append({"answer": a, "label": answer_label(a)})
    allowed = []
    for action in game.legal_actions(player):
        allowed.append(action["answer"])
    return {
        "card": card.id,
        "question": card.question,
        "answers": labelled,
        "allowed": allowed,
        "free_text": not game.options["enforce_statements"],
    }


def summary(game: ShadyAgents) -> dict[str, Any]:
    """The public summary: the board (with the chat), plus the result once the game is over."""
    b = board(game, [dict(m) for m in game.chat])
    return {
        "game": game.name,
        "phase": game.phase,
        "players": list(game.players),
        "board": b,
        "result": game.result.to_json() if game.result else None,
    }




def _shady(game: ObservedGame) -> ShadyAgents:
    return game  # type: ignore[return-value]  # an observer of this game is only made by ShadyAgents


# compiled build: a subclass of a class open to interpreted subclasses must be open too
@mypyc_attr(allow_interpreted_subclasses=True)
class ShadyAgentsObserver(Observer):
    """One viewer's window on a Shady Agents game (see :class:`hiddenrole.engine.Observer`).

    Args:
        game: the :class:`~hiddenrole.games.shady_agents.ShadyAgents` game followed.
        viewer: a seated player's name, ``None`` for a spectator, or the Mod
            (:data:`hiddenrole.engine.MOD`).

    Raises:
        IllegalAction: ``viewer`` is not seated.

    A seated viewer's knowledge is folded from the events it sees, once each: its ``role``
    event; each ``tool`` event it gave (the tool leaves its hand) or received, with the
    round of the public ``give`` event just before it; its ``discard``. The snapshot's
    ``private`` is built from that knowledge, plus the interrogation panel when it is the
    viewer's turn to answer (its own legal answers). A spectator's and the Mod's
    ``private`` is ``{}``.
    """

    FOLDS = frozenset({"give", "tool", "discard", "role"})

    def __init__(self, game: ObservedGame, viewer: str | None) -> None:
        super().__init__(game, viewer)
        self.seated = viewer is not None and viewer != MOD  # (the base class checked the name)
        self.role: str | None = None
        self.holding: list[str] = [BULLET, MEDKIT]  # own tools still in hand, in the ledger's order
        self.gave: list[tuple[str, str, int]] = []  # (tool, receiver, round), in order
        self.received: list[tuple[str, str, int]] = []  # (tool, giver, round), in order
        self.discarded: str | None = None
        self.round = 1  # the round of the last public gift seen

    def observe(self, event: Event) -> None:
        """Fold one visible event into the viewer's knowledge (see the class docstring)."""
        kind = event.kind
        if kind == "give":  # public: the round of the tool event that follows
            self.round = event.data["round"]
            return
        if event.to is None or not self.seated:
            return  # the rest of a seat's knowledge comes from its private events
        if kind == "tool":
            data = event.data
            tool = data["tool"]
            if data["giver"] == self.viewer:
                self.holding.remove(tool)
                self.gave.append((tool, data["receiver"], self.round))
            else:
                self.received.append((tool, data["giver"], self.round))
        elif kind == "discard":
            tool = event.data["tool"]
            self.holding.remove(tool)
            self.discarded = tool
        elif kind == "role":
            self.role = event.data["role"]

    def base(self) -> dict[str, Any]:
        """As :meth:`Observer.base`, with the result copied whole (its scores are the game's)."""
        out = super().base()
        if out["result"] is not None:
            out["result"] = copy_json(out["result"])
        return out

    def board(self) -> dict[str, Any]:
        """The public state without the chat (:func:`board`)."""
        return board(_shady(self.game))

    def summary(self) -> dict[str, Any]:
        """The public summary (:func:`summary`: roles and tools only once the game is over)."""
        return summary(_shady(self.game))

    def private(self) -> dict[str, Any]:
        """The viewer's own knowledge, from the events folded so far (``{}`` unless seated)."""
        if not self.seated:
            return {}
        role = self.role
        assert role is not None  # the role events open the log
        out: dict[str, Any] = {
            "role": role,
            "side": SIDE_OF_ROLE[role],
            "holding": list(self.holding),
            "gave": [{"tool": t, "to": r, "round": rd} for t, r, rd in self.gave] if self.gave else [],
            "received": [{"tool": t, "from": g, "round": rd} for t, g, rd in self.received] if self.received else [],
            "discarded": self.discarded,
        }
        viewer = self.viewer
        assert viewer is not None
        panel = interrogation_panel(_shady(self.game), viewer)
        if panel is not None:
            out["interrogation"] = panel
        return out

    def view(self) -> dict[str, Any]:
        """The full view (``Game.view``): the snapshot with every event so far and the chat
        (``board["chat"]``), rebuilt from the ``post`` events. Only for a fresh observer."""
        events = self.events_so_far()
        out = self.base()
        result = out.pop("result")
        out["events"] = events
        out["result"] = result
        out["board"] = board(_shady(self.game), chat_of(events))
        out["private"] = self.private()
        return out

    def thread(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The chat's new posts among ``events`` (this viewer's new events), as ``{"by", "text"}``:
        the public ``post`` events (every post is public)."""
        return [{"by": e["player"], "text": e["text"]} for e in events if e["kind"] == "post"]


def chat_of(events: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The chat as the board shows it (``[{"player", "text"}]``, in order) from a viewer's events."""
    return [{"player": e["player"], "text": e["text"]} for e in events if e["kind"] == "post"]
