#include "search/margin_scale.h"

#include <algorithm>

namespace flotilla::search {

namespace {

int scaled(int value, int percent) {
    const long long v = (long long)value * percent;
    return int((v + (v >= 0 ? 50 : -50)) / 100);
}

} // namespace

void scale_eval_margins(Params& p, int percent) {
    if (percent == 100) return;
    for (int* margin : {&p.reverseFutility.marginPerDepth, &p.futility.base, &p.futility.perDepth,
                        &p.razoring.qsearchMarginBase, &p.razoring.qsearchMarginPerDepth,
                        &p.razoring.limitedMargin, &p.probCut.margin, &p.deltaPruning.margin})
        *margin = scaled(*margin, percent);
    // A divisor: at least 1, since null move divides by it.
    p.nullMove.evalDivisor = std::max(1, scaled(p.nullMove.evalDivisor, percent));
}

} // namespace flotilla::search
