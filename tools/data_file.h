// Self-play data files: a 32-byte header, then 32-byte packed records
// (docs/data-format.md). Records are written a whole game at a time and each
// carries its own checksum, so a crash or a full disk can at worst leave a
// partial last record, which readers report and `--append` cuts off.
#pragma once

#include "tools/packed_position.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <span>
#include <string>

namespace flotilla::tools {

inline constexpr std::size_t DATA_HEADER_SIZE = 32;
inline constexpr std::size_t DATA_RECORD_SIZE = sizeof(PackedRecord);

class DataWriter {
  public:
    DataWriter() = default;
    DataWriter(const DataWriter&) = delete;
    DataWriter& operator=(const DataWriter&) = delete;
    ~DataWriter();

    // Creates `path` (an existing file is an error unless `append`), or opens it
    // for appending after checking its header and cutting off a partial last
    // record. Returns false with *error set when the file cannot be used.
    bool open(const std::string& path, bool append, std::string* error);

    // Writes the records and flushes them. On failure (a full disk) the file is cut
    // back to its last complete write and false is returned with *error set.
    bool write(std::span<const PackedRecord> records, std::string* error);

    // Records in the file (those present on opening included).
    std::uint64_t record_count() const { return records; }

  private:
    std::FILE* file = nullptr;
    std::uint64_t records = 0;
};

struct ReadStats {
    std::uint64_t good = 0;      // records handed to the callback
    std::uint64_t bad = 0;       // records skipped: checksum or contents wrong
    std::uint64_t tailBytes = 0; // bytes of a partial last record (a truncated file)
    std::string error;           // set when the file could not be read at all
    bool ok() const { return error.empty(); }
};

// Reads every record of `path`, calling onPosition for each valid one.
ReadStats read_data_file(const std::string& path,
                         const std::function<void(const TrainingPosition&)>& onPosition);

} // namespace flotilla::tools
