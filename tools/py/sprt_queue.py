#!/usr/bin/env python3
"""The testing loop's queue: the SPRTs waiting to be played, played by lanes of
tools/py/sprt.py, and their saved states kept in the repository so that a test survives
the machine it ran on.

    tools/py/sprt_queue.py run --fastchess FC [--lanes 2] [--nice 10] \
        [--import-dir data/loop7 --flotilla BIN]
        plays the queue (docs/results/queue.tsv): each lane resumes or starts the first
        test that has no row in docs/results/matches.tsv and that no other lane plays,
        and with --import-dir turns a finished test's games into a training game file.
        SIGINT/SIGTERM stop every lane's test with its state saved; the same command
        resumes them.
    tools/py/sprt_queue.py status
        each queued test: done (its row's verdict), resumable (a saved state) or waiting.
    tools/py/sprt_queue.py save
        copies each unfinished test's fastchess state (state.json, meta.json, command)
        from the work folder into docs/results/running/NAME, and drops the copies of tests
        that have ended, so that a commit carries the running tests.
    tools/py/sprt_queue.py restore
        the other way, on a new machine: each saved test the work folder lacks, with the
        old work folder's paths in it rewritten to the new one's.
    tools/py/sprt_queue.py pause [--pid PID ...] / resume [--pid PID ...]
        stops (SIGSTOP) or continues (SIGCONT) the running queue with every process under
        it (sprt.py, fastchess, the engines), and the process trees of the PIDs given (the
        SPSA's, say), so that a timed match can have the cores; the fixed-node games lose
        nothing by the pause.
    tools/py/sprt_queue.py --self-test
        checks the queue's reading, the choice of the next test, save and restore, pause.

The queue file is tab-separated: `name`, then the rest of the `sprt.py run` arguments
(shell words; not --name, --fastchess, --workdir or --results). Lines starting with `#`
are comments. A test's row in the results file ends it for the queue, whatever its
verdict: a test stopped for good has its row (`sprt.py record`) and its state renamed.
Python 3 standard library only.
"""

import argparse
import glob
import json
import os
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading

import sprt  # tools/py/sprt.py beside this file: the results file's reader
from uci_process import descendants, stat_fields

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPRT = os.path.join(REPO, "tools", "py", "sprt.py")
QUEUE = os.path.join(REPO, "docs", "results", "queue.tsv")
RESULTS = os.path.join(REPO, "docs", "results", "matches.tsv")
RUNNING = os.path.join(REPO, "docs", "results", "running")
WORKDIR = os.path.join(os.path.dirname(REPO), "sprt")
SAVED_FILES = ("state.json", "meta.json", "command")
FORBIDDEN = ("--name", "--fastchess", "--workdir", "--results")


def read_queue(path):
    """[(name, [arguments])] in the file's order."""
    tests = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            name, _, rest = line.partition("\t")
            words = shlex.split(rest)
            if not name or "/" in name or "." in name:  # ".": an ended test's folder
                sys.exit(f"sprt_queue: {path}:{number}: bad test name '{name}'")
            if bad := [w for w in words if w.split("=")[0] in FORBIDDEN]:
                sys.exit(f"sprt_queue: {path}:{number}: {bad[0]} is the queue's to give")
            if any(name == n for n, _ in tests):
                sys.exit(f"sprt_queue: {path}:{number}: '{name}' is queued twice")
            tests.append((name, words))
    return tests


def recorded(results):
    """{name: verdict of its last row}."""
    return {r["name"]: r["verdict"] for r in sprt.results_rows(results)}


def resumable(workdir, name):
    return os.path.exists(os.path.join(workdir, name, "state.json"))


def next_test(tests, rows, workdir, busy):
    """The first test without a row that no lane plays; a resumable one before a new one,
    so that a stopped lane's test is finished before the queue moves on."""
    open_tests = [(n, a) for n, a in tests if n not in rows and n not in busy]
    for name, words in open_tests:
        if resumable(workdir, name):
            return name, words
    return open_tests[0] if open_tests else None


def status(args):
    rows = recorded(args.results)
    for name, _ in read_queue(args.queue):
        state = (f"done: {rows[name]}" if name in rows else
                 "resumable" if resumable(args.workdir, name) else "waiting")
        print(f"{name}\t{state}")
    return 0


# ---------------------------------------------------------------- save and restore

def ended_folders(workdir, name, kind="*"):
    """A test's ended folders in the work folder (NAME.done-STAMP, NAME.stopped-STAMP; kind
    "done-*" for the finished ones only), oldest first."""
    return sorted(glob.glob(os.path.join(glob.escape(workdir), glob.escape(name) + "." + kind)))


def live_tests(workdir):
    return sorted(d for d in os.listdir(workdir) if "." not in d and resumable(workdir, d))


def save(workdir, into):
    """Copies each live test's state into `into`; drops a copy whose test has ended (its
    folder renamed .done-* or .stopped-* in the work folder). A copy whose test the work
    folder does not know at all is kept: this machine may not have restored it yet."""
    os.makedirs(into, exist_ok=True)
    live = live_tests(workdir) if os.path.isdir(workdir) else []
    for name in live:
        os.makedirs(os.path.join(into, name), exist_ok=True)
        for file in SAVED_FILES:
            shutil.copyfile(os.path.join(workdir, name, file), os.path.join(into, name, file))
    for name in os.listdir(into):
        if name not in live and ended_folders(workdir, name):
            shutil.rmtree(os.path.join(into, name))
    return live


def saved_workdir(command):
    """The work folder a saved test ran in: the folder above its PGN's folder."""
    for word in shlex.split(command):
        if word.startswith("file=") and word.endswith("games.pgn"):
            return os.path.dirname(os.path.dirname(word[len("file="):]))
    return None


def restore(source, workdir):
    """Copies each saved test the work folder lacks, the old work folder's path in its
    files replaced by this one's (fastchess's state names its binaries and PGN there)."""
    restored = []
    if not os.path.isdir(source):
        return restored
    for name in sorted(os.listdir(source)):
        target = os.path.join(workdir, name)
        # Not an SPRT's saved state (the SPSA keeps its own there): not restored.
        if os.path.exists(target) or not os.path.isfile(os.path.join(source, name, "command")):
            continue
        with open(os.path.join(source, name, "command")) as f:
            old = saved_workdir(f.read())
        os.makedirs(target)
        for file in SAVED_FILES:
            with open(os.path.join(source, name, file)) as f:
                text = f.read()
            if old and old != workdir:
                text = text.replace(old + "/", workdir + "/")
            with open(os.path.join(target, file), "w") as f:
                f.write(text)
        restored.append(name)
    return restored


# ---------------------------------------------------------------- importing games

def network_label(meta, revision_net):
    """The manifest's network text, as data/loop7's first files have it."""
    default = f"<default> crc32 {revision_net}"
    nets = [part.partition("=")[2] for part in meta["options"].split("; ")
            if part.startswith("test EvalFile=")]
    return f"base {default}, test {os.path.basename(nets[0])}" if nets else default


def default_net_checksum(revision):
    """The embedded network's own checksum (its file's last four bytes) at a revision."""
    data = subprocess.run(["git", "-C", REPO, "show", f"{revision}:eval/nnue/default.nnue"],
                          capture_output=True, check=True).stdout
    return f"{struct.unpack('<I', data[-4:])[0]:08x}"


def import_games(done_dir, import_dir, flotilla, log):
    with open(os.path.join(done_dir, "meta.json")) as f:
        meta = json.load(f)
    pgn = os.path.join(done_dir, "games.pgn")
    if not os.path.exists(pgn):
        return
    sha = meta["test"].split()[1]
    nodes = next((w.split("=")[1] for w in shlex.split(meta["command"])
                  if w.startswith("nodes=")), "0")
    kind = "two networks" if "EvalFile=" in meta["options"] else "two settings of the search"
    out = os.path.join(import_dir, f"loop-{meta['name']}-1.games.zst")
    if os.path.exists(out):
        return
    cmd = [flotilla, "import-pgn", "--out", out,
           "--engine", f"{sha[:7]} (SPRT {meta['name']}: {kind})",
           "--network", network_label(meta, default_net_checksum(sha)),
           "--nodes", nodes, pgn]
    subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)


# ---------------------------------------------------------------- pausing

def process_tree(root):
    """root and every process under it, parents first."""
    return [root] + descendants(root)


def signal_trees(roots, sig):
    """Sends sig to each root's tree (twice over, so that a child started between the
    passes is reached too); returns the PIDs signalled."""
    done = []
    for _ in range(2):
        for root in roots:
            for pid in process_tree(root):
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    continue
                if pid not in done:
                    done.append(pid)
    return done


def queue_pid(workdir):
    try:
        with open(os.path.join(workdir, "queue.pid")) as f:
            pid = int(f.read().strip())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


def pause(args, sig):
    roots = list(args.pid or [])
    pid = queue_pid(args.workdir)
    if pid is not None:
        roots.append(pid)
    if not roots:
        print("sprt_queue: no running queue (no live queue.pid) and no --pid", file=sys.stderr)
        return 1
    pids = signal_trees(roots, sig)
    print(f"{'paused' if sig == signal.SIGSTOP else 'resumed'} {len(pids)} processes: "
          f"{' '.join(map(str, pids))}")
    return 0


# ---------------------------------------------------------------- the lanes

class Queue:
    def __init__(self, args):
        self.args, self.lock, self.busy, self.procs = args, threading.Lock(), set(), {}
        self.stopping = False

    def take(self):
        with self.lock:
            if self.stopping:
                return None
            found = next_test(read_queue(self.args.queue), recorded(self.args.results),
                              self.args.workdir, self.busy)
            if found:
                self.busy.add(found[0])
            return found

    def lane(self, number):
        while (found := self.take()) is not None:
            name, words = found
            cmd = ["nice", "-n", str(self.args.nice), sys.executable, SPRT, "run", "--name", name,
                   "--fastchess", self.args.fastchess, "--workdir", self.args.workdir,
                   "--results", self.args.results, *words]
            print(f"== queue: lane {number}: {name}", flush=True)
            with open(os.path.join(self.args.workdir, name + ".log"), "a") as log:
                proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
                with self.lock:
                    self.procs[name] = proc
                code = proc.wait()
                with self.lock:
                    del self.procs[name]
                ended = ended_folders(self.args.workdir, name, "done-*")
                if code == 0 and ended and self.args.import_dir:
                    import_games(ended[-1], self.args.import_dir, self.args.flotilla, log)
            print(f"== queue: lane {number}: {name} ended ({code})", flush=True)
            with self.lock:
                self.busy.discard(name)
                if code != 0:  # stopped, or fastchess failed: not again in this run
                    self.stopping = self.stopping or code == 130
                    self.busy.add(name)

    def stop(self, *_):
        with self.lock:
            self.stopping = True
            for proc in self.procs.values():
                proc.send_signal(signal.SIGTERM)  # sprt.py saves fastchess's state


def run(args):
    os.makedirs(args.workdir, exist_ok=True)
    for name in restore(args.running, args.workdir):
        print(f"== queue: restored {name} from {args.running}", flush=True)
    with open(os.path.join(args.workdir, "queue.pid"), "w") as f:
        f.write(f"{os.getpid()}\n")
    queue = Queue(args)
    signal.signal(signal.SIGTERM, queue.stop)
    signal.signal(signal.SIGINT, queue.stop)
    lanes = [threading.Thread(target=queue.lane, args=(i + 1,)) for i in range(args.lanes)]
    for lane in lanes:
        lane.start()
    for lane in lanes:
        lane.join()
    return 0


# ---------------------------------------------------------------- self-test

def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        queue = os.path.join(tmp, "queue.tsv")
        with open(queue, "w") as f:
            f.write("# comment\n\na\t--base x --test x --seed 1\n"
                    "b\t--base x --test x --test-option 'EvalFile=/n/a b.nnue'\nc\t--base y "
                    "--test y\n")
        tests = read_queue(queue)
        if [n for n, _ in tests] != ["a", "b", "c"] or tests[1][1][-1] != "EvalFile=/n/a b.nnue":
            failures.append(f"queue read: {tests}")
        work = os.path.join(tmp, "old-work")
        os.makedirs(os.path.join(work, "c"))
        state = {"engines": [{"cmd": f"{work}/src-1/build/release/flotilla"}]}
        with open(os.path.join(work, "c", "state.json"), "w") as f:
            json.dump(state, f)
        with open(os.path.join(work, "c", "meta.json"), "w") as f:
            json.dump({"name": "c"}, f)
        with open(os.path.join(work, "c", "command"), "w") as f:
            f.write(f"fc -engine cmd={work}/src-1/build/release/flotilla -pgnout "
                    f"file={work}/c/games.pgn\n")
        # The first test without a row; a resumable one first; none when all are busy.
        checks = [(next_test(tests, {}, work, set()), "c"),
                  (next_test(tests, {"c": "H1 accepted"}, work, set()), "a"),
                  (next_test(tests, {"a": "H0 accepted"}, work, {"c"}), "b"),
                  (next_test(tests, {"a": "x", "b": "y"}, work, {"c"}), None)]
        for got, want in checks:
            if (got[0] if got else None) != want:
                failures.append(f"next test: got {got}, want {want}")
        # Save copies the live test, keeps what this machine never saw, drops an ended one.
        running = os.path.join(tmp, "running")
        os.makedirs(os.path.join(running, "elsewhere"))
        os.makedirs(os.path.join(running, "ended"))
        os.makedirs(os.path.join(work, "ended.done-20261207T010101"))
        if save(work, running) != ["c"] or sorted(os.listdir(running)) != ["c", "elsewhere"]:
            failures.append(f"save: {sorted(os.listdir(running))}")
        shutil.rmtree(os.path.join(running, "elsewhere"))
        # Another tool's state (the SPSA's: a state.json, no command) stays where it is.
        os.makedirs(os.path.join(running, "spsa"))
        with open(os.path.join(running, "spsa", "state.json"), "w") as f:
            f.write("{}")
        # Restore into a new work folder rewrites the old folder's paths.
        new = os.path.join(tmp, "new-work")
        os.makedirs(new)
        if restore(running, new) != ["c"]:
            failures.append("restore: nothing restored")
        with open(os.path.join(new, "c", "state.json")) as f:
            cmd = json.load(f)["engines"][0]["cmd"]
        with open(os.path.join(new, "c", "command")) as f:
            command = f.read()
        if cmd != f"{new}/src-1/build/release/flotilla" or work in command or \
                f"file={new}/c/games.pgn" not in command:
            failures.append(f"restore paths: {cmd} / {command}")
        if restore(running, new) != []:
            failures.append("restore twice: a live test was overwritten")
    # Pause stops a whole tree (a shell and its two sleeps); resume continues it.
    tree = subprocess.Popen(["sh", "-c", "sleep 30 & sleep 30; wait"])
    try:
        def states():
            return [stat_fields(pid)[0] for pid in process_tree(tree.pid)]
        def settled(done):
            # The shell starts its sleeps, and a signal takes effect, only when the
            # process is next scheduled: on a busy machine poll for up to 5 s.
            for _ in range(250):
                now = states()
                if done(now):
                    break
                threading.Event().wait(0.02)
            return now
        settled(lambda now: len(now) == 3)
        signal_trees([tree.pid], signal.SIGSTOP)
        paused = settled(lambda now: set(now) == {"T"})
        signal_trees([tree.pid], signal.SIGCONT)
        resumed = settled(lambda now: "T" not in now)
        if len(paused) != 3 or set(paused) != {"T"} or "T" in resumed:
            failures.append(f"pause: states {paused} then {resumed}")
    finally:
        # The sleeps too: they hold the test's output pipe open, and ctest waits for it.
        signal_trees([tree.pid], signal.SIGKILL)
        tree.wait()
    meta = {"options": "test EvalFile=/work/nets/n8w2.nnue; test nodes=23400"}
    if network_label(meta, "24732d84") != "base <default> crc32 24732d84, test n8w2.nnue" or \
            network_label({"options": "test X=1"}, "ab") != "<default> crc32 ab":
        failures.append("network label")
    for f in failures:
        print("FAIL", f)
    print(f"sprt_queue self-test: {'failed' if failures else 'passed'}")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--queue", default=QUEUE)
    ap.add_argument("--results", default=RESULTS)
    ap.add_argument("--workdir", default=WORKDIR)
    ap.add_argument("--running", default=RUNNING, help="where the running tests are kept")
    sub = ap.add_subparsers(dest="command")
    r = sub.add_parser("run", help="play the queue")
    r.add_argument("--fastchess", required=True)
    r.add_argument("--lanes", type=int, default=2)
    r.add_argument("--nice", type=int, default=10)
    r.add_argument("--import-dir", help="turn each finished test's games into a game file here")
    r.add_argument("--flotilla", help="the engine binary whose import-pgn converts them")
    sub.add_parser("status", help="each queued test's state")
    sub.add_parser("save", help="copy the running tests' states into the repository")
    sub.add_parser("restore", help="copy saved states into the work folder")
    for name, what in (("pause", "stop"), ("resume", "continue")):
        p = sub.add_parser(name, help=f"{what} the running queue and the trees of --pid")
        p.add_argument("--pid", type=int, action="append", help="another process tree")
    args = ap.parse_args()
    args.workdir = os.path.abspath(args.workdir)
    if args.self_test:
        return self_test()
    if args.command == "run":
        if args.import_dir and not args.flotilla:
            ap.error("--import-dir needs --flotilla")
        if args.lanes < 1:
            ap.error("--lanes must be at least 1")
        return run(args)
    if args.command == "status":
        return status(args)
    if args.command == "save":
        print("\n".join(save(args.workdir, args.running)))
        return 0
    if args.command in ("pause", "resume"):
        return pause(args, signal.SIGSTOP if args.command == "pause" else signal.SIGCONT)
    if args.command == "restore":
        print("\n".join(restore(args.running, args.workdir)))
        return 0
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
