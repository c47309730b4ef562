// The engine as a cluster, end to end: `mpirun -np N flotilla` driven through its pipes
// as a GUI drives it. A search covers every rank, `stop` ends all of them, a follower
// that hangs costs one timeout, a follower killed mid-search ends the job within
// seconds, and the same binary run without mpirun is the ordinary engine.
#include "core/movegen.h"
#include "core/position.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace flotilla {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// A child process with its stdin, stdout and stderr on pipes.
class Job {
  public:
    explicit Job(std::vector<std::string> argv) {
        int in[2], out[2], err[2];
        EXPECT_EQ(pipe(in), 0);
        EXPECT_EQ(pipe(out), 0);
        EXPECT_EQ(pipe(err), 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_adddup2(&actions, err[1], 2);
        for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
            posix_spawn_file_actions_addclose(&actions, fd);
        std::vector<char*> args;
        for (std::string& a : argv) args.push_back(a.data());
        args.push_back(nullptr);
        EXPECT_EQ(posix_spawnp(&child, args[0], &actions, nullptr, args.data(), environ), 0);
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        close(err[1]);
        toChild = in[1];
        fromChild = out[0];
        errors = err[0];
        fcntl(errors, F_SETFL, O_NONBLOCK);
    }
    ~Job() {
        if (toChild >= 0) close(toChild);
        if (!exited) {
            kill(child, SIGKILL);
            waitpid(child, nullptr, 0);
        }
        close(fromChild);
        close(errors);
    }

    pid_t pid() const { return child; }
    void send(const std::string& line) {
        const std::string text = line + "\n";
        EXPECT_EQ(write(toChild, text.data(), text.size()), ssize_t(text.size()));
    }
    // The next line of stdout, or nothing after `timeout` or at its end.
    std::optional<std::string> line(std::chrono::milliseconds timeout) {
        const Clock::time_point deadline = Clock::now() + timeout;
        for (;;) {
            if (const std::size_t nl = buffer.find('\n'); nl != std::string::npos) {
                std::string l = buffer.substr(0, nl);
                buffer.erase(0, nl + 1);
                return l;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (left.count() <= 0) return std::nullopt;
            pollfd p{fromChild, POLLIN, 0};
            if (poll(&p, 1, int(left.count())) <= 0) continue;
            char chunk[4096];
            const ssize_t n = read(fromChild, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer.append(chunk, std::size_t(n));
        }
    }
    // Lines up to and including the first that starts with `prefix`; nothing on timeout.
    std::optional<std::vector<std::string>> until(const std::string& prefix,
                                                  std::chrono::milliseconds timeout) {
        const Clock::time_point deadline = Clock::now() + timeout;
        std::vector<std::string> lines;
        while (Clock::now() < deadline) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            const std::optional<std::string> l = line(left);
            if (!l) return std::nullopt;
            lines.push_back(*l);
            if (l->starts_with(prefix)) return lines;
        }
        return std::nullopt;
    }
    // The exit status once the process ends within timeout; nothing if it does not.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout) {
        const Clock::time_point deadline = Clock::now() + timeout;
        while (Clock::now() < deadline) {
            int status = 0;
            if (waitpid(child, &status, WNOHANG) == child) {
                exited = true;
                return status;
            }
            std::this_thread::sleep_for(20ms);
        }
        return std::nullopt;
    }
    std::string stderr_text() {
        char chunk[4096];
        for (ssize_t n; (n = read(errors, chunk, sizeof chunk)) > 0;)
            stderrText.append(chunk, std::size_t(n));
        return stderrText;
    }

  private:
    pid_t child = -1;
    int toChild = -1, fromChild = -1, errors = -1;
    std::string buffer, stderrText;
    bool exited = false;
};

Job cluster_job(int ranks, bool recovery = false) {
    std::vector<std::string> argv = {FLOTILLA_MPIEXEC, "--oversubscribe"};
    if (recovery) argv.push_back("--enable-recovery"); // the job outlives a dead rank
    argv.push_back("-np");
    argv.push_back(std::to_string(ranks));
    argv.push_back(FLOTILLA_ENGINE);
    return Job(argv);
}

pid_t parent_of(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    const std::size_t close = text.rfind(')'); // the name may hold spaces
    if (close == std::string::npos) return -1;
    std::istringstream rest(text.substr(close + 1));
    char state;
    pid_t parent = -1;
    rest >> state >> parent;
    return parent;
}

// The process that is rank `rank` of the job started by launcher: its descendant whose
// environment says OMPI_COMM_WORLD_RANK=rank; -1 while there is none.
pid_t rank_pid(pid_t launcher, int rank) {
    const std::string wanted = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        const pid_t pid = pid_t(std::stol(name));
        bool descendant = false;
        for (pid_t p = parent_of(pid); p > 1 && !descendant; p = parent_of(p))
            descendant = p == launcher;
        if (!descendant) continue;
        std::ifstream environment(entry.path() / "environ", std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(environment)), {});
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t end = text.find('\0', at);
            if (text.compare(at, end - at, wanted) == 0) return pid;
            at = end == std::string::npos ? text.size() : end + 1;
        }
    }
    return -1;
}

pid_t wait_for_rank(pid_t launcher, int rank) {
    for (int i = 0; i < 200; ++i) {
        if (const pid_t p = rank_pid(launcher, rank); p > 0) return p;
        std::this_thread::sleep_for(50ms);
    }
    return -1;
}

void handshake(Job& job) {
    job.send("uci");
    ASSERT_TRUE(job.until("uciok", 30s)) << job.stderr_text();
    job.send("isready");
    ASSERT_TRUE(job.until("readyok", 10s));
}

bool is_legal(const std::string& bestmoveLine, const std::string& moves) {
    Position pos;
    std::string error;
    pos.set_fen(Position::START_FEN, false, &error);
    std::istringstream in(moves);
    for (std::string m; in >> m;) pos.make_move(pos.parse_uci_move(m));
    std::istringstream words(bestmoveLine);
    std::string word, move;
    words >> word >> move;
    const Move m = pos.parse_uci_move(move);
    return word == "bestmove" && m != Move::none();
}

std::uint64_t number_after(const std::string& line, const std::string& key) {
    const std::size_t at = line.find(" " + key + " ");
    return at == std::string::npos ? 0 : std::stoull(line.substr(at + key.size() + 2));
}

TEST(ClusterUci, ASearchCoversEveryRank) {
    Job job = cluster_job(2);
    handshake(job);
    job.send("debug on");
    job.send("position startpos moves e2e4");
    job.send("go movetime 500");
    const auto lines = job.until("bestmove", 10s);
    ASSERT_TRUE(lines) << job.stderr_text();
    EXPECT_TRUE(is_legal(lines->back(), "e2e4")) << lines->back();
    std::uint64_t rankNodes[2] = {0, 0};
    std::uint64_t total = 0;
    for (const std::string& l : *lines) {
        EXPECT_FALSE(l.starts_with("info string error")) << l;
        for (int r = 0; r < 2; ++r)
            if (l.starts_with("info string cluster rank " + std::to_string(r) + " "))
                rankNodes[r] = number_after(l, "nodes");
        if (l.starts_with("info string cluster total")) total = number_after(l, "nodes");
    }
    EXPECT_GT(rankNodes[0], 0u);
    EXPECT_GT(rankNodes[1], 0u); // the follower searched
    EXPECT_EQ(total, rankNodes[0] + rankNodes[1]);
    job.send("quit");
    const std::optional<int> status = job.wait_exit(10s);
    ASSERT_TRUE(status);
    EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << job.stderr_text();
}

TEST(ClusterUci, ANodeBudgetIsSharedByTheRanks) {
    Job job = cluster_job(2);
    handshake(job);
    job.send("debug on");
    job.send("position startpos");
    job.send("go nodes 200000");
    const auto lines = job.until("bestmove", 20s);
    ASSERT_TRUE(lines);
    std::uint64_t total = 0, leader = 0;
    for (const std::string& l : *lines) {
        if (l.starts_with("info string cluster total")) total = number_after(l, "nodes");
        if (l.starts_with("info string cluster rank 0 ")) leader = number_after(l, "nodes");
    }
    EXPECT_EQ(leader, 100000u); // one thread stops at exactly its share
    EXPECT_LE(total, 200000u);  // the follower stops at its share or at the leader's stop
    EXPECT_GT(total, leader);
    job.send("quit");
    EXPECT_TRUE(job.wait_exit(10s));
}

TEST(ClusterUci, StopEndsEveryRankQuickly) {
    Job job = cluster_job(2);
    handshake(job);
    job.send("position startpos");
    job.send("go infinite");
    std::this_thread::sleep_for(500ms);
    const Clock::time_point stopped = Clock::now();
    job.send("stop");
    const auto lines = job.until("bestmove", 5s);
    ASSERT_TRUE(lines);
    EXPECT_LT(Clock::now() - stopped, 1000ms);
    for (const std::string& l : *lines) EXPECT_FALSE(l.starts_with("info string error")) << l;
    job.send("quit");
    EXPECT_TRUE(job.wait_exit(10s));
}

// Starts an infinite search on a job of two ranks and, 300 ms in, sends the follower
// `signal`; returns the follower's pid (-1: it was not found).
pid_t signal_follower_mid_search(Job& job, int signal) {
    const pid_t follower = wait_for_rank(job.pid(), 1);
    if (follower <= 0) return -1;
    job.send("position startpos");
    job.send("go infinite");
    std::this_thread::sleep_for(300ms);
    kill(follower, signal);
    return follower;
}

// After the follower was lost mid-search: `stop` answers with the loss reported, and
// the next move is played without waiting for it again.
void expect_loss_reported_once_then_play_on(Job& job) {
    job.send("stop");
    const auto lines = job.until("bestmove", 5s);
    ASSERT_TRUE(lines) << job.stderr_text();
    bool reported = false;
    for (const std::string& l : *lines)
        reported |= l.starts_with("info string error: cluster: rank 1 ");
    EXPECT_TRUE(reported);
    job.send("go movetime 200");
    const Clock::time_point started = Clock::now();
    const auto next = job.until("bestmove", 5s);
    ASSERT_TRUE(next);
    EXPECT_LT(Clock::now() - started, 1500ms);
    for (const std::string& l : *next) EXPECT_FALSE(l.starts_with("info string error")) << l;
}

TEST(ClusterUci, AFollowerThatHangsCostsOneTimeoutThenTheLeaderPlaysOn) {
    Job job = cluster_job(2);
    handshake(job);
    const pid_t follower = signal_follower_mid_search(job, SIGSTOP);
    ASSERT_GT(follower, 0);
    expect_loss_reported_once_then_play_on(job);
    // At quit a rank has failed: the job ends rather than wait for it.
    job.send("quit");
    EXPECT_TRUE(job.wait_exit(15s));
    kill(follower, SIGKILL);
}

TEST(ClusterUci, AFollowerKilledMidSearchEndsTheJobWithinSeconds) {
    Job job = cluster_job(2);
    handshake(job);
    ASSERT_GT(signal_follower_mid_search(job, SIGKILL), 0);
    const Clock::time_point killed = Clock::now();
    // Open MPI cannot go on without a rank: mpirun ends the job and says why.
    const std::optional<int> status = job.wait_exit(15s);
    ASSERT_TRUE(status) << "the job still runs 15 s after a rank was killed";
    EXPECT_LT(Clock::now() - killed, 15s);
    EXPECT_FALSE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0);
    const std::string said = job.stderr_text();
    EXPECT_NE(said.find("rank 1"), std::string::npos) << said;
}

TEST(ClusterUci, WhereTheJobOutlivesAKilledFollowerTheLeaderReportsItAndPlaysOn) {
    Job job = cluster_job(2, true);
    handshake(job);
    ASSERT_GT(signal_follower_mid_search(job, SIGKILL), 0);
    std::this_thread::sleep_for(300ms);
    expect_loss_reported_once_then_play_on(job);
    job.send("quit");
    EXPECT_TRUE(job.wait_exit(15s));
}

TEST(ClusterUci, WithoutMpirunTheSameBinaryIsTheOrdinaryEngine) {
    Job job({FLOTILLA_ENGINE});
    handshake(job);
    job.send("debug on");
    job.send("go depth 6");
    const auto lines = job.until("bestmove", 10s);
    ASSERT_TRUE(lines);
    EXPECT_TRUE(is_legal(lines->back(), ""));
    for (const std::string& l : *lines) EXPECT_EQ(l.find("cluster"), std::string::npos) << l;
    job.send("quit");
    EXPECT_TRUE(job.wait_exit(10s));
}

} // namespace
} // namespace flotilla
