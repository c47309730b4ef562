// How the ranks of a cluster reach each other: tagged messages of bytes between
// numbered ranks, never blocking. MpiTransport carries them over MPI; LoopbackHub
// joins ranks that are threads of one process (tests). Only one thread uses a
// transport: the cluster's communication thread, which also creates it.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace flotilla::cluster {

struct Message {
    int source = 0;
    int tag = 0;
    std::vector<std::byte> bytes;
};

class Transport {
  public:
    virtual ~Transport() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // Starts sending; the transport keeps the bytes until they are delivered. Messages
    // of one tag from one rank to another arrive in the order sent. False: the peer
    // cannot be reached any more.
    virtual bool send(int peer, int tag, std::vector<std::byte> bytes) = 0;
    // Sends to peer of this tag not yet delivered (a peer that stopped reading keeps
    // them: the exchange skips such a peer rather than queueing more).
    virtual int in_flight(int peer, int tag) = 0;
    // The next message that has fully arrived, if any.
    virtual std::optional<Message> poll() = 0;
    // Nothing in flight either way: every send delivered, every message begun received.
    virtual bool idle() = 0;
    // The end of the job. abort: a peer failed, so waiting for it could hang: end every
    // rank now (MPI_Abort) rather than finalising with them.
    virtual void finish(bool abort) = 0;
};

} // namespace flotilla::cluster
