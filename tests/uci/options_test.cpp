// setoption and the options table.
#include "protocol_fixture.h"

#include "search/technique_values.h"
#include "uci/options.h"
#include "uci/setoption_parser.h"
#include "uci/text.h"

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

using SetOption = ProtocolTest;

namespace {

// A (re)allocated table is reported in one line: size, alignment, huge pages granted.
bool reports_hash(const std::vector<std::string>& lines, int mib) {
    return lines.size() == 1 && lines[0].rfind("info string Hash " + std::to_string(mib) +
                                                   " MiB, 2 MiB-aligned, "
                                                   "huge pages: ",
                                               0) == 0;
}

} // namespace

TEST_F(SetOption, DefaultsReachTheEngine) {
    EXPECT_EQ(engine.hash_mb(), 16);
    EXPECT_EQ(engine.threads(), 1);
    EXPECT_FALSE(engine.chess960());
}

// Harnesses (the UCI fuzzer) cap the pool; the option still parses the whole range.
TEST_F(SetOption, ThreadCapLimitsThePool) {
    engine.cap_threads(2);
    EXPECT_TRUE(send("setoption name Threads value 8").empty());
    EXPECT_EQ(engine.threads(), 2);
    EXPECT_TRUE(send("setoption name Threads value 1").empty());
    EXPECT_EQ(engine.threads(), 1);
}

TEST_F(SetOption, ValidValuesRunTheActions) {
    EXPECT_TRUE(reports_hash(send("setoption name Hash value 64"), 64));
    EXPECT_EQ(engine.hash_mb(), 64);
    EXPECT_TRUE(send("setoption name Threads value 1024").empty());
    EXPECT_EQ(engine.threads(), 1024);
    EXPECT_TRUE(send("setoption name UCI_Chess960 value true").empty());
    EXPECT_TRUE(engine.chess960());
    EXPECT_TRUE(send("setoption name UCI_Chess960 value false").empty());
    EXPECT_FALSE(engine.chess960());
    EXPECT_TRUE(reports_hash(send("setoption name Hash value 1"), 1));
    EXPECT_EQ(engine.hash_mb(), 1);
}

TEST_F(SetOption, NetworkMarginScaleReachesTheSearch) {
    EXPECT_EQ(engine.search_params().networkMarginPercent, 100);
    EXPECT_TRUE(send("setoption name NetworkMarginScale value 80").empty());
    EXPECT_EQ(engine.search_params().networkMarginPercent, 80);
    EXPECT_EQ(send("setoption name NetworkMarginScale value 5").size(), 1u); // below 10
    EXPECT_EQ(engine.search_params().networkMarginPercent, 80);
}

TEST_F(SetOption, ReverseFutilityMarginsReachTheSearch) {
    EXPECT_EQ(engine.search_params().reverseFutility.maxDepth,
              flotilla::search::ReverseFutilityParams{}.maxDepth);
    EXPECT_TRUE(send("setoption name ReverseFutilityMaxDepth value 4").empty());
    EXPECT_TRUE(send("setoption name ReverseFutilityMargin value 150").empty());
    EXPECT_EQ(engine.search_params().reverseFutility.maxDepth, 4);
    EXPECT_EQ(engine.search_params().reverseFutility.marginPerDepth, 150);
    EXPECT_EQ(send("setoption name ReverseFutilityMargin value -1").size(), 1u);
    EXPECT_EQ(engine.search_params().reverseFutility.marginPerDepth, 150);
}

TEST_F(SetOption, LateMoveAndFutilityMarginsReachTheSearch) {
    EXPECT_TRUE(send("setoption name LateMovePruningMaxDepth value 5").empty());
    EXPECT_TRUE(send("setoption name LateMovePruningBase value 9").empty());
    EXPECT_TRUE(send("setoption name FutilityMaxDepth value 3").empty());
    EXPECT_TRUE(send("setoption name FutilityMargin value 120").empty());
    EXPECT_TRUE(send("setoption name FutilityMarginPerDepth value 150").empty());
    const auto& p = engine.search_params();
    EXPECT_EQ(p.lateMovePruning.maxDepth, 5);
    EXPECT_EQ(p.lateMovePruning.base, 9);
    EXPECT_EQ(p.futility.maxDepth, 3);
    EXPECT_EQ(p.futility.base, 120);
    EXPECT_EQ(p.futility.perDepth, 150);
    EXPECT_EQ(send("setoption name LateMovePruningBase value -3").size(), 1u);
    EXPECT_EQ(engine.search_params().lateMovePruning.base, 9);
}

TEST_F(SetOption, HashThatCannotBeAllocatedKeepsTheOldTable) {
    EXPECT_TRUE(reports_hash(send("setoption name Hash value 8"), 8));
    // Far more than this machine's memory: the allocation fails.
    const std::string error = send_expecting_error("setoption name Hash value 1048576");
    EXPECT_TRUE(contains(error, "could not allocate")) << error;
    EXPECT_EQ(engine.hash_mb(), 8);
    EXPECT_EQ(engine.transposition_table().size_mib(), 8u);
    EXPECT_EQ(engine.options().find("Hash")->as_int(), 8);
}

TEST_F(SetOption, NamesAreCaseInsensitiveAndMayHaveSpaces) {
    EXPECT_TRUE(reports_hash(send("setoption name hash value 32"), 32));
    EXPECT_EQ(engine.hash_mb(), 32);
    EXPECT_TRUE(send("setoption name THREADS value 3").empty());
    EXPECT_EQ(engine.threads(), 3);
    EXPECT_TRUE(send("setoption name uci_chess960 value TRUE").empty());
    EXPECT_TRUE(engine.chess960());
    const int clears = engine.hash_clear_count();
    EXPECT_TRUE(send("setoption name Clear Hash").empty());
    EXPECT_TRUE(send("setoption   name   clear   hash  ").empty());
    EXPECT_EQ(engine.hash_clear_count(), clears + 2);
}

TEST_F(SetOption, OutOfRangeValuesAreRejectedAndTheOldValueStays) {
    send("setoption name Hash value 64");
    for (const char* line : {"setoption name Hash value 0", "setoption name Hash value -1",
                             "setoption name Hash value 1048577",
                             "setoption name Hash value 99999999999999999999999"}) {
        const auto error = send_expecting_error(line);
        EXPECT_TRUE(contains(error, "Hash")) << error;
        EXPECT_EQ(engine.hash_mb(), 64) << line;
    }
    const auto error = send_expecting_error("setoption name Threads value 1025");
    EXPECT_TRUE(contains(error, "out of range [1, 1024]")) << error;
    EXPECT_EQ(engine.threads(), 1);
}

TEST_F(SetOption, WrongTypesAreRejectedAndTheOldValueStays) {
    for (const char* value : {"abc", "1e3", "12MB", "0x10", "3.5", "", "64 64"}) {
        const auto error = send_expecting_error(std::string("setoption name Hash value ") + value);
        EXPECT_TRUE(contains(error, "not an integer")) << error;
        EXPECT_EQ(engine.hash_mb(), 16) << value;
    }
    for (const char* value : {"yes", "1", "on", "truefalse"}) {
        const auto error =
            send_expecting_error(std::string("setoption name UCI_Chess960 value ") + value);
        EXPECT_TRUE(contains(error, "is not 'true' or 'false'")) << error;
        EXPECT_FALSE(engine.chess960());
    }
}

TEST_F(SetOption, UnknownNamesAndMissingPartsAreErrors) {
    EXPECT_EQ(send_expecting_error("setoption name Hashes value 3"),
              "info string error: unknown option 'Hashes'");
    EXPECT_TRUE(contains(send_expecting_error("setoption name Hash"), "needs a value"));
    EXPECT_TRUE(contains(send_expecting_error("setoption name Threads value"), "not an integer"));
    send_expecting_error("setoption");
    send_expecting_error("setoption name");
    send_expecting_error("setoption name value 3");
    send_expecting_error("setoption Hash value 3");
    EXPECT_EQ(engine.hash_mb(), 16);
    EXPECT_EQ(engine.threads(), 1);
}

TEST_F(SetOption, ChessNotationFollowsTheOption) {
    send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    auto lines = send("go perft 1");
    EXPECT_NE(std::find(lines.begin(), lines.end(), "e1g1: 1"), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "e1c1: 1"), lines.end());
    EXPECT_EQ(std::find(lines.begin(), lines.end(), "e1h1: 1"), lines.end());
    // Switching the option also switches the notation of the current position.
    send("setoption name UCI_Chess960 value true");
    lines = send("go perft 1");
    EXPECT_NE(std::find(lines.begin(), lines.end(), "e1h1: 1"), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "e1a1: 1"), lines.end());
    EXPECT_EQ(std::find(lines.begin(), lines.end(), "e1g1: 1"), lines.end());
}

// The table mechanics, on a table of every option type.
namespace {
constexpr OptionSpec SAMPLE_TABLE[] = {
    check_option("Ponder", true, nullptr),
    spin_option("Move Overhead", 10, 0, 5000, nullptr),
    combo_option("Style", "Normal", "Solid|Normal|Risky", nullptr),
    button_option("Clear Hash", nullptr),
    string_option("SyzygyPath", "", nullptr),
    string_option("Book", "book.bin", nullptr),
};
} // namespace

TEST(OptionTable, HandshakeLinesForEveryType) {
    const Options options(SAMPLE_TABLE);
    std::vector<std::string> lines;
    for (const Option& o : options) lines.push_back(o.uci_line());
    const std::vector<std::string> expected = {
        "option name Ponder type check default true",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name Style type combo default Normal var Solid var Normal var Risky",
        "option name Clear Hash type button",
        "option name SyzygyPath type string default <empty>",
        "option name Book type string default book.bin",
    };
    EXPECT_EQ(lines, expected);
}

TEST(OptionTable, AssignValidatesEachType) {
    Options options(SAMPLE_TABLE);
    std::string error;
    Option& style = *options.find("style");
    EXPECT_TRUE(style.assign("risky", &error));
    EXPECT_EQ(style.as_string(), "Risky"); // stored as the table spells it
    EXPECT_FALSE(style.assign("Wild", &error));
    EXPECT_TRUE(contains(error, "Solid|Normal|Risky")) << error;
    EXPECT_EQ(style.as_string(), "Risky");

    Option& path = *options.find("SYZYGYPATH");
    EXPECT_TRUE(path.assign("/tb/a b;/tb/c", &error));
    EXPECT_EQ(path.as_string(), "/tb/a b;/tb/c");
    EXPECT_TRUE(path.assign("<empty>", &error));
    EXPECT_EQ(path.as_string(), "");
    EXPECT_FALSE(path.assign(std::nullopt, &error));

    Option& overhead = *options.find("move overhead");
    EXPECT_EQ(overhead.as_int(), 10);
    EXPECT_TRUE(overhead.assign("+20", &error));
    EXPECT_EQ(overhead.as_int(), 20);
    EXPECT_FALSE(overhead.assign("+-20", &error));
    EXPECT_EQ(overhead.as_int(), 20);

    EXPECT_TRUE(options.find("Ponder")->as_bool());
    EXPECT_EQ(options.find("Pond"), nullptr);
}

namespace {
SetOptionRequest parse_request(const std::string& line) {
    SetOptionRequest request;
    std::string error;
    const auto tokens = split_tokens(line);
    EXPECT_TRUE(parse_setoption(tokens, request, &error)) << line << ": " << error;
    return request;
}
} // namespace

TEST(SetOptionParser, NameWordsAndValueText) {
    auto r = parse_request("name  Clear   Hash");
    EXPECT_EQ(r.name, "Clear Hash");
    EXPECT_FALSE(r.value.has_value());

    r = parse_request("name SyzygyPath value /tb/a  b;/tb/c ");
    EXPECT_EQ(r.name, "SyzygyPath");
    EXPECT_EQ(r.value, std::optional<std::string>("/tb/a  b;/tb/c"));

    r = parse_request("name Book value");
    EXPECT_EQ(r.value, std::optional<std::string>(""));

    SetOptionRequest request;
    std::string error;
    for (const char* bad : {"", "name", "name value 3", "Hash value 3", "value 3"}) {
        const auto tokens = split_tokens(bad);
        EXPECT_FALSE(parse_setoption(tokens, request, &error)) << bad;
        EXPECT_FALSE(error.empty());
    }
}

// The options generated from the techniques' descriptions reach the fields they name:
// every switch and every tunable, each set alone, changes its own field and nothing else.
TEST_F(SetOption, EveryTechniqueOptionReachesItsOwnField) {
    namespace search = flotilla::search;
    // Plain values rather than a loop over the params types: one compiled body, not 56.
    const auto values = [&] { return search::technique_values(engine.search_params()); };
    const auto before = values();
    int checked = 0;
    for (std::size_t i = 0; i < before.size(); ++i) {
        const auto& info = before[i];
        const std::string flipped = info.enabled ? "false" : "true";
        EXPECT_TRUE(
            send(std::string("setoption name ") + info.option + " value " + flipped).empty())
            << info.option;
        EXPECT_NE(values()[i].enabled, info.enabled) << info.option;
        send(std::string("setoption name ") + info.option + " value " +
             (info.enabled ? "true" : "false"));
        ++checked;
        for (std::size_t k = 0; k < info.tunables.size(); ++k) {
            const auto& tunable = info.tunables[k];
            const int value = tunable.value == tunable.min ? tunable.min + 1 : tunable.min;
            EXPECT_TRUE(send(std::string("setoption name ") + tunable.name + " value " +
                             std::to_string(value))
                            .empty())
                << tunable.name;
            const auto now = values();
            // This number changed, and no other number of any technique.
            for (std::size_t j = 0; j < before.size(); ++j) {
                EXPECT_EQ(now[j].enabled, before[j].enabled) << tunable.name;
                for (std::size_t m = 0; m < before[j].tunables.size(); ++m)
                    EXPECT_EQ(now[j].tunables[m].value,
                              j == i && m == k ? value : before[j].tunables[m].value)
                        << tunable.name << " / " << before[j].tunables[m].name;
            }
            send(std::string("setoption name ") + tunable.name + " value " +
                 std::to_string(tunable.value));
            ++checked;
        }
    }
    EXPECT_EQ(checked, 129); // 57 switches and 72 tunables
}

// Every tunable at the end of its range (all at min, then all at max, with every switch
// on) still searches to a legal best move: the ranges are safe to offer, and the
// sanitizer builds see any table a depth or margin indexes out of bounds.
TEST_F(SetOption, SearchesWithEveryTunableAtEitherEndOfItsRange) {
    namespace search = flotilla::search;
    const char* positions[] = {
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    for (const bool atMax : {false, true}) {
        int tunables = 0;
        for (const auto& info : search::technique_values(search::Params{})) {
            send(std::string("setoption name ") + info.option + " value true");
            for (const auto& tunable : info.tunables) {
                const int value = atMax ? tunable.max : tunable.min;
                EXPECT_TRUE(send(std::string("setoption name ") + tunable.name + " value " +
                                 std::to_string(value))
                                .empty())
                    << tunable.name;
                ++tunables;
            }
        }
        // Each number holds the end it was set to.
        for (const auto& info : search::technique_values(engine.search_params())) {
            EXPECT_TRUE(info.enabled) << info.option;
            for (const auto& tunable : info.tunables)
                EXPECT_EQ(tunable.value, atMax ? tunable.max : tunable.min) << tunable.name;
        }
        EXPECT_EQ(tunables, 72);
        for (const char* position : positions) {
            send(position);
            send("go depth 7");
            engine.wait_search();
            const std::string text = captured.str();
            const std::size_t at = text.rfind("bestmove ");
            ASSERT_NE(at, std::string::npos) << position;
            const std::string move =
                text.substr(at + 9, text.find_first_of(" \n", at + 9) - at - 9);
            EXPECT_NE(engine.position().parse_uci_move(move), flotilla::Move::none())
                << (atMax ? "max: " : "min: ") << position << " bestmove " << move;
            EXPECT_FALSE(contains(text, "info string error")) << text;
        }
    }
}
