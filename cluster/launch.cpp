#include "cluster/launch.h"

#ifdef FLOTILLA_MPI
#include "cluster/mpi_transport.h"
#endif

#include <cstdio>
#include <cstdlib>
#include <string>

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

Settings process_settings(std::string* notice) {
    Settings settings;
    const char* text = std::getenv("FLOTILLA_CLUSTER_EXCHANGE");
    if (!text) return settings;
    int ms = 0, entries = 0, depth = 0;
    char end = 0;
    if (std::sscanf(text, "%d:%d:%d%c", &ms, &entries, &depth, &end) != 3 || ms < 1 || ms > 10000 ||
        entries < 1 || entries > 65536 || depth < 1 || depth > 100) {
        if (notice)
            *notice = "FLOTILLA_CLUSTER_EXCHANGE must be MS:ENTRIES:DEPTH; using the defaults";
        return settings;
    }
    settings.exchangeIntervalMs = ms;
    settings.entriesPerExchange = std::size_t(entries);
    settings.exportDepth = depth;
    return settings;
}

} // namespace flotilla::cluster
