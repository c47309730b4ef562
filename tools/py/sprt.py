#!/usr/bin/env python3
"""Flotilla's testing loop: an SPRT between two engines with fastchess, at one of the
project's standard conditions, ending in one row of docs/results/matches.tsv.

    tools/py/sprt.py run --name correction-history --base main --test exp/corrhist \\
        --fastchess /path/to/fastchess --condition short --elo0 0 --elo1 3

--base and --test each take a git revision of this repository (built once per commit
into --workdir, outside the checkout, with the release preset's engine target) or the
path of an engine binary. --base-option / --test-option NAME=VALUE add `setoption`
lines to one side (a technique switched off, a tuned value). The conditions below are
the only ones a test may use, so every result in the file is comparable with the others.

The run can be stopped (Ctrl-C, kill) and continued: the same `run` command with the
same --name picks up fastchess's saved state in --workdir/NAME. While it runs it prints
the running W-D-L, pentanomial, Elo and LLR (computed here from fastchess's counts, and
fastchess's own LLR beside it). When fastchess stops (a bound crossed, or --max-games
reached) one row goes into --results.

    tools/py/sprt.py table [--results F] [--update docs/search.md]
        prints (or writes between the sprt-table markers of a doc) the Markdown table of
        the results file's rows.
    tools/py/sprt.py --self-test
        checks the SPRT arithmetic against known cases (no engine needed).

The LLR is the generalised SPRT of the pentanomial distribution (game pairs) for
logistic Elo bounds: each hypothesis's distribution is the maximum-likelihood one with
the hypothesised mean score (Michel Van den Bergh, "Comparing the approximations for
the generalized log likelihood ratio of a multinomial distribution", Proposition 1.1),
as Fishtest and fastchess compute it. Python 3 standard library only.
"""

import argparse
import csv
import datetime
import json
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED_DATA = os.path.join(os.path.dirname(REPO), "shared", "data")

# The project's standard conditions. Node-limited so that two games can run on the two
# cores beside datagen without timing noise; "long" is 4x "short". A node budget of
# 25,000 is about 12 ms of one thread at bench speed (2.1 M nodes/s).
CONDITIONS = {
    "short": {"each": ["tc=inf", "nodes=25000"], "hash": 16, "concurrency": 2,
              "about": "25,000 nodes a move, Hash 16, 1 thread"},
    "long": {"each": ["tc=inf", "nodes=100000"], "hash": 64, "concurrency": 2,
             "about": "100,000 nodes a move, Hash 64, 1 thread"},
    # Timed conditions, for time management: one game at a time, nothing else running.
    "short-tc": {"each": ["tc=8+0.08"], "hash": 16, "concurrency": 1,
                 "about": "8 s + 0.08 s, Hash 16, 1 thread, one game at a time"},
    "long-tc": {"each": ["tc=40+0.4"], "hash": 64, "concurrency": 1,
                "about": "40 s + 0.4 s, Hash 64, 1 thread, one game at a time"},
}
OPENINGS = "uho_8mvs_+90_+99.epd"
ADJUDICATION = ["-resign", "movecount=3", "score=600", "-draw", "movenumber=34", "movecount=8",
                "score=20"]
ALPHA = BETA = 0.05

COLUMNS = ["date", "name", "kind", "base", "test", "condition", "options", "seed", "games",
           "wins", "draws", "losses", "pentanomial", "elo", "elo_error", "llr", "bounds",
           "verdict", "command"]


# ---------------------------------------------------------------- the arithmetic

PENTA_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]  # a pair's mean score: LL, LD, WL+DD, WD, WW


def logistic_score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def logistic_elo(score):
    score = min(max(score, 1e-9), 1.0 - 1e-9)
    return -400.0 * math.log10(1.0 / score - 1.0)


def _regularised(penta):
    """Pentanomial counts [LL, LD, WL+DD, WD, WW] as frequencies; an empty cell counts
    1e-3 so that every log is finite (as fastchess does)."""
    counts = [c if c > 0 else 1e-3 for c in penta]
    total = sum(counts)
    return [c / total for c in counts], total


def _mle(freqs, scores, s):
    """The distribution closest to freqs (maximum likelihood) whose mean score is s:
    p_i = f_i / (1 + theta (a_i - s)), theta the root of sum f_i (a_i - s) /
    (1 + theta (a_i - s)) = 0, which decreases in theta on the interval searched."""
    lo = -1.0 / (max(scores) - s)
    hi = -1.0 / (min(scores) - s)

    def g(theta):
        return sum(f * (a - s) / (1.0 + theta * (a - s)) for f, a in zip(freqs, scores))

    for _ in range(200):  # bisection to machine precision
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if g(mid) > 0:
            lo = mid
        else:
            hi = mid
    theta = (lo + hi) / 2.0
    return [f / (1.0 + theta * (a - s)) for f, a in zip(freqs, scores)]


def llr(penta, elo0, elo1):
    """The log-likelihood ratio of H1 (elo1) against H0 (elo0) after these game pairs."""
    freqs, total = _regularised(penta)
    p0 = _mle(freqs, PENTA_SCORES, logistic_score(elo0))
    p1 = _mle(freqs, PENTA_SCORES, logistic_score(elo1))
    return total * sum(f * (math.log(b) - math.log(a)) for f, a, b in zip(freqs, p0, p1))


def llr_bounds(alpha=ALPHA, beta=BETA):
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def elo_estimate(penta):
    """Elo and its 95 % half-width from the pair scores' mean and variance."""
    pairs = sum(penta)
    if pairs == 0:
        return 0.0, float("inf")
    mean = sum(c * a for c, a in zip(penta, PENTA_SCORES)) / pairs
    var = sum(c * (a - mean) ** 2 for c, a in zip(penta, PENTA_SCORES)) / pairs
    half = 1.959964 * math.sqrt(var / pairs)
    low, high = logistic_elo(mean - half), logistic_elo(mean + half)
    return logistic_elo(mean), (high - low) / 2.0


def verdict(value, alpha=ALPHA, beta=BETA):
    lower, upper = llr_bounds(alpha, beta)
    return "H1 accepted" if value >= upper else "H0 accepted" if value <= lower else "unfinished"


# ---------------------------------------------------------------- fastchess's report

GAMES = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")
PTNML = re.compile(r"Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]")
LLR_LINE = re.compile(r"LLR: (-?[\d.]+)")


class Tally:
    """The latest counts fastchess reported (for the first engine, the test)."""

    def __init__(self, sprt=True):
        self.games = self.wins = self.losses = self.draws = 0
        self.penta = [0, 0, 0, 0, 0]
        self.fastchess_llr = None
        self.sprt = sprt  # a match's report has no LLR line: its pentanomial line ends it

    def feed(self, line):
        """True when the line completed a report (its last line: LLR, or a match's pentanomial)."""
        if m := GAMES.search(line):
            self.games, self.wins, self.losses, self.draws = map(int, m.groups())
        elif m := PTNML.search(line):
            self.penta = list(map(int, m.groups()))
            return not self.sprt
        elif m := LLR_LINE.search(line):
            self.fastchess_llr = float(m.group(1))
            return self.sprt
        return False


# ---------------------------------------------------------------- engines

def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def engine_binary(spec, workdir, jobs):
    """(path, label): a binary as given, or the release engine built from a revision
    into workdir/build-SHA (built once; a later run reuses it)."""
    if os.path.isfile(spec) and os.access(spec, os.X_OK):
        return os.path.abspath(spec), os.path.basename(spec)
    sha = git("rev-parse", "--verify", spec + "^{commit}")
    src = os.path.join(workdir, "src-" + sha[:12])
    binary = os.path.join(src, "build", "release", "flotilla")
    # The stamp is written only after a build finished: a build stopped half-way (a killed
    # link leaves an empty or partial binary) is completed, never used as it is.
    stamp = binary + ".built"
    if os.path.exists(stamp):
        return binary, sha[:12]
    if not os.path.isfile(os.path.join(src, "scripts", "build.sh")):
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(src)
        archive = subprocess.Popen(["git", "-C", REPO, "archive", sha], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", src], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            sys.exit(f"sprt: git archive {sha} failed")
    print(f"== sprt: building {spec} ({sha[:12]}) in {src}", flush=True)
    env = dict(os.environ, FLOTILLA_JOBS=str(jobs))
    subprocess.run([os.path.join(src, "scripts", "build.sh"), "release", "--target",
                    "flotilla"], check=True, env=env, stdout=subprocess.DEVNULL)
    open(stamp, "w").close()
    return binary, sha[:12]


def bench_signature(binary, options):
    """The engine's `bench` node count with the given setoption lines applied."""
    commands = "".join(f"setoption name {n} value {v}\n" for n, v in options) + "bench\nquit\n"
    out = subprocess.run([binary], input=commands, capture_output=True, text=True,
                         timeout=600).stdout
    m = re.search(r"Nodes searched\s*: (\d+)", out)
    return int(m.group(1)) if m else None


def parse_options(pairs):
    options = []
    for item in pairs or []:
        name, sep, value = item.partition("=")
        if not sep or not name:
            sys.exit(f"sprt: an option is NAME=VALUE, not '{item}'")
        options.append((name, value))
    return options


# ---------------------------------------------------------------- results file

def results_rows(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def append_row(path, row):
    new = not os.path.exists(path)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "a", newline="") as f:
        writer = csv.DictWriter(f, COLUMNS, delimiter="\t", lineterminator="\n")
        if new:
            writer.writeheader()
        writer.writerow({k: row.get(k, "") for k in COLUMNS})


TABLE_BEGIN = "<!-- sprt-table:begin (generated by tools/py/sprt.py table; do not edit) -->"
TABLE_END = "<!-- sprt-table:end -->"


def markdown_table(rows):
    lines = ["| date | test | against | condition | games | W-D-L | pentanomial | Elo | LLR "
             "(bounds) | verdict |",
             "| --- | --- | --- | --- | ---: | --- | --- | --- | --- | --- |"]
    for r in rows:  # the loop's own tests; back-filled rows have other conditions
        if r["kind"] != "sprt" or r["condition"] not in CONDITIONS:
            continue
        diff = options_difference(r["options"])
        opts = f" ({diff})" if diff else ""
        lines.append(
            f"| {r['date']} | {r['name']}{opts} | {r['base']} | {r['condition']} | {r['games']} "
            f"| {r['wins']}-{r['draws']}-{r['losses']} | {r['pentanomial']} "
            f"| {float(r['elo']):+.1f} ± {float(r['elo_error']):.1f} | {r['llr']} ({r['bounds']}) "
            f"| {r['verdict']} |")
    return "\n".join(lines) + "\n"


def update_doc(doc, table):
    with open(doc) as f:
        text = f.read()
    begin, end = text.find(TABLE_BEGIN), text.find(TABLE_END)
    if begin < 0 or end < begin:
        sys.exit(f"sprt: {doc} lacks the lines {TABLE_BEGIN!r} and {TABLE_END!r}")
    new = text[:begin] + TABLE_BEGIN + "\n" + table + text[end:]
    if new != text:
        with open(doc, "w") as f:
            f.write(new)
    return new != text


# ---------------------------------------------------------------- run

def fastchess_command(args, test, base, test_opts, base_opts, state):
    cond = CONDITIONS[args.condition]
    each, limits = list(cond["each"]), {"test": [], "base": []}
    if getattr(args, "test_nodes", 0):  # equal time for engines of different speeds
        nodes = [e for e in each if e.startswith("nodes=")]
        each = [e for e in each if e not in nodes]
        limits = {"test": [f"nodes={args.test_nodes}"], "base": nodes}
    cmd = [args.fastchess]
    for binary, name, opts in ((test, "test", test_opts), (base, "base", base_opts)):
        cmd += ["-engine", f"cmd={binary}", f"name={name}", *limits[name]]
        cmd += [f"option.{n}={v}" for n, v in opts]
    cmd += ["-each", "proto=uci", "option.Threads=1", f"option.Hash={cond['hash']}", *each]
    cmd += ["-openings", f"file={args.openings}", "format=epd", "order=random",
            "-srand", str(args.seed), "-repeat", "-games", "2",
            "-rounds", str((args.games or args.max_games) // 2),
            *([] if args.games else ["-sprt", f"elo0={args.elo0}", f"elo1={args.elo1}",
                                     f"alpha={ALPHA}", f"beta={BETA}", "model=logistic"]),
            *ADJUDICATION,
            "-concurrency", str(args.concurrency or cond["concurrency"]),
            "-ratinginterval", "20", "-recover",
            "-pgnout", f"file={os.path.join(state, 'games.pgn')}",
            "-config", f"outname={os.path.join(state, 'state.json')}",
            "-autosaveinterval", "10"]
    return cmd


def run(args):
    workdir = os.path.abspath(args.workdir)
    state = os.path.join(workdir, args.name)
    os.makedirs(state, exist_ok=True)
    test, test_label = engine_binary(args.test, workdir, args.jobs)
    base, base_label = engine_binary(args.base, workdir, args.jobs)
    test_opts, base_opts = parse_options(args.test_option), parse_options(args.base_option)
    saved = os.path.join(state, "state.json")
    resuming = os.path.exists(saved)
    if resuming:
        cmd = [args.fastchess, "-config", f"file={saved}"]
        print(f"== sprt: resuming {args.name} from {saved}", flush=True)
    else:
        cmd = fastchess_command(args, test, base, test_opts, base_opts, state)
        with open(os.path.join(state, "command"), "w") as f:
            f.write(shlex.join(cmd) + "\n")
    with open(os.path.join(state, "command")) as f:
        recorded = f.read().strip()
    signatures = {"test": bench_signature(test, test_opts), "base": bench_signature(base, base_opts)}
    meta = {"name": args.name, "base": f"{args.base} {base_label} bench {signatures['base']}",
            "test": f"{args.test} {test_label} bench {signatures['test']}",
            "condition": args.condition,
            "options": options_text(test_opts, base_opts, args.test_nodes),
            "seed": args.seed, "elo0": args.elo0, "elo1": args.elo1, "command": recorded,
            "games": args.games}
    with open(os.path.join(state, "meta.json"), "w") as f:
        json.dump(meta, f)
    print(f"== sprt: {args.name}: test {test_label} (bench {signatures['test']}) against base "
          f"{base_label} (bench {signatures['base']}), {CONDITIONS[args.condition]['about']}, "
          f"[{args.elo0}, {args.elo1}]", flush=True)
    tally = Tally(sprt=not args.games)
    # kill and timeout stop the run as Ctrl-C does: fastchess saves its state first.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=state)
    log = open(os.path.join(state, "fastchess.log"), "a", buffering=1)
    try:
        for line in proc.stdout:
            log.write(line)
            if tally.feed(line):
                value = llr(tally.penta, args.elo0, args.elo1)
                elo, err = elo_estimate(tally.penta)
                print(f"games {tally.games}  W-D-L {tally.wins}-{tally.draws}-{tally.losses}  "
                      f"ptnml {tally.penta}  Elo {elo:+.1f} ± {err:.1f}  LLR {value:.2f} "
                      f"(fastchess {tally.fastchess_llr})", flush=True)
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGINT)
        proc.wait()
        print("== sprt: stopped; the same command resumes it", flush=True)
        return 130
    finally:
        log.close()
    if proc.wait() != 0:
        print(f"== sprt: fastchess exited with {proc.returncode}; see {state}/fastchess.log")
        return 1
    row = result_row(meta, tally, "played" if args.games else
                     verdict(llr(tally.penta, args.elo0, args.elo1)))
    append_row(args.results, row)
    print(f"== sprt: {args.name}: {row['verdict']}: Elo {row['elo']} ± {row['elo_error']}, "
          f"{tally.games} games, LLR {row['llr']}; row added to {args.results}", flush=True)
    shutil.move(state, state + ".done-" + datetime.datetime.now().strftime("%Y%m%dT%H%M%S"))
    return 0


def options_difference(text):
    """What the options text ('test K=V; base K=V; ...') sets differently on the two sides:
    the test's settings the base lacks or sets otherwise, then the base's the test lacks,
    and how many more both sides set alike (the table's short form of the row)."""
    sides = {"test": {}, "base": {}}
    for part in filter(None, text.split("; ")):
        side, _, setting = part.partition(" ")
        name, _, value = setting.partition("=")
        sides.setdefault(side, {})[name] = value
    test, base = sides["test"], sides["base"]
    shown = [f"{n}={v}" for n, v in test.items() if base.get(n) != v]
    shown += [f"base {n}={v}" for n, v in base.items() if n not in test]
    alike = sum(1 for n, v in test.items() if base.get(n) == v)
    if alike:
        shown.append(f"{alike} more set alike on both sides")
    return "; ".join(shown)


def options_text(test_opts, base_opts, test_nodes=0):
    """The row's options column; a test side's own node limit shows as `test nodes=N`."""
    return "; ".join([f"test {n}={v}" for n, v in test_opts] +
                     ([f"test nodes={test_nodes}"] if test_nodes else []) +
                     [f"base {n}={v}" for n, v in base_opts])


def result_row(meta, tally, outcome):
    value = llr(tally.penta, meta["elo0"], meta["elo1"])
    elo, err = elo_estimate(tally.penta)
    lower, upper = llr_bounds()
    fixed = bool(meta.get("games"))  # a match of a fixed length: no LLR, no bounds
    return {
        "date": datetime.date.today().isoformat(), "name": meta["name"],
        "kind": "match" if fixed else "sprt",
        "base": meta["base"], "test": meta["test"], "condition": meta["condition"],
        "options": meta["options"], "seed": meta["seed"], "games": tally.games,
        "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
        "pentanomial": " ".join(map(str, tally.penta)), "elo": f"{elo:.1f}",
        "elo_error": f"{err:.1f}", "llr": "" if fixed else f"{value:.2f}",
        "bounds": "" if fixed else f"[{meta['elo0']}, {meta['elo1']}] {lower:.2f} {upper:.2f}",
        "verdict": outcome, "command": meta["command"],
    }


def record_stopped(args):
    """A row for a test stopped before its end, from fastchess's saved state; the test
    stays resumable (a later finished run adds its own row)."""
    state = os.path.join(os.path.abspath(args.workdir), args.name)
    with open(os.path.join(state, "meta.json")) as f:
        meta = json.load(f)
    with open(os.path.join(state, "state.json")) as f:
        stats = next(iter(json.load(f)["stats"].values()))
    tally = Tally()
    tally.wins, tally.losses, tally.draws = stats["wins"], stats["losses"], stats["draws"]
    tally.games = tally.wins + tally.losses + tally.draws
    tally.penta = [stats["penta_LL"], stats["penta_LD"], stats["penta_WL"] + stats["penta_DD"],
                   stats["penta_WD"], stats["penta_WW"]]
    row = result_row(meta, tally, "stopped, resumable")
    append_row(args.results, row)
    print(f"== sprt: {args.name}: stopped at {tally.games} games, Elo {row['elo']} ± "
          f"{row['elo_error']}, LLR {row['llr']}; row added to {args.results}")
    return 0


# ---------------------------------------------------------------- self-test

def self_test():
    failures = []

    def check(what, got, want, tol):
        if abs(got - want) > tol:
            failures.append(f"{what}: got {got:.4f}, want {want:.4f} (tolerance {tol})")

    # Known cases: fastchess (v1.8.2-alpha-5-g74deac23, model=logistic) printed these
    # LLRs for these pentanomials, from its own implementation of the same GSPRT.
    for penta, bounds, want_llr, want_elo, want_error in KNOWN_FASTCHESS:
        check(f"LLR {penta} {bounds}", llr(penta, *bounds), want_llr, 0.006)
        elo, error = elo_estimate(penta)
        check(f"Elo {penta}", elo, want_elo, 0.006)
        check(f"Elo error {penta}", error, want_error, 0.006)
    # Colours swapped: the reversed pentanomial against the negated bounds gives -LLR.
    penta = [14, 12, 17, 15, 2]
    check("LLR of the reversed test", llr(penta[::-1], -10, 0), -llr(penta, 0, 10), 1e-9)
    # The normal approximation LLR ~ N (s1 - s0)(2 m - s0 - s1) / (2 var) for small bounds.
    penta = [30, 220, 500, 240, 40]
    pairs = sum(penta)
    m = sum(c * a for c, a in zip(penta, PENTA_SCORES)) / pairs
    var = sum(c * (a - m) ** 2 for c, a in zip(penta, PENTA_SCORES)) / pairs
    s0, s1 = logistic_score(0), logistic_score(3)
    check("LLR against its normal approximation", llr(penta, 0, 3),
          pairs * (s1 - s0) * (2 * m - s0 - s1) / (2 * var), 0.05)
    check("lower bound", llr_bounds()[0], -2.944, 0.001)
    check("upper bound", llr_bounds()[1], 2.944, 0.001)
    # Elo: 60 % is +70.4; an even score is 0.
    check("Elo of 60 %", logistic_elo(0.6), 70.44, 0.01)
    check("Elo of an even pentanomial", elo_estimate([10, 20, 40, 20, 10])[0], 0.0, 1e-9)
    # The report parser reads fastchess's lines.
    tally = Tally()
    done = [tally.feed(line) for line in FASTCHESS_REPORT.splitlines()]
    if done.count(True) != 1 or tally.penta != [3, 20, 51, 22, 4] or (tally.wins, tally.draws,
                                                         tally.losses) != (71, 113, 16) or tally.fastchess_llr != 2.5:
        failures.append(f"parser: {tally.penta} {tally.wins}-{tally.draws}-{tally.losses}")
    # The results file round-trips and the table shows the row.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "matches.tsv")
        append_row(path, {"date": "2026-12-04", "name": "x", "kind": "sprt", "base": "b",
                          "test": "t", "condition": "short", "options": "", "seed": 1,
                          "games": 10, "wins": 5, "draws": 3, "losses": 2,
                          "pentanomial": "0 1 2 1 1", "elo": "12.3", "elo_error": "4.5",
                          "llr": "1.00", "bounds": "[0, 3]", "verdict": "unfinished",
                          "command": "fastchess -x"})
        rows = results_rows(path)
        if len(rows) != 1 or "| x | b | short | 10 | 5-3-2 |" not in markdown_table(rows):
            failures.append("results file or table: " + markdown_table(rows))
    # The table names only what differs between the two sides.
    got = options_difference("test A=1; test B=true; test C=0; base A=1; base B=false; base D=2")
    if got != "B=true; C=0; base D=2; 1 more set alike on both sides":
        failures.append(f"options difference: {got}")
    if options_difference("") != "" or options_difference("test E=x") != "E=x":
        failures.append("options difference of one side or none")
    # A stopped test's row comes from fastchess's saved state: its pentanomial cells in
    # fastchess's names, WL and DD merged in the middle (the known case above).
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "t"))
        with open(os.path.join(tmp, "t", "meta.json"), "w") as f:
            json.dump({"name": "t", "base": "b", "test": "t", "condition": "short",
                       "options": "", "seed": 1, "elo0": 0, "elo1": 10, "command": "c"}, f)
        with open(os.path.join(tmp, "t", "state.json"), "w") as f:
            json.dump({"stats": {"test vs base": {
                "wins": 32, "losses": 53, "draws": 35, "penta_WW": 2, "penta_WD": 15,
                "penta_WL": 7, "penta_DD": 10, "penta_LD": 12, "penta_LL": 14}}}, f)
        path = os.path.join(tmp, "m.tsv")
        record_stopped(argparse.Namespace(name="t", workdir=tmp, results=path))
        row = results_rows(path)[0]
        if (row["pentanomial"], row["games"], row["llr"], row["elo"]) != (
                "14 12 17 15 2", "120", "-0.94", "-61.4"):
            failures.append(f"stopped row: {row}")
    # A fixed-length match: no -sprt, exactly --games games, a row of kind 'match'
    # without an LLR.
    ns = argparse.Namespace(condition="short", openings="o.epd", seed=1, games=400,
                            max_games=30000, elo0=0, elo1=3, concurrency=0, fastchess="fc")
    cmd = fastchess_command(ns, "t", "b", [], [], "/tmp/s")
    if "-sprt" in cmd or cmd[cmd.index("-rounds") + 1] != "200":
        failures.append(f"match command: {cmd}")
    # --test-nodes: the test's limit on its own engine, the base's on the base, none in -each.
    ns.test_nodes = 20000
    cmd = fastchess_command(ns, "t", "b", [], [], "/tmp/s")
    engines = " ".join(cmd).split(" -engine ")
    if ("nodes=20000" not in engines[1] or "nodes=25000" not in engines[2].split(" -each ")[0]
            or "nodes=" in " ".join(cmd).split(" -each ")[1].split(" -openings ")[0]):
        failures.append(f"test-nodes command: {cmd}")
    if options_text([("A", "1")], [], 20000) != "test A=1; test nodes=20000":
        failures.append("test-nodes options text")
    tally = Tally(sprt=False)  # a match's report ends at its pentanomial line
    if [tally.feed(line) for line in FASTCHESS_REPORT.splitlines()].count(True) != 1:
        failures.append("match report: not one report")
    tally.penta, tally.wins, tally.draws, tally.losses = [1, 2, 3, 2, 1], 8, 2, 8
    row = result_row({"name": "m", "base": "b", "test": "t", "condition": "short",
                      "options": "", "seed": 1, "elo0": 0, "elo1": 3, "command": "c",
                      "games": 400}, tally, "played")
    if (row["kind"], row["llr"], row["bounds"]) != ("match", "", ""):
        failures.append(f"match row: {row}")
    for f in failures:
        print("FAIL", f)
    print(f"sprt self-test: {'failed' if failures else 'passed'}")
    return 1 if failures else 0


# (pentanomial, (elo0, elo1), LLR, Elo, 95 % half-width) as fastchess printed them: a
# 120-game run of Flotilla against itself with LateMovePruning off, 5,000 nodes a move.
KNOWN_FASTCHESS = [
    ([3, 3, 9, 4, 1], (0, 10), -0.19, -26.11, 82.86),
    ([8, 8, 12, 10, 2], (0, 10), -0.47, -43.66, 65.21),
    ([14, 12, 17, 15, 2], (0, 10), -0.94, -61.43, 54.01),
]

FASTCHESS_REPORT = """\
Results of test vs base (inf/0+0, 1t, 16MB, uho_8mvs_+90_+99.epd):
Elo: 97.32 +/- 24.56, nElo: 124.9 +/- 31.2
LOS: 100.00 %, DrawRatio: 51.00 %, PairsRatio: 3.04
Games: 200, Wins: 71, Losses: 16, Draws: 113, Points: 127.5 (63.75 %)
Ptnml(0-2): [3, 20, 51, 22, 4], WL/DD Ratio: 0.55
LLR: 2.50 (85.0%) (-2.94, 2.94) [0.00, 3.00]
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--self-test", action="store_true")
    sub = ap.add_subparsers(dest="command")
    r = sub.add_parser("run", help="play an SPRT and record it")
    r.add_argument("--name", required=True, help="the test's name (and its state folder)")
    r.add_argument("--base", required=True, help="git revision or engine binary")
    r.add_argument("--test", required=True, help="git revision or engine binary")
    r.add_argument("--base-option", action="append", metavar="NAME=VALUE")
    r.add_argument("--test-option", action="append", metavar="NAME=VALUE")
    r.add_argument("--fastchess", default=shutil.which("fastchess"))
    r.add_argument("--condition", choices=sorted(CONDITIONS), default="short")
    r.add_argument("--elo0", type=float, default=0.0)
    r.add_argument("--elo1", type=float, default=3.0)
    r.add_argument("--openings", default=os.path.join(SHARED_DATA, OPENINGS))
    r.add_argument("--seed", type=int, default=20261204)
    r.add_argument("--concurrency", type=int, default=0, help="games at once (the condition's)")
    r.add_argument("--test-nodes", type=int, default=0, metavar="N",
                   help="the test side's nodes a move at a node condition, the base keeping "
                        "the condition's: equal time for engines of different speeds, N = the "
                        "condition's nodes x the test's bench nps / the base's")
    r.add_argument("--max-games", type=int, default=30000)
    r.add_argument("--games", type=int, default=0,
                   help="a match of exactly this many games instead of an SPRT (kind 'match')")
    r.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="build jobs")
    r.add_argument("--workdir", default=os.path.join(os.path.dirname(REPO), "sprt"))
    r.add_argument("--results", default=os.path.join(REPO, "docs", "results", "matches.tsv"))
    s = sub.add_parser("record", help="add the row of a stopped (resumable) test")
    s.add_argument("--name", required=True)
    s.add_argument("--workdir", default=os.path.join(os.path.dirname(REPO), "sprt"))
    s.add_argument("--results", default=os.path.join(REPO, "docs", "results", "matches.tsv"))
    t = sub.add_parser("table", help="the results as a Markdown table")
    t.add_argument("--results", default=os.path.join(REPO, "docs", "results", "matches.tsv"))
    t.add_argument("--update", metavar="DOC", help="write it between DOC's sprt-table markers")
    t.add_argument("--check", metavar="DOC", help="exit 1 if DOC's table is not the current one")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if args.command == "run":
        if not args.fastchess or not os.path.exists(args.fastchess):
            ap.error("--fastchess PATH is needed (docs/testing.md says where to get it)")
        if args.test_nodes and not any(e.startswith("nodes=")
                                       for e in CONDITIONS[args.condition]["each"]):
            ap.error(f"--test-nodes needs a node condition, not {args.condition}")
        if args.test_nodes < 0:
            ap.error("--test-nodes must be positive")
        if not os.path.exists(args.openings):
            ap.error(f"no opening book at {args.openings}")
        return run(args)
    if args.command == "record":
        return record_stopped(args)
    if args.command == "table":
        table = markdown_table(results_rows(args.results))
        if args.check:
            with open(args.check) as f:
                text = f.read()
            ok = (TABLE_BEGIN + "\n" + table + TABLE_END) in text
            print("sprt table: " + ("current" if ok else f"stale in {args.check}"))
            return 0 if ok else 1
        if args.update:
            update_doc(args.update, table)
        else:
            sys.stdout.write(table)
        return 0
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
