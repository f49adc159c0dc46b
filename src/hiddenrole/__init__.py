"""hiddenrole: moderates hidden-role social deduction games and balances them with bots.

Layout (arrows point one way):

* ``engine``  -- the contract every game implements (state, actions, events and their
  visibility, chance outcomes, options, errors).
* ``games``   -- one package per game, each reading like its rulebook.
* ``bots``    -- players that see only a player's view and legal actions.
* ``lab``     -- simulation and balance reports, through the engine contract.
* ``server``  -- the online Mod: lobby, protocol, clock, store.
* ``web``     -- the static browser client.
"""

__version__ = "0.1.0"
