// CRC-32 (IEEE 802.3: reflected polynomial 0xEDB88320, initial and final xor
// 0xFFFFFFFF), the checksum of network files and of the training-data manifest.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace flotilla {

namespace detail {
constexpr std::array<std::uint32_t, 256> make_crc32_table() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    return table;
}
inline constexpr std::array<std::uint32_t, 256> CRC32_TABLE = make_crc32_table();
} // namespace detail

// Continues a CRC over more bytes: crc32_update(crc32_update(0, a), b) == crc32(a + b).
inline std::uint32_t crc32_update(std::uint32_t crc, const void* data, std::size_t size) {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    crc = ~crc;
    for (std::size_t i = 0; i < size; ++i)
        crc = detail::CRC32_TABLE[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

inline std::uint32_t crc32(const void* data, std::size_t size) {
    return crc32_update(0, data, size);
}

} // namespace flotilla
