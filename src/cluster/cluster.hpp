#pragma once
// The processes of one evalsynth started by mpirun (Open MPI through
// Boost.MPI): rank 0 runs the command as always, the others serve it fitness
// work (fitness_cluster.hpp). Built without MPI, or started without mpirun,
// evalsynth is a cluster of one process and nothing here does anything.

#include <memory>
#include <string>

namespace evalsynth::cluster {

class Cluster {
 public:
  // Starts MPI when the tool has it and mpirun started this process (once
  // per process, before any command).
  Cluster(int& argc, char**& argv);
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_first() const { return rank_ == 0; }

  // "with MPI (Open MPI x.y, Boost.MPI)" or "without MPI", for --version.
  static std::string build_description();

 private:
  struct Environment;
  std::unique_ptr<Environment> environment_;
  int rank_ = 0, size_ = 1;
};

// This process's rank and the number of processes (0 and 1 when no Cluster
// was made, as in tests and tools).
int rank();
int size();

}  // namespace evalsynth::cluster
