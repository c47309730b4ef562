#include "uci/engine_options.h"

#include "uci/engine.h"

namespace flotilla::uci {

namespace {

// One row per option, in the order the uci handshake lists them.
constexpr OptionSpec OPTION_TABLE[] = {
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
    // One switch per search technique (see search/selectivity/), all on by default.
    check_option(
        "AspirationWindows", true,
        [](Engine& e, const Option& o) { e.search_params().aspiration.enabled = o.as_bool(); }),
    check_option(
        "NullMovePruning", true,
        [](Engine& e, const Option& o) { e.search_params().nullMove.enabled = o.as_bool(); }),
    check_option("ReverseFutilityPruning", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().reverseFutility.enabled = o.as_bool();
                 }),
    // The margins of the shallow pruning units are options too, for tuning them in games and
    // for measuring the tactics they cost (docs/search.md).
    spin_option("NetworkMarginScale", search::Params{}.networkMarginPercent, 10, 400,
                [](Engine& e, const Option& o) {
                    e.search_params().networkMarginPercent = int(o.as_int());
                }),
    spin_option("ReverseFutilityMaxDepth", search::ReverseFutilityParams{}.maxDepth, 0, 64,
                [](Engine& e, const Option& o) {
                    e.search_params().reverseFutility.maxDepth = Depth(o.as_int());
                }),
    spin_option("ReverseFutilityMargin", search::ReverseFutilityParams{}.marginPerDepth, 0, 2000,
                [](Engine& e, const Option& o) {
                    e.search_params().reverseFutility.marginPerDepth = int(o.as_int());
                }),
    check_option(
        "FutilityPruning", true,
        [](Engine& e, const Option& o) { e.search_params().futility.enabled = o.as_bool(); }),
    spin_option("FutilityMaxDepth", search::FutilityParams{}.maxDepth, 0, 64,
                [](Engine& e, const Option& o) {
                    e.search_params().futility.maxDepth = Depth(o.as_int());
                }),
    spin_option(
        "FutilityMargin", search::FutilityParams{}.base, 0, 2000,
        [](Engine& e, const Option& o) { e.search_params().futility.base = int(o.as_int()); }),
    spin_option(
        "FutilityMarginPerDepth", search::FutilityParams{}.perDepth, 0, 2000,
        [](Engine& e, const Option& o) { e.search_params().futility.perDepth = int(o.as_int()); }),
    check_option("LateMovePruning", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().lateMovePruning.enabled = o.as_bool();
                 }),
    spin_option("LateMovePruningMaxDepth", search::LateMovePruningParams{}.maxDepth, 0, 64,
                [](Engine& e, const Option& o) {
                    e.search_params().lateMovePruning.maxDepth = Depth(o.as_int());
                }),
    spin_option("LateMovePruningBase", search::LateMovePruningParams{}.base, 0, 1000,
                [](Engine& e, const Option& o) {
                    e.search_params().lateMovePruning.base = int(o.as_int());
                }),
    check_option("LateMoveReductions", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().lateMoveReductions.enabled = o.as_bool();
                 }),
    check_option(
        "CheckExtension", true,
        [](Engine& e, const Option& o) { e.search_params().checkExtension.enabled = o.as_bool(); }),
    check_option(
        "MateDistancePruning", true,
        [](Engine& e, const Option& o) { e.search_params().mateDistance.enabled = o.as_bool(); }),
    check_option(
        "DeltaPruning", true,
        [](Engine& e, const Option& o) { e.search_params().deltaPruning.enabled = o.as_bool(); }),
    check_option("QsearchSeePruning", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().qsearchSeePruning.enabled = o.as_bool();
                 }),
    check_option("VerifiedNullMove", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().verifiedNullMove.enabled = o.as_bool();
                 }),
    check_option(
        "Razoring", true,
        [](Engine& e, const Option& o) { e.search_params().razoring.enabled = o.as_bool(); }),
    check_option("InternalIterativeReductions", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().internalIterativeReductions.enabled = o.as_bool();
                 }),
    check_option(
        "SeePruning", true,
        [](Engine& e, const Option& o) { e.search_params().seePruning.enabled = o.as_bool(); }),
    check_option("HistoryLeafPruning", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().historyLeafPruning.enabled = o.as_bool();
                 }),
    check_option("RecaptureExtension", false,
                 [](Engine& e, const Option& o) {
                     e.search_params().recaptureExtension.enabled = o.as_bool();
                 }),
    check_option("PassedPawnExtension", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().passedPawnExtension.enabled = o.as_bool();
                 }),
    check_option("OneReplyExtension", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().oneReplyExtension.enabled = o.as_bool();
                 }),
    check_option("FailHighReductions", false,
                 [](Engine& e, const Option& o) {
                     e.search_params().failHighReductions.enabled = o.as_bool();
                 }),
    check_option("NullMoveReductions", false,
                 [](Engine& e, const Option& o) {
                     e.search_params().nullMoveReductions.enabled = o.as_bool();
                 }),
    check_option(
        "ProbCut", true,
        [](Engine& e, const Option& o) { e.search_params().probCut.enabled = o.as_bool(); }),
    check_option("SingularExtension", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().singularExtension.enabled = o.as_bool();
                 }),
    check_option(
        "MultiCut", false,
        [](Engine& e, const Option& o) { e.search_params().multiCut.enabled = o.as_bool(); }),
    check_option("MateThreatExtension", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().mateThreatExtension.enabled = o.as_bool();
                 }),
    check_option(
        "QSearchChecks", true,
        [](Engine& e, const Option& o) { e.search_params().qsearchChecks.enabled = o.as_bool(); }),
    check_option("QSearchEvasionPruning", true,
                 [](Engine& e, const Option& o) {
                     e.search_params().qsearchEvasionPruning.enabled = o.as_bool();
                 }),
};

} // namespace

std::span<const OptionSpec> engine_option_table() { return OPTION_TABLE; }

} // namespace flotilla::uci
