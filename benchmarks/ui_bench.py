"""How quickly the game answers: time to the first screen, from a key press or a click to the
repainted screen (95th percentile), and to open the settings and the game menu. Drives the real
app headless; prints the figures.

    python benchmarks/ui_bench.py [--actions 300] [--size 80x24] [--opens 7]

Targets: first screen within 1.0 s, a move repainted within 50 ms at p95 (with animation off and
on), the settings and the game menu open within 0.3 s. The machine's load average is printed
before and after, and the CPU time (``time.process_time``) beside each wall time: on a shared,
loaded machine the wall time grows with the load, the CPU time much less. A repaint is
counted when Textual hands a finished screen update to the terminal driver, and the update
is turned into the terminal's bytes here as well, so the
figure includes all the drawing work. A screen is open at the last repaint before the screen
stays still for a quarter of a second (every widget built, laid out and drawn), the first
opening (which also loads the screen's code) counted with the others.
"""

from __future__ import annotations

import time

T_START = time.perf_counter()  # before anything heavy is imported

import argparse  # noqa: E402
import asyncio  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

os.environ.setdefault("SPIDER_TUI_HOME", tempfile.mkdtemp(prefix="spider-tui-bench-"))
# The code measured is the code beside this file (a worktree's), not whichever spider_tui is
# installed: run as a script, Python would otherwise import the installed one.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FIRST_SCREEN_TARGET = 1.0
REPAINT_TARGET_MS = 50.0
OPEN_TARGET_MS = 300.0
#: The screen is open when nothing has been repainted for this long.
STILL_SECONDS = 0.25


def first_screen_child(variant: str, deal: int, size: tuple[int, int]) -> None:
    """Run in a fresh interpreter: print seconds from start to the first painted screen."""
    from spider_tui.engine import Game
    from spider_tui.ui import SpiderApp

    app = SpiderApp(game=Game.new(variant, deal))
    original = app._display
    seen: list[float] = []

    def display(screen, renderable):
        original(screen, renderable)
        if renderable is not None and not seen:
            renderable.render_segments(app.console)
            seen.append(time.perf_counter())
            app.exit()

    app._display = display  # type: ignore[method-assign]
    app.run(headless=True, size=size)
    print(f"{seen[0] - T_START:.4f}")


def first_screen(variant: str, deal: int, size: tuple[int, int], runs: int = 5
                 ) -> tuple[list[float], list[float]]:
    """(in-process seconds, whole-process wall seconds) of ``runs`` fresh starts."""
    inside, wall = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run(
            [sys.executable, __file__, "--child", variant, str(deal), f"{size[0]}x{size[1]}"],
            capture_output=True, text=True, check=True)
        wall.append(time.perf_counter() - t0)
        inside.append(float(out.stdout.strip().splitlines()[-1]))
    return inside, wall


async def repaint_latencies(variant: str, deal: int, size: tuple[int, int], n: int,
                            animation: str = "off") -> dict[str, list[float]]:
    """Milliseconds from posting an input event to the repainted screen, by kind of input, and
    the CPU milliseconds of each (``cpu``). With animation on, the inputs come as fast as the
    app takes them, so most arrive while the cards of the one before are still moving: the
    repaint counted is the first one after the input was handled (the board redrawn for it),
    not an animation frame that happened to come first."""
    from textual import events

    app, stamps, cpus = _painting_app(variant, deal, animation)
    painted = asyncio.Event()
    original = app._display
    out: dict[str, list[float]] = {"key": [], "click": [], "cpu": []}
    stamp: list[tuple[float, float]] = [(0.0, 0.0)]
    handled = [False]

    def display(screen, renderable):
        original(screen, renderable)
        if renderable is not None and handled[0]:
            stamp[0] = (stamps[-1], cpus[-1])
            painted.set()

    app._display = display  # type: ignore[method-assign]

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.game_screen
        redraw = screen.refresh_board

        def refresh_board() -> None:
            redraw()
            handled[0] = True
        screen.refresh_board = refresh_board  # type: ignore[method-assign]

        async def timed(kind: str, post, label: str = "") -> None:
            await pilot.pause()
            painted.clear()
            handled[0] = False
            t0, c0 = time.perf_counter(), time.process_time()
            post()
            try:
                await asyncio.wait_for(painted.wait(), 2.0)
            except TimeoutError:
                return  # nothing changed on screen (not a repaint to time)
            out[kind].append((stamp[0][0] - t0) * 1000)
            out["cpu"].append((stamp[0][1] - c0) * 1000)
            out.setdefault("detail", []).append(  # type: ignore[arg-type]
                (round((stamp[0][0] - t0) * 1000), getattr(post, "label", kind)))

        def key(k: str):
            char = k if len(k) == 1 else None
            post = lambda: app.post_message(events.Key(k, char))  # noqa: E731
            post.label = k
            return post

        def click(col: int):
            """A click on the exposed card of column ``col`` (on its number if it is empty)."""
            widget = screen.columns[col]
            rows = [widget.hit(2, y) for y in range(widget.size.height)]
            cards = [y for y, (kind, _) in enumerate(rows) if kind == "card"]
            x, y = widget.region.x + 2, widget.region.y + (cards[-1] if cards else 0)
            args = dict(widget=None, x=x, y=y, delta_x=0, delta_y=0, button=1, shift=False,
                        meta=False, ctrl=False, screen_x=x, screen_y=y)

            def post():
                app.post_message(events.MouseDown(**args))
                app.post_message(events.MouseUp(**args))
            return post

        done = 0
        while done < n:
            game = app.game
            if game.status != "playing" or not isinstance(app.screen, type(screen)):
                app.pop_screen() if app.screen is not screen else None
                app.new_deal(confirm=False)
                await pilot.pause()
                continue
            moves = [m for m in game.legal_moves() if not m.is_deal and m.dst >= 0]
            if moves and done % 3 != 2:
                m = moves[done % len(moves)]
                if m.src < 10 and m.dst < 10:
                    await timed("key", key(str((m.src + 1) % 10)))
                    await timed("key", key(str((m.dst + 1) % 10)))
                else:
                    await timed("click", click(m.src))
            elif game.deal_refusal() is None:
                await timed("key", key("d"))
            else:
                await timed("click", click(done % len(screen.columns)))
            await timed("key", key("u"))
            await timed("key", key("r"))
            await timed("click", click(done % len(screen.columns)))
            await timed("key", key("right"))
            done += 5
    return out


def _painting_app(variant: str, deal: int, animation: str = "normal"):
    """The app on a fresh deal, and a list that gets the ``time.perf_counter()`` of every
    finished repaint (turned into the terminal's bytes, as a terminal would get them), and
    one that gets the ``time.process_time()`` (CPU seconds) of each."""
    from spider_tui.config import Config
    from spider_tui.engine import Game
    from spider_tui.ui import SpiderApp

    app = SpiderApp(Config(animation=animation), game=Game.new(variant, deal))
    original = app._display
    stamps: list[float] = []
    cpu: list[float] = []

    def display(screen, renderable):
        original(screen, renderable)
        if renderable is not None:
            renderable.render_segments(app.console)
            stamps.append(time.perf_counter())
            cpu.append(time.process_time())

    app._display = display  # type: ignore[method-assign]
    return app, stamps, cpu


async def open_latencies(variant: str, deal: int, size: tuple[int, int], runs: int
                         ) -> dict[str, list[float]]:
    """Milliseconds from the key that opens the settings (``o``) or the game menu (``g``) to
    the screen drawn whole, ``runs`` times each (the first opening first)."""
    from textual import events

    from spider_tui.ui.screens.settings import SettingsScreen
    from spider_tui.ui.screens.variants import VariantScreen

    app, stamps, cpus = _painting_app(variant, deal)
    out: dict[str, list[float]] = {"settings": [], "menu": [], "settings cpu": [],
                                   "menu cpu": []}

    async def still(kind: type) -> None:
        """Until the screen on top is a ``kind`` and has been still for a while."""
        for _ in range(500):
            if isinstance(app.screen, kind):
                break
            await asyncio.sleep(0.01)
        else:
            raise RuntimeError(f"{kind.__name__} did not open")
        while True:
            n = len(stamps)
            await asyncio.sleep(STILL_SECONDS)
            if len(stamps) == n:
                return

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = type(app.screen)
        for _ in range(runs):
            for name, key, kind in (("settings", "o", SettingsScreen),
                                    ("menu", "g", VariantScreen)):
                await still(board)
                del stamps[:]
                del cpus[:]
                t0, c0 = time.perf_counter(), time.process_time()
                app.post_message(events.Key(key, key))
                await still(kind)
                out[name].append((stamps[-1] - t0) * 1000)
                out[f"{name} cpu"].append((cpus[-1] - c0) * 1000)
                app.post_message(events.Key("escape", None))
    return out


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        w, h = map(int, sys.argv[4].split("x"))
        first_screen_child(sys.argv[2], int(sys.argv[3]), (w, h))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--variant", default="spider-4suit")
    ap.add_argument("--deal", type=int, default=7)
    ap.add_argument("--opens", type=int, default=7,
                    help="times the settings and the game menu are opened")
    args = ap.parse_args()
    w, h = map(int, args.size.split("x"))
    size = (w, h)

    print(f"load average before: {_load()} on {os.cpu_count()} cores")
    inside, wall = first_screen(args.variant, args.deal, size)
    print(f"first screen ({args.variant}, {w}x{h}, {len(inside)} fresh starts): "
          f"median {statistics.median(inside):.3f} s, worst {max(inside):.3f} s "
          f"(process wall incl. interpreter start: median {statistics.median(wall):.3f} s) "
          f"target <= {FIRST_SCREEN_TARGET:.1f} s")
    worst_p95 = 0.0
    for animation in ("off", "normal"):
        lat = asyncio.run(repaint_latencies(args.variant, args.deal, size, args.actions,
                                            animation))
        every = lat["key"] + lat["click"]
        worst_p95 = max(worst_p95, p95(every))
        for kind, values in (("key press", lat["key"]), ("click", lat["click"]),
                             ("all", every)):
            if values:
                print(f"input -> repainted screen, animation {animation}, {kind}: "
                      f"n={len(values)} median {statistics.median(values):.1f} ms, "
                      f"p95 {p95(values):.1f} ms, max {max(values):.1f} ms")
        print(f"  CPU time per input (animation {animation}): median "
              f"{statistics.median(lat['cpu']):.1f} ms, p95 {p95(lat['cpu']):.1f} ms")
    opens = asyncio.run(open_latencies(args.variant, args.deal, size, args.opens))
    for name in ("settings", "menu"):
        values, cpu = opens[name], opens[f"{name} cpu"]
        print(f"key -> {name} open: n={len(values)} first {values[0]:.0f} ms, "
              f"median {statistics.median(values):.0f} ms, max {max(values):.0f} ms "
              f"(CPU: first {cpu[0]:.0f} ms, median {statistics.median(cpu):.0f} ms) "
              f"target <= {OPEN_TARGET_MS:.0f} ms")
    print(f"load average after: {_load()}")
    ok = (max(inside) <= FIRST_SCREEN_TARGET and worst_p95 <= REPAINT_TARGET_MS
          and all(statistics.median(opens[n]) <= OPEN_TARGET_MS for n in ("settings", "menu")))
    print(f"targets: first screen <= {FIRST_SCREEN_TARGET} s, p95 <= {REPAINT_TARGET_MS:.0f} ms "
          f"(animation off and on), settings and menu open <= {OPEN_TARGET_MS:.0f} ms "
          "(median wall time; on a loaded machine compare the CPU time too): "
          + ("met" if ok else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
