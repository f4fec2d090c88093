#include "cluster/fitness_cluster.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cluster/cluster.hpp"
#include "support/error.hpp"

#ifdef EVALSYNTH_HAS_MPI
#include <unistd.h>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <boost/serialization/string.hpp>
#include <cereal/archives/binary.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/utility.hpp>
#include <cereal/types/vector.hpp>
#include <csignal>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "lang/parse.hpp"
#include "lang/printer.hpp"
#endif

namespace evalsynth::cluster {

#ifdef EVALSYNTH_HAS_MPI
namespace {

enum Tag : int { kReady = 1, kBatch, kUnits, kResults, kStop, kAccount };

// A batch's programs and task, as text (programs print and parse back to
// the same program: checkpoints rely on it too).
struct BatchMessage {
  std::uint8_t task = 0;
  std::vector<std::uint64_t> self_play_slots;  // the training opponents that are self-play slots
  std::vector<std::uint8_t> has_self_play;     // by slot: 0 plays the stand-in
  std::vector<std::string> self_play;
  std::vector<std::string> programs;
  template <class Archive>
  void serialize(Archive& a) {
    a(task, self_play_slots, has_self_play, self_play, programs);
  }
};

template <class T>
std::string encode(const T& value) {
  std::ostringstream out;
  {
    cereal::BinaryOutputArchive a(out);
    a(value);
  }
  return std::move(out).str();
}

template <class T>
T decode(const std::string& bytes) {
  std::istringstream in(bytes);
  cereal::BinaryInputArchive a(in);
  T value;
  a(value);
  return value;
}

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// One chunk of a batch's units, with the worker that plays it.
struct Chunk {
  bool busy = false;
  std::size_t begin = 0, end = 0;  // indices into the batch's units
  Clock::time_point sent;
  std::string reply;
  boost::mpi::request request;
};

// Between polls of the workers' replies: short against a chunk's time, long
// enough to leave the cores to the processes that play (Open MPI's own wait
// spins on one).
void pause_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(200)); }

// The test hook of serve_fitness (fitness_cluster.hpp): the chunk number at
// which this rank fails, and how.
struct Fault {
  bool kill = false;
  long chunk = 0;  // 0: never
};

Fault fault_for(int rank) {
  const char* text = std::getenv("EVALSYNTH_FAULT");
  Fault fault;
  int fault_rank = -1;
  char kind[8] = {};
  if (text && std::sscanf(text, "%d:%7[a-z]:%ld", &fault_rank, kind, &fault.chunk) == 3 && fault_rank == rank) {
    fault.kill = std::string(kind) == "kill";
    return fault;
  }
  return Fault{};
}

void fail_as_told(const Fault& fault) {
  if (fault.kill) std::raise(SIGKILL);
  while (true) ::pause();
}

}  // namespace

struct FitnessMaster::State {
  boost::mpi::communicator world;
  RunGame* game = nullptr;
  int threads = 0;
  double timeout = 0;  // seconds a worker may take to answer
  bool lost = false;   // a worker did not answer: the job must be aborted
  std::uint64_t sent_batch = 0;
  // Rank 0's time: since connect; encoding, sending and decoding; playing
  // its own chunks; waiting for workers with nothing left to play.
  Clock::time_point connected;
  double messages = 0, playing = 0, waiting = 0;
  std::uint64_t unit_count = 0, chunks_sent = 0;

  void send_batch(const std::vector<const lang::Program*>& programs, RunGame::Task task) {
    BatchMessage m;
    m.task = task == RunGame::Task::Training ? 0 : 1;
    for (const auto& [slot, p] : game->self_play_programs()) {
      m.self_play_slots.push_back(slot);
      m.has_self_play.push_back(p ? 1 : 0);
      m.self_play.push_back(p ? lang::to_text(*p) : std::string());
    }
    for (const lang::Program* p : programs) m.programs.push_back(lang::to_text(*p));
    const auto start = Clock::now();
    const std::string payload = encode(m);
    for (int w = 1; w < world.size(); ++w) world.send(w, kBatch, payload);
    messages += seconds_since(start);
  }

  [[noreturn]] void lose(int rank, const char* what) {
    lost = true;
    throw WorkerLost("MPI rank " + std::to_string(rank) + " " + what + " within " +
                     std::to_string(static_cast<long>(timeout)) +
                     " s (it stopped or hangs; --worker-timeout sets the limit); the job ends");
  }

  void check_overdue(const std::vector<Chunk>& chunks) {
    for (std::size_t w = 1; w < chunks.size(); ++w)
      if (chunks[w].busy && seconds_since(chunks[w].sent) > timeout)
        lose(static_cast<int>(w), "did not return its chunk of fitness work");
  }

  // Hands chunks of `units` to the workers and plays chunks here while they
  // work; every result lands at its unit's index, whoever played it.
  void distribute(const std::vector<std::size_t>& units, std::vector<UnitResult>& results, const PlayHere& here) {
    const std::size_t n = units.size();
    const auto ranks = static_cast<std::size_t>(world.size());
    // Four chunks per rank: the last ones finish close together. Rank 0
    // plays smaller ones, so it answers a worker soon after it finishes.
    const std::size_t chunk = std::max<std::size_t>(1, n / (4 * ranks));
    const std::size_t own_chunk = std::max<std::size_t>(1, chunk / 4);
    std::size_t next = 0;
    std::vector<Chunk> chunks(ranks);
    unit_count += n;
    auto dispatch = [&](std::size_t w) {
      const auto start = Clock::now();
      ++chunks_sent;
      Chunk& c = chunks[w];
      c.begin = next;
      c.end = next = std::min(n, next + chunk);
      const std::vector<std::uint64_t> some(units.begin() + static_cast<std::ptrdiff_t>(c.begin),
                                            units.begin() + static_cast<std::ptrdiff_t>(c.end));
      world.send(static_cast<int>(w), kUnits, encode(some));
      c.request = world.irecv(static_cast<int>(w), kResults, c.reply);
      c.sent = Clock::now();
      c.busy = true;
      messages += seconds_since(start);
    };
    auto collect = [&](std::size_t w) {
      const auto start = Clock::now();
      Chunk& c = chunks[w];
      const auto got = decode<std::vector<UnitResult>>(c.reply);
      assert(got.size() == c.end - c.begin);
      std::copy(got.begin(), got.end(), results.begin() + static_cast<std::ptrdiff_t>(c.begin));
      c.busy = false;
      messages += seconds_since(start);
      if (next < n) dispatch(w);
    };
    for (std::size_t w = 1; w < ranks && next < n; ++w) dispatch(w);
    while (true) {
      if (next < n) {
        const std::size_t begin = next;
        next = std::min(n, next + own_chunk);
        const std::vector<std::size_t> mine(units.begin() + static_cast<std::ptrdiff_t>(begin),
                                            units.begin() + static_cast<std::ptrdiff_t>(next));
        const auto start = Clock::now();
        const std::vector<UnitResult> got = here(mine);
        std::copy(got.begin(), got.end(), results.begin() + static_cast<std::ptrdiff_t>(begin));
        playing += seconds_since(start);
      }
      bool any_busy = false;
      for (std::size_t w = 1; w < ranks; ++w) {
        if (chunks[w].busy && chunks[w].request.test()) collect(w);
        any_busy = any_busy || chunks[w].busy;
      }
      check_overdue(chunks);
      if (next < n) continue;
      if (!any_busy) break;
      // Nothing left to play here: wait for the first worker to answer.
      const auto start = Clock::now();
      for (bool answered = false; !answered; check_overdue(chunks)) {
        for (std::size_t w = 1; w < ranks && !answered; ++w)
          if (chunks[w].busy && chunks[w].request.test()) {
            waiting += seconds_since(start);
            collect(w);
            answered = true;
          }
        if (!answered) pause_briefly();
      }
    }
  }
};

FitnessMaster::FitnessMaster() {
  if (cluster::size() > 1) state_ = std::make_unique<State>();
}

FitnessMaster::~FitnessMaster() {
  if (!state_) return;
  if (state_->lost) {
    // A lost worker would never reach MPI_Finalize, and rank 0 would wait
    // for it there: end every process now.
    std::fflush(stdout);
    std::fflush(stderr);
    state_->world.abort(1);
  }
  for (int w = 1; w < state_->world.size(); ++w) state_->world.send(w, kStop);
}

void FitnessMaster::connect(RunGame& game, int threads, int timeout_seconds) {
  if (!state_) return;
  State& s = *state_;
  s.timeout = timeout_seconds;
  const auto start = Clock::now();
  for (int w = 1; w < s.world.size(); ++w) {
    std::string failure;
    boost::mpi::request ready = s.world.irecv(w, kReady, failure);
    while (!ready.test()) {
      if (seconds_since(start) > s.timeout) s.lose(w, "did not build the run");
      pause_briefly();
    }
    if (!failure.empty())
      throw InputError(TextLocation{"rank " + std::to_string(w), 0, 0},
                       "this process could not build the run: " + failure);
  }
  state_->game = &game;
  state_->threads = threads;
  state_->connected = Clock::now();
  game.set_distributor([&s](std::uint64_t batch, const std::vector<const lang::Program*>& programs, RunGame::Task task,
                            const std::vector<std::size_t>& units, std::vector<UnitResult>& results,
                            const PlayHere& here) {
    if (batch != s.sent_batch) {
      s.send_batch(programs, task);
      s.sent_batch = batch;
    }
    s.distribute(units, results, here);
  });
}

std::string FitnessMaster::time_report() {
  if (!state_ || !state_->game || state_->lost) return "";
  State& s = *state_;
  // Each worker's account: its seconds since it was ready, and playing.
  std::string idle;
  for (int w = 1; w < s.world.size(); ++w) {
    s.world.send(w, kAccount);
    std::string reply;
    s.world.recv(w, kAccount, reply);
    const auto [since, played] = decode<std::pair<double, double>>(reply);
    char share[64];
    std::snprintf(share, sizeof share, "%s rank %d %.1f%%", w == 1 ? "" : ",", w,
                  since > 0 ? 100 * (since - played) / since : 0.0);
    idle += share;
  }
  const double total = seconds_since(s.connected);
  const double fitness = s.messages + s.playing + s.waiting;
  char text[512];
  std::snprintf(text, sizeof text,
                "cluster: %d processes, %llu units in %llu chunks; rank 0's %.2f s: %.2f s in messages (%.1f%%), "
                "%.2f s playing (%.1f%%), %.2f s waiting (%.1f%%), %.2f s outside the distributed fitness work "
                "(%.1f%%: selection, breeding, validation bookkeeping, references, checkpoints); "
                "the workers idle (not playing):",
                s.world.size(), static_cast<unsigned long long>(s.unit_count),
                static_cast<unsigned long long>(s.chunks_sent), total, s.messages, 100 * s.messages / total, s.playing,
                100 * s.playing / total, s.waiting, 100 * s.waiting / total, total - fitness,
                100 * (total - fitness) / total);
  return text + idle;
}

int serve_fitness(const std::function<RunGame&(int& threads)>& build) {
  const boost::mpi::communicator world;
  RunGame* game = nullptr;
  int threads = 0;
  std::string failure;
  try {
    game = &build(threads);
  } catch (const std::exception& e) {
    failure = e.what();
  }
  world.send(0, kReady, failure);
  const auto ready = Clock::now();
  double playing = 0;  // seconds playing chunks (the rest is idle: messages and waiting)
  const Fault fault = fault_for(world.rank());
  long chunks_received = 0;
  std::vector<lang::Program> self_play, programs;
  std::unique_ptr<UnitSession> session;
  while (true) {
    const boost::mpi::status status = world.probe(0, boost::mpi::any_tag);
    if (status.tag() == kStop) {
      world.recv(0, kStop);
      return failure.empty() ? 0 : 1;
    }
    if (status.tag() == kAccount) {
      world.recv(0, kAccount);
      world.send(0, kAccount, encode(std::pair<double, double>{seconds_since(ready), playing}));
      continue;
    }
    std::string payload;
    world.recv(0, status.tag(), payload);
    assert(game);
    if (status.tag() == kBatch) {
      session.reset();
      const auto m = decode<BatchMessage>(payload);
      self_play.clear();
      for (std::size_t i = 0; i < m.self_play.size(); ++i)
        self_play.push_back(m.has_self_play[i] ? lang::parse_program(m.self_play[i], "self-play program")
                                               : lang::Program{});
      for (std::size_t i = 0; i < self_play.size(); ++i)
        game->set_self_play(m.self_play_slots[i], m.has_self_play[i] ? &self_play[i] : nullptr);
      programs.clear();
      for (const std::string& text : m.programs) programs.push_back(lang::parse_program(text, "program"));
      std::vector<const lang::Program*> pointers;
      for (const lang::Program& p : programs) pointers.push_back(&p);
      session = game->open_session(pointers, m.task == 0 ? RunGame::Task::Training : RunGame::Task::Validation);
    } else if (status.tag() == kUnits) {
      assert(session);
      if (++chunks_received == fault.chunk) fail_as_told(fault);
      const auto units = decode<std::vector<std::uint64_t>>(payload);
      const std::vector<std::size_t> list(units.begin(), units.end());
      const auto start = Clock::now();
      std::string reply = encode(session->play(list, threads));
      playing += seconds_since(start);
      world.send(0, kResults, reply);
    }
  }
}

#else  // built for one process

struct FitnessMaster::State {};
FitnessMaster::FitnessMaster() = default;
FitnessMaster::~FitnessMaster() = default;
void FitnessMaster::connect(RunGame&, int, int) {}
std::string FitnessMaster::time_report() { return ""; }
int serve_fitness(const std::function<RunGame&(int&)>&) { return 0; }

#endif

}  // namespace evalsynth::cluster
