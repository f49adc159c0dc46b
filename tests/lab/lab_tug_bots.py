"""Test bots for the tug-of-war test game: one always pulls, one always rests."""

from hiddenrole.bots import Bot, Observation


class PullerBot(Bot):
    """Pulls whenever it may (reads its view, to check the lab hands views to bots that ask)."""

    kind = "puller"
    needs_view = True

    def choose(self, observation: Observation):
        assert observation.view is not None and observation.view["player"] == self.player
        for action in observation.legal_actions:
            if action["action"] == "pull":
                return action
        return observation.legal_actions[0]


class ResterBot(Bot):
    """Rests whenever it may: a side of resters never moves the rope."""

    kind = "rester"
    needs_view = False

    def choose(self, observation: Observation):
        for action in observation.legal_actions:
            if action["action"] == "rest":
                return action
        return observation.legal_actions[0]
