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

# A small file whose replay draws a big board at every step: 250 creatures over 22 steps (5,500 objects).
BIG_BOARD = 'title = "Big board"\nquestion = "?"\nuntil_turn = 2\n[players.Alice]\n[players.Bob]\n' + "".join(
    f'[[cards]]\nid = "c{i}"\nname = "Bear {i}"\nowner = "{"Alice" if i % 2 else "Bob"}"\ntype = "Creature — Bear"\n'
    'pt = "2/2"\n' for i in range(250))
