"""Scenario texts the sandbox and web tests share."""

# Two players with big libraries and a replay that only stops at turn 5000: far more than 2 s of work.
ENDLESS = """title = "A very long game"
question = "What happens in five thousand turns?"
until_turn = 5000
[players.Alice]
library = 6000
[players.Bob]
library = 6000
"""
