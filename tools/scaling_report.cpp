#include "tools/scaling_report.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace flotilla::tools {

namespace {

std::string format(const char* spec, double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, spec, v);
    return buffer;
}

// Missing figures (0) become gaps in the chart.
double or_gap(double v) { return v > 0 ? v : std::numeric_limits<double>::quiet_NaN(); }

} // namespace

std::string scaling_text(const ScalingTable& table) {
    std::string text = "scaling: " + std::to_string(table.positions) + " positions, " +
                       std::to_string(table.timeMs) + " ms each for nps, depth " +
                       std::to_string(table.depth) + " for time to depth\n";
    char line[256];
    std::snprintf(line, sizeof line, "%7s %12s %8s %12s %8s %10s %8s %7s\n", "threads", "nps",
                  "speedup", "nodes/cpu-s", "speedup", "ttd (s)", "speedup", "tt hit");
    text += line;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const ScalingRow& r = table.rows[i];
        std::snprintf(line, sizeof line, "%7d %12.0f %8.2f %12.0f %8.2f %10.3f %8.2f %6.1f%%\n",
                      r.threads, r.nps(), table.nps_speedup(i), r.nodes_per_cpu_second(),
                      table.cpu_speedup(i), r.depthSeconds, table.ttd_speedup(i),
                      100 * r.tt_hit_rate());
        text += line;
    }
    return text;
}

std::string scaling_csv(const ScalingTable& table) {
    std::string csv = "threads,nodes,seconds,cpu_seconds,nps,nps_speedup,nodes_per_cpu_second,"
                      "cpu_speedup,depth,depth_nodes,time_to_depth_seconds,"
                      "time_to_depth_cpu_seconds,ttd_speedup,tt_probes,tt_hits,tt_hit_rate\n";
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const ScalingRow& r = table.rows[i];
        csv += std::to_string(r.threads) + "," + std::to_string(r.timedNodes) + "," +
               format("%.4f", r.timedSeconds) + "," + format("%.4f", r.timedCpuSeconds) + "," +
               format("%.0f", r.nps()) + "," + format("%.4f", table.nps_speedup(i)) + "," +
               format("%.0f", r.nodes_per_cpu_second()) + "," +
               format("%.4f", table.cpu_speedup(i)) + "," + std::to_string(table.depth) + "," +
               std::to_string(r.depthNodes) + "," + format("%.4f", r.depthSeconds) + "," +
               format("%.4f", r.depthCpuSeconds) + "," + format("%.4f", table.ttd_speedup(i)) +
               "," + std::to_string(r.ttProbes) + "," + std::to_string(r.ttHits) + "," +
               format("%.4f", r.tt_hit_rate()) + "\n";
    }
    return csv;
}

LineChart scaling_chart(const ScalingTable& table) {
    LineChart chart;
    chart.title = "Flotilla Lazy SMP scaling (" + std::to_string(table.positions) + " positions, " +
                  std::to_string(table.timeMs) + " ms, depth " + std::to_string(table.depth) + ")";
    chart.xLabel = "threads";
    chart.yLabel = "speedup over " + (table.rows.empty()
                                          ? std::string("the first row")
                                          : std::to_string(table.rows[0].threads) + " thread(s)");
    ChartSeries nps{"nps", "#1f77b4", {}, false};
    ChartSeries cpu{"nodes per CPU-second", "#2ca02c", {}, false};
    ChartSeries ttd{"time to depth", "#d62728", {}, false};
    ChartSeries ideal{"ideal (linear)", "#7f7f7f", {}, true};
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        chart.x.push_back(table.rows[i].threads);
        nps.values.push_back(or_gap(table.nps_speedup(i)));
        cpu.values.push_back(or_gap(table.cpu_speedup(i)));
        ttd.values.push_back(or_gap(table.ttd_speedup(i)));
        ideal.values.push_back(double(table.rows[i].threads) / table.rows[0].threads);
    }
    chart.series = {nps, cpu, ttd, ideal};
    return chart;
}

} // namespace flotilla::tools
