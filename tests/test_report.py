"""The report says what the notebook's run printed, and no more.

Its tables, quoted numbers and data figure are the run's (``tools.report.readme``
fills them by key); each claim a sentence makes of those numbers, a sign or an
order, is checked below over the same keys; and it keeps to its size: the words
a marker reads in fifteen minutes, at most five tables, each cited.
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tools.handin.make import handin_readme
from tools.handin.notebook import Table, drawn_figures, machine, printed_tables
from tools.report.readme import MACHINE, QUOTE, README, TABLE, Missing, figures, fill, value

IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
LIMIT_MS = 20_000  #: the assignment's limit for a puzzle
HARD_SETS = ("generated hard", "top1465", "hardest")  #: the hard evaluation sets, as the tables name them
SOLVER, WITHOUT_LOCKED, SOLVER_VARIANT = "the solver", "+ hidden singles", "+ locked candidates"
STRONGEST, AFTER_STAGE_1 = "MRV, MAC, hidden singles", "stage 1, then MRV, MAC, hidden singles"


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


# --- the readme is what the run gives --------------------------------------------


def test_the_readme_says_what_the_notebooks_run_printed(readme, tables):
    assert fill(readme, tables, machine()) == readme, "run python -m tools.report.readme"


def test_each_data_figure_the_readme_shows_is_the_one_the_notebook_drew(readme):
    drawn = figures(readme, drawn_figures())
    assert drawn and all(path.read_bytes() == image for path, image in drawn.items())


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
    "key", ["answers / nowhere / right", "answers / hard / nothing", "nothing / hard / right", "answers / hard"]
)
def test_a_key_the_run_does_not_hold_is_an_error(tables, key):
    with pytest.raises(Missing):
        value(tables, key)


def test_a_table_the_run_did_not_print_is_an_error(readme, tables):
    with pytest.raises(Missing):
        fill(readme.replace("<!-- table answers -->", "<!-- table nowhere -->"), tables, machine())


def test_a_cell_gives_its_numbers_by_place(tables):
    assert value(tables, "answers / hard / mean ms (rounds' range)#1") == value(
        tables, "answers / hard / mean ms (rounds' range)"
    )
    with pytest.raises(Missing):
        value(tables, "answers / hard / mean ms (rounds' range)#4")


def test_the_caption_names_the_machine_the_notebook_ran_on(readme):
    assert [match["text"] for match in MACHINE.finditer(readme)] == [machine()]


# --- its size and its references -----------------------------------------------------


def body(readme: str) -> str:
    """The readme as the marker gets it, before its references."""
    text = handin_readme(readme)
    return text[: text.index("## References")]


def prose_words(text: str) -> int:
    """Words outside headings, tables, figures, captions and code."""
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    kept = [p for p in paragraphs if not re.match(r"(#|\||!\[|(Table|Figure) \d+\. )", p.strip())]
    return sum(len(p.split()) for p in kept)


def test_the_marker_reads_1500_to_2000_words_of_prose_and_3000_in_all(readme):
    assert 1500 <= prose_words(body(readme)) <= 2000
    assert len(body(readme).split()) <= 3000


def test_the_marker_gets_no_comments_and_no_repository_section(readme):
    assert "<!--" not in handin_readme(readme) and "## This repository" not in handin_readme(readme)


def test_at_most_five_tables_none_wider_than_7_columns_or_longer_than_12_rows(readme, tables):
    shown = [tables[match["key"]] for match in TABLE.finditer(readme)]
    assert 0 < len(shown) <= 5
    assert all(len(t.header) <= 7 and len(t.rows) <= 12 for t in shown)


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
    assert said and all(re.search(r"Table 5|Holm|three", s) for s in said)


# --- what the sentences claim ---------------------------------------------------------


def test_every_answer_was_right(tables):
    for row in tables["answers"].rows:
        right, of = row[1].split("/")
        assert right == of


def test_the_generated_categories_match_their_stored_answers(tables):
    generated = [row for row in tables["verified"].rows if row[0] == "data/generated"]
    assert len(generated) == 4 and all(row[2] == row[3] for row in generated)


def test_stage_1_alone_settles_the_easier_categories(tables):
    assert all(number(tables, f"answers / {name} / rows tried: mean") == 0 for name in ("very easy", "easy", "medium"))


def test_the_slowest_puzzle_is_more_than_two_orders_of_magnitude_inside_the_limit(tables):
    assert 100 * number(tables, "answers / all / slowest ms") < LIMIT_MS


def test_a_wrong_digit_is_refuted_faster_than_the_puzzle_is_solved(tables):
    column = "mean ms (rounds' range)"
    assert number(tables, f"answers / hardest, a wrong digit / {column}") < number(
        tables, f"answers / hardest / {column}"
    )


def ablation_gains(tables: dict[str, Table], column: str, measure: int) -> list[float]:
    """What each idea of the ablation saves in one column: time (measure 1) or rows (2)."""
    values = [number(tables, f"ablation / {row[0]} / {column}#{measure}") for row in tables["ablation"].rows]
    return [before - after for before, after in zip(values, values[1:])]


def test_relinking_one_matrix_saves_the_largest_share_of_time_on_the_easier_puzzles(tables):
    shares = {
        column: ablation_gains(tables, column, 1)[0] / number(tables, f"ablation / Algorithm X / {column}#1")
        for column in ("very easy to medium", "hard", *HARD_SETS)
    }
    assert shares["very easy to medium"] == max(shares.values())


def test_naked_singles_settle_the_easier_puzzles_and_barely_change_the_rows_of_the_hard_ones(tables):
    assert number(tables, "ablation / + naked singles / very easy to medium#2") == 0
    for column in ("hard", *HARD_SETS):
        before = number(tables, f"ablation / + reuse matrix / {column}#2")
        assert abs(before - number(tables, f"ablation / + naked singles / {column}#2")) <= 0.01 * before


def test_hidden_singles_never_add_rows_on_the_hard_sets(tables):
    for column in ("hard", *HARD_SETS):
        assert number(tables, f"ablation / + hidden singles / {column}#2") <= number(
            tables, f"ablation / + naked singles / {column}#2"
        )


def test_hidden_singles_cut_fewer_rows_than_locked_candidates_on_the_hard_sets(tables):
    for column in ("hard", *HARD_SETS):
        hidden_singles, locked_candidates = ablation_gains(tables, column, 2)[-2:]
        assert hidden_singles < locked_candidates


def test_locked_candidates_cut_the_most_rows_and_time_of_the_hardest_puzzles_among_the_rules(tables):
    assert ablation_gains(tables, "hardest", 2)[-1] == max(ablation_gains(tables, "hardest", 2))
    assert ablation_gains(tables, "hardest", 1)[-1] == max(ablation_gains(tables, "hardest", 1)[1:])


def test_the_rule_kept_the_random_tie_order_on_the_tuning_puzzles(tables):
    assert number(tables, "orders / tuning: all / Wilcoxon p") < 0.05
    assert number(tables, "orders / tuning: all / median change") < 0


def test_the_tuning_check_holds_on_top1465s_half_alone(tables):
    assert number(tables, "orders / tuning: top1465 / Wilcoxon p") < 0.05
    assert number(tables, "orders / tuning: top1465 / median change") < 0


def test_on_the_evaluation_halves_the_random_order_is_clearly_better_on_the_generated_set_only(tables):
    assert number(tables, "orders / evaluation: generated hard / Wilcoxon p") < 0.05
    assert number(tables, "orders / evaluation: generated hard / median change") < 0
    assert number(tables, "orders / evaluation: top1465 / Wilcoxon p") >= 0.05


def test_the_random_order_is_not_better_on_the_hardest_evaluation_set_alone(tables):
    assert number(tables, "orders / evaluation: hardest / Wilcoxon p") >= 0.05
    assert number(tables, "orders / evaluation: hardest / random order: rows") > number(
        tables, "orders / evaluation: hardest / plain order: rows"
    )


def test_the_three_comparisons_are_significant_and_favour_the_first(tables):
    rows = tables["tests"].rows
    assert len(rows) == 3 and all(row[-1] == "yes" for row in rows)
    assert all(number(tables, f"tests / {row[0]} / median difference") < 0 for row in rows)
    assert all(number(tables, f"tests / {row[0]} / first lower") > 50 for row in rows)


def test_without_mrv_backtracking_exceeds_the_budget_on_some_hard_puzzles(tables):
    assert number(tables, "textbook / fixed order, forward checking / over budget: hard and hardest#1") > 0


def test_hidden_singles_at_every_node_remove_the_rest_of_the_tail(tables):
    column = "over budget: hard and hardest"
    assert number(tables, f"textbook / MRV, forward checking / {column}#1") == 0
    over = [number(tables, f"textbook / {m} / {column}#2") for m in ("MRV, forward checking", "MRV, MAC")]
    assert over[0] > over[1] > 0
    assert number(tables, f"textbook / {STRONGEST} / {column}#2") == 0


def test_set_ups_take_under_a_third_of_each_time_on_the_hardest_set(tables):
    for method in (SOLVER, STRONGEST, AFTER_STAGE_1):
        time, set_up = (number(tables, f"textbook / {method} / ms (set-up): hardest#{n}") for n in (1, 2))
        assert set_up < time / 3


def test_in_mean_time_the_solver_and_the_search_after_stage_1_nearly_cancel_on_the_hardest_set(tables):
    solver, after = (
        number(tables, f"textbook / {method} / ms (set-up): hardest#1") for method in (SOLVER, AFTER_STAGE_1)
    )
    assert 0.8 < solver / after < 1.25


def test_after_stage_1_the_textbook_search_tries_fewer_nodes_each_about_three_times_as_costly(tables):
    nodes, cost = "nodes: hardest, mean (median)#2", "search µs per node: hardest"
    assert number(tables, f"textbook / {AFTER_STAGE_1} / {nodes}") < number(tables, f"textbook / {SOLVER} / {nodes}")
    for method in (STRONGEST, AFTER_STAGE_1):
        assert number(tables, f"textbook / {method} / {cost}") > 2 * number(tables, f"textbook / {SOLVER} / {cost}")
    ratio = number(tables, f"textbook / {AFTER_STAGE_1} / {cost}") / number(tables, f"textbook / {SOLVER} / {cost}")
    assert 2.5 < ratio < 4  # "about three times as costly"


def test_the_solvers_margin_after_stage_1_is_smallest_on_the_hardest_set_yet_a_majority(tables):
    column = f"solver lower: {AFTER_STAGE_1}"
    shares = {name: number(tables, f"by-set / {name} / {column}") for name in HARD_SETS}
    assert shares["hardest"] == min(shares.values())
    assert shares["hardest"] > 50
