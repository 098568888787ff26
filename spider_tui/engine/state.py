"""The mutable table: columns and the other piles, stock, foundations; move generation, play
and undo.

This is the hot path that the hint, solver and bot search through, so it works on plain lists and
tuples. A move here is a :class:`~spider_tui.engine.moves.Move` packed as the tuple ``(src,
count, dst)`` (:meth:`Move.pack`: each pile by its place in the table's row, the columns first;
``dst == RUNS`` for a complete run sent to the foundation); a deal is ``DEAL``.
:meth:`State.apply` returns an undo record that :meth:`State.undo` reverses exactly.

What each kind of pile accepts and lets go of is its module's in :mod:`.kinds`, which the
table asks. A table of columns alone, played as Spider is (:attr:`RuleSet.simple`), takes the
fast paths written for it; any other table (free cells, reserves, card-by-card foundations, a
waste, deal plans, a plugin's table rules) takes the general ones, which keep a snapshot of the
table for undo and ask the rule set's table methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .answers import one_deadline, who
from .cards import SUIT, glyph
from .compiled import compiled
from .errors import RuleFailure
from .kinds import KINDS, TARGETS
from .kinds.columns import spider_moves
from .kinds.runs import complete_at_end
from .piles import CELL_KIND, COLUMN, RUNS, STOCK, PileView, TableView, describe_pile
from .rules import RuleSet

#: The deal, as a move tuple.
DEAL = (-1, 0, -1)
#: Where each kind of pile's liftable cards start (:meth:`PileKind.lift_start`), by kind.
_LIFT = tuple(k.lift_start for k in KINDS)

_MOVE, _DEAL, _FOUND, _SNAP = 0, 1, 2, 3
#: Cards in a standard complete run of each suit, King first (a removed run read from a file
#: that names only its suit).
_KING_DOWN = [tuple(s * 13 + r for r in range(12, -1, -1)) for s in range(4)]


class State:
    """Piles hold every card bottom first; ``down[i]`` of them (from the bottom) cannot be
    played: face down, or (``shown``) face up under a face-down card.

    ``piles`` is every pile in table order (:attr:`RuleSet.pile_kinds`), ``cols`` the columns
    alone (the same list objects: ``piles[:len(cols)]``, or ``piles`` itself when there is
    nothing else). ``stock[sp:]`` is still to be dealt, ``stock[sp]`` first. ``done`` is the
    suit of each removed run in order, ``runs`` its cards. ``rs[i]`` is the index in pile ``i``
    where its longest liftable run starts (``len`` when nothing can be lifted). ``shown`` is
    None, or per column the set of indexes below ``down`` that lie face up. ``redeals``: the
    times the waste has been turned back into the stock.
    """

    __slots__ = ("rules", "comp", "cols", "piles", "down", "stock", "sp", "done", "runs", "rs",
                 "shown", "redeals")

    def __new__(cls, rules: RuleSet, *args: Any, shown: Sequence[Sequence[int]] | None = None,
                **kwargs: Any) -> State:
        if cls is State and (not compiled(rules).simple or (shown is not None and any(shown))):
            # The general table's moves, play and undo (Spider's own fast paths know nothing
            # of face-up cards under face-down ones).
            cls = GeneralState
        return object.__new__(cls)

    def __init__(self, rules: RuleSet, cols: Sequence[Sequence[int]], down: Sequence[int],
                 stock: Sequence[int], done: Sequence[int] = (), *,
                 extra: Sequence[Sequence[int]] | None = None,
                 shown: Sequence[Sequence[int]] | None = None,
                 runs: Sequence[Sequence[int]] | None = None, redeals: int = 0) -> None:
        self.rules = rules
        self.comp = comp = compiled(rules)
        self.cols = [list(c) for c in cols]
        n_extra = comp.npiles - len(self.cols)
        if n_extra > 0:
            given = list(extra or [])
            given += [[] for _ in range(n_extra - len(given))]
            self.piles = self.cols + [list(p) for p in given[:n_extra]]
        else:
            self.piles = self.cols
        self.down = list(down) + [0] * max(0, n_extra)
        self.stock = list(stock)
        self.sp = 0
        self.done = list(done)
        self.runs = ([tuple(r) for r in runs] if runs is not None
                     else [_KING_DOWN[s] for s in self.done])
        self.shown = ([frozenset(x) for x in shown] if shown is not None and any(shown)
                      else None)
        self.redeals = redeals
        self.rs = [self._run_start(i) for i in range(len(self.piles))]

    # ------------------------------------------------------------------ queries

    def copy(self) -> State:
        new = object.__new__(type(self))
        new.rules = self.rules
        new.comp = self.comp
        new.cols = [c[:] for c in self.cols]
        if self.piles is self.cols:
            new.piles = new.cols
        else:
            new.piles = new.cols + [p[:] for p in self.piles[len(self.cols):]]
        new.down = self.down[:]
        new.stock = self.stock
        new.sp = self.sp
        new.done = self.done[:]
        new.runs = self.runs[:]
        new.rs = self.rs[:]
        new.shown = None if self.shown is None else self.shown[:]
        new.redeals = self.redeals
        return new

    def _run_start(self, i: int) -> int:
        return _LIFT[self.comp.kinds[i]](self, i)

    def liftable(self, i: int) -> int:
        """How many cards at the end of pile ``i`` can be lifted together."""
        return len(self.piles[i]) - self.rs[i]

    def face_up(self, i: int) -> list[int]:
        return self.piles[i][self.down[i]:]

    def face_down(self, i: int) -> list[int]:
        return self.piles[i][: self.down[i]]

    def is_face_up(self, i: int, j: int) -> bool:
        """Does card ``j`` of pile ``i`` lie face up (played or not)?"""
        return j >= self.down[i] or (self.shown is not None and i < len(self.shown)
                                     and j in self.shown[i])

    def free_cells(self) -> int:
        """How many free cells are empty."""
        kinds = self.comp.kinds
        return sum(1 for i in range(len(self.cols), len(self.piles))
                   if kinds[i] == CELL_KIND and not self.piles[i])

    def view(self) -> TableView:
        """The read-only view of this table that rule methods are given."""
        return TableView(self)

    def pile_view(self, i: int) -> PileView:
        return PileView(self.comp.kinds[i], self.rules.pile_codes[i], tuple(self.piles[i]),
                        self.down[i])

    def all_cards(self) -> list[int]:
        """Every card of the game wherever it is (piles, stock, removed runs)."""
        out = [c for p in self.piles for c in p]
        out += self.stock[self.sp:]
        for r in self.runs:
            out += r
        return out

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    def undealt(self) -> list[int]:
        return self.stock[self.sp:]

    def empty_columns(self) -> list[int]:
        return [i for i, c in enumerate(self.cols) if not c]

    def table_for(self, method: str) -> TableView:
        """The table to show ``rules.<method>``: a snapshot for a plugin's own method, the
        live view for the rule set's (which keeps nothing, and hands no list of the table to
        a method a plugin may override: only for deal_refusal and deal_targets)."""
        return TableView(self) if self.rules.overrides(method) else TableView.live(self)

    def deal_refusal(self) -> str | None:
        # What a plugin's methods return is checked by their guard (rules.RESULT_CHECKS).
        return self.rules.deal_refusal(self.table_for("deal_refusal"))

    def won(self) -> bool:
        return len(self.done) >= self.rules.win_runs

    def _won_asked(self) -> bool:
        # The live view for the rule set's own won (what it hands a plugin's is_complete is
        # a pile's cards, a tuple of their own), a snapshot for a plugin's.
        return self.rules.won(self.table_for("won"))

    def key(self) -> tuple:
        """A hashable summary of the whole position (for transposition tables)."""
        if self.piles is self.cols:
            return (tuple(map(tuple, self.cols)), tuple(self.down), self.sp, len(self.done))
        if self.comp.forget_redeals:
            # Unlimited redeals: the count changes nothing, and the stock's cards are those
            # no pile holds, in the order the deal gave them (the waste turned back keeps it):
            # what is left of the stock says them, however often it was turned.
            return (tuple(map(tuple, self.piles)), tuple(self.down), len(self.stock) - self.sp,
                    len(self.done), 0, None if self.shown is None else tuple(self.shown))
        return (tuple(map(tuple, self.piles)), tuple(self.down), self.sp, len(self.done),
                self.redeals, None if self.shown is None else tuple(self.shown))

    #: Every legal card move as ``(src, count, dst)``; deals are not included
    #: (:func:`~spider_tui.engine.kinds.columns.spider_moves`, Spider's fast generator).
    moves = spider_moves

    # ------------------------------------------------------------------ changes

    def _flip(self, i: int) -> int:
        d = self.down[i]
        if d and len(self.cols[i]) == d:
            self.down[i] = d - 1
            return True
        return False

    def _sweep(self, i: int, out: list) -> None:
        """Remove complete runs from the end of column ``i`` (recording them in ``out``): those
        the runs' foundation takes (:func:`~spider_tui.engine.kinds.runs.complete_at_end`)."""
        a = self.cols[i]
        if not a or not self.comp.run_end[a[-1]]:  # the common case, without a call
            return
        while n := complete_at_end(self, i):
            run = a[-n:]
            del a[-n:]
            self.done.append(SUIT[run[0]])
            self.runs.append(tuple(run))
            out.append((i, run, bool(self._flip(i))))
            self.rs[i] = self._run_start(i)

    def apply(self, move: tuple[int, int, int]) -> tuple:
        """Play ``move`` (assumed legal) and return its undo record."""
        s, k, d = move
        if k == 0:
            return self.deal()
        cols = self.cols
        a = cols[s]
        rs = self.rs
        rs_s, rs_d = rs[s], rs[d] if d >= 0 else 0
        run = a[-k:]
        del a[-k:]
        removals: list = []
        if d == RUNS:
            self.done.append(SUIT[run[0]])
            self.runs.append(tuple(run))
            removals.append((s, run, False))
            kind = _FOUND
        else:
            kind = _MOVE
            b = cols[d]
            if b and self.comp.link[b[-1]][run[0]]:
                b.extend(run)
            else:
                rs[d] = len(b)
                b.extend(run)
        flip = self._flip(s)
        if flip or rs_s >= len(a):
            rs[s] = self._run_start(s)
        if kind == _FOUND:
            removals[0] = (s, run, flip)
            flip = False
        elif self.rules.auto_remove:
            self._sweep(d, removals)
            if a:
                self._sweep(s, removals)
        return (kind, s, k, d, flip, removals, rs_s, rs_d)

    def deal(self) -> tuple:
        targets = self._deal_targets()
        old_rs = self.rs[:]
        cols = self.cols
        link = self.comp.link
        rs = self.rs
        sp = self.sp
        stock = self.stock
        for j, i in enumerate(targets):
            b = cols[i]
            c = stock[sp + j]
            if not (b and len(b) > self.down[i] and link[b[-1]][c]):
                rs[i] = len(b)
            b.append(c)
        self.sp = sp + len(targets)
        removals: list = []
        if self.rules.auto_remove:
            for i in targets:
                self._sweep(i, removals)
        return (_DEAL, len(targets), targets, removals, old_rs)

    def refusal(self, s: int, k: int, d: int) -> str | None:
        """Why ``k`` cards from the end of pile ``s`` may not go to pile ``d`` (dense indexes,
        ``RUNS`` for the complete runs' foundation), or None when they may. Checks what
        can be lifted, then asks the rule set's :meth:`~RuleSet.move_refusal`."""
        a = self.piles[s]
        if k < 1 or k > len(a) - self.rs[s]:
            return "those cards cannot be lifted together"
        if d == s:
            return "cards cannot move onto their own pile"
        rules = self.rules
        cards = tuple(a[-k:])
        view = TableView(self)
        target = None if d == RUNS else self.pile_view(d)
        why = rules.move_refusal(view, self.pile_view(s), cards, target)
        if why is None and d != RUNS:
            return self.limit_refusal(cards, d)  # whatever a plugin's rules allow
        return why

    def limit_refusal(self, cards: Sequence[int], d: int) -> str | None:
        """What the engine itself keeps, whatever a plugin's rules allow (a free cell holds no
        more than its capacity, a foundation is built in its own order: the pile kind's
        :meth:`~spider_tui.engine.kinds.base.PileKind.limit_refusal`). ``None`` when ``cards``
        may lie on pile ``d`` (a dense index) by those."""
        return KINDS[self.comp.kinds[d]].limit_refusal(self, cards, d)

    def _deal_targets(self) -> list[int]:
        return list(self.rules.deal_targets(self.table_for("deal_targets")))

    def undo(self, rec: tuple) -> None:
        kind = rec[0]
        cols = self.cols
        done = self.done
        if kind == _DEAL:
            _, n, targets, removals, old_rs = rec
            self._unremove(removals)
            for i in targets:
                cols[i].pop()
            self.sp -= n
            self.rs[:] = old_rs
            return
        _, s, k, d, flip, removals, rs_s, rs_d = rec
        if kind == _FOUND:
            (_, run, f), = removals
            if f:
                self.down[s] += 1
            done.pop()
            self.runs.pop()
            cols[s].extend(run)
            self.rs[s] = rs_s
            return
        self._unremove(removals)
        b = cols[d]
        run = b[-k:]
        del b[-k:]
        if flip:
            self.down[s] += 1
        cols[s].extend(run)
        self.rs[s] = rs_s
        self.rs[d] = rs_d

    def _unremove(self, removals: list) -> None:
        for i, run, f in reversed(removals):
            if f:
                self.down[i] += 1
            self.cols[i].extend(run)
            self.done.pop()
            self.runs.pop()


class GeneralState(State):
    """A table that is not Spider's alone (:attr:`RuleSet.simple` is false): free cells,
    reserves, foundations built card by card, a waste, deal plans, automatic moves, other win
    rules, a plugin's table methods. ``State(...)`` makes one of these by itself when the rule
    set needs it; the fast paths of :class:`State` are left to Spider's tables."""

    __slots__ = ()

    def moves(self) -> list[tuple[int, int, int]]:
        return self._moves_general()

    def apply(self, move: tuple[int, int, int]) -> tuple:
        return self._apply_general(move)

    def deal(self) -> tuple:
        return self._apply_general(DEAL)

    def won(self) -> bool:
        return self._won_asked()

    def undo(self, rec: tuple) -> None:
        self._restore(rec[1])


    def _moves_general(self) -> list[tuple[int, int, int]]:
        """:meth:`moves` for any table: each kind of pile lists the moves onto its piles
        (:meth:`~spider_tui.engine.kinds.base.PileKind.mover`, from the compiled tables where
        the data decides: a move into one of several empty free cells, or empty foundations
        that take the card alike, is listed once, the first), source by source; from the rule
        set's own ``move_refusal`` where a plugin overrides it (every pile then, as the plugin
        may tell them apart)."""
        if self.rules.overrides("move_refusal"):
            return self._moves_asked()
        movers = [m for m in (k.mover(self) for k in TARGETS) if m is not None]
        piles = self.piles
        rs = self.rs
        kinds = self.comp.kinds
        out: list[tuple[int, int, int]] = []
        for s in range(len(piles)):
            a = piles[s]
            lift = len(a) - rs[s]
            if lift > 0:
                kind = kinds[s]
                for mover in movers:
                    mover(s, kind, a, lift, out)
        return out

    def _moves_asked(self) -> list[tuple[int, int, int]]:
        """Every move a plugin's own ``move_refusal`` allows, asked of it one by one (under
        one deadline for the whole listing: :func:`~.answers.one_deadline`)."""
        kinds = self.comp.kinds
        targets = [i for i, k in enumerate(kinds) if KINDS[k].takes_cards]
        table = TableView(self)
        views = [self.pile_view(i) for i in range(len(self.piles))]
        refusal = self.rules.move_refusal
        out = []
        with one_deadline(self.rules, "move_refusal"):
            for s in range(len(self.piles)):
                a = self.piles[s]
                lift = len(a) - self.rs[s]
                for k in range(1, lift + 1):
                    cards = tuple(a[-k:])
                    for d in targets:
                        if (d != s and self.limit_refusal(cards, d) is None
                                and refusal(table, views[s], cards, views[d]) is None):
                            out.append((s, k, d))
                if kinds[s] == COLUMN and self.rules.runs_leave and not self.rules.auto_remove:
                    for n in self.rules.run_lengths:
                        if lift >= n and self.refusal(s, n, RUNS) is None:
                            out.append((s, n, RUNS))
                            break
        return out

    def _snapshot(self, only: tuple[int, ...] | None = None) -> tuple:
        """What :meth:`_restore` needs to put the table back: every pile's cards, or only
        those of the piles ``only`` names (the others left as they are)."""
        piles = self.piles
        saved = (tuple(p[:] for p in piles) if only is None
                 else tuple((i, piles[i][:]) for i in only))
        return (saved, only is not None, self.down[:], self.rs[:], self.sp, self.stock,
                len(self.done), None if self.shown is None else self.shown[:], self.redeals)

    def _restore(self, snap: tuple) -> None:
        saved, some, down, rs, self.sp, self.stock, n_done, shown, self.redeals = snap
        if some:
            piles = self.piles
            for i, cards in saved:
                piles[i][:] = cards
        else:
            for p, cards in zip(self.piles, saved):
                p[:] = cards
        self.down[:] = down
        self.rs[:] = rs
        del self.done[n_done:]
        del self.runs[n_done:]
        self.shown = shown

    def _apply_general(self, move: tuple[int, int, int]) -> tuple:
        """:meth:`apply` for any table; the undo record holds a snapshot of it: of the two
        piles a card move changes where no deal and no automatic move (``after_move``) can
        carry cards elsewhere, else of every pile."""
        s, k, d = move
        rules = self.rules
        automatic = k == 0 or rules.refill or rules.overrides("after_move")
        snap = self._snapshot(None if automatic else (s,) if d < 0 else (s, d))
        removals: list = []
        try:
            if k == 0:
                touched = self._carry(rules.deal_plan(TableView(self)), "deal_plan")
            else:
                a = self.piles[s]
                run = a[-k:]
                del a[-k:]
                if d == RUNS:
                    self.done.append(SUIT[run[0]])
                    self.runs.append(tuple(run))
                    removals.append((s, run, False))
                    touched = {s}
                else:
                    self.piles[d].extend(run)
                    touched = {s, d}
            if automatic and k != 0:
                # Before the table is tidied (a card turned over, runs removed): a rule may
                # look at a column left with only face-down cards (Bebop).
                codes = rules.pile_codes
                plan = rules.after_move(TableView(self), (codes[s], k, codes[d] if d >= 0 else d))
                touched |= self._carry(plan, "after_move")
            flips = self._settle(touched, removals)
        except BaseException:
            self._restore(snap)
            raise
        return (_SNAP, snap, flips, removals)

    def _carry(self, plan: Any, method: str) -> set[int]:
        """Carry out the cards of a deal or automatic plan (:class:`Transfer` each); returns
        the piles it put cards on. A plan that cannot be carried out is the plugin's fault:
        :class:`RuleFailure` names the method."""
        rules = self.rules
        index = rules._index_of
        touched: set[int] = set()
        back: list[int] = []

        def broken(what: str) -> RuleFailure:
            return RuleFailure(f"{who(rules)} failed: {method}() {what}", method=method,
                               problem=what)

        for t in plan:
            src, dst = t[0], t[1]  # shapes and pile codes checked by the method's guard
            up = bool(t[2]) if len(t) == 3 else True
            if src == STOCK and dst == STOCK:
                raise broken("moves a card from the stock to the stock")
            if dst == STOCK and self.sp < len(self.stock):
                raise broken(f"puts a card back into the stock while it still holds "
                             f"{len(self.stock) - self.sp}")
            if src == STOCK:
                if self.sp >= len(self.stock):
                    raise RuleFailure(f"{who(rules)} failed: {method}() takes a card from the "
                                      f"empty stock", method=method)
                c = self.stock[self.sp]
                self.sp += 1
            else:
                i = index[src]
                if not self.piles[i]:
                    raise RuleFailure(f"{who(rules)} failed: {method}() takes a card from "
                                      f"pile {src}, which is empty", method=method)
                c = self.piles[i].pop()
                if self.down[i] > len(self.piles[i]):
                    self.down[i] = len(self.piles[i])
                touched.add(i)
            if dst == STOCK:
                back.append(c)
                continue
            j = index[dst]
            p = self.piles[j]
            if not up and j >= len(self.cols):
                raise broken(f"puts a card face down on {describe_pile(dst)}: only columns "
                             f"hold face-down cards")
            limit = self.limit_refusal((c,), j)
            if limit is not None:
                raise broken(f"puts {glyph(c)} on {describe_pile(dst)}, which the rules do not "
                             f"allow ({limit})")
            if not up and p and self.down[j] < len(p):
                # A card dealt face down onto face-up ones: they lie under it, still face up.
                self._bury(j)
            p.append(c)
            if not up and self.down[j] == len(p) - 1:
                self.down[j] = len(p)
            touched.add(j)
        if back:
            # The waste turned over: its first card is the stock's next.
            self.stock = self.stock[:self.sp] + back[::-1]
            self.redeals += 1
        held = (sum(map(len, self.piles)) + len(self.stock) - self.sp
                + sum(map(len, self.runs)))
        if held != 13 * len(rules.deck):  # the last guard: no card lost or made
            raise broken(f"leaves {held} cards in the game, not its {13 * len(rules.deck)}")
        return touched

    def _bury(self, i: int) -> None:
        p = self.piles[i]
        shown = self.shown if self.shown is not None else [frozenset()] * len(self.cols)
        shown = list(shown)
        if i < len(shown):
            shown[i] = shown[i] | frozenset(range(self.down[i], len(p)))
        self.shown = shown
        self.down[i] = len(p)

    def _settle(self, touched: set[int], removals: list) -> int:
        """After cards moved: a column's last card turns face up (and any face-up cards under
        it join it), complete runs leave the columns touched (when they leave by themselves),
        and what can be lifted is worked out again. Returns the cards turned over."""
        flips = 0
        nc = len(self.cols)
        sweep = self.rules.runs_leave and self.rules.auto_remove
        for i in sorted(touched):
            if i < nc:
                flips += self._flip(i)
            self.rs[i] = self._run_start(i)
            if sweep and i < nc:  # each run it removes, it works out what can be lifted anew
                before = len(removals)
                self._sweep(i, removals)
                flips += sum(1 for r in removals[before:] if r[2])
        return flips

    def _flip(self, i: int) -> int:
        """Turn over the last card of column ``i`` if it lies face down (and any face-up
        cards under it join it); 1 if it did."""
        d = self.down[i]
        p = self.piles[i]
        if not d or len(p) != d:
            return 0
        d -= 1
        shown = self.shown
        if shown is not None and i < len(shown) and shown[i]:
            s = shown[i]
            while d and (d - 1) in s:
                d -= 1
            shown = list(shown)
            shown[i] = frozenset(x for x in s if x < d)
            self.shown = shown if any(shown) else None
        self.down[i] = d
        return 1


def record_flips(rec: tuple) -> int:
    """Face-down cards an action turned face up (dealt cards do not count)."""
    if rec[0] == _SNAP:
        return rec[2]
    if rec[0] == _DEAL:
        return sum(1 for r in rec[3] if r[2])
    return int(rec[4]) + sum(1 for r in rec[5] if r[2])


def record_removals(rec: tuple) -> list[tuple[int, int]]:
    """``(column, suit)`` of each run an action removed, in order."""
    removals = rec[3] if rec[0] in (_DEAL, _SNAP) else rec[5]
    return [(i, SUIT[run[0]]) for i, run, _ in removals]
