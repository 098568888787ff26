"""Where files live (docs/spec.md section 7).

``SPIDER_TUI_HOME``, when set, holds everything. Otherwise configuration (``config.toml`` and the
player's ``variants/`` and ``themes/``) goes to the platform's user config folder and the saved
game and statistics to its user data folder.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

APP = "spider-tui"


def home() -> Path | None:
    value = os.environ.get("SPIDER_TUI_HOME")
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    h = home()
    if h is not None:
        return h
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    h = home()
    if h is not None:
        return h
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_file() -> Path:
    return config_dir() / "config.toml"


def user_variants_dir() -> Path:
    return config_dir() / "variants"


def user_themes_dir() -> Path:
    return config_dir() / "themes"


def _shipped(name: str) -> Path:
    """A data folder shipped with the package: inside it once installed from a wheel, at the top
    of the checkout in an editable install."""
    inside = Path(str(resources.files("spider_tui"))) / name
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / name


def builtin_variants_dir() -> Path:
    return _shipped("variants")


def builtin_themes_dir() -> Path:
    return _shipped("themes")
