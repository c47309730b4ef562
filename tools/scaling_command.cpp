#include "tools/scaling_command.h"

#include "search/bench.h"
#include "tools/scaling_args.h"
#include "tools/scaling_report.h"

#include <cstdio>
#include <fstream>

namespace flotilla::tools {

namespace {

bool write_file(const std::string& path, const std::string& text, std::string* error) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (file) file << text;
    if (file && file.flush()) return true;
    *error = "scaling: cannot write " + quote_word(path);
    return false;
}

std::string progress_line(const ScalingRow& row) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "info string scaling: %d threads: %.0f nps, %.0f nodes/cpu-s, time to depth "
                  "%.3f s",
                  row.threads, row.nps(), row.nodes_per_cpu_second(), row.depthSeconds);
    return text;
}

} // namespace

std::string scaling_command(std::span<const std::string_view> args, const ScalingSession& session) {
    std::string message;
    std::optional<ScalingRequest> request = parse_scaling_args(args, &message);
    if (!request) return message;
    if (!session.run) return "scaling is switched off here";
    if (session.searching) return "scaling cannot run while searching; send stop first";
    const std::optional<NumaPolicy> policy = parse_numa_policy(session.numaPolicy, &message);
    if (!policy) return "scaling: NumaPolicy: " + message;
    request->settings.policy = *policy;

    std::vector<std::string> fens = search::bench_positions();
    if (request->positions > 0 && request->positions < fens.size()) fens.resize(request->positions);
    std::vector<std::string> warnings;
    const ScalingTable table = run_scaling(
        request->settings, fens, session.params,
        [&session](const ScalingRow& row) { session.line(progress_line(row)); }, &warnings);
    for (const std::string& w : warnings) session.line("info string scaling: " + w);
    session.block(scaling_text(table));

    if (!request->csvPath.empty()) {
        if (!write_file(request->csvPath, scaling_csv(table), &message)) return message;
        session.line("info string scaling: wrote " + request->csvPath);
    }
    if (!request->svgPath.empty()) {
        if (!write_file(request->svgPath, line_chart_svg(scaling_chart(table)), &message))
            return message;
        session.line("info string scaling: wrote " + request->svgPath);
    }
    return {};
}

} // namespace flotilla::tools
