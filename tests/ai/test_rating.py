"""Rating games (issue 32 item 4): a deal's rating is the same on every run; a campaign stopped
at any moment resumes without redoing or losing a finished deal; a Dask cluster gives the same
table as one process; the shipped table covers every game and the README shows it as it is."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from spider_tui.ai import rating
from spider_tui.ai.campaign import Journal, campaign
from spider_tui.ai.rating import DealRating, GameRating, Job, deal_tier, rate_deal, summarize
from spider_tui.plugins.manager import shipped_catalog

ROOT = Path(__file__).resolve().parents[2]
#: Cheap jobs: small games, small budgets (a fraction of a second each).
JOBS = [Job("will-o-the-wisp", 1, (), 3000, 20), Job("spiderette", 1, (), 2000, 20),
        Job("spiderette", 2, (), 2000, 20)]


def _timeless(r: DealRating) -> DealRating:
    return dataclasses.replace(r, solver_seconds=0.0, bot_seconds=0.0)


def _timeless_game(g: GameRating) -> GameRating:
    return dataclasses.replace(g, seconds=0.0)


def test_a_deal_is_rated_the_same_on_every_run():
    first, again = rate_deal(JOBS[0]), rate_deal(JOBS[0])
    assert _timeless(first) == _timeless(again)
    assert first.solver == "won" and first.solver_moves > 0
    assert first.solver_searched <= JOBS[0].solver_nodes
    assert first.job == JOBS[0]


def made(variant: str, deal: int, solver: str, bot_won: bool, progress: float) -> DealRating:
    return DealRating(variant, deal, (), 10, 10, solver, 100 if solver == "won" else 0, 5, 0.1,
                      bot_won, 90, 1.0 if bot_won else progress, 5, 0.1)


def test_deal_tiers_and_game_levels_follow_the_results():
    assert deal_tier(made("spider-1suit", 1, "won", True, 1.0)) == "easy"
    assert deal_tier(made("spider-1suit", 2, "won", False, 0.5)) == "medium"
    assert deal_tier(made("spider-1suit", 3, "won", False, 0.25)) == "hard"
    assert deal_tier(made("spider-1suit", 4, "unknown", False, 0.9)) is None
    assert deal_tier(made("spider-1suit", 5, "unwinnable", False, 0.0)) is None
    results = [made("spider-1suit", d, "won", d <= 3, 0.0) for d in range(1, 5)]
    [game] = summarize(results)
    assert (game.deals, game.solver_won, game.bot_won) == (4, 4, 3)
    assert game.level == "easy"  # 75%
    assert game.tiers == {"easy": (1, 2, 3), "medium": (), "hard": (4,)}
    [game] = summarize(results[3:])
    assert game.level == "expert"
    assert rating.level(0.4) == "medium" and rating.level(0.399) == "hard"


def test_a_rating_survives_its_journal_line():
    r = rate_deal(JOBS[1])
    assert DealRating.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    bad = r.to_dict() | {"solver": "maybe"}
    with pytest.raises(ValueError):
        DealRating.from_dict(bad)
    with pytest.raises(ValueError):
        DealRating.from_dict({k: v for k, v in r.to_dict().items() if k != "deal"})


def test_a_campaign_resumes_without_redoing_or_losing_a_deal(tmp_path, monkeypatch):
    journal = Journal(tmp_path / "camp.jsonl")
    first = campaign(JOBS[:2], journal)
    lines = journal.path.read_text().splitlines()
    assert len(lines) == 2
    # Killed while writing the third deal: half a line on the disk.
    third = rate_deal(JOBS[2])
    with open(journal.path, "a") as f:
        f.write(json.dumps(third.to_dict())[:40])
    rated: list[Job] = []
    real = rating.rate_deal

    def counting(job: Job) -> DealRating:
        rated.append(job)
        return real(job)

    monkeypatch.setattr(rating, "rate_deal", counting)
    again = campaign(JOBS, journal)
    assert rated == [JOBS[2]]  # only the deal not finished is played again
    assert again[:2] == first  # the finished ones, read back exactly
    assert _timeless(again[2]) == _timeless(third)
    assert len(journal.path.read_text().splitlines()) == 3
    # Run once more: nothing left to do.
    rated.clear()
    assert campaign(JOBS, journal) == again and rated == []


def test_a_journal_line_that_is_not_a_rating_is_skipped_and_counted(tmp_path):
    journal = Journal(tmp_path / "camp.jsonl")
    r = rate_deal(JOBS[1])
    journal.add(r)
    with open(journal.path, "a") as f:
        f.write('{"not": "a rating"}\nnonsense\n')
    assert journal.load() == {r.job.key: r}
    assert journal.skipped == 2


def test_a_dask_cluster_gives_the_same_table_as_one_process():
    distributed = pytest.importorskip("dask.distributed")
    alone = summarize(rating.run(JOBS, workers=1))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        spread = summarize(rating.run(JOBS, scheduler=client))
    by_game = {(g.variant, g.house_rules): _timeless_game(g) for g in spread}
    assert {(g.variant, g.house_rules): _timeless_game(g) for g in alone} == by_game


def test_rate_command_prints_the_table(capsys, tmp_path):
    from spider_tui.cli import main

    camp = tmp_path / "c.jsonl"
    argv = ["rate", "--variant", "spiderette", "--deals", "1-2", "--nodes", "2000",
            "--bot-nodes", "20", "--campaign", str(camp)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Spiderette" in out and "spiderette" in out and "solver 2000 positions" in out
    assert len(camp.read_text().splitlines()) == 2
    assert main(argv) == 0  # resumed: the same table from the journal
    assert capsys.readouterr().out.split("\n")[2:] == out.split("\n")[2:]


@pytest.mark.parametrize("argv, words", [
    (["rate", "--deals", "1-2"], "say which games to rate"),
    (["rate", "--variant", "nope", "--deals", "1-2"], "unknown variant 'nope'"),
    (["rate", "--all", "--variant", "spiderette", "--deals", "1"], "either --all or --variant"),
])
def test_rate_command_refuses_bad_input_in_one_line(capsys, argv, words):
    from spider_tui.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("text", ["9-1", "a-b", "1-", "-3"])
def test_rate_command_refuses_a_bad_deal_range(capsys, text):
    from spider_tui.cli import main

    with pytest.raises(SystemExit) as e:
        main(["rate", "--variant", "spiderette", "--deals", text])
    assert e.value.code == 2
    assert "--deals" in capsys.readouterr().err


def test_the_shipped_table_rates_every_game_and_the_readme_shows_it():
    table = rating.shipped()
    assert table is not None, "spider_tui/data/ratings.json is missing or damaged"
    shipped = shipped_catalog()  # the games spider-tui ships, no plugin a test installed
    rated = {g.variant for g in table.games if not g.house_rules}
    assert rated == set(shipped.variants)
    hrs = {hr for g in table.games for hr in g.house_rules}
    assert hrs == set(shipped.house_rules)
    for g in table.games:
        assert g.deals > 0 and 0 <= g.bot_won <= g.deals and 0 <= g.solver_won <= g.deals
        assert sum(map(len, g.tiers.values())) == g.solver_won
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_ratings.py"),
                           "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_rate_command_on_a_dask_scheduler_prints_the_table_of_one_process(capsys):
    distributed = pytest.importorskip("dask.distributed")
    from spider_tui.cli import main

    argv = ["rate", "--variant", "spiderette", "--variant", "will-o-the-wisp", "--deals", "1-2",
            "--nodes", "2000", "--bot-nodes", "20"]

    def without_seconds(out: str) -> list[str]:
        return [line.rsplit(None, 1)[0] for line in out.splitlines()[3:] if line.strip()]

    assert main([*argv, "--jobs", "1"]) == 0
    alone = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert main([*argv, "--scheduler", cluster.scheduler_address]) == 0
    spread = capsys.readouterr().out
    assert len(without_seconds(alone)) == 2
    assert without_seconds(spread) == without_seconds(alone)


def test_the_bot_gives_up_after_moves_that_get_nowhere():
    from spider_tui.ai.bot import _progress, play_deal
    from spider_tui.engine import Game

    result = play_deal("spider-1suit", 1, node_budget=20, max_idle=1)
    assert not result.won
    game = Game.new("spider-1suit", 1)
    made = []
    for text in result.line:
        move = game.resolve(text)
        made.append(_progress(move, game.play(move)))
    assert made[-1] is False and all(made[:-1])  # it stopped at the first idle move
