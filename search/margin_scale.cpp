#include "search/margin_scale.h"

#include <algorithm>

namespace flotilla::search {

namespace {

int scaled(int value, int percent) {
    const long long v = (long long)value * percent;
    return int((v + (v >= 0 ? 50 : -50)) / 100);
}

void scale_number(int& number, NetworkScale how, int percent) {
    if (how == NetworkScale::Margin) number = scaled(number, percent);
    if (how == NetworkScale::Divisor) number = std::max(1, scaled(number, percent));
}

// A number marked twice (as a tunable and as a constant) would be scaled twice.
template <class P> constexpr bool marked_once(const Technique<P>& t) {
    for (const Tunable<P>& a : t.tunables)
        for (const Constant<P>& b : t.constants)
            if (a.field == b.field && a.networkScale != NetworkScale::None &&
                b.networkScale != NetworkScale::None)
                return false;
    return true;
}
constexpr bool every_scaled_number_marked_once() {
    bool once = true;
    for_each_technique([&](const auto& entry) { once = once && marked_once(*entry.info); });
    return once;
}
static_assert(every_scaled_number_marked_once(), "a number is marked for NetworkMarginScale twice");

} // namespace

void scale_eval_margins(Params& p, int percent) {
    if (percent == 100) return;
    for_each_technique([&](const auto& entry) {
        auto& params = p.*entry.params;
        for (const auto& tunable : entry.info->tunables)
            scale_number(params.*tunable.field, tunable.networkScale, percent);
        for (const auto& constant : entry.info->constants)
            scale_number(params.*constant.field, constant.networkScale, percent);
    });
}

} // namespace flotilla::search
