// The cluster's messages as bytes: the leader's commands, each rank's exchange of
// table entries (with its progress), and a follower's result. Plain little-endian
// structs: every rank is the same binary on the same kind of machine.
#pragma once

#include "cluster/transport.h"
#include "search/entry_export.h"
#include "search/worker.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla::cluster {

// TAG_BYE: the sender will send nothing more (the end of the job).
enum Tag : int { TAG_COMMAND = 1, TAG_EXCHANGE = 2, TAG_RESULT = 3, TAG_BYE = 4 };

struct Command {
    std::uint64_t seq = 0; // the leader's count of commands sent, from 1
    std::string text;      // the UCI line as the leader read it
};

// What a rank has done in the search `searchId` so far.
struct Progress {
    std::uint64_t searchId = 0;
    std::uint64_t nodes = 0;
    std::uint64_t tbHits = 0;
    std::int32_t seldepth = 0;
    std::int32_t hashfull = 0;
};

struct Exchange {
    Progress progress;
    std::vector<search::ExportedEntry> entries;
};

struct Result {
    std::uint64_t searchId = 0;
    std::uint64_t tbHits = 0;
    std::int32_t seldepth = 0;
    search::SearchResult result; // nodes: the rank's total
};

std::vector<std::byte> encode(const Command& c);
std::vector<std::byte> encode(const Exchange& e);
std::vector<std::byte> encode(const Result& r);
// Nothing when the bytes are not a whole message of that kind.
std::optional<Command> decode_command(std::span<const std::byte> bytes);
std::optional<Exchange> decode_exchange(std::span<const std::byte> bytes);
std::optional<Result> decode_result(std::span<const std::byte> bytes);

} // namespace flotilla::cluster
