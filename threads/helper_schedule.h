// Lazy SMP's diversity: which root depths each thread searches, so that the threads are
// not all on the same depth at once.
#pragma once

#include "search/shared_search.h"

namespace flotilla::threads {

// Helper `index` (0: the main thread, which searches every depth) skips iterations in
// blocks of 1 or 2 depths, offset by its index (the skip-block idea of Lazy SMP as
// published with Stockfish 7-11, in our own form). Depth 1 is never skipped.
class HelperSchedule final : public search::IterationSchedule {
  public:
    explicit HelperSchedule(int index) : index(index) {}
    bool searches(Depth depth) const override;

  private:
    int index;
};

} // namespace flotilla::threads
