// Shared helpers for the threads tests: a synthetic hwloc machine and a parsed
// NumaPolicy, each reporting a failure to load or parse as a test failure.
#pragma once

#include "threads/machine/placement.h"
#include "threads/machine/topology.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace flotilla::testing {

inline TopologyDescription load(const std::string& spec,
                                const std::optional<std::vector<int>>& allowed = {}) {
    std::string error;
    auto t = Topology::synthetic(spec, allowed, &error);
    EXPECT_TRUE(t) << error;
    return t ? t->description() : TopologyDescription{};
}

inline NumaPolicy policy(const std::string& text) {
    std::string error;
    auto p = parse_numa_policy(text, &error);
    EXPECT_TRUE(p) << error;
    return p.value_or(NumaPolicy{});
}

} // namespace flotilla::testing
