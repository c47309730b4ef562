// Data files: packing round trip, damaged files detected, append and open errors.
#include "temp_path.h"
#include "tools/data_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> FENS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/5N2/PPP1PPPP/RNBQKB1R b Kq d3 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 12 40",
    "r3k3/8/8/8/8/8/8/4K2R b Kq - 3 70",
};

using testing::temp_path;

std::vector<PackedRecord> sample_records() {
    std::vector<PackedRecord> records;
    int score = -1234;
    int result = 0;
    for (const std::string& fen : FENS) {
        Position pos;
        EXPECT_TRUE(pos.set_fen(fen, false)) << fen;
        records.push_back(pack(pos, score, GameResult(result)));
        score += 517;
        result = (result + 1) % 3;
    }
    return records;
}

void write_file(const fs::path& path, const std::vector<PackedRecord>& records) {
    DataWriter writer;
    std::string error;
    ASSERT_TRUE(writer.open(path.string(), false, &error)) << error;
    ASSERT_TRUE(writer.write(records, &error)) << error;
}

std::vector<TrainingPosition> read_all(const fs::path& path, ReadStats* stats) {
    std::vector<TrainingPosition> out;
    *stats = read_data_file(path.string(), [&](const TrainingPosition& p) { out.push_back(p); });
    return out;
}

TEST(PackedPosition, Crc16IsCcittFalse) {
    const std::string check = "123456789"; // the catalogue's check input and value
    EXPECT_EQ(crc16(reinterpret_cast<const std::uint8_t*>(check.data()), check.size()), 0x29B1);
    EXPECT_EQ(crc16(nullptr, 0), 0xFFFF);
}

TEST(PackedPosition, RoundTripsFenScoreAndResult) {
    int score = -1234;
    int result = 0;
    for (const std::string& fen : FENS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false));
        const auto unpacked = unpack(pack(pos, score, GameResult(result)));
        ASSERT_TRUE(unpacked) << fen;
        EXPECT_EQ(unpacked->fen, pos.fen());
        EXPECT_EQ(unpacked->scoreWhite, score);
        EXPECT_EQ(unpacked->result, GameResult(result));
        score += 517;
        result = (result + 1) % 3;
    }
}

TEST(PackedPosition, ClampsScoreToSixteenBits) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(FENS[0], false));
    EXPECT_EQ(unpack(pack(pos, 100000, GameResult::DRAW))->scoreWhite, 32767);
    EXPECT_EQ(unpack(pack(pos, -100000, GameResult::DRAW))->scoreWhite, -32767);
}

TEST(PackedPosition, EveryFlippedByteIsDetected) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(FENS[1], false));
    const PackedRecord good = pack(pos, 42, GameResult::WHITE_WIN);
    for (std::size_t i = 0; i < good.size(); ++i)
        for (int mask : {0x01, 0x80, 0xFF}) {
            PackedRecord bad = good;
            bad[i] ^= std::uint8_t(mask);
            EXPECT_FALSE(unpack(bad)) << "byte " << i << " mask " << mask;
        }
}

TEST(DataFile, RoundTripsThroughWriterAndReader) {
    const fs::path path = temp_path("roundtrip");
    const auto records = sample_records();
    write_file(path, records);
    EXPECT_EQ(fs::file_size(path), DATA_HEADER_SIZE + records.size() * DATA_RECORD_SIZE);
    ReadStats stats;
    const auto positions = read_all(path, &stats);
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.good, records.size());
    EXPECT_EQ(stats.bad, 0u);
    EXPECT_EQ(stats.tailBytes, 0u);
    ASSERT_EQ(positions.size(), records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto expected = unpack(records[i]);
        EXPECT_EQ(positions[i].fen, expected->fen);
        EXPECT_EQ(positions[i].scoreWhite, expected->scoreWhite);
        EXPECT_EQ(positions[i].result, expected->result);
    }
    fs::remove(path);
}

TEST(DataFile, TruncatedFileReportsPartialRecord) {
    const fs::path path = temp_path("truncated");
    const auto records = sample_records();
    write_file(path, records);
    fs::resize_file(path, fs::file_size(path) - 5);
    ReadStats stats;
    const auto positions = read_all(path, &stats);
    EXPECT_TRUE(stats.ok());
    EXPECT_EQ(stats.good, records.size() - 1);
    EXPECT_EQ(stats.tailBytes, DATA_RECORD_SIZE - 5);
    EXPECT_EQ(positions.size(), records.size() - 1);
    fs::remove(path);
}

TEST(DataFile, FlippedByteSkipsThatRecordOnly) {
    const fs::path path = temp_path("flipped");
    const auto records = sample_records();
    write_file(path, records);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(std::streamoff(DATA_HEADER_SIZE + 2 * DATA_RECORD_SIZE + 11));
        char c;
        f.get(c);
        f.seekp(std::streamoff(DATA_HEADER_SIZE + 2 * DATA_RECORD_SIZE + 11));
        f.put(char(c ^ 0x10));
    }
    ReadStats stats;
    const auto positions = read_all(path, &stats);
    EXPECT_TRUE(stats.ok());
    EXPECT_EQ(stats.bad, 1u);
    EXPECT_EQ(stats.good, records.size() - 1);
    for (const auto& p : positions) EXPECT_NE(p.fen, unpack(records[2])->fen);
    fs::remove(path);
}

TEST(DataFile, DamagedHeaderIsAnError) {
    const fs::path path = temp_path("header");
    write_file(path, sample_records());
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.put('X');
    }
    ReadStats stats;
    read_all(path, &stats);
    EXPECT_FALSE(stats.ok());
    EXPECT_EQ(stats.good, 0u);
    fs::remove(path);
}

TEST(DataFile, AppendCutsPartialRecordAndAddsToTheEnd) {
    const fs::path path = temp_path("append");
    const auto records = sample_records();
    write_file(path, records);
    fs::resize_file(path, fs::file_size(path) - 7); // an interrupted write
    {
        DataWriter writer;
        std::string error;
        ASSERT_TRUE(writer.open(path.string(), true, &error)) << error;
        EXPECT_EQ(writer.record_count(), records.size() - 1);
        ASSERT_TRUE(writer.write(records, &error)) << error;
        EXPECT_EQ(writer.record_count(), 2 * records.size() - 1);
    }
    ReadStats stats;
    read_all(path, &stats);
    EXPECT_EQ(stats.good, 2 * records.size() - 1);
    EXPECT_EQ(stats.bad, 0u);
    EXPECT_EQ(stats.tailBytes, 0u);
    fs::remove(path);
}

TEST(DataFile, ExistingFileWithoutAppendIsAnError) {
    const fs::path path = temp_path("exists");
    write_file(path, sample_records());
    DataWriter writer;
    std::string error;
    EXPECT_FALSE(writer.open(path.string(), false, &error));
    EXPECT_NE(error.find("--append"), std::string::npos) << error;
    fs::remove(path);
}

TEST(DataFile, MissingDirectoryIsAnErrorAtOpen) {
    DataWriter writer;
    std::string error;
    EXPECT_FALSE(writer.open("/nonexistent-flotilla-dir/data.bin", false, &error));
    EXPECT_NE(error.find("cannot create"), std::string::npos) << error;
}

TEST(DataFile, MissingInputIsAnError) {
    ReadStats stats = read_data_file("/nonexistent-flotilla-dir/data.bin", [](const auto&) {});
    EXPECT_FALSE(stats.ok());
}

} // namespace
} // namespace flotilla::tools
