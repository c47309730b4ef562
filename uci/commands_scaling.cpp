// `scaling`: the thread-scaling benchmark over the bench positions (tools/scaling.h),
// printed as a table and optionally written as CSV and as an SVG chart.
#include "search/bench.h"
#include "tools/scaling_report.h"
#include "uci/protocol.h"
#include "uci/scaling_args.h"
#include "uci/text.h"

#include <cstdio>
#include <fstream>

namespace flotilla::uci {

namespace {

bool write_file(const std::string& path, const std::string& text, std::string* error) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (file) file << text;
    if (file && file.flush()) return true;
    *error = "scaling: cannot write " + quote(path);
    return false;
}

std::string progress_line(const tools::ScalingRow& row) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "info string scaling: %d threads: %.0f nps, %.0f nodes/cpu-s, time to depth "
                  "%.3f s",
                  row.threads, row.nps(), row.nodes_per_cpu_second(), row.depthSeconds);
    return text;
}

} // namespace

void Protocol::cmd_scaling(Args args) {
    std::string message;
    std::optional<ScalingRequest> request = parse_scaling_args(args, &message);
    if (!request) return error(message);
    if (!settings.allowScaling) return error("scaling is switched off here");
    if (engine.searching()) return error("scaling cannot run while searching; send stop first");
    const std::optional<NumaPolicy> policy = parse_numa_policy(engine.numa_policy(), &message);
    if (!policy) return error("scaling: NumaPolicy: " + message);
    request->settings.policy = *policy;

    std::vector<std::string> fens = search::bench_positions();
    if (request->positions > 0 && request->positions < fens.size()) fens.resize(request->positions);
    std::vector<std::string> warnings;
    const tools::ScalingTable table = tools::run_scaling(
        request->settings, fens, engine.search_params(),
        [this](const tools::ScalingRow& row) { out.line(progress_line(row)); }, &warnings);
    for (const std::string& w : warnings) out.line("info string scaling: " + w);
    out.block(tools::scaling_text(table));

    if (!request->csvPath.empty()) {
        if (!write_file(request->csvPath, tools::scaling_csv(table), &message))
            return error(message);
        out.line("info string scaling: wrote " + request->csvPath);
    }
    if (!request->svgPath.empty()) {
        if (!write_file(request->svgPath, tools::line_chart_svg(tools::scaling_chart(table)),
                        &message))
            return error(message);
        out.line("info string scaling: wrote " + request->svgPath);
    }
}

} // namespace flotilla::uci
