"""Check boxes and radio buttons whose state shows in their shape, not only in their colour
(Textual draws both states as ``▐X▌``): ``[x]``/``[ ]`` and ``(•)``/``( )``."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class _Shaped:
    ON = OFF = ""

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")  # type: ignore[attr-defined]
        return Content.assemble((self.ON if self.value else self.OFF, style))  # type: ignore


class Tick(_Shaped, Checkbox):
    """A check box: ``[x]`` on, ``[ ]`` off."""

    ON, OFF = "[x]", "[ ]"


class Choice(_Shaped, RadioButton):
    """A radio button: ``(•)`` on, ``( )`` off."""

    ON, OFF = "(•)", "( )"
