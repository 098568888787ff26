"""What spider-tui keeps on disk besides the settings: the saved game and the statistics.

Every write is atomic (:func:`~spider_tui.store.files.atomic_write`); a file that cannot be read
is renamed aside, never deleted; every file carries a ``format`` with a version number.
"""

from .files import TooNew, Unreadable, atomic_write, move_aside
from .save import LoadResult, SaveMeta, SaveStore
from .stats import Figures, StatsStore, StatsTable, key_of

__all__ = ["Figures", "LoadResult", "SaveMeta", "SaveStore", "StatsStore", "StatsTable",
           "TooNew", "Unreadable", "atomic_write", "key_of", "move_aside"]
