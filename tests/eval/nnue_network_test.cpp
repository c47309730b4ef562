// The network file format: a written network reads back identical, and every kind of bad
// file is refused with a message naming the reason.
#include "core/crc32.h"
#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"
#include "nnue_test_util.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace flotilla {
namespace {

using Bytes = std::vector<std::uint8_t>;

void put_u32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = std::uint8_t(v >> (8 * i));
}

// Rewrites the trailing CRC so that only the intended defect remains.
void fix_crc(Bytes& b) { put_u32(b, b.size() - 4, crc32(b.data(), b.size() - 4)); }

std::string load_error(const Bytes& b) {
    std::string error;
    const auto net = nnue::Network::from_bytes(b, &error);
    EXPECT_FALSE(net.has_value());
    EXPECT_FALSE(error.empty());
    return error;
}

std::string temp_file(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("flotilla_nnue_" + std::to_string(::getpid()) + "_" + name))
        .string();
}

TEST(NnueNetwork, RoundTripsThroughBytesAndFile) {
    const nnue::Network net = nnue_test::random_network(32, 8, 1);
    const Bytes bytes = net.to_bytes();
    EXPECT_EQ(bytes.size(),
              36 + net.description().size() + 2 * (768 * 32 + 32 + 8 * 64) + 4 * 8 + 4);
    std::string error;
    const auto back = nnue::Network::from_bytes(bytes, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->to_bytes(), bytes);
    EXPECT_EQ(back->description(), net.description());
    EXPECT_EQ(back->hidden(), 32);
    EXPECT_EQ(back->buckets(), 8);

    const std::string path = temp_file("roundtrip.nnue");
    ASSERT_TRUE(net.save(path, &error)) << error;
    const auto fromFile = nnue::Network::from_file(path, &error);
    std::filesystem::remove(path);
    ASSERT_TRUE(fromFile) << error;
    EXPECT_EQ(fromFile->to_bytes(), bytes);
    // Copies (one per NUMA node) are independent and equal.
    const nnue::Network copy = *fromFile;
    EXPECT_EQ(copy.to_bytes(), bytes);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(copy.feature_row(0)) % 32, 0u);
}

TEST(NnueNetwork, KingBucketedNetworksRoundTripWithTheirMap) {
    const nnue::InputLayout layout = *nnue::InputLayout::named("4", nullptr);
    const nnue::Network net = nnue_test::random_network(32, 2, 3, layout);
    const Bytes bytes = net.to_bytes();
    const std::size_t n = net.description().size();
    EXPECT_EQ(bytes.size(), 36 + n + 32 + 2 * (4 * 768 * 32 + 32 + 2 * 64) + 4 * 2 + 4);
    EXPECT_EQ(bytes[8], 2); // feature set 2
    EXPECT_TRUE(std::equal(layout.map().begin(), layout.map().end(), bytes.begin() + 36 + long(n)));
    std::string error;
    const auto back = nnue::Network::from_bytes(bytes, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->layout(), layout);
    EXPECT_EQ(back->to_bytes(), bytes);

    // A map entry out of range, or one that leaves a bucket unused, is refused.
    Bytes badMap = bytes;
    badMap[36 + n + 31] = 40;
    fix_crc(badMap);
    EXPECT_NE(load_error(badMap).find("out of range"), std::string::npos);
    badMap = bytes;
    for (std::size_t i = 0; i < 32; ++i)
        if (badMap[36 + n + i] == 1) badMap[36 + n + i] = 0;
    fix_crc(badMap);
    EXPECT_NE(load_error(badMap).find("never used"), std::string::npos);
    // A set-1 file relabelled as set 2 does not pass for one.
    Bytes relabelled = nnue_test::random_network(16, 2, 2).to_bytes();
    put_u32(relabelled, 8, 2);
    fix_crc(relabelled);
    load_error(relabelled);
}

TEST(NnueNetwork, LittleEndianLayoutAtTheSpecifiedOffsets) {
    nnue::Network net(16, 1, "ab");
    net.feature_row(0)[0] = -2;     // W[0][0]
    net.feature_bias()[0] = 0x1234; // bias[0]
    net.output_row(0)[0] = 7;       // O[0][0]
    net.set_output_bias(0, -3);
    const Bytes b = net.to_bytes();
    EXPECT_EQ(std::string(b.begin(), b.begin() + 4), "FLNN");
    EXPECT_EQ(b[4], 1);   // version
    EXPECT_EQ(b[8], 1);   // feature set
    EXPECT_EQ(b[12], 16); // H
    EXPECT_EQ(b[16], 1);  // B
    EXPECT_EQ(b[20], 255);
    EXPECT_EQ(b[24], 64);
    EXPECT_EQ(b[28], 400 & 0xFF);
    EXPECT_EQ(b[32], 2);
    EXPECT_EQ(b[36], 'a');
    const std::size_t w = 38, bias = w + 2 * 768 * 16, o = bias + 2 * 16, ob = o + 2 * 32;
    EXPECT_EQ(b[w], 0xFE);
    EXPECT_EQ(b[w + 1], 0xFF);
    EXPECT_EQ(b[bias], 0x34);
    EXPECT_EQ(b[bias + 1], 0x12);
    EXPECT_EQ(b[o], 7);
    EXPECT_EQ(b[ob], 0xFD);
    EXPECT_EQ(b[ob + 3], 0xFF);
    EXPECT_EQ(b.size(), ob + 4 + 4);
}

TEST(NnueNetwork, RejectsBadFilesWithAReason) {
    const Bytes good = nnue_test::random_network(16, 2, 2).to_bytes();

    EXPECT_NE(load_error(Bytes(good.begin(), good.begin() + 20)).find("short"), std::string::npos);
    EXPECT_NE(load_error(Bytes(good.begin(), good.end() - 1)).find("truncated"), std::string::npos);
    Bytes longer = good;
    longer.push_back(0);
    EXPECT_NE(load_error(longer).find("header says"), std::string::npos);

    Bytes magic = good;
    magic[0] = 'X';
    fix_crc(magic);
    EXPECT_NE(load_error(magic).find("magic"), std::string::npos);

    Bytes version = good;
    put_u32(version, 4, 2);
    fix_crc(version);
    EXPECT_NE(load_error(version).find("version"), std::string::npos);

    Bytes features = good;
    put_u32(features, 8, 3);
    fix_crc(features);
    EXPECT_NE(load_error(features).find("feature set"), std::string::npos);

    for (std::uint32_t h : {0u, 24u, 4112u}) {
        Bytes hidden = good;
        put_u32(hidden, 12, h);
        fix_crc(hidden);
        EXPECT_NE(load_error(hidden).find("hidden size"), std::string::npos) << h;
    }
    for (std::uint32_t b : {0u, 17u}) {
        Bytes buckets = good;
        put_u32(buckets, 16, b);
        fix_crc(buckets);
        EXPECT_NE(load_error(buckets).find("bucket"), std::string::npos) << b;
    }
    for (std::size_t at : {20u, 24u, 28u}) {
        Bytes quant = good;
        put_u32(quant, at, 1);
        fix_crc(quant);
        EXPECT_NE(load_error(quant).find("quantisation"), std::string::npos) << at;
    }
    Bytes description = good;
    put_u32(description, 32, 5000);
    fix_crc(description);
    EXPECT_NE(load_error(description).find("description"), std::string::npos);

    Bytes corrupt = good;
    corrupt[good.size() / 2] ^= 1;
    EXPECT_NE(load_error(corrupt).find("CRC"), std::string::npos);
}

TEST(NnueNetwork, FileLoaderRefusesMissingOddAndOversizedFiles) {
    std::string error;
    EXPECT_FALSE(nnue::Network::from_file("/nonexistent/net.nnue", &error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    EXPECT_FALSE(nnue::Network::from_file(std::filesystem::temp_directory_path().string(), &error));
    EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;
    EXPECT_FALSE(nnue::Network::from_file("/dev/zero", &error));
    EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;

    const std::string big = temp_file("big.nnue");
    {
        std::ofstream out(big, std::ios::binary);
        out.seekp(std::streamoff(nnue::MAX_FILE_BYTES));
        out.put('\0'); // sparse: 64 MiB + 1 byte without writing them
    }
    EXPECT_FALSE(nnue::Network::from_file(big, &error));
    std::filesystem::remove(big);
    EXPECT_NE(error.find("64 MiB"), std::string::npos) << error;

    const std::string truncated = temp_file("truncated.nnue");
    const Bytes good = nnue_test::random_network(16, 1, 3).to_bytes();
    {
        std::ofstream out(truncated, std::ios::binary);
        out.write(reinterpret_cast<const char*>(good.data()), std::streamsize(good.size() / 2));
    }
    EXPECT_FALSE(nnue::Network::from_file(truncated, &error));
    std::filesystem::remove(truncated);
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
}

// The embedded default network reads and writes back byte for byte, and its checksum
// is its file's last four bytes (the name docs/nnue.md gives it).
TEST(NnueNetwork, DefaultNetworkWritesBackItsOwnBytes) {
    const std::span<const std::uint8_t> bytes = nnue::embedded_network();
    if (bytes.empty()) GTEST_SKIP() << "this build embeds no network";
    std::string error;
    const auto net = nnue::Network::from_bytes(bytes, &error);
    ASSERT_TRUE(net) << error;
    EXPECT_EQ(net->to_bytes(), Bytes(bytes.begin(), bytes.end()));
    const std::size_t end = bytes.size() - 4;
    EXPECT_EQ(net->checksum(), std::uint32_t(bytes[end]) | std::uint32_t(bytes[end + 1]) << 8 |
                                   std::uint32_t(bytes[end + 2]) << 16 |
                                   std::uint32_t(bytes[end + 3]) << 24);
}

TEST(NnueNetwork, OutputBucketsFollowMaterial) {
    const nnue::Network one(16, 1), eight(16, 8), sixteen(16, 16);
    EXPECT_EQ(one.bucket_for(32), 0);
    EXPECT_EQ(eight.bucket_for(2), 0);
    EXPECT_EQ(eight.bucket_for(5), 0);
    EXPECT_EQ(eight.bucket_for(6), 1);
    EXPECT_EQ(eight.bucket_for(32), 7);
    EXPECT_EQ(sixteen.bucket_for(32), 15);
    // The rule itself, which the trainer shares: the divisor is ceil(32 / B).
    EXPECT_EQ(nnue::output_bucket(32, 3), 2); // divisor 11, not 10
    EXPECT_EQ(nnue::output_bucket(22, 3), 1);
    EXPECT_EQ(nnue::output_bucket(9, 5), 1); // divisor 7
    EXPECT_EQ(nnue::output_bucket(8, 5), 0);
    EXPECT_EQ(nnue::output_bucket(0, 16), 0);
}

} // namespace
} // namespace flotilla
