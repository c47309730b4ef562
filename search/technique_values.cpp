#include "search/technique_values.h"

namespace flotilla::search {

std::vector<TechniqueValues> technique_values(const Params& params) {
    std::vector<TechniqueValues> all;
    for_each_technique(
        [&](const auto& entry) { all.push_back(values_of(*entry.info, params.*entry.params)); });
    return all;
}

} // namespace flotilla::search
