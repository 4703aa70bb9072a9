"""`Play`: a game being played — the state, the players' choices and the trace — and the one door through
which anything happens.

`perform` lets replacement effects modify the events first (614), applies them, then finds what they
trigger (603.2), looking back in time for permanents that left the battlefield (603.10a). `record` closes a
trace step: what happened, the rules that made it so, the changes since the last step and the board now.
Every module that changes the game takes a `Play`; `game.Game` adds the moves a scenario makes.
"""

from __future__ import annotations

from judge_app.engine import events, rules
from judge_app.engine.choices import Choices
from judge_app.engine.layers import compute_all
from judge_app.engine.replacement import replace_events
from judge_app.engine.state import GameResult, GameState
from judge_app.engine.trace import GAME_OVER, Note, Trace, TraceStep, snapshot
from judge_app.engine.triggers import detect
from judge_app.engine.view import View


class Play(View):
    def __init__(self, state: GameState, choices: Choices | None = None):
        super().__init__(state)
        self.choices = choices or Choices()
        self.trace = Trace()
        self.line: int | None = None  # the scenario line being replayed, stamped on trace steps
        self.noted: set[tuple[str, ...]] = set()  # notes already made (so a check repeated says it once)
        self._events: list[events.Event] = []

    def perform(self, *changes: events.Event) -> list[events.Event]:
        """Apply changes as replacement effects modify them (614), then find what they trigger (603.2), looking
        back in time for permanents that left the battlefield (603.10a)."""
        leaving = any(isinstance(c, events.ZoneChange) and c.from_zone == "battlefield" for c in changes)
        before = dict(compute_all(self.state)) if leaving else {}
        replaced, notes = replace_events(self, self.choices, changes)
        self.say(notes)
        done = events.perform(self.state, *replaced)
        self._events.extend(done)
        found, notes = detect(self, done, before)
        self.say(notes)
        self.state.pending_triggers += found
        if any(isinstance(e, events.PlayerWins) for e in done):
            self.end_if_decided()  # a game ends immediately when a player wins (104.1)
        return done

    def end_if_decided(self) -> None:
        """104.1: the game ends when a player wins — an effect says so (104.2b), or all their opponents have left
        (104.2a) — or when all players remaining lose at once: a draw (104.4a). A player who would both win and
        lose loses (104.3f). With three or more players, the others play on (800.4)."""
        state = self.state
        if state.result is not None:
            return
        players = list(state.players.values())
        winners = [p.name for p in players if p.won and not p.lost]
        losers = [p for p in players if p.lost]
        reasons = {p.name: p.lost for p in losers}
        text = ""
        if winners:
            rule_list = [rules.GAME_ENDS, rules.WIN_EFFECT]
            if any(p.won and p.lost for p in players):
                rule_list.append(rules.LOSE_AND_WIN)
            result = GameResult(winners=winners[:1], losers=[p.name for p in players if p.name != winners[0]],
                                draw=False, reasons=reasons)
        elif not losers:
            return
        else:
            remaining = [p.name for p in players if not p.lost]
            if len(remaining) > 1:
                return
            if remaining:
                result = GameResult(winners=remaining, losers=[p.name for p in losers], draw=False, reasons=reasons)
                rule_list = [rules.GAME_ENDS, rules.WIN_OPPONENTS_LEFT]
            else:
                result = GameResult(winners=[], losers=[p.name for p in losers], draw=True, reasons=reasons)
                rule_list = [rules.GAME_ENDS, rules.DRAW_ALL_LOSE]
                text = "Every player remaining lost the game at the same time. "
        self.perform(events.GameOver(result))
        summary = result.describe()
        self.record(GAME_OVER, text + summary[0].upper() + summary[1:] + ".", rule_list)

    def record(self, kind: str, text: str, rule_numbers: list[str] | tuple[str, ...]) -> TraceStep:
        """Close a trace step: what happened, why, the changes since the last step, and the board now."""
        step = TraceStep(index=len(self.trace.steps) + 1, turn=self.state.turn, step=self.step_label, kind=kind,
                         text=text, rules=list(dict.fromkeys(str(r) for r in rule_numbers)),
                         changes=[e.to_json() for e in self._events], snapshot=snapshot(self.state), line=self.line)
        self._events = []
        self.trace.steps.append(step)
        return step

    def say(self, notes: list[Note]) -> None:
        """Record what a function that only looked at the game found to say."""
        for note in notes:
            self.record(note.kind, note.text, note.rules)

    def note_once(self, key: tuple[str, ...], kind: str, text: str, rule_numbers: list[str]) -> None:
        if key not in self.noted:
            self.noted.add(key)
            self.record(kind, text, rule_numbers)
