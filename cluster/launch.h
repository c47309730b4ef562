// How a process finds out whether it is one rank of a cluster.
#pragma once

#include "cluster/cluster.h"

namespace flotilla::cluster {

// Whether a launcher (mpirun of Open MPI or MPICH, or a PMIx launcher) started us.
bool started_by_mpi_launcher();
// Whether this build can join a cluster (FLOTILLA_MPI).
bool built_with_mpi();
// The transport of this process: MPI when the build has it and a launcher started the
// process; none otherwise, so that the same binary run by hand is the ordinary engine.
Cluster::TransportFactory process_transport();
// The exchange's settings: the defaults, or FLOTILLA_CLUSTER_EXCHANGE=MS:ENTRIES:DEPTH
// (interval, entries per batch, least depth) for measurements; a malformed value is
// ignored (the defaults) and said in *notice.
Settings process_settings(std::string* notice);

} // namespace flotilla::cluster
