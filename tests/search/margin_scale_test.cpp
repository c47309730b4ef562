// NetworkMarginScale: the evaluation margins scale together, the material (SEE) ones do
// not, and only a search with a network sees the scaled margins.
#include "search/margin_scale.h"
#include "search/technique_values.h"
#include "search_helpers.h"
#include "tests/eval/nnue_random_network.h"

#include <fstream>
#include <map>
#include <set>

namespace flotilla::search::testing {
namespace {

// The names of the numbers the descriptions mark for NetworkMarginScale: tunables by
// their option, constants by their field's name.
std::set<std::string> marked_numbers() {
    std::set<std::string> names;
    for (const auto& info : technique_values(Params{})) {
        for (const auto& t : info.tunables)
            if (t.networkScale != NetworkScale::None) names.insert(t.name);
        for (const auto& c : info.constants)
            if (c.networkScale != NetworkScale::None) names.insert(c.name);
    }
    return names;
}

// The names in backquotes in the meaning cell of README's NetworkMarginScale row.
std::set<std::string> readme_scaled_numbers() {
    std::ifstream readme(std::string(FLOTILLA_SOURCE_DIR) + "/README.md");
    EXPECT_TRUE(readme) << "README.md not found in " << FLOTILLA_SOURCE_DIR;
    const std::string rowStart = "| `NetworkMarginScale` |";
    std::set<std::string> names;
    for (std::string line; std::getline(readme, line);) {
        if (!line.starts_with(rowStart)) continue;
        const std::size_t meaning = line.rfind('|', line.rfind('|') - 1); // the last cell
        for (std::size_t open = line.find('`', meaning); open != std::string::npos;) {
            const std::size_t close = line.find('`', open + 1);
            names.insert(line.substr(open + 1, close - open - 1));
            open = line.find('`', close + 1);
        }
    }
    return names;
}

TEST(MarginScale, TheMarkedNumbersAreTheReadmesList) {
    const std::set<std::string> documented = readme_scaled_numbers();
    EXPECT_EQ(documented.size(), 9u); // eight margins and null move's eval divisor
    EXPECT_EQ(marked_numbers(), documented);
}

// Every number of every description and every switch, by technique and name.
std::map<std::string, int> described_numbers(const Params& p) {
    std::map<std::string, int> numbers;
    for (const auto& info : technique_values(p)) {
        const std::string technique = info.option;
        numbers[technique] = info.enabled;
        for (const auto& t : info.tunables) numbers[t.name] = t.value;
        for (const auto& c : info.constants) numbers[technique + "." + c.name] = c.value;
    }
    return numbers;
}

// What scale_eval_margins did before the descriptions marked its numbers: a hand list.
Params scaled_as_by_the_hand_list(int percent) {
    Params p;
    const auto scaled = [&](int v) {
        const long long x = (long long)v * percent;
        return int((x + (x >= 0 ? 50 : -50)) / 100);
    };
    for (int* margin : {&p.reverseFutility.marginPerDepth, &p.futility.base, &p.futility.perDepth,
                        &p.razoring.qsearchMarginBase, &p.razoring.qsearchMarginPerDepth,
                        &p.razoring.limitedMargin, &p.probCut.margin, &p.deltaPruning.margin})
        *margin = scaled(*margin);
    p.nullMove.evalDivisor = std::max(1, scaled(p.nullMove.evalDivisor));
    return p;
}

TEST(MarginScale, ScalesWhatTheHandListScaled) {
    for (int percent : {10, 33, 50, 70, 99, 100, 101, 125, 250, 400}) {
        Params p;
        scale_eval_margins(p, percent);
        const std::map<std::string, int> got = described_numbers(p);
        const std::map<std::string, int> expected =
            described_numbers(scaled_as_by_the_hand_list(percent));
        ASSERT_EQ(got.size(), expected.size());
        for (const auto& [name, value] : expected)
            EXPECT_EQ(got.at(name), value) << name << " at " << percent << " %";
    }
    Params tiny; // the divisor's floor
    tiny.nullMove.evalDivisor = 4;
    scale_eval_margins(tiny, 10);
    EXPECT_EQ(tiny.nullMove.evalDivisor, 1);
}

TEST(MarginScale, ScalesEveryEvaluationMarginAndNothingElse) {
    const Params base;
    Params p;
    scale_eval_margins(p, 50);
    const auto half = [](int v) { return (v + 1) / 2; }; // to nearest, halves up
    EXPECT_EQ(p.reverseFutility.marginPerDepth, half(base.reverseFutility.marginPerDepth));
    EXPECT_EQ(p.futility.base, half(base.futility.base));
    EXPECT_EQ(p.futility.perDepth, half(base.futility.perDepth));
    EXPECT_EQ(p.razoring.qsearchMarginBase, half(base.razoring.qsearchMarginBase));
    EXPECT_EQ(p.razoring.qsearchMarginPerDepth, half(base.razoring.qsearchMarginPerDepth));
    EXPECT_EQ(p.razoring.limitedMargin, half(base.razoring.limitedMargin));
    EXPECT_EQ(p.probCut.margin, half(base.probCut.margin));
    EXPECT_EQ(p.deltaPruning.margin, half(base.deltaPruning.margin));
    EXPECT_EQ(p.nullMove.evalDivisor, half(base.nullMove.evalDivisor));
    // Material margins and depths stay.
    EXPECT_EQ(p.seePruning.quietMarginPerDepth, base.seePruning.quietMarginPerDepth);
    EXPECT_EQ(p.seePruning.captureMarginPerDepth2, base.seePruning.captureMarginPerDepth2);
    EXPECT_EQ(p.reverseFutility.maxDepth, base.reverseFutility.maxDepth);
    EXPECT_EQ(p.futility.maxDepth, base.futility.maxDepth);

    Params up;
    scale_eval_margins(up, 125); // rounds to nearest: 59 * 1.25 = 73.75 -> 74
    EXPECT_EQ(up.reverseFutility.marginPerDepth,
              (base.reverseFutility.marginPerDepth * 125 + 50) / 100);
    EXPECT_EQ(up.futility.base, (base.futility.base * 125 + 50) / 100);

    Params tiny;
    tiny.nullMove.evalDivisor = 1;
    scale_eval_margins(tiny, 10);
    EXPECT_EQ(tiny.nullMove.evalDivisor, 1); // never 0: null move divides by it
}

std::uint64_t nodes_with(const nnue::Network* net, int percent) {
    Position pos;
    EXPECT_TRUE(
        pos.set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false));
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    worker->use_network(net);
    Limits limits;
    limits.depth = 8;
    Params params;
    params.networkMarginPercent = percent;
    std::atomic<bool> stop{false};
    worker->iterative_deepening(pos, limits, params, stop);
    return worker->nodes();
}

TEST(MarginScale, OnlyASearchWithANetworkScalesItsMargins) {
    const nnue::Network net = nnue_test::random_network(64, 8, 99);
    EXPECT_NE(nodes_with(&net, 100), nodes_with(&net, 40));
    EXPECT_EQ(nodes_with(nullptr, 100), nodes_with(nullptr, 40));
}

} // namespace
} // namespace flotilla::search::testing
