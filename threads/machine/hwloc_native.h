// Private to threads/: the hwloc handle behind Topology, for the .cpp files that bind.
#pragma once

#include "threads/machine/topology.h"

#include <hwloc.h>

namespace flotilla {

struct Topology::Native {
    hwloc_topology_t topology = nullptr;
    bool thisSystem = false;

    Native() = default;
    Native(const Native&) = delete;
    Native& operator=(const Native&) = delete;
    ~Native() {
        if (topology) hwloc_topology_destroy(topology);
    }
};

// hwloc bitmaps freed at scope exit, so early returns cannot leak them.
class Bitmap {
  public:
    Bitmap() : map(hwloc_bitmap_alloc()) {}
    explicit Bitmap(hwloc_const_bitmap_t other) : map(hwloc_bitmap_dup(other)) {}
    Bitmap(const Bitmap&) = delete;
    Bitmap& operator=(const Bitmap&) = delete;
    ~Bitmap() { hwloc_bitmap_free(map); }
    hwloc_bitmap_t get() const { return map; }
    bool valid() const { return map != nullptr; }

  private:
    hwloc_bitmap_t map;
};

} // namespace flotilla
