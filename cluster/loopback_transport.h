// Ranks that are threads of one process, for tests of the cluster protocol in every
// build (the MPI tests need the cluster preset and mpirun).
#pragma once

#include "cluster/transport.h"

#include <deque>
#include <memory>
#include <mutex>
#include <vector>

namespace flotilla::cluster {

class LoopbackHub {
  public:
    explicit LoopbackHub(int ranks);
    int size() const { return int(inboxes.size()); }
    // The endpoint of one rank; each rank's endpoint must be made once.
    std::unique_ptr<Transport> endpoint(int rank);
    // Tests: messages to and from this rank are dropped from now on, as if its process
    // hung.
    void silence(int rank);

  private:
    friend class LoopbackTransport;
    struct Inbox {
        std::mutex mutex;
        std::deque<Message> messages;
        bool silenced = false;
    };
    std::vector<std::unique_ptr<Inbox>> inboxes;
};

} // namespace flotilla::cluster
