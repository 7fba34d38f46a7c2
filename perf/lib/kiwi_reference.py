#!/usr/bin/env python3
"""kiwisolver's timings on a constraint system exported by Tactile's LinearSolver.exportSystem (the reference of
the layout.* benchmarks): the first solve (a fresh Solver, every constraint added, updateVariables; the
constraint objects are made beforehand, untimed) and one edit
(the marked constraint's constant, made an edit variable, suggested alternately at two values, plus
updateVariables). Prints {"first_solve_us": median, "edit_us": median} as JSON.

usage: kiwi_reference.py SYSTEM.json [--values A,B] [--reps N] [--edits N]"""
import argparse
import json
import statistics
import sys
import time

import kiwisolver as kiwi


def prepare(system, marked):
    """The kiwi constraint objects (made outside the timing: Python's expression building is not kiwi's work);
    the marked constraint's constant becomes an edit variable (returned)."""
    variables = [kiwi.Variable(name) for name in system["variables"]]
    constraints, edit = [], None
    for index, c in enumerate(system["constraints"]):
        expression = sum((coefficient * variables[v] for v, coefficient in c["terms"]), 0.0)
        if index == marked:
            edit = kiwi.Variable("edit")
            expression = expression + edit
        else:
            expression = expression + c["constant"]
        op = c["op"]
        constraint = (expression == 0) if op == "==" else (expression <= 0) if op == "<=" else (expression >= 0)
        constraints.append(constraint | min(c["strength"], kiwi.strength.required))
    edits = [(variables[e["var"]], e["strength"], e["value"]) for e in system.get("edits", [])]
    if edit is not None:
        edits.append((edit, kiwi.strength.strong, system["constraints"][marked]["constant"]))
    return constraints, edits, edit


def solve(constraints, edits):
    """The timed part of a first solve: a fresh solver, every constraint and edit added, variables updated."""
    solver = kiwi.Solver()
    for constraint in constraints:
        solver.addConstraint(constraint)
    for variable, strength, value in edits:
        solver.addEditVariable(variable, strength)
        solver.suggestValue(variable, value)
    solver.updateVariables()
    return solver


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system")
    parser.add_argument("--values", default=None, help="the two constants the edit alternates between (solver form)")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--edits", type=int, default=1000)
    args = parser.parse_args()
    with open(args.system, encoding="utf-8") as f:
        system = json.load(f)
    marked = system.get("marked", -1)
    constraints, edit_list, edit = prepare(system, marked)
    firsts, edits = [], []
    for _ in range(args.reps):
        t0 = time.perf_counter()
        solver = solve(constraints, edit_list)
        firsts.append((time.perf_counter() - t0) * 1e6)
        if edit is not None and args.values:
            a, b = (float(x) for x in args.values.split(","))
            t0 = time.perf_counter()
            for k in range(args.edits):
                solver.suggestValue(edit, a if k % 2 == 0 else b)
                solver.updateVariables()
            edits.append((time.perf_counter() - t0) * 1e6 / args.edits)
    json.dump({"first_solve_us": statistics.median(firsts), "edit_us": statistics.median(edits) if edits else None}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
