// The scaling benchmark's table as text (for the console), as CSV and as a chart.
#pragma once

#include "tools/scaling.h"
#include "tools/svg_chart.h"

#include <string>

namespace flotilla::tools {

// A header line naming the settings, then one aligned row per thread count: threads,
// nps, nps speedup, nodes per CPU-second, its speedup, time to depth, its speedup, TT
// hit rate.
std::string scaling_text(const ScalingTable& table);

// A header row and one row per thread count; numbers in plain decimal, no thousands
// separators, so any spreadsheet reads them.
std::string scaling_csv(const ScalingTable& table);

// nps, nodes per CPU-second and time-to-depth speedups against threads, with the ideal
// (linear) speedup dashed.
LineChart scaling_chart(const ScalingTable& table);

} // namespace flotilla::tools
