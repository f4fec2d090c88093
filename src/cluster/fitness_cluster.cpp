#include "cluster/fitness_cluster.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cluster/batch_split.hpp"
#include "cluster/cluster.hpp"
#include "support/error.hpp"

#ifdef EVALSYNTH_HAS_MPI
#include <deque>

#include "cluster/fitness_messages.hpp"
#endif

namespace evalsynth::cluster {

#ifdef EVALSYNTH_HAS_MPI
namespace {

using namespace fitness_messages;

// Beyond this many processes rank 0 only hands out and gathers chunks:
// answering many workers at once beats playing one more share.
constexpr std::size_t kRanksRankZeroPlays = 4;

struct Chunk {
  std::size_t begin = 0, end = 0;  // indices into the batch's units
  std::string units;               // the encoded unit numbers, alive while sending
  boost::mpi::request sending;
};

// A worker's replies arrive in the order of its chunks (MPI keeps a
// sender's order): one receive is posted at a time, for the oldest.
struct Worker {
  std::deque<Chunk> in_flight;  // sent and not answered (BatchSplit::kInFlight at most), oldest first
  std::string reply;            // the oldest one's results, when `receiving` completes
  boost::mpi::request receiving;
  Clock::time_point since;  // since when the oldest one is awaited
  // In this batch: units it played and the seconds they took it.
  std::size_t units_played = 0;
  double seconds_played = 0;
};

}  // namespace

struct FitnessMaster::State {
  boost::mpi::communicator world;
  RunGame* game = nullptr;
  int threads = 0;
  double timeout = 0;  // seconds a worker may take to answer
  bool lost = false;   // a worker did not answer: the job must be aborted
  std::uint64_t sent_batch = 0;
  // Rank 0's time: since connect; in messages (encoding, sending, polling,
  // decoding); playing its own chunks; waiting for workers with nothing
  // left to play.
  Clock::time_point connected;
  double messages = 0, playing = 0, waiting = 0;
  // Of the messages: sending the batches' programs; handling chunks
  // (encoding, sending, taking in and decoding, not polling for them).
  double batching = 0, handling = 0;
  std::uint64_t unit_count = 0, chunks_sent = 0, batches_sent = 0;
  // The latest batch, alive while it is sent to the workers (non-blocking:
  // a worker takes it when it has played what it had).
  std::string batch_payload;
  std::vector<boost::mpi::request> batch_sending;
  // The account at the end of the first and of the latest generation: the
  // shares are of the generations between (the first also scores the
  // references and makes the first population; the end writes the outputs).
  struct Mark {
    Clock::time_point at;
    double messages = 0, playing = 0, waiting = 0, batching = 0, handling = 0;
    std::uint64_t units = 0, chunks = 0, batches = 0;
  };
  std::vector<Mark> marks;  // at most two: the first and the latest
  Mark now() const {
    return {Clock::now(), messages, playing, waiting, batching, handling, unit_count, chunks_sent, batches_sent};
  }

  void send_batch(const UnitBatch& batch) {
    BatchMessage m;
    m.kind = static_cast<std::uint8_t>(batch.kind);
    m.depth = batch.depth;
    m.seed = batch.seed;
    for (const auto& [slot, p] : game->self_play_programs()) {
      m.self_play_slots.push_back(slot);
      m.has_self_play.push_back(p ? 1 : 0);
      m.self_play.push_back(p ? *p : lang::Program{});
    }
    for (const lang::Program* p : batch.programs) m.programs.push_back(*p);
    // The previous batch: long since taken, unless a worker hangs.
    const auto since = Clock::now();
    for (std::size_t i = 0; i < batch_sending.size(); ++i)
      for (Waiter waiter; !batch_sending[i].test(); waiter.wait())
        if (seconds_since(since) > timeout) lose(static_cast<int>(i) + 1, "did not take its batch");
    batch_sending.clear();
    batch_payload = encode(m);
    for (int w = 1; w < world.size(); ++w) batch_sending.push_back(world.isend(w, kBatch, batch_payload));
    ++batches_sent;
  }

  // Every worker has built the run, or the error of one that could not.
  void wait_until_ready(int timeout_seconds) {
    timeout = timeout_seconds;
    const auto start = Clock::now();
    for (int w = 1; w < world.size(); ++w) {
      std::string failure;
      boost::mpi::request ready = world.irecv(w, kReady, failure);
      while (!ready.test()) {
        if (seconds_since(start) > timeout) lose(w, "did not build the run");
        pause_briefly();
      }
      if (!failure.empty())
        throw InputError(TextLocation{"rank " + std::to_string(w), 0, 0},
                         "this process could not build the run: " + failure);
    }
  }

  // `limit`: the seconds it had, if not the timeout.
  [[noreturn]] void lose(int rank, const char* what, double limit = 0) {
    lost = true;
    throw WorkerLost("MPI rank " + std::to_string(rank) + " " + what + " within " +
                     std::to_string(static_cast<long>(limit > 0 ? limit : timeout)) +
                     " s (it stopped or hangs; --worker-timeout sets the limit); the job ends");
  }

  void check_overdue(const std::vector<Worker>& workers) {
    for (std::size_t w = 1; w < workers.size(); ++w)
      if (!workers[w].in_flight.empty() && seconds_since(workers[w].since) > timeout)
        lose(static_cast<int>(w), "did not return its chunk of fitness work");
  }

  // Hands chunks of `units` to the workers, up to BatchSplit::kInFlight
  // each, and plays slices here while they work (with few ranks); every
  // result lands at its unit's index, whoever played it.
  void distribute(const std::vector<std::size_t>& units, std::vector<UnitResult>& results, const PlayHere& here) {
    const std::size_t n = units.size();
    const auto ranks = static_cast<std::size_t>(world.size());
    const bool plays_here = ranks <= kRanksRankZeroPlays;
    BatchSplit split(n, plays_here ? ranks : ranks - 1, plays_here);
    std::vector<Worker> workers(ranks);
    std::uint64_t answered = 0;
    unit_count += n;
    auto dispatch = [&](std::size_t w) {
      Worker& worker = workers[w];
      std::size_t backlog = 0;
      for (const Chunk& c : worker.in_flight) backlog += c.end - c.begin;
      const UnitRange range = split.for_worker(
          backlog, worker.units_played ? worker.seconds_played / static_cast<double>(worker.units_played) : 0);
      if (range.size() == 0) return;
      ++chunks_sent;
      Chunk& c = worker.in_flight.emplace_back();
      c.begin = range.begin;
      c.end = range.end;
      c.units = encode(std::vector<std::uint64_t>(units.begin() + static_cast<std::ptrdiff_t>(c.begin),
                                                  units.begin() + static_cast<std::ptrdiff_t>(c.end)));
      c.sending = world.isend(static_cast<int>(w), kUnits, c.units);
      if (worker.in_flight.size() == 1) {
        worker.receiving = world.irecv(static_cast<int>(w), kResults, worker.reply);
        worker.since = Clock::now();
      }
    };
    auto collect = [&](std::size_t w) {
      const auto start = Clock::now();
      ++answered;
      Worker& worker = workers[w];
      Chunk& c = worker.in_flight.front();
      c.sending.wait();  // answered, so long received
      worker.seconds_played += decode_results(worker.reply, results.data() + c.begin, c.end - c.begin);
      worker.units_played += c.end - c.begin;
      worker.in_flight.pop_front();
      if (!worker.in_flight.empty()) {
        worker.receiving = world.irecv(static_cast<int>(w), kResults, worker.reply);
        worker.since = Clock::now();
      }
      if (!split.done()) dispatch(w);
      handling += seconds_since(start);
    };
    // Every answer in so far; whether any worker still has chunks.
    auto collect_answers = [&] {
      bool any_busy = false;
      for (std::size_t w = 1; w < ranks; ++w) {
        if (!workers[w].in_flight.empty() && workers[w].receiving.test()) collect(w);
        any_busy = any_busy || !workers[w].in_flight.empty();
      }
      check_overdue(workers);
      return any_busy;
    };
    const auto first_chunks = Clock::now();
    for (std::size_t round = 0; round < BatchSplit::kInFlight; ++round)
      for (std::size_t w = 1; w < ranks && !split.done(); ++w) dispatch(w);
    handling += seconds_since(first_chunks);
    Waiter waiter;  // since the last answer, with nothing to play
    while (true) {
      if (plays_here && !split.done()) {
        const UnitRange range = split.for_rank_zero();
        const std::vector<std::size_t> mine(units.begin() + static_cast<std::ptrdiff_t>(range.begin),
                                            units.begin() + static_cast<std::ptrdiff_t>(range.end));
        const auto start = Clock::now();
        const std::vector<UnitResult> got = here(mine);
        std::copy(got.begin(), got.end(), results.begin() + static_cast<std::ptrdiff_t>(range.begin));
        const double played = seconds_since(start);
        playing += played;
        split.played_here(range.size(), played);
        collect_answers();
        continue;
      }
      // Nothing to play here: wait for the workers' answers (a poll that
      // took one in is messages).
      const auto start = Clock::now();
      const std::uint64_t answered_before = answered;
      const bool any_busy = collect_answers();
      if (!any_busy && split.done()) break;
      if (answered != answered_before) {
        waiter = {};
        continue;
      }
      waiter.wait();
      waiting += seconds_since(start);
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

void FitnessMaster::connect_islands(RunGame& game, int threads, int timeout_seconds) {
  if (!state_) return;
  state_->wait_until_ready(timeout_seconds);
  state_->game = &game;
  state_->threads = threads;
  state_->connected = Clock::now();
}

void FitnessMaster::exchange(const std::function<std::string(int worker)>& request, const std::function<void()>& here,
                             const std::function<void(int worker, const std::string& bytes)>& answer,
                             int timeout_scale) {
  State& s = *state_;
  const int ranks = s.world.size();
  const auto start = Clock::now();
  const double before = s.playing + s.waiting;
  std::vector<std::string> requests(static_cast<std::size_t>(ranks)), replies(requests.size());
  std::vector<boost::mpi::request> sending(requests.size()), receiving(requests.size());
  for (int w = 1; w < ranks; ++w) {
    const auto i = static_cast<std::size_t>(w);
    requests[i] = request(w);
    sending[i] = s.world.isend(w, kEpoch, requests[i]);
    receiving[i] = s.world.irecv(w, kEvolved, replies[i]);
  }
  const auto playing_start = Clock::now();
  here();
  s.playing += seconds_since(playing_start);
  const double limit = s.timeout * timeout_scale;
  for (int w = 1; w < ranks; ++w) {
    const auto i = static_cast<std::size_t>(w);
    const auto waiting_start = Clock::now();
    while (!receiving[i].test()) {
      if (seconds_since(start) > limit) s.lose(w, "did not return its islands", limit);
      pause_briefly();
    }
    s.waiting += seconds_since(waiting_start);
    sending[i].wait();
    answer(w, replies[i]);
  }
  s.messages += seconds_since(start) - (s.playing + s.waiting - before);
}

void FitnessMaster::connect(RunGame& game, int threads, int timeout_seconds) {
  if (!state_) return;
  State& s = *state_;
  s.wait_until_ready(timeout_seconds);
  state_->game = &game;
  state_->threads = threads;
  state_->connected = Clock::now();
  game.set_distributor([&s](const UnitBatch& batch, const std::vector<std::size_t>& units,
                            std::vector<UnitResult>& results, const PlayHere& here) {
    // Messages: all the time here not playing nor waiting with nothing to
    // play (encoding, sending, polling and decoding, and the processor
    // given up in MPI's calls when processes outnumber cores).
    const auto start = Clock::now();
    const double before = s.playing + s.waiting;
    if (batch.number != s.sent_batch) {
      s.send_batch(batch);
      s.sent_batch = batch.number;
      s.batching += seconds_since(start);
    }
    s.distribute(units, results, here);
    s.messages += seconds_since(start) - (s.playing + s.waiting - before);
  });
}

void FitnessMaster::generation_ended() {
  if (!state_ || !state_->game) return;
  auto& marks = state_->marks;
  if (marks.size() == 2) marks.pop_back();
  marks.push_back(state_->now());
  // Small: sent at once, and received in order after this generation's work.
  for (int w = 1; w < state_->world.size(); ++w) state_->world.send(w, kMark);
}

std::string FitnessMaster::time_report() {
  if (!state_ || !state_->game || state_->lost) return "";
  State& s = *state_;
  // Each worker's account: its seconds in the same generations (or since
  // it was ready), and playing.
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
  // Over the generations after the first when there are some; else all.
  const bool window = s.marks.size() == 2;
  const State::Mark from = window ? s.marks[0] : State::Mark{s.connected};
  const State::Mark to = window ? s.marks[1] : s.now();
  const double total = std::chrono::duration<double>(to.at - from.at).count();
  const double messages = to.messages - from.messages, playing = to.playing - from.playing,
               waiting = to.waiting - from.waiting, serial = total - messages - playing - waiting,
               batching = to.batching - from.batching, handling = to.handling - from.handling;
  const auto share = [total](double part) { return total > 0 ? 100 * part / total : 0.0; };
  char text[700];
  std::snprintf(text, sizeof text,
                "cluster: %d processes, %llu units in %llu chunks and %llu batches; rank 0's %.3f s (%s): %.3f s "
                "in messages (%.1f%%; %.4f s of it sending batches, %.4f s handling chunks), %.3f s playing (%.1f%%), "
                "%.3f s waiting "
                "(%.1f%%), %.3f s serial (%.1f%%: outside the distributed work: selection, bookkeeping, "
                "checkpoints, breeding beyond the validation it overlaps); the workers idle (not playing) in the "
                "same generations:",
                s.world.size(), static_cast<unsigned long long>(to.units - from.units),
                static_cast<unsigned long long>(to.chunks - from.chunks),
                static_cast<unsigned long long>(to.batches - from.batches), total,
                window ? "the generations after the first" : "the whole run", messages, share(messages), batching,
                handling, playing, share(playing), waiting, share(waiting), serial, share(serial));
  return text + idle;
}

#else  // built for one process

struct FitnessMaster::State {};
FitnessMaster::FitnessMaster() = default;
FitnessMaster::~FitnessMaster() = default;
void FitnessMaster::connect(RunGame&, int, int) {}
void FitnessMaster::connect_islands(RunGame&, int, int) {}
void FitnessMaster::exchange(const std::function<std::string(int)>&, const std::function<void()>& here,
                             const std::function<void(int, const std::string&)>&, int) {
  here();
}
void FitnessMaster::generation_ended() {}
std::string FitnessMaster::time_report() { return ""; }

#endif

}  // namespace evalsynth::cluster
