#include "cluster/item_cluster.hpp"

#include <cassert>
#include <exception>
#include <vector>

#include "cluster/cluster.hpp"

#ifdef EVALSYNTH_HAS_MPI
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <boost/serialization/string.hpp>
#include <chrono>
#include <deque>
#include <thread>

#include "cluster/fault_hook.hpp"
#endif

namespace evalsynth::cluster {
namespace {
int worker_timeout = 0;  // seconds; 0: no limit
bool worker_lost = false;
}  // namespace

void set_item_worker_timeout(int seconds) { worker_timeout = seconds; }
bool item_worker_lost() { return worker_lost; }

#ifdef EVALSYNTH_HAS_MPI
namespace {

// Tags of the item messages (the fitness cluster's are below 10). Each
// message is a kind byte and its payload. Per call: rank 0 tells every
// worker to go (or to stop: its command failed before); each worker sends
// its chunks (or that it failed); rank 0 sends every worker all the bytes
// (or stop).
enum Tag : int { kGo = 40, kChunks = 41, kAll = 42 };
constexpr char kResults = 'R', kFailed = 'F', kStop = 'S', kGoOn = 'G';

// Chunk k of `chunks` over `count` items: [first(k), first(k + 1)).
std::size_t first(std::size_t k, std::size_t chunks, std::size_t count) { return k * count / chunks; }

void send_to_workers(const boost::mpi::communicator& world, int tag, const std::string& message) {
  for (int r = 1; r < world.size(); ++r) world.send(r, tag, message);
}

std::string worker_spread(const boost::mpi::communicator& world, std::size_t chunks, std::size_t count,
                          const ItemWork& work) {
  std::string go;
  world.recv(0, kGo, go);
  if (go.empty() || go[0] != kGoOn) throw ItemWorkStopped();
  const auto ranks = static_cast<std::size_t>(world.size());
  // Each chunk is sent once computed, without waiting for rank 0 to take
  // it (it may be computing its own): the messages stay alive until taken.
  static long chunks_computed = 0;
  static const Fault fault = fault_for(world.rank());
  std::deque<std::string> mine;
  std::vector<boost::mpi::request> sending;
  try {
    for (std::size_t k = static_cast<std::size_t>(world.rank()); k < chunks; k += ranks) {
      if (++chunks_computed == fault.chunk) fail_as_told(fault);
      mine.push_back(kResults + work(first(k, chunks, count), first(k + 1, chunks, count)));
      sending.push_back(world.isend(0, kChunks, mine.back()));
    }
  } catch (const std::exception& e) {
    boost::mpi::wait_all(sending.begin(), sending.end());
    world.send(0, kChunks, kFailed + std::string(e.what()));
    throw ItemWorkStopped();
  }
  boost::mpi::wait_all(sending.begin(), sending.end());
  std::string all;
  world.recv(0, kAll, all);
  if (all.empty() || all[0] != kResults) throw ItemWorkStopped();
  return all.substr(1);
}

// Rank `from`'s next chunk; with a timeout, a rank silent for longer is lost
// (hung, or dead where mpirun did not end the job): WorkerHung.
std::string receive_chunk(const boost::mpi::communicator& world, int from) {
  std::string bytes;
  if (worker_timeout == 0) {
    world.recv(from, kChunks, bytes);
    return bytes;
  }
  boost::mpi::request request = world.irecv(from, kChunks, bytes);
  const auto start = std::chrono::steady_clock::now();
  while (!request.test()) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(worker_timeout)) {
      request.cancel();
      worker_lost = true;
      throw WorkerHung("MPI rank " + std::to_string(from) + " did not send its items within " +
                       std::to_string(worker_timeout) +
                       " s (it stopped or hangs; --worker-timeout sets the limit); the job ends");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return bytes;
}

}  // namespace

std::string ClusterItemSpreader::spread(std::size_t count, const ItemWork& work) {
  const boost::mpi::communicator world;
  const auto ranks = static_cast<std::size_t>(world.size());
  if (ranks == 1) return work(0, count);
  const std::size_t chunks = std::min(count, 4 * ranks);
  if (world.rank() != 0) return worker_spread(world, chunks, count, work);
  send_to_workers(world, kGo, std::string(1, kGoOn));
  // Rank 0's own chunks first, then every worker's in order (a rank's
  // messages arrive in the order it sent them); a failure anywhere still
  // takes in what every worker sends, so none is left sending, then stops
  // them all.
  std::vector<std::string> got(chunks);
  std::exception_ptr own_failure;
  std::string failure;
  try {
    for (std::size_t k = 0; k < chunks; k += ranks) got[k] = work(first(k, chunks, count), first(k + 1, chunks, count));
  } catch (...) {
    own_failure = std::current_exception();
  }
  std::vector<bool> failed(ranks, false);
  for (std::size_t k = 0; k < chunks; ++k) {
    const std::size_t from = k % ranks;
    if (from == 0 || failed[from]) continue;
    const std::string bytes = receive_chunk(world, static_cast<int>(from));
    if (!bytes.empty() && bytes[0] == kResults) {
      got[k] = bytes.substr(1);
      continue;
    }
    failed[from] = true;
    if (failure.empty() && !own_failure)
      failure = "evalsynth on rank " + std::to_string(from) + " failed: " + (bytes.empty() ? "" : bytes.substr(1));
  }
  if (own_failure || !failure.empty()) {
    send_to_workers(world, kAll, std::string(1, kStop));
    if (own_failure) std::rethrow_exception(own_failure);
    throw RankFailed(failure);
  }
  std::string all(1, kResults);
  for (const std::string& bytes : got) all += bytes;
  send_to_workers(world, kAll, all);
  return all.substr(1);
}

void abort_job() {
  const boost::mpi::communicator world;
  world.abort(1);
}

void report_item_failure(const std::string& message) {
  const boost::mpi::communicator world;
  if (world.rank() != 0) world.send(0, kChunks, kFailed + message);
}

void stop_item_workers() {
  const boost::mpi::communicator world;
  if (world.rank() != 0) return;
  // Workers waiting to go stop. A message this small is sent at once, even
  // to a worker that already ended and never receives it.
  send_to_workers(world, kGo, std::string(1, kStop));
}

#else

std::string ClusterItemSpreader::spread(std::size_t count, const ItemWork& work) { return work(0, count); }
void report_item_failure(const std::string&) {}
void stop_item_workers() {}
void abort_job() {}

#endif

}  // namespace evalsynth::cluster
