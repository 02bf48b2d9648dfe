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
from experiment import AFTER_PROPAGATION, HARD_SETS, HIDDEN_SINGLES, NO_PROPAGATION, SOLVER
from tools.handin.make import handin_readme
from tools.handin.notebook import Table, cells, drawn_figures, machine, printed_tables
from tools.paths import EXPERIMENT_NOTEBOOK, NOTEBOOK
from tools.report.readme import FIGURE, MACHINE, QUOTE, README, Missing, figures, fill, value

LIMIT_MS = 20_000  #: the assignment's limit for a puzzle
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


def test_the_experiment_draws_both_figures_and_the_marked_notebook_shows_figure_1_from_images():
    """sudoku.ipynb draws nothing, so that it needs no matplotlib: it shows the
    copy of Figure 1 in images/ that experiment.ipynb drew."""
    assert set(drawn_figures([EXPERIMENT_NOTEBOOK])) == {"exact_cover", "times"} and drawn_figures([NOTEBOOK]) == {}
    shown = {match["key"] for cell in cells(NOTEBOOK) for match in FIGURE.finditer(cell["source"])}
    assert shown & set(drawn_figures()) == {"exact_cover"}


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


def test_a_table_marker_written_without_its_table_gets_it(readme, tables):
    bare = re.sub(r"(<!-- table answers -->\n)(?:\|.*\n)+", r"\1", readme)
    assert bare != readme and fill(bare, tables, machine()) == readme


def test_a_quoted_bound_wrapped_after_its_sign_is_filled_once(readme, tables):
    key = "tests / my solver minus MRV, MAC, hidden singles (ms) / Wilcoxon p"
    wrapped = readme.replace(f"< 0.0001<!-- {key} -->", f"<\n0.0001<!-- {key} -->", 1)
    assert wrapped != readme and "< <" not in fill(wrapped, tables, machine()).replace("\n", " ")


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


def test_the_marker_gets_no_comments_and_no_repository_section(readme):
    assert "<!--" not in handin_readme(readme) and "## This repository" not in handin_readme(readme)


# --- Section 3: right and fast ---------------------------------------------------------


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


def test_the_slowest_call_is_more_than_a_hundred_times_inside_the_limit(tables):
    assert 100 * number(tables, "answers / all / slowest ms") < LIMIT_MS


def test_restarts_answer_every_sparse_puzzle_and_cut_its_mean_and_slowest_time_and_most_rows(tables):
    assert all(row[1] == row[2] for row in tables["restarts"].rows)
    for column in ("mean ms", "slowest ms", "most nodes"):
        assert number(tables, f"restarts / without restarts / {column}") > number(
            tables, f"restarts / {SOLVER} / {column}"
        )


def test_no_search_on_the_sets_of_table_1_reached_the_first_limit(tables):
    most = number(tables, "restart-limit / 9 x 9 / most nodes on Table 1's sets")
    assert most < number(tables, "restart-limit / 9 x 9 / first limit")


# --- Section 4: what each inference rule contributes ----------------------------------


RULES = ("without naked singles", "without hidden singles", "without locked candidates")
CONTROL = "my solver again (control)"


def ablation(tables: dict[str, Table], key: str, column: str) -> dict[str, float]:
    """Each variant's number in one column of table ``key``."""
    return {variant: number(tables, f"{key} / {variant} / {column}") for variant in rows(tables, key)}


def test_building_the_matrix_takes_longer_than_solving_a_hard_puzzle(tables):
    build = number(tables, "matrix / 9 x 9 / build ms")
    assert all(build > number(tables, f"answers / {name} / mean ms") for name in ("hard", *HARD_SETS))


def test_locked_candidates_prune_the_search_most_on_each_hard_set(tables):
    for column in ("hard", *HARD_SETS):
        choices = ablation(tables, "ablation-choices", column)
        assert max(RULES, key=choices.__getitem__) == "without locked candidates"
        assert choices["without locked candidates"] > choices[SOLVER]


def test_the_effects_quoted_in_time_lie_further_from_one_than_the_control(tables):
    control = number(tables, f"control / {CONTROL} / largest difference") / 100
    for key in ("without locked candidates / hardest", "without naked singles / very easy to medium"):
        assert number(tables, f"ablation-time / {key}") > 1 + control


def test_locked_candidates_cut_more_puzzles_choice_points_than_they_add_to(tables):
    lower, higher = (number(tables, f"tests / {LOCKED} / my solver {side}") for side in ("lower", "higher"))
    assert lower > higher


def test_without_locked_candidates_the_singles_save_no_choice_point(tables):
    table = tables["ablation-choices"]
    without, alone = (table.rows[rows(tables, "ablation-choices").index(n)][1:] for n in (RULES[2], NO_PROPAGATION))
    assert without == alone


def test_hidden_singles_cut_the_top1465_puzzles_choice_points_though_not_the_hardests(tables):
    top, hardest = (ablation(tables, "ablation-choices", column) for column in ("top1465", "hardest"))
    assert top["without hidden singles"] > top[SOLVER] and hardest["without hidden singles"] <= hardest[SOLVER]


# --- Section 5: the course's method ----------------------------------------------------


def test_every_search_answered_every_puzzle_it_was_given_right(tables):
    assert all(row[1] == row[2] for row in tables["textbook-answers"].rows)


def test_every_search_solved_each_puzzle_well_inside_the_limit(tables):
    cells = [cell for row in tables["textbook-slowest"].rows for cell in row[1:] if cell != "-"]
    assert cells and all(float(cell.replace(",", "")) < LIMIT_MS / 10 for cell in cells)


def test_in_a_fixed_order_the_search_struggles_on_the_hardest_puzzles(tables):
    key = "fixed-order / fixed order, forward checking"
    assert number(tables, f"{key} / finished") < number(tables, f"{key} / puzzles") / 2


def test_the_strongest_search_is_slower_than_my_solver_on_every_set(tables):
    for column in tables["textbook"].header[1:]:
        assert number(tables, f"textbook / {HIDDEN_SINGLES} / {column}") > 1


def test_after_propagation_my_solvers_lead_is_smallest_on_the_hardest_set(tables):
    ratios = {name: number(tables, f"by-set / {name} / mean time, mine over its") for name in rows(tables, "by-set")}
    assert min(ratios, key=lambda name: abs(1 - ratios[name])) == "hardest"


def test_the_three_comparisons_are_significant_and_favour_my_solver(tables):
    assert len(tables["tests"].rows) == 3 and all(row[-1] == "yes" for row in tables["tests"].rows)
    for comparison in rows(tables, "tests"):
        assert number(tables, f"tests / {comparison} / median difference") < 0


def test_after_propagation_the_textbook_search_makes_about_half_the_choices_at_over_twice_the_cost_each(tables):
    assert number(tables, f"node-choices / {AFTER_PROPAGATION} / 95% interval to") < 1
    assert 0.4 < number(tables, f"node-choices / {AFTER_PROPAGATION} / choice points over my solver's") < 0.6
    key = {m: f"node-split / {m} / µs of search per choice point" for m in (SOLVER, AFTER_PROPAGATION)}
    assert number(tables, key[AFTER_PROPAGATION]) / number(tables, key[SOLVER]) > 2


def test_after_propagation_my_solvers_lead_on_the_hardest_puzzles_is_small(tables):
    total = {
        m: sum(number(tables, f"node-split / {m} / ms {part}") for part in ("before the search", "of search"))
        for m in (SOLVER, AFTER_PROPAGATION)
    }
    assert 0.75 < total[SOLVER] / total[AFTER_PROPAGATION] < 1


def test_a_textbook_node_goes_mostly_on_inference_then_on_choosing_and_little_on_copying_domains(tables):
    for method in (HIDDEN_SINGLES, AFTER_PROPAGATION):
        share = {
            part: number(tables, f"node-costs / {method} / {part} %") for part in ("choosing", "propagating", "undoing")
        }
        assert share["propagating"] > 50 and share["choosing"] > share["undoing"] and share["undoing"] < 5
