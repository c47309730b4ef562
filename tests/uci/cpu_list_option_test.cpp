// NumaPolicy's cpu lists are bounded by this machine's processing units: a cpu that is not
// there gives one error line and the previous policy stays.
#include "protocol_fixture.h"

namespace flotilla::uci::testing {
namespace {

class CpuListOption : public ProtocolTest {};

TEST_F(CpuListOption, ACpuNotOnThisMachineIsRefused) {
    if (!engine.topology_report(nullptr)) GTEST_SKIP() << "hwloc cannot read this machine";
    const std::string error = send_expecting_error("setoption name NumaPolicy value 0-65535");
    EXPECT_TRUE(contains(error, "is not on this machine")) << error;
    EXPECT_EQ(engine.numa_policy(), "auto");
    // Every machine has processing unit 0.
    EXPECT_TRUE(send("setoption name NumaPolicy value 0").empty());
    EXPECT_EQ(engine.numa_policy(), "0");
    const std::string again = send_expecting_error("setoption name NumaPolicy value 0,99999");
    EXPECT_TRUE(contains(again, "cpu 99999")) << again;
    EXPECT_EQ(engine.numa_policy(), "0");
}

// One line of 16,000 copies of the widest range: one error line, at once and with
// bounded memory (it took 30 s and 4.2 GB before the list's length was bounded), and the
// previous policy stays.
TEST_F(CpuListOption, AHugeListIsRefusedWithOneError) {
    std::string line = "setoption name NumaPolicy value 0-65535";
    for (int i = 1; i < 16000; ++i) line += ",0-65535";
    const std::string error = send_expecting_error(line);
    EXPECT_TRUE(contains(error, "cpu list longer than")) << error;
    EXPECT_EQ(engine.numa_policy(), "auto");
}

} // namespace
} // namespace flotilla::uci::testing
