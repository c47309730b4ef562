#include "cluster/loopback_transport.h"

namespace flotilla::cluster {

class LoopbackTransport final : public Transport {
  public:
    LoopbackTransport(LoopbackHub& hub, int rank) : hub(hub), me(rank) {}
    int rank() const override { return me; }
    int size() const override { return hub.size(); }
    bool send(int peer, int tag, std::vector<std::byte> bytes) override {
        if (peer < 0 || peer >= hub.size()) return false;
        {
            LoopbackHub::Inbox& mine = *hub.inboxes[std::size_t(me)];
            std::lock_guard lock(mine.mutex);
            if (mine.silenced) return true; // a hung rank sends nothing either
        }
        LoopbackHub::Inbox& box = *hub.inboxes[std::size_t(peer)];
        std::lock_guard lock(box.mutex);
        if (!box.silenced) box.messages.push_back(Message{me, tag, std::move(bytes)});
        return true;
    }
    int in_flight(int, int) override { return 0; } // delivered at once
    std::optional<Message> poll() override {
        LoopbackHub::Inbox& box = *hub.inboxes[std::size_t(me)];
        std::lock_guard lock(box.mutex);
        if (box.messages.empty()) return std::nullopt;
        Message m = std::move(box.messages.front());
        box.messages.pop_front();
        return m;
    }
    bool idle() override { return true; }
    void finish(bool) override {}

  private:
    LoopbackHub& hub;
    int me;
};

LoopbackHub::LoopbackHub(int ranks) {
    for (int i = 0; i < ranks; ++i) inboxes.push_back(std::make_unique<Inbox>());
}

std::unique_ptr<Transport> LoopbackHub::endpoint(int rank) {
    return std::make_unique<LoopbackTransport>(*this, rank);
}

void LoopbackHub::silence(int rank) {
    Inbox& box = *inboxes[std::size_t(rank)];
    std::lock_guard lock(box.mutex);
    box.silenced = true;
    box.messages.clear();
}

} // namespace flotilla::cluster
