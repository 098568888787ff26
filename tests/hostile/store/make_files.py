"""Writes the hand-edited save.json and stats.json files beside this script (issue 23, item 4):
each is a valid file with its checksum line deleted (as the README says to do before editing
one) and one value changed to something spider-tui must refuse: NaN, infinity (``1e400``), a
negative, huge, fractional or true/false count, a clock over ten years, a wrong type.

``save-valid.json`` and ``stats-valid.json`` are the files before the change (they load).
Run from the top of the checkout: ``PYTHONPATH=. python tests/hostile/store/make_files.py``."""

from __future__ import annotations

import json
from pathlib import Path

from spider_tui.engine import Game
from spider_tui.store.files import dump
from spider_tui.store.save import SaveMeta

OUT = Path(__file__).parent
RAW = '"@@RAW@@"'


def base_save() -> str:
    g = Game.new("spider-1suit", 1)
    g.play("3>2")
    g.play("4>7")
    g.undo()
    g.elapsed = 61.5
    meta = SaveMeta(game_id="0" * 32, started_at="2026-01-02T15:30:00Z", hints_used=1)
    body = {"saved_at": "2026-01-02T15:31:00Z", "app": "spider-tui 0.1.0",
            "meta": meta.to_dict(), "game": g.to_record()}
    doc = json.loads(dump("spider-save", 1, body))
    del doc["checksum"]
    return json.dumps(doc, indent=1)


BASE_STATS = json.dumps({
    "format": "spider-stats/1",
    "records": [{"variant": "spider-1suit", "house_rules": [], "played": 3, "won": 2,
                 "best_time": 312.5, "best_score": {"classic": 700}, "fewest_moves": 190,
                 "streak": 1, "best_streak": 2, "clean_wins": 1}],
    "recorded": ["a" * 32, "b" * 32]}, indent=1)

SAVES = {  # name: (key path, JSON text put there)
    "elapsed-1e400": (["game", "elapsed"], "1e400"),
    "elapsed-nan": (["game", "elapsed"], "NaN"),
    "elapsed-minus-infinity": (["game", "elapsed"], "-Infinity"),
    "elapsed-negative": (["game", "elapsed"], "-5.0"),
    "elapsed-eleven-years": (["game", "elapsed"], str(11 * 366 * 86400)),
    "elapsed-text": (["game", "elapsed"], '"61.5"'),
    "actions-negative": (["game", "actions"], "-1"),
    "actions-true": (["game", "actions"], "true"),
    "actions-float": (["game", "actions"], "4.0"),
    "actions-huge": (["game", "actions"], "1" + "0" * 30),
    "undos-negative": (["game", "undos"], "-3"),
    "redos-nan": (["game", "redos"], "NaN"),
    "hints-used-negative": (["meta", "hints_used"], "-1"),
    "hints-used-1e400": (["meta", "hints_used"], "1e400"),
    "moves-a-string": (["game", "moves"], '"3>2"'),
    "scoring-a-number": (["game", "scoring"], "5"),
    "extra-nan": (["meta", "extra"], '{"x": NaN}'),
}

STATS = {  # name: (key path in the record, JSON text put there)
    "best-time-1e400": (["best_time"], "1e400"),
    "best-time-nan": (["best_time"], "NaN"),
    "best-time-negative": (["best_time"], "-1.0"),
    "best-time-true": (["best_time"], "true"),
    "played-negative": (["played"], "-1"),
    "played-float": (["played"], "3.5"),
    "played-huge": (["played"], "10000000000"),
    "won-true": (["won"], "true"),
    "streak-negative": (["streak"], "-2"),
    "best-streak-more-than-won": (["best_streak"], "9"),
    "fewest-moves-negative": (["fewest_moves"], "-190"),
    "fewest-moves-1e400": (["fewest_moves"], "1e400"),
    "best-score-nan": (["best_score", "classic"], "NaN"),
    "best-score-huge": (["best_score", "classic"], "1" + "0" * 20),
    "best-score-text": (["best_score", "classic"], '"lots"'),
}


def put(text: str, path: list[str], raw: str, root: list) -> str:
    doc = json.loads(text)
    target = doc
    for k in root + path[:-1]:
        target = target[k]
    target[path[-1]] = "@@RAW@@"
    return json.dumps(doc, indent=1).replace(RAW, raw) + "\n"


def main() -> None:
    save = base_save()
    (OUT / "save-valid.json").write_text(save + "\n", encoding="utf-8")
    (OUT / "stats-valid.json").write_text(BASE_STATS + "\n", encoding="utf-8")
    for name, (path, raw) in SAVES.items():
        (OUT / f"save-{name}.json").write_text(put(save, path, raw, []), encoding="utf-8")
    for name, (path, raw) in STATS.items():
        (OUT / f"stats-{name}.json").write_text(put(BASE_STATS, path, raw, ["records", 0]),
                                                encoding="utf-8")


if __name__ == "__main__":
    main()
