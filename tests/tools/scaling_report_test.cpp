// The scaling table's text, CSV and SVG chart for a given table.
#include "tools/scaling_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace flotilla::tools;

namespace {

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');) out.push_back(f);
    return out;
}

// 1 thread: 1,000,000 nodes in 2 s (500k nps), 2 CPU-s, depth in 4 s.
// 2 threads: 1,800,000 nodes in 2 s (900k nps), 4 CPU-s, depth in 2.5 s.
// 4 threads: 3,000,000 nodes in 2 s, 8 CPU-s, depth in 2 s.
ScalingTable example() {
    ScalingTable t;
    t.timeMs = 500;
    t.depth = 10;
    t.positions = 4;
    t.rows = {{1, 1'000'000, 2.0, 2.0, 1000, 250, 50'000, 4.0, 4.0},
              {2, 1'800'000, 2.0, 4.0, 2000, 700, 60'000, 2.5, 5.0},
              {4, 3'000'000, 2.0, 8.0, 4000, 2000, 70'000, 2.0, 8.0}};
    return t;
}

} // namespace

TEST(ScalingReport, SpeedupsAreRatiosToTheFirstRow) {
    const ScalingTable t = example();
    EXPECT_DOUBLE_EQ(t.nps_speedup(0), 1.0);
    EXPECT_DOUBLE_EQ(t.nps_speedup(1), 1.8);
    EXPECT_DOUBLE_EQ(t.cpu_speedup(1), 0.9);
    EXPECT_DOUBLE_EQ(t.ttd_speedup(1), 1.6);
    EXPECT_DOUBLE_EQ(t.ttd_speedup(2), 2.0);
    EXPECT_DOUBLE_EQ(t.rows[2].tt_hit_rate(), 0.5);
    EXPECT_EQ(t.nps_speedup(7), 0.0); // no such row
    ScalingRow empty;
    EXPECT_EQ(empty.nps(), 0.0);
    EXPECT_EQ(empty.tt_hit_rate(), 0.0);
}

TEST(ScalingReport, CsvHasAHeaderAndOneRowPerThreadCount) {
    const std::vector<std::string> csv = lines(scaling_csv(example()));
    ASSERT_EQ(csv.size(), 4u);
    const std::vector<std::string> header = fields(csv[0]);
    EXPECT_EQ(header.front(), "threads");
    for (const char* column : {"nps", "nps_speedup", "nodes_per_cpu_second", "cpu_speedup",
                               "time_to_depth_seconds", "ttd_speedup", "tt_hit_rate"})
        EXPECT_NE(std::find(header.begin(), header.end(), column), header.end()) << column;
    const auto column = [&](const std::string& name) {
        return std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
    };
    for (std::size_t i = 1; i < csv.size(); ++i) EXPECT_EQ(fields(csv[i]).size(), header.size());
    const std::vector<std::string> two = fields(csv[2]);
    EXPECT_EQ(two[column("threads")], "2");
    EXPECT_EQ(two[column("nodes")], "1800000");
    EXPECT_EQ(two[column("nps")], "900000");
    EXPECT_EQ(two[column("nps_speedup")], "1.8000");
    EXPECT_EQ(two[column("nodes_per_cpu_second")], "450000");
    EXPECT_EQ(two[column("cpu_speedup")], "0.9000");
    EXPECT_EQ(two[column("time_to_depth_seconds")], "2.5000");
    EXPECT_EQ(two[column("ttd_speedup")], "1.6000");
    EXPECT_EQ(two[column("tt_hit_rate")], "0.3500");
    EXPECT_EQ(two[column("depth")], "10");
}

TEST(ScalingReport, TextTableHasOneLinePerThreadCount) {
    const std::vector<std::string> text = lines(scaling_text(example()));
    ASSERT_EQ(text.size(), 5u); // settings, column names, three rows
    EXPECT_NE(text[0].find("4 positions"), std::string::npos);
    EXPECT_NE(text[0].find("500 ms"), std::string::npos);
    EXPECT_NE(text[0].find("depth 10"), std::string::npos);
    EXPECT_NE(text[1].find("tt hit"), std::string::npos);
    std::istringstream row(text[3]);
    int threads = 0;
    double nps = 0, speedup = 0;
    row >> threads >> nps >> speedup;
    EXPECT_EQ(threads, 2);
    EXPECT_DOUBLE_EQ(nps, 900000);
    EXPECT_DOUBLE_EQ(speedup, 1.8);
    EXPECT_NE(text[4].find("50.0%"), std::string::npos) << text[4];
}

TEST(ScalingReport, SvgDrawsEverySeriesWithAxesAndLabels) {
    const LineChart chart = scaling_chart(example());
    ASSERT_EQ(chart.series.size(), 4u);
    EXPECT_EQ(chart.x, (std::vector<double>{1, 2, 4}));
    EXPECT_DOUBLE_EQ(chart.series[0].values[1], 1.8); // nps
    EXPECT_DOUBLE_EQ(chart.series[2].values[1], 1.6); // time to depth
    EXPECT_DOUBLE_EQ(chart.series[3].values[2], 4.0); // ideal
    EXPECT_TRUE(chart.series[3].dashed);

    const std::string svg = line_chart_svg(chart);
    EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
    EXPECT_EQ(count(svg, "<polyline"), 4u);
    EXPECT_EQ(count(svg, "<circle"), 12u);         // 4 series x 3 thread counts
    EXPECT_EQ(count(svg, "stroke-dasharray"), 2u); // the ideal line and its legend entry
    for (const char* label : {">threads</text>", ">speedup over 1 thread(s)</text>", ">nps</text>",
                              ">time to depth</text>", ">nodes per CPU-second</text>",
                              ">ideal (linear)</text>", ">4</text>", ">0</text>"})
        EXPECT_NE(svg.find(label), std::string::npos) << label;
    // Every opened text element is closed.
    EXPECT_EQ(count(svg, "<text"), count(svg, "</text>"));
}

TEST(ScalingReport, ChartSkipsGapsAndEscapesText) {
    LineChart chart;
    chart.title = "a < b & \"c\"";
    chart.x = {1, 2, 3};
    chart.series = {{"s", "red", {1, std::nan(""), 3}, false}};
    const std::string svg = line_chart_svg(chart);
    EXPECT_EQ(count(svg, "<circle"), 2u);
    EXPECT_NE(svg.find("a &lt; b &amp; &quot;c&quot;"), std::string::npos);
    EXPECT_EQ(svg.find("a < b"), std::string::npos);

    // A table whose figures are missing still gives a well-formed chart.
    ScalingTable zero;
    zero.rows = {ScalingRow{1}};
    const std::string empty = line_chart_svg(scaling_chart(zero));
    EXPECT_NE(empty.find("</svg>"), std::string::npos);
    EXPECT_EQ(empty.find("nan"), std::string::npos);
    EXPECT_EQ(empty.find("inf"), std::string::npos);
}
