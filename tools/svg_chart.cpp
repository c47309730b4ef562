#include "tools/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace flotilla::tools {

namespace {

constexpr double WIDTH = 720, HEIGHT = 440;
constexpr double LEFT = 70, RIGHT = 210, TOP = 50, BOTTOM = 60; // margins; legend at right

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

// Shortest fixed form: 2, 2.5, 0.25.
std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
}

std::string coordinate(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

// A step of 1, 2 or 5 times a power of ten giving about five intervals up to `top`.
double tick_step(double top) {
    const double raw = top / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * magnitude >= raw) return m * magnitude;
    return 10 * magnitude;
}

std::string text_element(double x, double y, const std::string& text, const std::string& extra) {
    return "<text x=\"" + coordinate(x) + "\" y=\"" + coordinate(y) + "\" " + extra + ">" +
           escape(text) + "</text>\n";
}

std::string line_element(double x1, double y1, double x2, double y2, const std::string& style) {
    return "<line x1=\"" + coordinate(x1) + "\" y1=\"" + coordinate(y1) + "\" x2=\"" +
           coordinate(x2) + "\" y2=\"" + coordinate(y2) + "\" " + style + "/>\n";
}

} // namespace

std::string line_chart_svg(const LineChart& chart) {
    const double plotWidth = WIDTH - LEFT - RIGHT, plotHeight = HEIGHT - TOP - BOTTOM;
    double xMin = chart.x.empty() ? 0 : chart.x.front();
    double xMax = chart.x.empty() ? 1 : chart.x.back();
    if (xMax <= xMin) { // one point: centre it
        xMin -= 1;
        xMax += 1;
    }
    double yMax = 0;
    for (const ChartSeries& s : chart.series)
        for (double v : s.values)
            if (std::isfinite(v)) yMax = std::max(yMax, v);
    const double step = tick_step(yMax > 0 ? yMax * 1.05 : 1);
    yMax = step * std::ceil((yMax > 0 ? yMax * 1.05 : 1) / step);

    const auto px = [&](double x) { return LEFT + (x - xMin) / (xMax - xMin) * plotWidth; };
    const auto py = [&](double y) { return TOP + plotHeight - y / yMax * plotHeight; };

    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(WIDTH) +
                      "\" height=\"" + number(HEIGHT) + "\" viewBox=\"0 0 " + number(WIDTH) + " " +
                      number(HEIGHT) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    svg += text_element(WIDTH / 2, 24, chart.title, "text-anchor=\"middle\" font-size=\"16\"");

    // Grid and y ticks.
    for (double y = 0; y <= yMax + step / 2; y += step) {
        svg += line_element(LEFT, py(y), LEFT + plotWidth, py(y), "stroke=\"#dddddd\"");
        svg += text_element(LEFT - 8, py(y) + 4, number(y), "text-anchor=\"end\"");
    }
    // x ticks at the data's x values.
    for (double x : chart.x) {
        svg +=
            line_element(px(x), TOP + plotHeight, px(x), TOP + plotHeight + 5, "stroke=\"black\"");
        svg += text_element(px(x), TOP + plotHeight + 20, number(x), "text-anchor=\"middle\"");
    }
    // Axes.
    svg += line_element(LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight,
                        "stroke=\"black\"");
    svg += line_element(LEFT, TOP, LEFT, TOP + plotHeight, "stroke=\"black\"");
    svg += text_element(LEFT + plotWidth / 2, HEIGHT - 15, chart.xLabel, "text-anchor=\"middle\"");
    const std::string yCentre = coordinate(TOP + plotHeight / 2);
    svg += text_element(20, TOP + plotHeight / 2, chart.yLabel,
                        "text-anchor=\"middle\" transform=\"rotate(-90 20 " + yCentre + ")\"");

    // Series, then the legend.
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        const ChartSeries& s = chart.series[i];
        const std::string stroke = "stroke=\"" + escape(s.color) + "\" stroke-width=\"2\"" +
                                   (s.dashed ? " stroke-dasharray=\"6 4\"" : "");
        std::string points, dots;
        for (std::size_t p = 0; p < s.values.size() && p < chart.x.size(); ++p) {
            if (!std::isfinite(s.values[p])) continue;
            const std::string cx = coordinate(px(chart.x[p])), cy = coordinate(py(s.values[p]));
            points += (points.empty() ? "" : " ") + cx + "," + cy;
            dots += "<circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"3.5\" fill=\"" +
                    escape(s.color) + "\"/>\n";
        }
        svg += "<polyline fill=\"none\" " + stroke + " points=\"" + points + "\"/>\n" + dots;
        const double ly = TOP + 10 + 22 * double(i);
        const double lx = LEFT + plotWidth + 20;
        svg += line_element(lx, ly, lx + 28, ly, stroke);
        svg += text_element(lx + 36, ly + 4, s.name, "");
    }
    svg += "</svg>\n";
    return svg;
}

} // namespace flotilla::tools
