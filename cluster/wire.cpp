#include "cluster/wire.h"

#include <cstring>
#include <type_traits>

namespace flotilla::cluster {

namespace {

template <class T> void put(std::vector<std::byte>& out, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const std::byte*>(&value);
    out.insert(out.end(), p, p + sizeof(T));
}

// Reads from the front of the span; false (and nothing read) when too short.
template <class T> bool get(std::span<const std::byte>& in, T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (in.size() < sizeof(T)) return false;
    std::memcpy(&value, in.data(), sizeof(T));
    in = in.subspan(sizeof(T));
    return true;
}

struct ResultHeader {
    std::uint64_t searchId, nodes, tbHits;
    std::int32_t score, depth, seldepth;
    std::uint16_t best, ponder;
    std::uint32_t pvLength;
};

// A line longer than the deepest search is not a line from a rank of ours.
constexpr std::uint32_t MAX_PV = 256;

} // namespace

std::vector<std::byte> encode(const Command& c) {
    std::vector<std::byte> out;
    put(out, c.seq);
    const auto* p = reinterpret_cast<const std::byte*>(c.text.data());
    out.insert(out.end(), p, p + c.text.size());
    return out;
}

std::optional<Command> decode_command(std::span<const std::byte> in) {
    Command c;
    if (!get(in, c.seq)) return std::nullopt;
    c.text.assign(reinterpret_cast<const char*>(in.data()), in.size());
    return c;
}

std::vector<std::byte> encode(const Exchange& e) {
    std::vector<std::byte> out;
    out.reserve(sizeof(Progress) + e.entries.size() * sizeof(search::ExportedEntry));
    put(out, e.progress);
    for (const search::ExportedEntry& entry : e.entries) put(out, entry);
    return out;
}

std::optional<Exchange> decode_exchange(std::span<const std::byte> in) {
    Exchange e;
    if (!get(in, e.progress) || in.size() % sizeof(search::ExportedEntry) != 0) return std::nullopt;
    e.entries.resize(in.size() / sizeof(search::ExportedEntry));
    for (search::ExportedEntry& entry : e.entries) get(in, entry);
    return e;
}

std::vector<std::byte> encode(const Result& r) {
    std::vector<std::byte> out;
    const std::uint32_t length = std::uint32_t(std::min<std::size_t>(r.result.pv.size(), MAX_PV));
    put(out, ResultHeader{r.searchId, r.result.nodes, r.tbHits, std::int32_t(r.result.score),
                          std::int32_t(r.result.depth), r.seldepth, r.result.bestMove.raw(),
                          r.result.ponderMove.raw(), length});
    for (std::uint32_t i = 0; i < length; ++i) put(out, r.result.pv[i].raw());
    return out;
}

std::optional<Result> decode_result(std::span<const std::byte> in) {
    ResultHeader h;
    if (!get(in, h) || h.pvLength > MAX_PV || in.size() != h.pvLength * sizeof(std::uint16_t))
        return std::nullopt;
    Result r;
    r.searchId = h.searchId;
    r.tbHits = h.tbHits;
    r.seldepth = h.seldepth;
    r.result.nodes = h.nodes;
    r.result.score = h.score;
    r.result.depth = h.depth;
    r.result.bestMove = Move(h.best);
    r.result.ponderMove = Move(h.ponder);
    for (std::uint32_t i = 0; i < h.pvLength; ++i) {
        std::uint16_t raw;
        get(in, raw);
        r.result.pv.push_back(Move(raw));
    }
    return r;
}

} // namespace flotilla::cluster
