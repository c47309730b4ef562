// The cluster's transport over MPI (Open MPI from Debian), built only with
// FLOTILLA_MPI. Creating it initialises MPI on the calling thread, which must then be
// the only one to use it (MPI_THREAD_FUNNELED): the cluster's communication thread.
#pragma once

#include "cluster/transport.h"

#include <memory>
#include <string>

namespace flotilla::cluster {

// Nothing (and *error) when MPI could not start.
std::unique_ptr<Transport> make_mpi_transport(std::string* error);

} // namespace flotilla::cluster
