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
#include <memory>

#include "cluster/fitness_messages.hpp"
#include "cluster/rank_zero_account.hpp"
#include "cluster/unit_claims.hpp"
#include "cluster/unit_window.hpp"
#endif

namespace evalsynth::cluster {

#ifdef EVALSYNTH_HAS_MPI
namespace {

using namespace fitness_messages;

// Beyond this many processes rank 0 only publishes rounds and waits for
// them: its memory serves every worker's claims and results, and waiting
// keeps it in MPI's calls (where a network's one-sided transport without
// hardware support, osc/pt2pt, makes progress).
constexpr std::size_t kRanksRankZeroPlays = 4;

// The window's least capacity, and at most a round's units (a bigger call
// is played in rounds of this many): 32 MB of rank 0's memory at most.
constexpr UnitWindow::Capacity kLeastCapacity{std::uint64_t{1} << 14, std::uint64_t{1} << 18};
constexpr std::size_t kMostRoundUnits = std::size_t{1} << 20;
static_assert(kMostRoundUnits <= ClaimWord::kMaxUnits);

constexpr std::uint64_t kNoBatch = ~std::uint64_t{0};

}  // namespace

struct FitnessMaster::State {
  boost::mpi::communicator world;
  RunGame* game = nullptr;
  int threads = 0;
  double timeout = 0;  // seconds a worker may take to answer
  bool lost = false;   // a worker did not answer: the job must be aborted
  std::unique_ptr<UnitWindow> window;
  std::uint64_t rounds = 0;                  // published, ever (the claim word's tag is its low bits)
  std::uint64_t batch_in_window = kNoBatch;  // the batch whose programs the window holds
  std::string batch_payload;                 // the latest batch, encoded
  std::uint64_t batch_number = kNoBatch;
  RankZeroAccount account;
  RankZeroAccount::Totals& t = account.totals;

  void encode_batch(const UnitBatch& batch) {
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
    batch_payload = encode(m);
    batch_number = batch.number;
    ++t.batches;
    t.bytes += batch_payload.size();
  }

  // Every process makes the window anew when a round needs more room than
  // it has (rarely: it doubles).
  void make_room(std::size_t units, std::size_t payload) {
    if (window && units <= window->capacity().units && payload <= window->capacity().payload) return;
    UnitWindow::Capacity capacity = kLeastCapacity;
    if (window) capacity = {2 * window->capacity().units, 2 * window->capacity().payload};
    capacity = {std::max<std::uint64_t>(capacity.units, units), std::max<std::uint64_t>(capacity.payload, payload)};
    for (int w = 1; w < world.size(); ++w) world.send(w, kGrow, encode(std::pair{capacity.units, capacity.payload}));
    window.reset();
    window = std::make_unique<UnitWindow>(world, capacity);
    batch_in_window = kNoBatch;
  }

  // Writes a round of `units` (with the batch's programs when new to the
  // window) and publishes it: the workers start claiming. Returns its tag.
  std::uint32_t publish(const std::vector<std::size_t>& units) {
    make_room(units.size(), batch_payload.size());
    UnitWindow& win = *window;
    win.replace(UnitWindow::kRound, 2 * rounds + 1);  // odd: being rewritten
    if (batch_in_window != batch_number) {
      win.write_payload(batch_payload);
      win.write_field(UnitWindow::kBatch, batch_number);
      win.write_field(UnitWindow::kPayloadBytes, batch_payload.size());
      batch_in_window = batch_number;
    }
    win.write_units(units);
    win.write_field(UnitWindow::kUnits, units.size());
    win.sync();
    ++rounds;
    const std::uint32_t tag = ClaimWord::tag_of(rounds);
    win.replace(UnitWindow::kClaim, ClaimWord{tag, 0, 0}.pack());
    win.replace(UnitWindow::kDone, 0);
    win.replace(UnitWindow::kRound, 2 * rounds);
    return tag;
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

  // No unit of the round done for the timeout: names a worker that holds
  // a claim of it.
  [[noreturn]] void lose_round() {
    window->sync();
    for (int w = 1; w < world.size(); ++w) {
      const UnitWindow::Slot slot = window->slot(w);
      if (slot.round == 2 * rounds && slot.begin < slot.end) lose(w, "did not return its chunk of fitness work");
    }
    lost = true;
    throw WorkerLost("the workers did not finish a round of fitness work within " +
                     std::to_string(static_cast<long>(timeout)) + " s; the job ends");
  }

  // Plays a round of `units` over the processes: the workers claim chunks
  // from the front, rank 0 (with few ranks) from the back; every result
  // lands at its unit's index, whoever played it.
  void play_round(const std::vector<std::size_t>& units, UnitResult* results, const PlayHere& here) {
    const std::size_t n = units.size();
    const auto ranks = static_cast<std::size_t>(world.size());
    std::uint32_t tag = 0;
    {
      TimedScope timed(t.publishing);
      tag = publish(units);
    }
    UnitWindow& win = *window;
    t.units += n;
    if (ranks <= kRanksRankZeroPlays) play_here(win, units, tag, here);
    const std::uint64_t done = wait_until_done(win, n);
    TimedScope timed(t.claiming);
    t.chunks += done >> UnitWindow::kChunkShift;
    win.sync();
    std::copy(win.results(), win.results() + n, results);
  }

  // Rank 0's own claims of the round, from the back, until none are left.
  void play_here(UnitWindow& win, const std::vector<std::size_t>& units, std::uint32_t tag, const PlayHere& here) {
    double played = 0;
    {
      TimedScope timed(t.claiming);  // less the playing, below
      std::uint64_t word = ClaimWord{tag, 0, 0}.pack();
      play_claims(win, tag, units.size(), static_cast<std::size_t>(world.size()), false, word, [&](UnitRange range) {
        const std::vector<std::size_t> mine(units.begin() + static_cast<std::ptrdiff_t>(range.begin),
                                            units.begin() + static_cast<std::ptrdiff_t>(range.end));
        double seconds = 0;
        std::vector<UnitResult> got;
        {
          TimedScope timed_play(seconds);
          got = here(mine);
        }
        std::copy(got.begin(), got.end(), win.results() + range.begin);
        played += seconds;
        return seconds;
      });
    }
    t.playing += played;
    t.claiming -= played;
  }

  // Waits until every unit of the round of `n` is done (the workers' last
  // chunks); the count done as it then stands. A round without progress
  // for the timeout loses the worker that holds a claim of it.
  std::uint64_t wait_until_done(UnitWindow& win, std::size_t n) {
    std::uint64_t done = 0;
    auto progress_at = Clock::now();  // when `done` last changed
    Waiter waiter(spin_seconds(win.ranks_on_this_node(), threads));
    while (true) {
      TimedScope timed(t.waiting);
      const std::uint64_t now_done = win.read(UnitWindow::kDone);
      if ((now_done & ((std::uint64_t{1} << UnitWindow::kChunkShift) - 1)) == n) return now_done;
      if (now_done != done) {
        done = now_done;
        progress_at = Clock::now();
        waiter = Waiter(spin_seconds(win.ranks_on_this_node(), threads));
      } else if (seconds_since(progress_at) > timeout) {
        lose_round();
      }
      waiter.wait();
    }
  }

  // A call of the run's game: its units in rounds of at most
  // kMostRoundUnits.
  void distribute(const std::vector<std::size_t>& units, std::vector<UnitResult>& results, const PlayHere& here) {
    for (std::size_t from = 0; from < units.size(); from += kMostRoundUnits) {
      const std::size_t to = std::min(units.size(), from + kMostRoundUnits);
      const std::vector<std::size_t> round(units.begin() + static_cast<std::ptrdiff_t>(from),
                                           units.begin() + static_cast<std::ptrdiff_t>(to));
      play_round(round, results.data() + from, here);
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
  state_->account = RankZeroAccount();
}

void FitnessMaster::exchange(const std::function<std::string(int worker)>& request, const std::function<void()>& here,
                             const std::function<void(int worker, const std::string& bytes)>& answer,
                             int timeout_scale) {
  State& s = *state_;
  const int ranks = s.world.size();
  const auto start = Clock::now();
  const double before = s.t.playing + s.t.waiting;
  std::vector<std::string> requests(static_cast<std::size_t>(ranks)), replies(requests.size());
  std::vector<boost::mpi::request> sending(requests.size()), receiving(requests.size());
  for (int w = 1; w < ranks; ++w) {
    const auto i = static_cast<std::size_t>(w);
    requests[i] = request(w);
    sending[i] = s.world.isend(w, kEpoch, requests[i]);
    receiving[i] = s.world.irecv(w, kEvolved, replies[i]);
  }
  const double limit = s.timeout * timeout_scale;
  // Every request delivered before rank 0 evolves its own islands: a large
  // message travels in fragments that only the sender's MPI calls push on
  // (Open MPI's shared memory without a single-copy mechanism, a network
  // without RDMA), and here() makes none, so the workers would idle until
  // rank 0 had finished (4 islands on 16 cores: 1.5x; results/mpi).
  for (int w = 1; w < ranks; ++w) {
    Waiter waiter;
    while (!sending[static_cast<std::size_t>(w)].test()) {
      if (seconds_since(start) > limit) s.lose(w, "did not take its islands", limit);
      waiter.wait();
    }
  }
  const auto playing_start = Clock::now();
  here();
  s.t.playing += seconds_since(playing_start);
  for (int w = 1; w < ranks; ++w) {
    const auto i = static_cast<std::size_t>(w);
    const auto waiting_start = Clock::now();
    while (!receiving[i].test()) {
      if (seconds_since(start) > limit) s.lose(w, "did not return its islands", limit);
      pause_briefly();
    }
    s.t.waiting += seconds_since(waiting_start);
    answer(w, replies[i]);
  }
  s.t.messages += seconds_since(start) - (s.t.playing + s.t.waiting - before);
}

void FitnessMaster::connect(RunGame& game, int threads, int timeout_seconds) {
  if (!state_) return;
  State& s = *state_;
  s.wait_until_ready(timeout_seconds);
  state_->game = &game;
  state_->threads = threads;
  state_->account = RankZeroAccount();
  game.set_distributor([&s](const UnitBatch& batch, const std::vector<std::size_t>& units,
                            std::vector<UnitResult>& results, const PlayHere& here) {
    // Messages: all the time here not playing nor waiting with nothing to
    // play (encoding, sending, polling and decoding, and the processor
    // given up in MPI's calls when processes outnumber cores).
    const auto start = Clock::now();
    const double before = s.t.playing + s.t.waiting;
    if (batch.number != s.batch_number) {
      s.encode_batch(batch);
      s.t.publishing += seconds_since(start);
    }
    if (batch.kind == UnitBatch::Kind::Validation || batch.kind == UnitBatch::Kind::Strength)
      s.t.overlapped_units += units.size();
    s.distribute(units, results, here);
    s.t.messages += seconds_since(start) - (s.t.playing + s.t.waiting - before);
  });
}

void FitnessMaster::generation_ended(double breeding_seconds, double breeding_waited) {
  if (!state_ || !state_->game) return;
  state_->account.mark(breeding_seconds, breeding_waited);
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
  return s.account.report(s.world.size(), idle);
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
void FitnessMaster::generation_ended(double, double) {}
std::string FitnessMaster::time_report() { return ""; }

#endif

}  // namespace evalsynth::cluster
