"""A deadline for plugin code: a rule method, a hook or a scoring scheme that never returns
must not freeze the game.

Plugin code runs in the thread that asks for it (the screen's own, most of the time), so it
cannot be moved aside once it hangs. Instead, on the main thread, a call into plugin code starts
a timer (``SIGALRM``, :func:`signal.setitimer`); past :data:`PLUGIN_DEADLINE` seconds the timer
raises :class:`PluginTimeout` inside the plugin's code, wherever it is (a loop, ``time.sleep``,
waiting on a lock). The caller turns it into the plugin's failure, as for any exception it
raises: reported, the variant (or scheme, or plugin) switched off, the game kept.

A plugin that catches the timeout and carries on is interrupted again every
:data:`REPEAT` seconds; after :data:`GIVE_UP` such tries, :func:`on_give_up`'s callback runs (the
app leaves the terminal as it found it and quits, its game saved as of the last action: nothing
else can take the thread back).

Where no timer exists (another thread than the main one, a system without ``SIGALRM``) plugin
code runs without a deadline; the app runs its searches in worker threads, which a hang there
does not freeze, and quits without waiting for them.

Nested calls (a plugin's rule calling another rule method) share the outermost call's deadline,
and so do the calls of one move listing (:func:`~spider_tui.engine.answers.one_deadline`).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: Seconds one call into a plugin's code may take before it is stopped.
PLUGIN_DEADLINE = 2.0
#: Seconds a plugin may take to be imported, or to register what it brings (reading its files).
LOAD_DEADLINE = 10.0
#: Seconds between further interruptions of a plugin that caught the first.
REPEAT = 1.0
#: Further interruptions before :func:`on_give_up`'s callback runs.
GIVE_UP = 3

_MAIN = threading.main_thread().ident
_HAS_TIMER = hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")


class PluginTimeout(BaseException):
    """Plugin code ran past its deadline. A :class:`BaseException`, so that a plugin's own
    ``except Exception`` does not swallow it."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"did not answer within {seconds:g} s")
        self.seconds = seconds


class _Clock:
    depth = 0
    fired = 0
    seconds = PLUGIN_DEADLINE
    installed = False
    give_up: Callable[[], None] | None = None


_clock = _Clock()


def _on_alarm(signum: int, frame: object) -> None:
    if _clock.depth <= 0:
        return  # the call ended as the timer fired
    _clock.fired += 1
    if _clock.fired > GIVE_UP and _clock.give_up is not None:
        _clock.give_up()
    raise PluginTimeout(_clock.seconds)


def _install() -> bool:
    if not _clock.installed:
        try:
            if signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, signal.SIG_IGN, None):
                return False  # someone else's timer: leave it alone
            signal.signal(signal.SIGALRM, _on_alarm)
        except (ValueError, OSError):  # pragma: no cover - not the main thread after all
            return False
        _clock.installed = True
    return True


def arm(seconds: float | None = None) -> bool:
    """Plugin code is about to run: start its clock (on the main thread). Returns whether a
    clock runs; each ``True`` must be matched by one :func:`disarm`, in a ``finally``."""
    if not _HAS_TIMER or threading.get_ident() != _MAIN:
        return False
    if _clock.depth:
        _clock.depth += 1
        return True
    if not _install():
        return False
    _clock.seconds = PLUGIN_DEADLINE if seconds is None else seconds
    _clock.fired = 0
    _clock.depth = 1
    signal.setitimer(signal.ITIMER_REAL, _clock.seconds, REPEAT)
    return True


def depth() -> int:
    """How many plugin calls are running inside each other under the clock now."""
    return _clock.depth


def disarm() -> None:
    """The plugin code :func:`arm` was called for has returned (or raised)."""
    _clock.depth -= 1
    if _clock.depth <= 0:
        _clock.depth = 0
        signal.setitimer(signal.ITIMER_REAL, 0, 0)


@contextmanager
def plugin_deadline(seconds: float | None = None) -> Iterator[None]:
    """``with plugin_deadline(): plugin_code()`` (:class:`PluginTimeout` past the deadline)."""
    armed = arm(seconds)
    try:
        yield
    finally:
        if armed:
            disarm()


@contextmanager
def paused() -> Iterator[None]:
    """The engine's own work called back from plugin code (a registration's checks): it does
    not count towards the plugin's time, and plugin methods it asks get clocks of their own."""
    if not _clock.depth or threading.get_ident() != _MAIN:
        yield
        return
    depth, seconds, fired = _clock.depth, _clock.seconds, _clock.fired
    left, _ = signal.setitimer(signal.ITIMER_REAL, 0, 0)
    _clock.depth = 0
    try:
        yield
    finally:
        _clock.depth, _clock.seconds, _clock.fired = depth, seconds, fired
        signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), REPEAT)


def on_give_up(callback: Callable[[], None] | None) -> None:
    """What to do when plugin code will not stop (the app: restore the terminal and quit)."""
    _clock.give_up = callback
