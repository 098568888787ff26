"""spider-tui: Spider Solitaire for the terminal."""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

from .engine import catalog as _catalog

try:
    __version__ = _version("spider-tui")
except PackageNotFoundError:  # running from a checkout without installing
    __version__ = "0.0.0"


def _shipped_catalog() -> "_catalog.Catalog":
    # Built on first use, so that importing the engine stays free of pluggy and the disk. The
    # player's plugins and files join it only when the program loads them (get_manager()).
    from .plugins.manager import shipped_catalog

    return shipped_catalog()


_catalog.set_default_provider(_shipped_catalog)
