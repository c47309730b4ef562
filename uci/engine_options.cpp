#include "uci/engine_options.h"

#include "uci/engine.h"

#include "search/params.h"

#include <algorithm>
#include <array>
#include <tuple>
#include <type_traits>
#include <utility>

namespace flotilla::uci {

namespace {

// The fixed rows, in the order the uci handshake lists them; the techniques' rows follow.
constexpr std::array FIXED_OPTIONS = {
    spin_option("Threads", 1, 1, Engine::MAX_THREADS,
                [](Engine& e, const Option& o) { e.set_threads(int(o.as_int())); }),
    string_option("NumaPolicy", "auto",
                  [](Engine& e, const Option& o) { e.set_numa_policy(o.as_string()); }),
    spin_option("Hash", Engine::DEFAULT_HASH_MB, 1, Engine::MAX_HASH_MB,
                [](Engine& e, const Option& o) { e.resize_hash(o.as_int()); }),
    button_option("Clear Hash", [](Engine& e, const Option&) { e.clear_hash(); }),
    // The evaluation: `classical`, `<default>` (the embedded network) or a network file.
    string_option("EvalFile", Engine::DEFAULT_EVAL_FILE,
                  [](Engine& e, const Option& o) { e.set_eval_file(o.as_string()); }),
    // Syzygy tablebases, with Stockfish's option names and meanings.
    string_option("SyzygyPath", "<empty>",
                  [](Engine& e, const Option& o) { e.set_syzygy_path(o.as_string()); }),
    spin_option("SyzygyProbeDepth", 1, 1, 100,
                [](Engine& e, const Option& o) {
                    e.search_params().tablebases.probeDepth = Depth(o.as_int());
                }),
    check_option(
        "Syzygy50MoveRule", true,
        [](Engine& e, const Option& o) { e.search_params().tablebases.rule50 = o.as_bool(); }),
    spin_option("SyzygyProbeLimit", 7, 0, 7,
                [](Engine& e, const Option& o) {
                    e.search_params().tablebases.probeLimit = int(o.as_int());
                }),
    check_option("UCI_Chess960", false,
                 [](Engine& e, const Option& o) { e.set_chess960(o.as_bool()); }),
    spin_option(
        "Move Overhead", 10, 0, 5000,
        [](Engine& e, const Option& o) { e.search_params().moveOverheadMs = int(o.as_int()); }),
    spin_option("MultiPV", 1, 1, 256,
                [](Engine& e, const Option& o) { e.search_params().multiPv = int(o.as_int()); }),
    check_option("UCI_ShowWDL", false,
                 [](Engine& e, const Option& o) { e.search_params().showWdl = o.as_bool(); }),
    // GUIs offer pondering only to an engine that lists Ponder; the search itself
    // needs no switch (`go ponder` works either way).
    check_option("Ponder", false, [](Engine&, const Option&) {}),
    check_option("UCI_AnalyseMode", false,
                 [](Engine& e, const Option& o) { e.search_params().analyseMode = o.as_bool(); }),
    check_option(
        "UCI_LimitStrength", false,
        [](Engine& e, const Option& o) { e.search_params().strength.limited = o.as_bool(); }),
    spin_option(
        "UCI_Elo", search::StrengthParams::MAX_ELO, search::StrengthParams::MIN_ELO,
        search::StrengthParams::MAX_ELO,
        [](Engine& e, const Option& o) { e.search_params().strength.elo = int(o.as_int()); }),
    check_option("SearchStats", false,
                 [](Engine& e, const Option& o) { e.set_search_stats(o.as_bool()); }),
    // With a network evaluating, the evaluation margins in percent of the hand-written
    // evaluation's (search/margin_scale.h).
    spin_option("NetworkMarginScale", search::Params{}.networkMarginPercent, 10, 400,
                [](Engine& e, const Option& o) {
                    e.search_params().networkMarginPercent = int(o.as_int());
                }),
};

// Each technique's rows, generated from its description (search/params.h's TECHNIQUES):
// its switch, then its tunables, with the defaults of its params struct.
template <std::size_t I> constexpr const auto& technique_entry() {
    return std::get<I>(search::TECHNIQUES);
}

template <std::size_t I> void set_switch(Engine& e, const Option& o) {
    (e.search_params().*technique_entry<I>().params).enabled = o.as_bool();
}

template <std::size_t I, std::size_t J> void set_tunable(Engine& e, const Option& o) {
    constexpr auto field = technique_entry<I>().info->tunables[J].field;
    (e.search_params().*technique_entry<I>().params).*field = int(o.as_int());
}

template <std::size_t I> constexpr auto technique_rows() {
    constexpr const auto& entry = technique_entry<I>();
    using P = typename std::remove_cvref_t<decltype(*entry.info)>::Params;
    constexpr std::size_t tunables = entry.info->tunables.size();
    std::array<OptionSpec, 1 + tunables> rows{};
    rows[0] = check_option(entry.info->option, P{}.enabled, &set_switch<I>);
    [&]<std::size_t... J>(std::index_sequence<J...>) {
        ((rows[1 + J] = spin_option(
              entry.info->tunables[J].option, P{}.*(entry.info->tunables[J].field),
              entry.info->tunables[J].min, entry.info->tunables[J].max, &set_tunable<I, J>)),
         ...);
    }
    (std::make_index_sequence<tunables>{});
    return rows;
}

template <std::size_t... N> constexpr auto concat(const std::array<OptionSpec, N>&... parts) {
    std::array<OptionSpec, (N + ...)> all{};
    std::size_t at = 0;
    ((std::copy(parts.begin(), parts.end(), all.begin() + at), at += N), ...);
    return all;
}

template <std::size_t... I> constexpr auto option_table(std::index_sequence<I...>) {
    return concat(FIXED_OPTIONS, technique_rows<I>()...);
}

// The fixed rows, then one group per technique.
constexpr auto OPTION_TABLE =
    option_table(std::make_index_sequence<
                 std::tuple_size_v<std::remove_cvref_t<decltype(search::TECHNIQUES)>>>{});

} // namespace

std::span<const OptionSpec> engine_option_table() { return OPTION_TABLE; }

} // namespace flotilla::uci
