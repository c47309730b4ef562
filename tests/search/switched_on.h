// Tests of a technique that is off by default (its SPRT still to decide it): its
// parameters with the switch on, the rest at their defaults.
#pragma once

namespace flotilla::search::testing {

template <class P> P switched_on(P p = {}) {
    p.enabled = true;
    return p;
}

} // namespace flotilla::search::testing
