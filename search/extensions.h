// The extensions together. Every extension technique offers each move some plies (its
// description's `offer`); the move gets the largest positive offer, so never more than
// one technique's plies (one, two for a double extension), plus any negative one. It counts once,
// for the first technique in EXTENSION_ORDER that offered the ply it got (its description's
// `applied` counter); the threat extensions have none here, since they count the nodes where they
// apply.
#pragma once

#include "search/params.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

namespace flotilla::search {

// Every technique whose description has an offer, in the order that settles which one
// a move counts for when several offer it the same ply.
inline constexpr std::tuple EXTENSION_ORDER{
    &Params::singularExtension,   &Params::doubleExtension,     &Params::tripleExtension,
    &Params::checkExtension,      &Params::oneReplyExtension,   &Params::recaptureExtension,
    &Params::passedPawnExtension, &Params::mateThreatExtension,
};
inline constexpr std::size_t EXTENSION_COUNT = std::tuple_size_v<decltype(EXTENSION_ORDER)>;

// A technique's entry in TECHNIQUES, found by its params member.
template <class P> constexpr const TechniqueEntry<P>& technique_entry(P Params::*) {
    return std::get<TechniqueEntry<P>>(TECHNIQUES);
}

// Calls f(entry) for every extension's TechniqueEntry, in EXTENSION_ORDER.
template <class F> constexpr void for_each_extension(F&& f) {
    std::apply([&](auto... member) { (f(technique_entry(member)), ...); }, EXTENSION_ORDER);
}

namespace detail {

template <class A, class B> constexpr bool same_member(A a, B b) {
    if constexpr (std::is_same_v<A, B>)
        return a == b;
    else
        return false;
}

template <class P> constexpr bool counts_in_its_own_counters(const Technique<P>& t) {
    if (!t.applied) return true;
    for (const Counter& c : t.counters)
        if (c.field == t.applied) return true;
    return false;
}

// Each technique with an offer is in EXTENSION_ORDER once, and only those are; each
// applied counter is one of its technique's own.
constexpr bool every_extension_ordered_once() {
    bool ok = true;
    std::size_t offering = 0;
    for_each_technique([&](const auto& entry) {
        ok = ok && counts_in_its_own_counters(*entry.info);
        if (!entry.info->offer) return;
        ++offering;
        std::size_t listed = 0;
        std::apply([&](auto... member) { ((listed += same_member(member, entry.params)), ...); },
                   EXTENSION_ORDER);
        ok = ok && listed == 1;
    });
    for_each_extension([&](const auto& entry) { ok = ok && entry.info->offer != nullptr; });
    return ok && offering == EXTENSION_COUNT;
}
#ifndef FLOTILLA_NO_CONSTEXPR_FUNCTION_COMPARE // (CMakeLists.txt; a test checks it there)
static_assert(every_extension_ordered_once(),
              "an extension technique is missing from EXTENSION_ORDER, or listed twice");
#endif

} // namespace detail

// What each extension offers one move, in EXTENSION_ORDER's order.
using OfferedExtensions = std::array<Depth, EXTENSION_COUNT>;

inline OfferedExtensions offered_extensions(const Params& p, const ExtensionContext& c) {
    OfferedExtensions offered{};
    std::size_t i = 0;
    for_each_extension(
        [&](const auto& entry) { offered[i++] = entry.info->offer(p.*entry.params, c); });
    return offered;
}

// The plies a move gets: the largest positive offer plus every negative one (a negative
// singular extension lowers what is left).
constexpr Depth extension_plies(const OfferedExtensions& offered) {
    Depth largest = 0, lowered = 0;
    for (const Depth d : offered) {
        largest = std::max(largest, d);
        lowered += std::min(d, 0);
    }
    return largest + lowered;
}

// Each extension's counter of the moves that got its ply, in EXTENSION_ORDER's order.
inline constexpr std::array<std::uint64_t Stats::*, EXTENSION_COUNT> EXTENSION_COUNTERS = [] {
    std::array<std::uint64_t Stats::*, EXTENSION_COUNT> counters{};
    std::size_t i = 0;
    for_each_extension([&](const auto& entry) { counters[i++] = entry.info->applied; });
    return counters;
}();

// The counter a move's extension counts in: that of the first extension in
// EXTENSION_ORDER that offered the largest ply; none when no ply was offered, or when
// that extension counts otherwise.
constexpr std::uint64_t Stats::*applied_counter(const OfferedExtensions& offered) {
    const Depth ply = *std::max_element(offered.begin(), offered.end());
    if (ply <= 0) return nullptr;
    for (std::size_t i = 0; i < EXTENSION_COUNT; ++i)
        if (offered[i] == ply) return EXTENSION_COUNTERS[i];
    return nullptr;
}

// Where a technique's offer stands in OfferedExtensions.
template <class P> constexpr std::size_t extension_slot(P Params::*member) {
    std::size_t slot = 0, i = 0;
    std::apply([&](auto... m) { ((slot = detail::same_member(m, member) ? i : slot, ++i), ...); },
               EXTENSION_ORDER);
    return slot;
}

} // namespace flotilla::search
