#include "cluster/launch.h"

#ifdef FLOTILLA_MPI
#include "cluster/mpi_transport.h"
#endif

#include <cstdlib>

namespace flotilla::cluster {

bool started_by_mpi_launcher() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
        if (std::getenv(name)) return true;
    return false;
}

bool built_with_mpi() {
#ifdef FLOTILLA_MPI
    return true;
#else
    return false;
#endif
}

Cluster::TransportFactory process_transport() {
#ifdef FLOTILLA_MPI
    if (started_by_mpi_launcher())
        return [](std::string* error) { return make_mpi_transport(error); };
#endif
    return {};
}

} // namespace flotilla::cluster
