// A small line chart written as SVG text: axes with ticks and labels, one polyline and
// one dot per point for each series, and a legend. Enough to plot the scaling figures
// without gnuplot.
#pragma once

#include <string>
#include <vector>

namespace flotilla::tools {

struct ChartSeries {
    std::string name;
    std::string color;          // any SVG colour, e.g. "#1f77b4"
    std::vector<double> values; // one per x; a non-finite value is a gap (no dot)
    bool dashed = false;
};

struct LineChart {
    std::string title;
    std::string xLabel;
    std::string yLabel;
    std::vector<double> x; // increasing; ticks are drawn at these values
    std::vector<ChartSeries> series;
};

// The whole SVG document. The y axis runs from 0 to a round number above the largest
// value; text is XML-escaped.
std::string line_chart_svg(const LineChart& chart);

} // namespace flotilla::tools
