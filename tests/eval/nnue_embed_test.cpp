// flotilla_embed_file (eval/nnue/embed.cmake), the mechanism that embeds the default
// network: the test binary embeds a known file, whose bytes must come back exactly.
#include "eval/nnue/embedded.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

extern "C" const std::uint8_t flotilla_test_embedded[];
extern "C" const std::uint8_t flotilla_test_embedded_end[];

namespace flotilla {
namespace {

TEST(NnueEmbed, EmbeddedBytesEqualTheFile) {
    std::ifstream in(FLOTILLA_TEST_EMBEDDED_FILE, std::ios::binary);
    ASSERT_TRUE(in);
    const std::string file{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::string embedded(reinterpret_cast<const char*>(flotilla_test_embedded),
                               reinterpret_cast<const char*>(flotilla_test_embedded_end));
    EXPECT_FALSE(file.empty());
    EXPECT_EQ(embedded, file);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(flotilla_test_embedded) % 64, 0u);
}

TEST(NnueEmbed, DefaultNetworkMatchesTheBuild) {
    EXPECT_EQ(nnue::embedded_network().empty(), !nnue::HAS_EMBEDDED_NETWORK);
}

} // namespace
} // namespace flotilla
