// CPU time of this process, all threads together (user + system). On a shared machine
// nodes per CPU-second show the engine's own scaling, which wall-clock nps hides when
// other programs take part of a core.
#pragma once

namespace flotilla::tools {

// Seconds of CPU this process has used so far; 0 when the system cannot tell.
double process_cpu_seconds();

} // namespace flotilla::tools
