#include "support/worker_threads.hpp"

#include <sched.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <cstdio>
#include <string_view>

namespace evalsynth {

int allowed_cores() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) != 0) return tbb::this_task_arena::max_concurrency();
  const int count = CPU_COUNT(&mask);
  return count > 0 ? count : 1;
}

std::string threads_beyond_cores_warning(int threads, int allowed) {
  if (threads <= allowed) return "";
  const std::string n = std::to_string(threads), cores = std::to_string(allowed);
  const std::string core_s = allowed == 1 ? " core" : " cores";
  // oneTBB caps its workers at the mask's cores, so the extra threads never
  // start: the work runs at the speed of `allowed` threads.
  return "evalsynth: warning: " + n + " threads asked for, but this process may run on only " + cores + core_s +
         " (its affinity mask), so it runs " + cores + (allowed == 1 ? " thread" : " threads") +
         ". Under mpirun, Open MPI binds each rank to a core or a socket by default: add --bind-to none (or give "
         "--threads " +
         cores + ").\n";
}

void warn_if_threads_beyond_cores(int threads, const std::string& who) {
  static std::atomic<bool> warned{false};
  if (warned.load(std::memory_order_relaxed)) return;
  std::string warning = threads_beyond_cores_warning(threads, allowed_cores());
  if (warning.empty() || warned.exchange(true)) return;
  warning.insert(std::string_view("evalsynth: warning: ").size(), who);
  std::fputs(warning.c_str(), stderr);
}

int worker_threads(int requested) {
  if (requested <= 0) return tbb::this_task_arena::max_concurrency();
  warn_if_threads_beyond_cores(requested);
  return requested;
}

}  // namespace evalsynth
