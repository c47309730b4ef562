"""One UCI engine process for the tools/ scripts, read by a background thread so that
every wait can time out (select() does not see lines buffered by Python's reader)."""

import os
import queue
import subprocess
import threading
import time

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def stat_fields(pid):
    """The fields of /proc/PID/stat after the command name (field 3 on); OSError if gone."""
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read()
    # The command name (field 2) is in parentheses and may hold spaces.
    return stat[stat.rindex(")") + 2:].split()


def descendants(pid):
    """Every process under pid (from /proc's parent links), each after its parent."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            parent = int(stat_fields(name)[1])
        except OSError:
            continue
        children.setdefault(parent, []).append(int(name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


class EngineError(RuntimeError):
    pass


class EngineTimeout(EngineError):
    """The engine gave no awaited answer in time (the process may still run)."""


class UciProcess:
    def __init__(self, path, label=None, options=None, timeout=30.0, args=()):
        self.label = label or os.path.basename(path)
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen(
                [path, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineError(f"{self.label}: cannot start {path}: {e}") from e
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        for name, value in (options or {}).items():
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # the process ended

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError as e:
            raise EngineError(f"{self.label}: engine closed its input") from e

    def read_until(self, done, timeout=None):
        """Lines up to and including the first one for which done(line) holds."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        out = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineTimeout(f"{self.label}: no answer within {timeout:.1f} s; "
                                  f"last lines {out[-3:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EngineError(f"{self.label}: engine exited; last lines {out[-3:]}")
            out.append(line)
            if done(line):
                return out

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def cpu_seconds(self):
        """utime + stime of the whole process (all threads), in seconds."""
        fields = stat_fields(self.proc.pid)
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=5)
            except (EngineError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
