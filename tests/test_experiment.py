"""The experiment the notebook runs (``experiment.py``): the puzzles, the
ablation's variants, the textbook searches, the isomorphs, the timing, and
where a node's time goes.

Each variant of the ablation adds one idea to Algorithm X; none may change an
answer, and the last must be the solver itself.  The timing must cover every
method on every puzzle in every round, each on the round's isomorph of it,
take turns and check answers.
Counting a search's choice points and timing its parts must not change what
it does.  Wilcoxon's test is held to scipy where the two compute the same thing, and
to a count of every sign pattern where they do not: with tied differences,
scipy's exact method ignores the ties, ours counts over the ranks as they are.
"""

from __future__ import annotations

import gc

import numpy as np
import pytest

import experiment
import helpers
import textbook
from conftest import CLASH, DATA, EVEREST, EVEREST_SOLUTION, NO_SOLUTION, nothing, parse, results_of
from experiment import (
    AFTER_PROPAGATION,
    HIDDEN_SINGLES,
    NO_PROPAGATION,
    WITHOUT,
    AblationEngine,
    Ideas,
    ablation,
    time_methods,
)
from helpers import SudokuEngine
from tools.puzzles.make_data import pattern_grid

HARD = np.load(DATA / "hard_puzzle.npy")
HARD_STORED = np.load(DATA / "hard_solution.npy")
SEARCHED = HARD[[2, 3, 7, 8]]  #: hard puzzles that the solver's propagation leaves to its search
VERY_EASY = np.load(DATA / "very_easy_puzzle.npy")[0]  #: naked and hidden singles solve it


# --- the ablation ----------------------------------------------------------------


def test_the_ablation_is_the_solver_twice_then_without_each_rule_then_without_all_three_and_restarts():
    engines = ablation()
    assert list(engines) == [experiment.SOLVER, experiment.AGAIN, *WITHOUT.values(), NO_PROPAGATION]
    removed = [[name for name in Ideas._fields if not getattr(e.ideas, name)] for e in engines.values()]
    assert removed == [[], [], *([name] for name in WITHOUT), [*WITHOUT, "restarts"]]
    assert len({id(engine) for engine in engines.values()}) == len(engines)


def test_an_ablation_engine_with_every_idea_solves_as_the_solvers_engine():
    ablated, solver = AblationEngine(3), SudokuEngine(3)
    for puzzle in [*HARD, parse(EVEREST)]:
        assert ablated.solve(helpers.read_grid(puzzle)) == solver.solve(helpers.read_grid(puzzle))


def test_an_engine_without_restarts_sets_no_row_limit():
    assert AblationEngine(3, Ideas(restarts=False)).restart_rows is None


def test_algorithm_x_alone_takes_a_row_for_every_blank_of_a_puzzle_singles_solve():
    """No propagation: the S heuristic finds each single as a column of one row."""
    assert SudokuEngine(3).solve(helpers.read_grid(VERY_EASY)).rows_tried == 0  # singles solve it
    assert experiment.by_engine(ablation()[NO_PROPAGATION])(VERY_EASY)[1] == np.count_nonzero(VERY_EASY == 0)


def test_choice_points_leave_out_forced_moves():
    """Algorithm X alone solves the very easy puzzle by forced moves only: many rows, no choice."""
    counts = experiment.choice_points(ablation(), np.stack([VERY_EASY, parse(EVEREST)]))
    assert counts[NO_PROPAGATION][0] == 0 and counts[experiment.SOLVER][1] > 0


def test_choice_points_are_the_mean_over_the_rounds_isomorphs():
    engine, matrix = SudokuEngine(3), experiment.InstrumentedAlgorithmX(helpers.exact_cover_rows(3))

    def counted(puzzle: np.ndarray) -> int:
        cells = helpers.read_grid(puzzle)
        matrix.restrict(*engine.open_part(cells, engine.place_forced_digits(cells).places))
        matrix.choices = 0
        matrix.first_solution()
        return matrix.choices

    each = [counted(experiment.isomorph(0, r).apply(parse(EVEREST))) for r in range(3)]
    assert experiment.choice_points({"s": engine}, [parse(EVEREST)], rounds=3)["s"].tolist() == [np.mean(each)]


@pytest.mark.parametrize("reuse, same", [(False, False), (True, True)], ids=["a matrix per puzzle", "reused"])
def test_a_new_matrix_is_built_for_each_puzzle_unless_it_is_reused(reuse, same):
    engine = AblationEngine(3, Ideas(reuse_matrix=reuse))
    everest = helpers.read_grid(parse(EVEREST))
    engine.solve(everest)
    first = engine.matrix
    engine.solve(everest)
    assert (engine.matrix is first) == same


def test_without_the_rules_of_propagation_the_givens_are_only_checked():
    grid = helpers.read_grid(VERY_EASY)
    nothing_more = Ideas(naked_singles=False, hidden_singles=False, locked_candidates=False)
    candidates = AblationEngine(3, nothing_more).place_forced_digits(list(grid))
    assert bin(candidates.blanks).count("1") == grid.count(0)


@pytest.mark.parametrize(
    "method",
    [experiment.by_engine(SudokuEngine(3)), experiment.by_csp(hidden_singles=True), experiment.after_propagation()],
    ids=["the solver", "a textbook search", "the textbook search after propagation"],
)
def test_a_method_answers_a_flat_solution_and_its_count_or_none_and_0(method):
    """Each reads the grid (``read_grid``) and answers as the others do."""
    solution, count = method(parse(EVEREST))
    assert solution == parse(EVEREST_SOLUTION).ravel().tolist() and count > 0
    assert method(CLASH) == method(np.full((9, 9), 10)) == (None, 0)


# --- the textbook searches -----------------------------------------------------------


def test_every_textbook_search_answers_right():
    results = time_methods(experiment.textbook_methods(), HARD[:6], HARD_STORED[:6])
    assert all(r.right.all() for r in results.values())


def test_backtracking_in_a_fixed_order_is_stopped_at_its_budget_or_finishes():
    (stopped, _), (finished, _) = experiment.fixed_order_budget([parse(EVEREST), VERY_EASY], budget=10)
    assert not stopped and finished


def test_the_textbook_search_after_propagation_makes_no_choice_where_propagation_solves():
    after = experiment.textbook_methods()[AFTER_PROPAGATION]
    assert after(VERY_EASY)[1] == 0


def test_the_domains_after_propagation_are_the_digits_each_cell_may_still_take():
    cells, candidates = experiment.propagated(SudokuEngine(3), parse(EVEREST))
    masks = experiment.digits_left(candidates)
    for i in range(81):
        may = {d + 1 for d in range(9) if candidates.places[d] >> i & 1}
        assert {d for d in range(1, 10) if masks[i] >> (d - 1) & 1} == may and (not may) == bool(cells[i])


# --- isomorphs and timing -----------------------------------------------------------


def test_an_isomorph_maps_a_puzzles_solution_to_the_solution_of_its_image():
    for k, r in [(0, 0), (5, 1), (7, 2)]:
        symmetry = experiment.isomorph(k, r)
        image, solution = symmetry.apply(HARD[2]), symmetry.apply(HARD_STORED[2])
        assert helpers.is_valid_solution(image, solution) and textbook.backtracking_count(image) == 1


def test_an_isomorph_keeps_no_solution_and_draws_the_same_symmetry_for_the_same_puzzle_and_round():
    assert np.array_equal(experiment.isomorph(3, 1).apply(NONE_STORED), NONE_STORED)
    assert np.array_equal(experiment.isomorph(3, 1).apply(HARD[2]), experiment.isomorph(3, 1).apply(HARD[2]))
    assert not np.array_equal(experiment.isomorph(3, 1).apply(HARD[2]), experiment.isomorph(3, 2).apply(HARD[2]))


def test_every_method_of_a_round_meets_the_same_isomorph_of_each_puzzle():
    seen: dict[str, list[np.ndarray]] = {"a": [], "b": []}

    def method(name):
        def solve(puzzle):
            seen[name].append(puzzle.copy())
            return None, 0

        return solve

    time_methods({name: method(name) for name in seen}, HARD[:3], rounds=2)
    expected = [experiment.isomorph(k, r).apply(HARD[k]) for r in range(2) for k in range(3)]
    for grids in seen.values():
        assert all(np.array_equal(grid, want) for grid, want in zip(grids[1:], expected))  # after the warm-up


def test_timing_times_and_checks_every_method_on_every_puzzle_in_every_round():
    """The methods are the ablation's variants: none changes an answer."""
    results = time_methods(
        {name: experiment.by_engine(e) for name, e in ablation().items()}, HARD, HARD_STORED, rounds=2
    )
    assert all(r.ms.shape == (2, len(HARD)) and r.right.all() and (r.ms > 0).all() for r in results.values())


def test_timing_counts_the_search_nodes_a_method_reports():
    results = time_methods({"solver": experiment.by_engine(SudokuEngine(3))}, SEARCHED)["solver"]
    images = [experiment.isomorph(k, 0).apply(p) for k, p in enumerate(SEARCHED)]
    assert results.nodes.tolist() == [[SudokuEngine(3).solve(helpers.read_grid(p)).rows_tried for p in images]]


def test_a_wrong_answer_is_counted_wrong():
    results = time_methods({"always none": nothing}, HARD, HARD_STORED)
    assert results["always none"].right.tolist() == np.all(HARD_STORED == NO_SOLUTION, axis=(1, 2)).tolist()


def test_without_stored_answers_any_valid_completion_is_right():
    empty = np.zeros((1, 9, 9), dtype=int)
    results = time_methods({"pattern": lambda puzzle: (pattern_grid(3), 0), "none": nothing}, empty)
    assert results["pattern"].right.tolist() == [True] and results["none"].right.tolist() == [False]


def test_the_methods_take_turns_in_the_order_drawn_for_each_puzzle_and_round():
    order = []

    def method(name):
        def solve(puzzle):
            order.append(name)
            return None, 0

        return solve

    time_methods({name: method(name) for name in "abc"}, np.zeros((2, 9, 9), dtype=int), rounds=2)
    drawn = [experiment.in_turn("abc", k, r) for r in range(2) for k in range(2)]
    assert order[3:] == [name for turn in drawn for name in turn]  # after one untimed warm-up call each


def test_each_method_goes_first_and_follows_each_other_about_as_often():
    turns = [experiment.in_turn("abcd", k, r) for k in range(300) for r in range(3)]
    firsts = [turn[0] for turn in turns].count
    follows = [pair for turn in turns for pair in zip(turn, turn[1:])].count
    assert all(180 < firsts(name) < 270 for name in "abcd")
    assert all(180 < follows((a, b)) < 270 for a in "abcd" for b in "abcd" if a != b)


def test_a_method_gets_a_copy_it_may_change():
    puzzles = HARD.copy()

    def scribble(puzzle):
        puzzle[:] = 0
        return None, 0

    time_methods({"scribble": scribble}, puzzles)
    assert np.array_equal(puzzles, HARD)


def test_during_timing_and_only_then_garbage_is_collected_and_what_was_made_before_is_frozen():
    """Even timing that fails leaves garbage collection as it found it."""
    seen = []
    before = gc.get_freeze_count()

    def method(puzzle):
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        if len(seen) == 3:  # the second timed call, after the warm-up
            raise ZeroDivisionError
        return None, 0

    with pytest.raises(ZeroDivisionError):
        time_methods({"m": method}, HARD[:2])
    assert len(seen) == 3 and all(enabled and frozen > 0 for enabled, frozen in seen[1:])
    assert gc.isenabled() and gc.get_freeze_count() == before


@pytest.mark.parametrize(
    "methods, puzzles, rounds",
    [
        ({}, HARD, 1),
        ({"x": nothing}, HARD[:0], 1),
        ({"x": nothing}, HARD, 0),
    ],
    ids=["no methods", "no puzzles", "no rounds"],
)
def test_timing_without_methods_puzzles_or_rounds_is_refused(methods, puzzles, rounds):
    with pytest.raises(ValueError, match="timing needs"):
        time_methods(methods, puzzles, rounds=rounds)


VALID = pattern_grid(3)
RELABELLED = np.where(VALID == 1, 2, np.where(VALID == 2, 1, VALID))  #: another solution of the empty grid
EMPTY_GRID = np.zeros((9, 9), dtype=int)
NONE_STORED = np.full((9, 9), NO_SOLUTION)


@pytest.mark.parametrize(
    "puzzle, solution, stored, right",
    [
        (HARD[2], HARD_STORED[2], HARD_STORED[2], True),
        (HARD[2], HARD_STORED[2].ravel().tolist(), HARD_STORED[2], True),
        (EMPTY_GRID, RELABELLED, VALID, False),
        (EMPTY_GRID, RELABELLED, None, True),
        (HARD[2], VALID, None, False),
        (CLASH, None, NONE_STORED, True),
        (CLASH, VALID, NONE_STORED, False),
        (HARD[2], None, HARD_STORED[2], False),
    ],
    ids=[
        "the stored solution",
        "it as a flat list",
        "another solution than the stored one",
        "any solution, none stored",
        "a grid that changes a given",
        "none where none is stored",
        "a grid where none is stored",
        "none where one is stored",
    ],
)
def test_is_right(puzzle, solution, stored, right):
    assert experiment.is_right(puzzle, solution, stored) is right


@pytest.mark.parametrize(
    "summary, expected",
    [
        (experiment.Results.round_means, [11 / 2, 16.0, 29 / 2]),  # each round's mean time per puzzle
        (experiment.Results.puzzle_ms, [2.0, 20.0]),  # each puzzle's median over the rounds
        (experiment.Results.mean_ms, 11.0),  # the mean of the puzzles' times
    ],
    ids=["round means", "a puzzle's time", "a set's time per puzzle"],
)
def test_the_summaries_of_a_race(summary, expected):
    assert np.asarray(summary(results_of([[1.0, 10.0], [2.0, 30.0], [9.0, 20.0]]))).tolist() == expected


def test_the_sets_that_are_here_are_timed_in_the_order_named_and_a_line_names_each_other(capsys):
    sets = {"hard": (HARD[:2], HARD_STORED[:2]), "more": (SEARCHED[:1], None)}
    timed = experiment.time_methods_on_sets({"none": nothing}, sets, ["more", "missing", "hard"])
    assert list(timed) == ["more", "hard"] and timed["hard"]["none"].ms.shape == (1, 2)
    assert capsys.readouterr().out == "Skipped: the missing set, which is not here\n"


def test_choice_points_are_counted_on_the_sets_that_are_here_and_a_line_names_each_other(capsys):
    sets = {"hard": (SEARCHED, None)}
    counted = experiment.choice_points_on_sets({"s": SudokuEngine(3)}, sets, ["missing", "hard"])
    assert list(counted) == ["hard"] and counted["hard"]["s"].shape == (len(SEARCHED),)
    assert capsys.readouterr().out == "Skipped: the missing set, which is not here\n"


def test_a_wrong_digit_leaves_a_puzzle_with_one_solution_without_any():
    puzzle, solution = HARD[2], HARD_STORED[2].astype(int)
    wrong = experiment.with_a_wrong_digit(puzzle, solution)
    [(r, c)] = zip(*np.nonzero(wrong != puzzle))
    assert wrong[r, c] != solution[r, c] and textbook.backtracking_count(wrong) == 0


def test_the_wrong_digit_set_stores_no_solution_for_each_puzzle():
    puzzles, stored = experiment.wrong_digit_set(SEARCHED[:2])
    assert np.all(stored == NO_SOLUTION) and [textbook.backtracking_count(p) for p in puzzles] == [0, 0]


def test_a_full_grid_cannot_take_a_wrong_digit():
    with pytest.raises(ValueError, match="no blank"):
        experiment.with_a_wrong_digit(VALID, VALID)


# --- the puzzles -----------------------------------------------------------------


def test_the_sets_are_the_assignments_categories_with_their_answers_then_the_hard_sets():
    sets = experiment.puzzle_sets()
    assert list(sets) == ["very easy", "easy", "medium", "hard", *experiment.HARD_SETS]
    assert sets["hard"][1].shape == (15, 9, 9) and all(sets[name][1] is None for name in experiment.HARD_SETS)


def test_a_hard_set_whose_file_is_missing_is_left_out_with_a_line_saying_so(tmp_path, monkeypatch, capsys):
    (tmp_path / "data").mkdir()
    for path in DATA.glob("*.npy"):
        (tmp_path / "data" / path.name).write_bytes(path.read_bytes())
    monkeypatch.chdir(tmp_path)
    assert list(experiment.puzzle_sets()) == ["very easy", "easy", "medium", "hard"]
    assert capsys.readouterr().out.count("Left out:") == len(experiment.HARD_SETS)


def test_choice_points_count_the_choices_of_every_search_a_restarted_solve_runs():
    restarted, plain = SudokuEngine(3), AblationEngine(3, Ideas(restarts=False))
    restarted.restart_rows = 5
    counted = experiment.choice_points({"restarted": restarted, "plain": plain}, [parse(EVEREST)])
    assert counted["restarted"][0] > counted["plain"][0]


def test_the_search_splitter_counts_the_rows_of_every_search_a_restarted_solve_runs():
    splitter, engine = experiment.SearchSplitter(), SudokuEngine(3)
    splitter.engine.restart_rows = engine.restart_rows = 5
    split = splitter.run(experiment.SOLVER, parse(EVEREST), False)
    assert split.nodes == engine.solve(helpers.read_grid(parse(EVEREST))).rows_tried


def test_the_sparse_set_stores_no_solution_for_any_of_its_puzzles():
    [(puzzles, stored)] = experiment.sparse_set().values()
    assert puzzles.shape == (60, 9, 9) and (stored == helpers.NO_SOLUTION).all()


def test_the_sparse_set_is_left_out_with_a_line_saying_so_when_its_file_is_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert experiment.sparse_set() == {} and capsys.readouterr().out.startswith("Left out: the sparse")


def test_results_timed_in_parts_are_joined_puzzle_by_puzzle():
    part = experiment.Results(np.array([[1.0], [2.0]]), np.array([[3], [4]]), np.array([True]))
    other = experiment.Results(np.array([[5.0], [6.0]]), np.array([[7], [8]]), np.array([False]))
    joined = experiment.joined([{"m": part}, {"m": other}])["m"]
    assert joined.ms.tolist() == [[1.0, 5.0], [2.0, 6.0]] and joined.nodes.tolist() == [[3, 7], [4, 8]]
    assert joined.right.tolist() == [True, False]


# --- where a node's time goes ------------------------------------------------------


def test_an_instrumented_matrix_searches_as_the_matrix_does_and_times_each_part():
    rows = helpers.exact_cover_rows(2)
    plain, timed = helpers.AlgorithmX(rows), experiment.InstrumentedAlgorithmX(rows, timing=True)
    assert list(timed.search())[:5] == list(plain.search())[:5] and timed.rows_tried == plain.rows_tried
    assert all(timed.seconds[part] > 0 for part in experiment.PARTS)


def test_an_instrumented_textbook_search_assigns_as_the_search_does_and_counts_its_choices():
    cells = parse(EVEREST).ravel().tolist()
    plain, timed = (
        textbook.SudokuCSP(cells, 3, hidden_singles=True),
        experiment.InstrumentedCSP(cells, 3, hidden_singles=True, timing=True),
    )
    assert plain.run(1) == timed.run(1) and plain.assignments == timed.assignments
    assert 0 < timed.choices <= timed.assignments and all(seconds > 0 for seconds in timed.seconds.values())


def test_node_times_count_each_searchs_nodes_and_choices_and_share_out_its_time():
    times = experiment.node_times(SEARCHED, rounds=1)
    images = [experiment.isomorph(k, 0).apply(p) for k, p in enumerate(SEARCHED)]
    solver = SudokuEngine(3)
    rows = [solver.solve(helpers.read_grid(p)).rows_tried for p in images]
    assert times[experiment.SOLVER].nodes == pytest.approx(np.mean(rows))
    assert times[experiment.SOLVER].choices.tolist() == experiment.choice_points({"s": solver}, SEARCHED)["s"].tolist()
    strongest = [textbook.backtracking_solve(p, hidden_singles=True).assignments for p in images]
    assert times[HIDDEN_SINGLES].nodes == pytest.approx(np.mean(strongest))
    for t in times.values():
        assert t.before > 0 and t.search > 0 and t.choices.mean() <= t.nodes
        assert sum(t.shares.values()) == pytest.approx(1)


# --- reading the puzzles -----------------------------------------------------------


def test_puzzles_are_read_from_a_text_file_one_a_line(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(f"{EVEREST}\n\n{'0' * 81}\n", encoding="ascii")
    assert np.array_equal(experiment.load_puzzles(str(path)), np.stack([parse(EVEREST), np.zeros((9, 9), int)]))


def test_puzzles_are_read_from_a_numpy_file():
    assert np.array_equal(experiment.load_puzzles(str(DATA / "hard_puzzle.npy")), HARD)
