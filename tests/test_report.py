"""The report says what the notebook's run printed, and no more.

Its tables, quoted numbers and data figures are the run's
(``tools.report.readme`` fills them by key), and each claim a sentence makes of
those numbers, a sign, an order or a bound, is checked below over the same
keys: a claim the run no longer bears fails here.
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tools.handin.make import handin_readme
from tools.handin.notebook import Table, drawn_figures, machine, printed_tables
from tools.report.readme import MACHINE, QUOTE, README, Missing, figures, fill, value

IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
LIMIT_MS = 20_000  #: the assignment's limit for a puzzle
HARD_SETS = ("generated hard", "top1465", "hardest")  #: the three sets of hard puzzles, as the tables name them
SOLVER, STRONGEST = "my solver", "MRV, MAC, hidden singles"
AFTER = "propagation, then MRV, MAC, hidden singles"
LOCKED = "my solver minus my solver without locked candidates (choice points)"


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return printed_tables()


@pytest.fixture(scope="module")
def readme() -> str:
    return README.read_text(encoding="utf-8")


def number(tables: dict[str, Table], key: str) -> float:
    """The number a quote key names, as a float: its bound sign, thousands and % dropped."""
    return float(value(tables, key).lstrip("≥< ").rstrip("%").replace(",", ""))


def quotes(text: str) -> list[tuple[str, str]]:
    """Every quoted number of a readme, with its key."""
    return [(match["number"], match["key"]) for match in QUOTE.finditer(text)]


def rows(tables: dict[str, Table], key: str) -> list[str]:
    """The names of a printed table's rows."""
    return [row[0] for row in tables[key].rows]


# --- the readme is what the run gives --------------------------------------------


def test_the_readme_says_what_the_notebooks_run_printed(readme, tables):
    assert fill(readme, tables, machine()) == readme, "run python -m tools.report.readme"


def test_each_figure_the_readme_shows_from_images_is_the_one_the_notebook_drew(readme):
    drawn = figures(readme, drawn_figures())
    assert set(drawn) == {ROOT / "images" / "exact_cover.png", ROOT / "images" / "times.png"}
    assert all(path.read_bytes() == image for path, image in drawn.items())


def test_the_quotes_are_found_by_their_keys_whatever_the_order_of_rows_columns_and_tables(readme, tables):
    """The tables in reverse order, each with its rows and its columns but the first (the rows' names) reversed."""
    turned = {
        key: Table(
            table.title, table.header[:1] + table.header[:0:-1], [row[:1] + row[:0:-1] for row in table.rows[::-1]]
        )
        for key, table in reversed(tables.items())
    }
    assert quotes(fill(readme, turned, machine())) == quotes(readme)


def test_a_quoted_number_changed_by_hand_is_put_back(readme, tables):
    number_, key = quotes(readme)[0]
    changed = readme.replace(f"{number_}<!-- {key} -->", f"9{number_}<!-- {key} -->", 1)
    assert changed != readme and fill(changed, tables, machine()) == readme


@pytest.mark.parametrize(
    "key",
    [
        "answers / nowhere / right",
        "answers / hard / nothing",
        "nothing / hard / right",
        "answers / hard",
        f"tests / {LOCKED} / significant (Holm)",
    ],
    ids=["no such row", "no such column", "no such table", "no column named", "a cell of no number"],
)
def test_a_key_that_names_no_number_of_the_run_is_an_error(tables, key):
    with pytest.raises(Missing):
        value(tables, key)


def test_a_table_the_run_did_not_print_is_an_error(readme, tables):
    with pytest.raises(Missing):
        fill(readme.replace("<!-- table answers -->", "<!-- table nowhere -->"), tables, machine())


def test_the_caption_names_the_machine_the_notebook_ran_on(readme):
    assert [match["text"] for match in MACHINE.finditer(readme)] == [machine()]


# --- what the marker gets -------------------------------------------------------------


def body(readme: str) -> str:
    """The readme as the marker gets it, before its references."""
    text = handin_readme(readme)
    return text[: text.index("## References")]


def test_the_marker_gets_no_comments_and_no_repository_section(readme):
    assert "<!--" not in handin_readme(readme) and "## This repository" not in handin_readme(readme)


def test_every_table_and_figure_has_a_caption_and_is_cited_in_the_text(readme):
    for kind in ("Table", "Figure"):
        captioned = re.findall(rf"^{kind} (\d+)\. ", readme, flags=re.MULTILINE)
        text = re.sub(rf"^{kind} \d+\. .*$", "", readme, flags=re.MULTILINE)
        assert captioned == [str(n) for n in range(1, len(captioned) + 1)]
        assert set(captioned) <= set(re.findall(rf"{kind}s? (\d+)", text))


def test_every_picture_the_readme_shows_exists(readme):
    shown = [a or b for a, b in IMAGE_LINK.findall(readme)]
    assert shown and all((ROOT / path).is_file() for path in shown)


def test_significantly_is_said_only_of_the_three_tested_comparisons(readme):
    prose = " ".join(line for line in body(readme).splitlines() if not line.startswith("|"))
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(prose.split()))
    said = [s for s in sentences if re.search(r"significant", s, flags=re.IGNORECASE)]
    assert said and all(re.search(r"Wilcoxon|Holm|three", s) for s in said)


# --- Section 4: right and fast ---------------------------------------------------------


def test_every_answer_was_right(tables):
    assert all(row[1] == row[2] for row in tables["answers"].rows)


def test_the_generated_categories_match_their_stored_answers(tables):
    generated = [row for row in tables["verified"].rows if row[0] == "data/generated"]
    assert len(generated) == 4 and all(row[2] == row[3] for row in generated)


def test_the_search_branches_as_algorithm_x_on_sets_on_every_random_matrix(tables):
    [row] = tables["knuth"].rows
    assert row[1] == row[3]


def test_propagation_alone_solves_the_very_easy_to_medium_puzzles(tables):
    easier = ("very easy", "easy", "medium")
    assert all(number(tables, f"answers / {name} / mean choice points") == 0 for name in easier)


def test_the_slowest_puzzle_is_more_than_a_thousand_times_inside_the_limit(tables):
    assert 1000 * number(tables, "answers / all / slowest ms") < LIMIT_MS


# --- Section 5: what each component buys -----------------------------------------------

COMPONENTS = ("without matrix reuse", "without naked singles", "without hidden singles", "without locked candidates")


def ablation(tables: dict[str, Table], key: str, column: str) -> dict[str, float]:
    """Each variant's number in one column of table ``key``."""
    return {variant: number(tables, f"{key} / {variant} / {column}") for variant in rows(tables, key)}


def test_reusing_the_matrix_or_locked_candidates_save_the_most_time_on_each_hard_set(tables):
    for column in ("hard", *HARD_SETS):
        times = ablation(tables, "ablation-time", column)
        assert max(COMPONENTS, key=times.__getitem__) in ("without matrix reuse", "without locked candidates")


def test_building_the_matrix_takes_longer_than_solving_a_hard_puzzle(tables):
    quoted = [number(tables, f"ablation-time / without matrix reuse / {c}") for c in ("hardest", "hard")]
    every = [ablation(tables, "ablation-time", c)["without matrix reuse"] for c in ("hard", *HARD_SETS)]
    assert min(every) > 2 and quoted == [min(every), max(every)]


def test_the_easier_puzzles_never_reach_the_search(tables):
    assert number(tables, "ablation-choices / my solver / very easy to medium") == 0


def test_locked_candidates_prune_the_search_most_on_each_hard_set(tables):
    for column in ("hard", *HARD_SETS):
        choices = ablation(tables, "ablation-choices", column)
        assert max(COMPONENTS, key=choices.__getitem__) == "without locked candidates"
        assert choices["without locked candidates"] > choices[SOLVER]


def test_without_locked_candidates_the_hardest_puzzles_take_longer(tables):
    assert number(tables, "ablation-time / without locked candidates / hardest") > 1.5


def test_hidden_singles_cut_the_hardest_puzzles_choice_points(tables):
    choices = ablation(tables, "ablation-choices", "hardest")
    assert choices["without hidden singles"] > choices[SOLVER]


def test_naked_singles_change_the_choice_points_by_under_five_percent(tables):
    for column in ("hard", *HARD_SETS):
        choices = ablation(tables, "ablation-choices", column)
        assert abs(choices["without naked singles"] - choices[SOLVER]) < 0.05 * choices[SOLVER]


# --- Section 6: the course's method ----------------------------------------------------


def test_every_search_answered_every_puzzle_it_was_given_right(tables):
    assert all(row[1] == row[2] for row in tables["textbook-answers"].rows)


def test_every_search_solved_each_puzzle_well_inside_the_limit(tables):
    table = tables["textbook"]
    slowest = [j for j, name in enumerate(table.header) if name.startswith("slowest ms")]
    cells = [row[j] for row in table.rows for j in slowest if row[j] != "-"]
    assert cells and all(float(cell.replace(",", "")) < LIMIT_MS / 10 for cell in cells)


def test_the_strongest_search_is_slower_than_my_solver_on_every_set(tables):
    for column in (c for c in tables["textbook"].header if c.startswith("mean ms")):
        assert number(tables, f"textbook / {STRONGEST} / {column}") > number(tables, f"textbook / {SOLVER} / {column}")


def test_the_three_comparisons_are_significant_and_favour_my_solver(tables):
    assert len(tables["tests"].rows) == 3 and all(row[-1] == "yes" for row in tables["tests"].rows)
    for comparison in rows(tables, "tests"):
        assert number(tables, f"tests / {comparison} / median difference") < 0
        lower, higher = (number(tables, f"tests / {comparison} / my solver {side}") for side in ("lower", "higher"))
        assert lower > 50 > higher


def test_on_the_hardest_set_my_solver_and_the_search_after_propagation_take_about_the_same_mean_time(tables):
    solver, after = (number(tables, f"textbook / {m} / mean ms: hardest") for m in (SOLVER, AFTER))
    assert 0.8 < solver / after < 1.25


def test_from_the_residual_problem_the_textbook_search_makes_fewer_choices_and_nodes(tables):
    for column in ("choice points", "nodes"):
        assert number(tables, f"nodes / {AFTER} / {column}") < number(tables, f"nodes / {SOLVER} / {column}")


def test_its_nodes_cost_about_twice_as_much_and_it_spends_longer_before_its_search(tables):
    cost = {m: number(tables, f"nodes / {m} / µs per node") for m in (SOLVER, AFTER)}
    assert 1.5 < cost[AFTER] / cost[SOLVER] < 3
    before = "ms before the search"
    assert number(tables, f"nodes / {AFTER} / {before}") > number(tables, f"nodes / {SOLVER} / {before}")


def test_a_textbook_node_goes_mostly_on_inference_then_on_choosing_and_little_on_copying_domains(tables):
    for method in (STRONGEST, AFTER):
        share = {
            part: number(tables, f"node-parts / {method} / {part}") for part in ("choosing", "propagating", "undoing")
        }
        assert share["propagating"] > 50 and share["choosing"] > share["undoing"] and share["undoing"] < 5


def test_my_solvers_search_time_is_spread_over_its_parts(tables):
    shares = [number(tables, f"node-parts / {SOLVER} / {part}") for part in ("choosing", "propagating", "undoing")]
    assert all(10 < share < 40 for share in shares)
