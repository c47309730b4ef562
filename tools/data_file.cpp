// Reading and writing the self-play data files.
#include "tools/data_file.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace flotilla::tools {

namespace {

// "FLOTILLA-DATA" padded with zeros, then a little-endian format version.
constexpr std::array<std::uint8_t, 16> MAGIC = {'F', 'L', 'O', 'T', 'I', 'L', 'L', 'A',
                                                '-', 'D', 'A', 'T', 'A', 0,   0,   0};
constexpr std::uint8_t FORMAT_VERSION = 1;

std::array<std::uint8_t, DATA_HEADER_SIZE> make_header() {
    std::array<std::uint8_t, DATA_HEADER_SIZE> h{};
    std::memcpy(h.data(), MAGIC.data(), MAGIC.size());
    h[16] = FORMAT_VERSION;
    return h;
}

std::string system_error(const std::string& what, const std::string& path) {
    return what + " '" + path + "': " + std::strerror(errno);
}

} // namespace

DataWriter::~DataWriter() {
    if (file) std::fclose(file);
}

bool DataWriter::open(const std::string& path, bool append, std::string* error) {
    const auto header = make_header();
    std::FILE* existing = std::fopen(path.c_str(), "rb");
    if (existing && !append) {
        std::fclose(existing);
        *error = "output file '" + path + "' exists (use --append to add to it)";
        return false;
    }
    if (!existing) {
        file = std::fopen(path.c_str(), "wb");
        if (!file) {
            *error = system_error("cannot create output file", path);
            return false;
        }
        if (std::fwrite(header.data(), 1, header.size(), file) != header.size() ||
            std::fflush(file) != 0) {
            *error = system_error("cannot write output file", path);
            return false;
        }
        records = 0;
        return true;
    }

    std::array<std::uint8_t, DATA_HEADER_SIZE> found{};
    const bool headerRead = std::fread(found.data(), 1, found.size(), existing) == found.size();
    std::fseek(existing, 0, SEEK_END);
    const long size = std::ftell(existing);
    std::fclose(existing);
    if (!headerRead || found != header) {
        *error = "'" + path + "' is not a Flotilla data file of version " +
                 std::to_string(FORMAT_VERSION);
        return false;
    }
    file = std::fopen(path.c_str(), "r+b");
    if (!file) {
        *error = system_error("cannot open output file for appending", path);
        return false;
    }
    // Cut off a partial record left by an interrupted run.
    records = (std::uint64_t(size) - DATA_HEADER_SIZE) / DATA_RECORD_SIZE;
    const long keep = long(DATA_HEADER_SIZE + records * DATA_RECORD_SIZE);
    if ((keep != size && ::ftruncate(fileno(file), keep) != 0) ||
        std::fseek(file, keep, SEEK_SET) != 0) {
        *error = system_error("cannot truncate partial record of", path);
        return false;
    }
    return true;
}

bool DataWriter::write(std::span<const PackedRecord> batch, std::string* error) {
    if (!file) {
        *error = "data file not open";
        return false;
    }
    const std::size_t bytes = batch.size() * DATA_RECORD_SIZE;
    const bool written = bytes == 0 || (std::fwrite(batch.data(), 1, bytes, file) == bytes &&
                                        std::fflush(file) == 0);
    if (!written) {
        *error = std::string("write failed: ") + std::strerror(errno);
        // Drop whatever part of the batch reached the file, then retry later writes from there.
        std::clearerr(file);
        const long keep = long(DATA_HEADER_SIZE + records * DATA_RECORD_SIZE);
        if (::ftruncate(fileno(file), keep) == 0) std::fseek(file, keep, SEEK_SET);
        return false;
    }
    records += batch.size();
    return true;
}

ReadStats read_data_file(const std::string& path,
                         const std::function<void(const TrainingPosition&)>& onPosition) {
    ReadStats stats;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        stats.error = system_error("cannot open data file", path);
        return stats;
    }
    std::array<std::uint8_t, DATA_HEADER_SIZE> header{};
    if (std::fread(header.data(), 1, header.size(), f) != header.size() ||
        header != make_header()) {
        std::fclose(f);
        stats.error = "'" + path + "' is not a Flotilla data file of version " +
                      std::to_string(FORMAT_VERSION);
        return stats;
    }
    PackedRecord record;
    for (;;) {
        const std::size_t got = std::fread(record.data(), 1, record.size(), f);
        if (got == 0) break;
        if (got < record.size()) {
            stats.tailBytes = got;
            break;
        }
        if (auto position = unpack(record)) {
            ++stats.good;
            onPosition(*position);
        } else {
            ++stats.bad;
        }
    }
    std::fclose(f);
    return stats;
}

} // namespace flotilla::tools
