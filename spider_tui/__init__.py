"""spider-tui: Spider Solitaire for the terminal."""

from importlib.metadata import PackageNotFoundError, version as _version

from .engine import catalog as _catalog

try:
    __version__ = _version("spider-tui")
except PackageNotFoundError:  # running from a checkout without installing
    __version__ = "0.0.0"


def _plugin_catalog() -> "_catalog.Catalog":
    # Imported on first use so that importing the engine stays free of pluggy and the disk.
    from .plugins.manager import get_manager

    return get_manager().catalog


_catalog.set_default_provider(_plugin_catalog)
