"""The value on the command line (INTERFACE.md, "Values"; R32, R34, R35): ``solve --value`` and
``--table``, and ``ulti best``, which ranks every bid by that value.

``best`` is held to ``solve --value``: its best value is the largest of every bid's.
"""

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEAL = (EXAMPLES / "deal.txt").read_text().strip()


# -- solve --value and --table (R32, R34) ------------------------------------------------


def test_r34_solve_value_is_an_int_and_the_rules_name_the_table(ulti_json):
    [plain] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--json")
    [data] = ulti_json("solve", DEAL, "--bid", "party", "--trump", "bells", "--value", "--json")
    assert "value" not in plain
    assert type(data["value"]) is int and data["value"] == -1  # the party lost, nothing else
    assert data["rules"]["table"] == "classic"


def test_r32_solve_table_tournament_doubles_a_lost_party_alone(ulti_json):
    [data] = ulti_json(
        "solve", DEAL, "--bid", "party", "--trump", "bells", "--value", "--table", "tournament", "--json"
    )
    assert data["rules"] == {"book": "ultiblog", "variants": [], "table": "tournament"}
    assert data["value"] == -2


# -- best (R35) -----------------------------------------------------------------------


def test_r35_best_ranks_ascend_and_equal_values_share_a_rank(ulti_json):
    objects = ulti_json("best", DEAL, "--json", "--quiet")
    assert len(objects) == 10
    ranks, values = [o["rank"] for o in objects], [o["value"] for o in objects]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert values == sorted(values, reverse=True)
    for position, (rank, value) in enumerate(zip(ranks, values, strict=True)):
        assert rank == 1 + sum(v > value for v in values[:position])  # ties share, then skip


def test_r35_the_best_value_is_the_largest_solve_value_over_every_bid(ulti_json):
    every = ulti_json("best", DEAL, "--top", "0", "--json", "--quiet")
    assert len(every) == 150 == len({(o["bid"], o["trump"]) for o in every})  # INTERFACE.md: 150 candidates
    solved = {}
    for bid in sorted({o["bid"] for o in every}):
        for data in ulti_json("solve", DEAL, "--bid", bid, "--value", "--json"):
            solved[data["bid"], data["trump"]] = data["value"]
    assert solved == {(o["bid"], o["trump"]): o["value"] for o in every}
    assert every[0]["rank"] == 1 and every[0]["value"] == max(solved.values())
    # The default --top 10 prunes its search, but not its answer.
    top = ulti_json("best", DEAL, "--json", "--quiet")
    assert [(o["rank"], o["value"]) for o in top] == [(o["rank"], o["value"]) for o in every[:10]]
