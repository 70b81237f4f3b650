#!/usr/bin/env python3
"""Fits the extractive generator's answerability score and reports it on held-out articles.

Input: the CSV written by the examples tool dev.citerag.examples.tools.AnswerabilityFeatures
(one row per question of a SQuAD-style set: id, doc, answerable, reached, picked, veto, label,
covered, then the features named in ExtractiveReader.FEATURES). Label 1 = the sentence the reader
picked holds a gold answer; 0 = it does not, or the question is unanswerable. Covered 1 = the
picked sources cover the question's names, numbers and qualifiers (the generator abstains
otherwise); files without that column count every row as covered.

The articles (docs) are split in two by sorted name: even positions train, odd positions test
(--swap exchanges them). A logistic regression with a small L2 penalty is fitted on the training
half only, by Newton's method (numpy). It prints the
weights as Java constants, and for each threshold the figures of both halves: correct, wrong and
abstained (shares of answerable questions), false-answer rate (share of unanswerable questions
answered) and precision (correct / answered). A question counts as answered when the pipeline
reached the generator, a sentence was picked, no veto applied, the question is covered and the
score reaches the threshold. Only such rows (threshold aside) are fitted on.

  python3 scripts/train-answerability.py features.csv [--swap] [--weights "b,w1,...,wn"]

--weights skips fitting and evaluates the given intercept and weights (e.g. the shipped ones on
another embedder's features).
"""
import csv
import math
import sys

import numpy as np


def load(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    keys = list(rows[0].keys())
    names = keys[keys.index("covered") + 1:] if "covered" in keys else keys[7:]
    return rows, names


def feats(row, names):
    return [float(row[n]) for n in names]


def sigmoid(z):
    if z < -40:
        return 0.0
    if z > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def fit(xs, ys, l2=1.0, iterations=50):
    """Logistic regression by Newton's method (IRLS), L2 penalty l2 on the weights (not the intercept)."""
    x = np.hstack([np.ones((len(xs), 1)), np.array(xs)])
    y = np.array(ys, dtype=float)
    beta = np.zeros(x.shape[1])
    penalty = np.eye(x.shape[1]) * l2
    penalty[0, 0] = 0
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ beta)))
        grad = x.T @ (p - y) + penalty @ beta
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return float(beta[0]), [float(v) for v in beta[1:]]


def figures(rows, names, b, w, th):
    ans = [r for r in rows if r["answerable"] == "1"]
    un = [r for r in rows if r["answerable"] == "0"]

    def answered(r):
        if r["reached"] != "1" or r["picked"] != "1" or r["veto"] == "1":
            return False
        # the generator also abstains when the picked sources do not cover the question's names,
        # numbers and qualifiers (column written since that check moved into the reader)
        if r.get("covered", "1") != "1":
            return False
        # the negation and antonym checks are vetoes in the generator (also in the veto column of
        # files written since they became vetoes)
        if r.get("negation_mismatch") == "1.00000" or r.get("antonym_conflict") == "1.00000":
            return False
        return sigmoid(b + sum(wi * xi for wi, xi in zip(w, feats(r, names)))) >= th

    correct = sum(1 for r in ans if answered(r) and r["label"] == "1")
    wrong = sum(1 for r in ans if answered(r) and r["label"] != "1")
    false = sum(1 for r in un if answered(r))
    total = correct + wrong + false
    return (correct / len(ans), wrong / len(ans), 1 - (correct + wrong) / len(ans), false / len(un),
            correct / total if total else 0.0)


def at_false(rows, names, b, w, caps):
    """For each cap, the correct share at the lowest threshold whose false-answer rate is <= cap."""
    ans = sum(1 for r in rows if r["answerable"] == "1")
    un = sum(1 for r in rows if r["answerable"] == "0")
    scored = []
    for r in rows:
        if (r["reached"] != "1" or r["picked"] != "1" or r["veto"] == "1" or r.get("covered", "1") != "1"
                or r.get("negation_mismatch") == "1.00000" or r.get("antonym_conflict") == "1.00000"):
            continue
        s = b + sum(wi * xi for wi, xi in zip(w, feats(r, names)))
        scored.append((-s, r["answerable"] == "1", r["label"] == "1"))
    scored.sort()
    out = []
    for cap in caps:
        correct = false = best = 0
        i = 0
        while i < len(scored):
            j = i
            while j < len(scored) and scored[j][0] == scored[i][0]:
                correct += scored[j][2]
                false += not scored[j][1]
                j += 1
            if false / un > cap:
                break
            best = correct
            i = j
        out.append((cap, best / ans))
    return out


def main():
    args = sys.argv[1:]
    rows, names = load(args[0])
    docs = sorted({r["doc"] for r in rows})
    first = set(docs[0::2])
    train_docs, test_docs = (set(docs) - first, first) if "--swap" in args else (first, set(docs) - first)
    train = [r for r in rows if r["doc"] in train_docs]
    test = [r for r in rows if r["doc"] in test_docs]
    if "--weights" in args:
        vals = [float(v) for v in args[args.index("--weights") + 1].split(",")]
        b, w = vals[0], vals[1:]
    else:
        usable = [r for r in train if r["reached"] == "1" and r["picked"] == "1" and r["veto"] != "1"
                  and r.get("covered", "1") == "1"]
        xs = [feats(r, names) for r in usable]
        ys = [1 if r["label"] == "1" else 0 for r in usable]
        b, w = fit(xs, ys)
    print("train articles:", ", ".join(sorted(train_docs)))
    print("test articles: ", ", ".join(sorted(test_docs)))
    print()
    print("  static final double BIAS = %.3f;" % b)
    print("  static final double[] WEIGHTS = {")
    for n, wi in zip(names, w):
        print("    %.3f, // %s" % (wi, n))
    print("  };")
    print()
    print("strictness thresholds: the smallest threshold (0.01 steps) whose TRAINING-half false-answer")
    print("rate is at most the level's target")
    for name, target in (("LENIENT", 0.30), ("BALANCED", 0.10), ("STRICT", 0.075), ("STRICTEST", 0.05)):
        th = next(t / 100 for t in range(1, 100) if figures(train, names, b, w, t / 100)[3] <= target)
        c, wr, ab, fa, p = figures(train, names, b, w, th)
        tc, twr, tab, tfa, tp = figures(test, names, b, w, th)
        print("  %-9s %.2f  train: correct %.3f false %.3f precision %.3f | test: correct %.3f false %.3f precision %.3f"
              % (name, th, c, fa, p, tc, tfa, tp))
    print()
    print("correct at the same false-answer rate: for each cap, the share of answerable questions")
    print("answered correctly at the lowest score threshold whose false-answer rate on that half is at")
    print("most the cap (any threshold, not 0.01 steps)")
    for label, part in (("train", train), ("test", test)):
        cells = ["false <= %.2f: %.3f" % (cap, c) for cap, c in at_false(part, names, b, w, (0.10, 0.12, 0.15))]
        print("  %-5s %s" % (label, " | ".join(cells)))
    print()
    print("| threshold | half | correct | wrong | abstained | false-answer rate | precision |")
    print("|---|---|---|---|---|---|---|")
    for th in [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]:
        for label, part in (("train", train), ("test", test), ("all", rows)):
            c, wr, ab, fa, p = figures(part, names, b, w, th)
            print("| %.2f | %s | %.3f | %.3f | %.3f | %.3f | %.3f |" % (th, label, c, wr, ab, fa, p))


if __name__ == "__main__":
    main()
