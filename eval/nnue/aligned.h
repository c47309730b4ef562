// A std::vector allocator with 64-byte alignment: aligned vector loads on the network's
// rows and the accumulators, and whole cache lines, while keeping value semantics.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace flotilla::nnue {

template <typename T> struct AlignedAllocator {
    using value_type = T;
    static constexpr std::align_val_t ALIGNMENT{64};

    AlignedAllocator() = default;
    template <typename U> AlignedAllocator(const AlignedAllocator<U>&) {}

    T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), ALIGNMENT)); }
    void deallocate(T* p, std::size_t) { ::operator delete(p, ALIGNMENT); }

    template <typename U> bool operator==(const AlignedAllocator<U>&) const { return true; }
};

template <typename T> using AlignedVector = std::vector<T, AlignedAllocator<T>>;

} // namespace flotilla::nnue
