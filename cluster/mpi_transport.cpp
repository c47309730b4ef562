#include "cluster/mpi_transport.h"

#include <mpi.h>

#include <chrono>
#include <deque>
#include <list>
#include <map>
#include <thread>

namespace flotilla::cluster {

namespace {

class MpiTransport final : public Transport {
  public:
    MpiTransport(int rank, int size) : me(rank), count(size) {}
    int rank() const override { return me; }
    int size() const override { return count; }

    bool send(int peer, int tag, std::vector<std::byte> bytes) override {
        Outgoing& o = outgoing.emplace_back();
        o.peer = peer;
        o.tag = tag;
        o.bytes = std::move(bytes);
        const int rc = MPI_Isend(o.bytes.data(), int(o.bytes.size()), MPI_BYTE, peer, tag,
                                 MPI_COMM_WORLD, &o.request);
        if (rc != MPI_SUCCESS) {
            outgoing.pop_back();
            return false;
        }
        return true;
    }

    int in_flight(int peer, int tag) override {
        complete_sends();
        int n = 0;
        for (const Outgoing& o : outgoing) n += o.peer == peer && o.tag == tag;
        return n;
    }

    std::optional<Message> poll() override {
        complete_sends();
        // Post a receive for every message that has started to arrive, then hand out the
        // oldest complete one. Receives of one source complete in order; a source that
        // stalls mid-message holds back only its own.
        for (;;) {
            int flag = 0;
            MPI_Status status;
            if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) !=
                    MPI_SUCCESS ||
                !flag)
                break;
            int bytes = 0;
            MPI_Get_count(&status, MPI_BYTE, &bytes);
            Incoming& in = incoming[status.MPI_SOURCE].emplace_back();
            in.message.source = status.MPI_SOURCE;
            in.message.tag = status.MPI_TAG;
            in.message.bytes.resize(std::size_t(bytes));
            MPI_Irecv(in.message.bytes.data(), bytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG,
                      MPI_COMM_WORLD, &in.request);
        }
        for (auto& [source, queue] : incoming) {
            if (queue.empty()) continue;
            int done = 0;
            MPI_Test(&queue.front().request, &done, MPI_STATUS_IGNORE);
            if (!done) continue;
            Message m = std::move(queue.front().message);
            queue.pop_front();
            return m;
        }
        return std::nullopt;
    }

    bool idle() override {
        complete_sends();
        if (!outgoing.empty()) return false;
        for (const auto& [source, queue] : incoming)
            if (!queue.empty()) return false;
        return true;
    }

    void finish(bool abort) override {
        if (abort) MPI_Abort(MPI_COMM_WORLD, 1);
        // Let the last sends (quit, a result) reach live peers, for at most two seconds.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
        while (!outgoing.empty() && std::chrono::steady_clock::now() < deadline) {
            complete_sends();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        if (!outgoing.empty()) MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Finalize();
    }

  private:
    struct Outgoing {
        int peer = 0;
        int tag = 0;
        std::vector<std::byte> bytes;
        MPI_Request request = MPI_REQUEST_NULL;
    };
    struct Incoming {
        Message message;
        MPI_Request request = MPI_REQUEST_NULL;
    };

    void complete_sends() {
        for (auto it = outgoing.begin(); it != outgoing.end();) {
            int done = 0;
            MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
            it = done ? outgoing.erase(it) : std::next(it);
        }
    }

    int me, count;
    std::list<Outgoing> outgoing; // stable addresses: MPI holds the buffers
    std::map<int, std::deque<Incoming>> incoming;
};

} // namespace

std::unique_ptr<Transport> make_mpi_transport(std::string* error) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        if (error) *error = "MPI_Init_thread failed";
        return nullptr;
    }
    // Errors come back as codes, so that a peer that died is reported, not fatal here.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return std::make_unique<MpiTransport>(rank, size);
}

} // namespace flotilla::cluster
