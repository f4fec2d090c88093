#include "cluster/cluster.hpp"

#include <cassert>
#include <cstdlib>

#ifdef EVALSYNTH_HAS_MPI
#include <mpi.h>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#endif

namespace evalsynth::cluster {
namespace {

const Cluster* the_cluster = nullptr;

#ifdef EVALSYNTH_HAS_MPI
// Started by mpirun (Open MPI sets these; other launchers set PMI's): only
// then is MPI started, so a command run alone pays nothing for it.
bool launched_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return false;
}
#endif

}  // namespace

#ifdef EVALSYNTH_HAS_MPI
struct Cluster::Environment {
  // Funneled: only the main thread talks MPI; oneTBB's workers never do.
  boost::mpi::environment env;
  Environment(int& argc, char**& argv) : env(argc, argv, boost::mpi::threading::funneled) {}
};
#else
struct Cluster::Environment {};
#endif

Cluster::Cluster([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
  assert(!the_cluster);
#ifdef EVALSYNTH_HAS_MPI
  if (launched_by_mpirun()) {
#if defined(OMPI_MAJOR_VERSION) && OMPI_MAJOR_VERSION == 4
    // Open MPI 4's osc/rdma crashes on one node (unit_window.hpp): left out
    // unless the user names the one-sided components (4 still has osc/pt2pt
    // for networks without UCX; 5 has not, and needs rdma there). Read at
    // MPI's start.
    if (std::getenv("OMPI_COMM_WORLD_SIZE")) ::setenv("OMPI_MCA_osc", "^rdma", 0);
#endif
    environment_ = std::make_unique<Environment>(argc, argv);
    const boost::mpi::communicator world;
    rank_ = world.rank();
    size_ = world.size();
  }
#endif
  the_cluster = this;
}

Cluster::~Cluster() { the_cluster = nullptr; }

int rank() { return the_cluster ? the_cluster->rank() : 0; }
int size() { return the_cluster ? the_cluster->size() : 1; }

std::string Cluster::build_description() {
#ifdef EVALSYNTH_HAS_MPI
  int major = 0, minor = 0;
  MPI_Get_version(&major, &minor);
  return "with MPI (MPI " + std::to_string(major) + "." + std::to_string(minor) + ", Open MPI through Boost.MPI)";
#else
  return "without MPI";
#endif
}

}  // namespace evalsynth::cluster
