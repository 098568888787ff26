"""The game in a real web browser (issue 33 item 11): ``spider-tui serve`` on this machine, its
page opened in headless Chromium driven by Playwright, keys pressed and a card clicked, and the
game saved afterwards.

The browser is the system's (Debian's ``chromium`` package, which ``.ci/run`` installs when it
is missing): Playwright's own browser downloads are never used. Without a browser the test is
skipped, saying why. ``SPIDER_TUI_CHROMIUM`` names another binary.

The terminal's text is read from xterm.js itself (the page draws on a canvas): a hook set before
the page's script runs keeps the ``Terminal`` the page makes, whose buffer holds the screen."""

from __future__ import annotations

import os
import shutil

import pytest
from serving import served

from spider_tui.store import SaveStore

pytestmark = pytest.mark.browser

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium() -> str:
    wanted = os.environ.get("SPIDER_TUI_CHROMIUM")
    if wanted:
        return wanted
    for name in BROWSERS:
        if found := shutil.which(name):
            return found
    pytest.skip("no Chromium to play the game in a browser: install Debian's chromium package "
                "(apt-get install chromium; .ci/run does) or set SPIDER_TUI_CHROMIUM")


# Keeps the xterm.js Terminal the page's script makes (``this.terminal = new Terminal(...)``
# goes through this setter, once), and reads its screen as lines of text.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    if (value && value.buffer && value.cols) window.spiderTerminal = value;
    Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true,
                                             enumerable: true});
  },
});
window.spiderScreen = () => {
  const t = window.spiderTerminal;
  if (!t) return '';
  const buffer = t.buffer.active, lines = [];
  for (let y = 0; y < t.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y).translateToString(true));
  return lines.join('\\n');
};
"""


def test_the_game_plays_in_a_browser_with_keys_and_the_mouse(tmp_path):
    executable = chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package drives "
                                   "the browser: python -m pip install -e '.[test]'")
    home = tmp_path / "home"
    home.mkdir()
    with served(home, "--variant", "spider-1suit", "--deal", "3") as server, \
            sync_api.sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=executable,
                                                 args=["--no-sandbox", "--disable-gpu"])
        except sync_api.Error as e:
            pytest.skip(f"{executable} would not start for Playwright: "
                        f"{str(e).splitlines()[0]}")
        page = browser.new_page(viewport={"width": 1100, "height": 700})
        page.set_default_timeout(15_000)
        page.add_init_script(KEEP_TERMINAL)

        def screen() -> str:
            return page.evaluate("window.spiderScreen()")

        def wait_for(pattern: str, present: bool = True) -> str:
            check = f"new RegExp({pattern!r}, 's').test(window.spiderScreen())"
            try:
                page.wait_for_function(check if present else f"!({check})")
            except sync_api.TimeoutError:
                raise AssertionError(f"{pattern!r} {'never came' if present else 'stayed'} "
                                     f"on the screen:\n{screen()}") from None
            return screen()

        page.goto(server.url + "/")
        # The table of deal 3, drawn at the page's size.
        wait_for(r"Deal 3\s+Score 500\s+Moves 0.*Stock 5.*A♠")
        assert page.evaluate("window.spiderTerminal.cols") > 80
        page.focus(".xterm-helper-textarea")  # as a player's first click on the page does
        table = wait_for(r"\? Help")  # the key bar, once the game has the keyboard

        page.keyboard.press("?")
        wait_for(r"Esc closes")  # the help screen
        page.keyboard.press("Escape")
        wait_for(r"Esc closes", present=False)

        # A click on the A♠ face up in column 6 sends it onto the 2♠ of column 1.
        row, line = next((y, line) for y, line in enumerate(table.splitlines()) if "A♠" in line)
        column = line.index("A♠")
        box = page.locator(".xterm-screen").bounding_box()
        cols, rows = page.evaluate("[window.spiderTerminal.cols, window.spiderTerminal.rows]")
        page.mouse.click(box["x"] + (column + 0.5) * box["width"] / cols,
                         box["y"] + (row + 0.5) * box["height"] / rows)
        wait_for(r"Moves 1\s")

        page.keyboard.press("d")
        wait_for(r"Moves 2\s.*Stock 4")
        # Closing the page ends its game, which saves as it quits.
        page.close()
        browser.close()
        code, out, err = server.stop()
    assert code == 0 and "Traceback" not in out + err, out + err

    saved = SaveStore(home / "save.json").load().game
    assert saved is not None and saved.rules.id == "spider-1suit" and saved.deal == 3
    assert [str(step.move) for step in saved.history] == ["6>1", "d"]
