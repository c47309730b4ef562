#include "threads/helper_schedule.h"

namespace flotilla::threads {

bool HelperSchedule::searches(Depth depth) const {
    if (index == 0 || depth <= 1) return true;
    const int size = 1 + (index - 1) / 2 % 2; // 1, 1, 2, 2, 1, 1, ...
    const int phase = (index - 1) % (2 * size);
    return (depth + phase) / size % 2 == 0;
}

} // namespace flotilla::threads
