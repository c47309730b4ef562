#include "eval/nnue/network.h"

#include "core/crc32.h"

#include <cstring>
#include <fstream>
#include <stdexcept>
#include <sys/stat.h>

namespace flotilla::nnue {

namespace {

bool fail(std::string* error, const std::string& why) {
    if (error) *error = why;
    return false;
}

// Little-endian reads and writes, independent of the host's byte order.
std::uint32_t read_u32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

void write_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}

template <typename T> void read_array(const std::uint8_t*& p, T* dst, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i, p += sizeof(T)) {
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < sizeof(T); ++k) v |= std::uint32_t(p[k]) << (8 * k);
        dst[i] = T(v);
    }
}

template <typename T>
void write_array(std::vector<std::uint8_t>& out, const T* src, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        for (std::size_t k = 0; k < sizeof(T); ++k)
            out.push_back(std::uint8_t(std::uint32_t(src[i]) >> (8 * k)));
}

bool valid_hidden(std::uint32_t h) { return h >= MIN_HIDDEN && h <= MAX_HIDDEN && h % 16 == 0; }
bool valid_buckets(std::uint32_t b) { return b >= 1 && b <= MAX_BUCKETS; }

// Feature set 2 stores its king bucket map between the description and the weights.
std::size_t map_bytes(std::uint32_t featureSet) {
    return featureSet == FEATURE_SET_KING_BUCKETS ? KING_MAP_SQUARES : 0;
}

// The whole file: header, description of n bytes, map, W, bias, O, obias and checksum.
std::size_t file_bytes(std::size_t n, std::uint32_t featureSet, std::size_t features, std::size_t h,
                       std::size_t b) {
    return HEADER_BYTES + n + map_bytes(featureSet) + 2 * features * h + 2 * h + 2 * b * 2 * h +
           4 * b + CHECKSUM_BYTES;
}

} // namespace

Network::Network(int hidden, int buckets, std::string description, InputLayout layout)
    : hiddenSize(hidden), bucketCount(buckets), text(std::move(description)), inputs(layout) {
    if (!valid_hidden(std::uint32_t(hidden)) || !valid_buckets(std::uint32_t(buckets)) ||
        text.size() > MAX_DESCRIPTION)
        throw std::invalid_argument("nnue::Network: size, buckets or description out of range");
    W.assign(std::size_t(inputs.features()) * hidden, 0);
    bias.assign(std::size_t(hidden), 0);
    O.assign(std::size_t(buckets) * 2 * hidden, 0);
    obias.assign(std::size_t(buckets), 0);
}

std::optional<Network> Network::from_bytes(std::span<const std::uint8_t> bytes,
                                           std::string* error) {
    const std::size_t size = bytes.size();
    if (size < HEADER_BYTES + CHECKSUM_BYTES) {
        fail(error, "network file too short for its header (" + std::to_string(size) + " bytes)");
        return std::nullopt;
    }
    const std::uint8_t* p = bytes.data();
    if (std::memcmp(p, MAGIC, sizeof MAGIC) != 0) {
        fail(error, "not a Flotilla network file (magic is not FLNN)");
        return std::nullopt;
    }
    const std::uint32_t version = read_u32(p + 4), featureSet = read_u32(p + 8),
                        hidden = read_u32(p + 12), buckets = read_u32(p + 16),
                        qa = read_u32(p + 20), qb = read_u32(p + 24), scale = read_u32(p + 28),
                        n = read_u32(p + 32);
    std::string why;
    if (version != FORMAT_VERSION)
        why = "unsupported network format version " + std::to_string(version) + " (expected " +
              std::to_string(FORMAT_VERSION) + ")";
    else if (featureSet != FEATURE_SET_PIECE_SQUARE && featureSet != FEATURE_SET_KING_BUCKETS)
        why = "unknown feature set " + std::to_string(featureSet);
    else if (!valid_hidden(hidden))
        why = "hidden size " + std::to_string(hidden) + " out of range (8 to 4096, multiple of 16)";
    else if (!valid_buckets(buckets))
        why = "output bucket count " + std::to_string(buckets) + " out of range (1 to 16)";
    else if (qa != QA || qb != QB || scale != SCALE)
        why = "quantisation QA/QB/SCALE " + std::to_string(qa) + "/" + std::to_string(qb) + "/" +
              std::to_string(scale) + " is not 255/64/400";
    else if (n > MAX_DESCRIPTION)
        why = "description length " + std::to_string(n) + " over 4096";
    if (!why.empty()) {
        fail(error, why);
        return std::nullopt;
    }
    // The map decides how many weights follow, so it is checked before the size and CRC.
    const std::size_t mapBytes = map_bytes(featureSet);
    if (size < HEADER_BYTES + n + mapBytes + CHECKSUM_BYTES) {
        fail(error, "network file is " + std::to_string(size) + " bytes, too short for its " +
                        "description and king bucket map (truncated)");
        return std::nullopt;
    }
    InputLayout layout;
    if (mapBytes) {
        std::optional<InputLayout> l =
            InputLayout::king_buckets(bytes.subspan(HEADER_BYTES + n, mapBytes), &why);
        if (!l) {
            fail(error, why);
            return std::nullopt;
        }
        layout = *l;
    }
    const std::size_t expected =
        file_bytes(n, featureSet, std::size_t(layout.features()), hidden, buckets);
    if (size != expected) {
        fail(error, "network file is " + std::to_string(size) + " bytes, its header says " +
                        std::to_string(expected) + (size < expected ? " (truncated)" : ""));
        return std::nullopt;
    }
    const std::size_t checked = size - CHECKSUM_BYTES;
    if (read_u32(p + checked) != crc32(p, checked)) {
        fail(error, "network file CRC-32 mismatch (corrupt file)");
        return std::nullopt;
    }
    Network net(int(hidden), int(buckets),
                std::string(reinterpret_cast<const char*>(p + HEADER_BYTES), n), layout);
    const std::uint8_t* q = p + HEADER_BYTES + n + mapBytes;
    read_array(q, net.W.data(), net.W.size());
    read_array(q, net.bias.data(), net.bias.size());
    read_array(q, net.O.data(), net.O.size());
    read_array(q, net.obias.data(), net.obias.size());
    return net;
}

std::optional<Network> Network::from_file(const std::string& path, std::string* error) {
    // stat first: a directory, a FIFO or /dev/zero must not be read (or block).
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        fail(error, "cannot open network file " + path);
        return std::nullopt;
    }
    if (!S_ISREG(info.st_mode)) {
        fail(error, path + " is not a regular file");
        return std::nullopt;
    }
    if (std::uint64_t(info.st_size) > MAX_FILE_BYTES) {
        fail(error, path + " is over 64 MiB, too large for a network file");
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fail(error, "cannot open network file " + path);
        return std::nullopt;
    }
    // Read at most the limit plus one byte, in case the file grew since the stat.
    std::vector<std::uint8_t> bytes(std::size_t(info.st_size) + 1);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    if (bytes.size() > MAX_FILE_BYTES) {
        fail(error, path + " is over 64 MiB, too large for a network file");
        return std::nullopt;
    }
    std::string why;
    std::optional<Network> net = from_bytes(bytes, &why);
    if (!net) fail(error, path + ": " + why);
    return net;
}

std::vector<std::uint8_t> Network::to_bytes() const {
    std::vector<std::uint8_t> out;
    const std::uint32_t featureSet = inputs.feature_set();
    out.reserve(file_bytes(text.size(), featureSet, std::size_t(inputs.features()),
                           std::size_t(hiddenSize), std::size_t(bucketCount)));
    out.insert(out.end(), MAGIC, MAGIC + sizeof MAGIC);
    for (std::uint32_t v :
         {FORMAT_VERSION, featureSet, std::uint32_t(hiddenSize), std::uint32_t(bucketCount),
          std::uint32_t(QA), std::uint32_t(QB), std::uint32_t(SCALE), std::uint32_t(text.size())})
        write_u32(out, v);
    out.insert(out.end(), text.begin(), text.end());
    if (map_bytes(featureSet)) out.insert(out.end(), inputs.map().begin(), inputs.map().end());
    write_array(out, W.data(), W.size());
    write_array(out, bias.data(), bias.size());
    write_array(out, O.data(), O.size());
    write_array(out, obias.data(), obias.size());
    write_u32(out, crc32(out.data(), out.size()));
    return out;
}

std::uint32_t Network::checksum() const {
    const std::vector<std::uint8_t> bytes = to_bytes();
    return read_u32(bytes.data() + bytes.size() - CHECKSUM_BYTES);
}

bool Network::save(const std::string& path, std::string* error) const {
    const std::vector<std::uint8_t> bytes = to_bytes();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.close();
    if (!out) return fail(error, "cannot write network file " + path);
    return true;
}

} // namespace flotilla::nnue
