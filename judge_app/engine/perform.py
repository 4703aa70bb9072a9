"""`Play`: a game being played — the state, the players' choices and the trace — and the one door through
which anything happens.

`perform` lets replacement effects modify the events first (614), applies them, then finds what they
trigger (603.2), looking back in time for permanents that left the battlefield (603.10a). `record` closes a
trace step: what happened, the rules that made it so, the changes since the last step and the board now.
Every module that changes the game takes a `Play`; `game.Game` adds the moves a scenario makes.
"""

from __future__ import annotations

from judge_app.engine import events, rules, unmodelled
from judge_app.engine.choices import Choices
from judge_app.engine.layers import compute_all
from judge_app.engine.replacement import entering, replace_events
from judge_app.engine.state import GONE, STACK, GameResult, GameState
from judge_app.engine.trace import GAME_OVER, LEAVES, NOTE, Note, Trace, TraceStep, snapshot
from judge_app.engine.triggers import detect, remembered
from judge_app.engine.view import View


class Play(View):
    def __init__(self, state: GameState, choices: Choices | None = None):
        super().__init__(state)
        self.choices = choices or Choices()
        self.trace = Trace()
        self.line: int | None = None  # the scenario line being replayed, stamped on trace steps
        self.noted: set[tuple[str, ...]] = set()  # notes already made (so a check repeated says it once)
        self._events: list[events.Event] = []
        self._after: list[Note] = []  # notes to record once the step that caused them is recorded

    def perform(self, *changes: events.Event) -> list[events.Event]:
        """Apply changes as replacement effects modify them (614), then find what they trigger (603.2), looking
        back in time for permanents that left the battlefield (603.10a)."""
        leaving = [c.object for c in changes if isinstance(c, events.ZoneChange) and c.from_zone == "battlefield"]
        before = dict(compute_all(self.state)) if leaving else {}
        counters = {oid: dict(self.state.objects[oid].counters) for oid in leaving}
        replaced, notes = replace_events(self, self.choices, changes)
        unmodelled.check_statics(self, replaced)  # an ability the engine doesn't play would function there
        self.say(notes)
        done = events.perform(self.state, *replaced)
        unmodelled.check_statics(self)  # … or does now (a copy, a token)
        self._events.extend(done)
        self.state.this_turn += remembered(self, done, before)
        self._return_exiled_until(done)
        found, notes = detect(self, done, before, counters)
        self._after += notes  # what didn't trigger is said after the step that records the event
        self.state.pending_triggers += found
        if any(isinstance(e, events.PlayerWins) for e in done):
            self.end_if_decided()  # a game ends immediately when a player wins (104.1)
        return done

    def _return_exiled_until(self, done: list[events.Event]) -> None:
        """610.3: cards exiled "until this leaves the battlefield" return as it leaves — a one-shot effect, not a
        trigger — under their owners' control (610.3c), all at once (610.3d); a card that left exile since is a
        new object (400.7) and stays where it is."""
        state = self.state
        back: list[str] = []
        sources: list[str] = []
        for e in done:
            if isinstance(e, events.ZoneChange) and e.from_zone == "battlefield" and e.to_zone != "battlefield":
                cards = state.exiled_until.pop((e.object, state.objects[e.object].incarnation - 1), [])
                kept = [x for x, was in cards
                        if state.objects[x].zone == "exile" and state.objects[x].incarnation == was]
                back += kept
                sources += [e.object] if kept else []
        if not back:
            return
        changes: list[events.Event] = []
        for card in back:
            extra, _, _ = entering(self, self.choices, card)
            owner = state.objects[card].owner
            changes += [events.ZoneChange(card, "exile", "battlefield", "returned", controller=owner), *extra]
        self.record(NOTE, f"{', '.join(self.name(s) for s in sources)} left the battlefield: "
                    f"{', '.join(self.name(c) for c in back)} returns to the battlefield under its owner's control.",
                    [rules.UNTIL_EVENT, rules.UNTIL_EVENT_OWNER, rules.NEW_OBJECT])
        self.perform(*changes)

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
                for player in losers:
                    if not player.left:
                        self.leave(player.name)
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

    def leave(self, player: str) -> None:
        """800.4a: a player who leaves a multiplayer game takes along every object they own; effects giving them
        control of anything end; spells and abilities they control that aren't cards cease to exist; what they still
        control is exiled. Then the others play on (800.4)."""
        state = self.state
        state.players[player].left = True
        owned = [o for o in state.objects.values() if o.owner == player and o.zone != GONE]
        changes: list[events.Event] = [events.StackPop(i.id, "its owner left the game") for i in state.stack
                                       if state.objects.get(i.source) is not None and i.kind == "spell"
                                       and state.objects[i.source].owner == player]
        changes += [events.ZoneChange(o.id, o.zone, GONE, "left the game with its owner") for o in owned]
        ending = [e for e in state.effects if e.kind == "control" and e.values.controller == player]
        changes += [events.EffectEnds(e.description, e.timestamp) for e in ending]
        changes += [events.StackPop(i.id, "its controller left the game") for i in state.stack
                    if i.controller == player and i.kind != "spell"]
        state.pending_triggers = [p for p in state.pending_triggers if p.controller != player]
        names = [self.name(o.id) for o in owned if o.zone in ("battlefield", STACK)]
        self.perform(*changes)
        kept = [o.id for o in state.permanents() if self.controller(o.id) == player]
        self.perform(*(events.ZoneChange(oid, "battlefield", "exile", "exiled: its controller left the game")
                       for oid in kept))
        parts = [f"{player} leaves the game: every object {player} owns leaves it too"
                 + (f" ({', '.join(names)} from the battlefield or the stack)" if names else "")]
        if ending:
            parts.append("the effects giving " + player + " control of something end: " +
                         "; ".join(e.description for e in ending))
        if kept:
            parts.append(f"what {player} still controlled is exiled: {', '.join(self.name(o) for o in kept)}")
        if state.active == player:
            parts.append("the turn goes on without an active player; the next player in turn order receives "
                         "priority in their place")
        self.record(LEAVES, "; ".join(parts) + ".", [rules.LEAVES_THE_GAME, rules.PLAYER_LEAVES,
                                                    *([rules.NO_ACTIVE_PLAYER] if state.active == player else [])])

    def record(self, kind: str, text: str, rule_numbers: list[str] | tuple[str, ...]) -> TraceStep:
        """Close a trace step: what happened, why, the changes since the last step, and the board now."""
        step = TraceStep(index=len(self.trace.steps) + 1, turn=self.state.turn, step=self.step_label, kind=kind,
                         text=text, rules=list(dict.fromkeys(str(r) for r in rule_numbers)),
                         changes=[e.to_json() for e in self._events], snapshot=snapshot(self.state), line=self.line)
        self._events = []
        self.trace.steps.append(step)
        after, self._after = self._after, []
        self.say(after)
        return step

    def say(self, notes: list[Note]) -> None:
        """Record what a function that only looked at the game found to say."""
        for note in notes:
            self.record(note.kind, note.text, note.rules)

    def what_decided(self, object_id: str, aspects: tuple[str, ...], moment: str) -> None:
        """A note, once per change, of the continuous effects that made the characteristics deciding `moment`
        what they are (613): nothing when none touches them."""
        found = [said for aspect in aspects if (said := self.decided(object_id, aspect)) is not None]
        if found:
            text = "; ".join(text for text, _ in found)
            cited = list(dict.fromkeys(r for _, rule_list in found for r in rule_list))
            self.note_once(("decided", object_id, text), NOTE, f"{moment}: {text}.", cited)

    def note_once(self, key: tuple[str, ...], kind: str, text: str, rule_numbers: list[str]) -> None:
        if key not in self.noted:
            self.noted.add(key)
            self.record(kind, text, rule_numbers)
