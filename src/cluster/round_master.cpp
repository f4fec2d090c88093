#include "cluster/round_master.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

#include "cluster/fitness_cluster.hpp"
#include "cluster/fitness_messages.hpp"

namespace evalsynth::cluster {
namespace {

using namespace fitness_messages;

// Beyond this many processes the publisher only publishes rounds and waits
// for them: its memory serves every worker's claims and results, and
// waiting keeps it in MPI's calls (where a network's one-sided transport
// without hardware support, osc/pt2pt, makes progress).
constexpr std::size_t kRanksPublisherPlays = 4;

// The window's least capacity, and at most a round's units (a bigger call
// is played in rounds of this many): 32 MB of the publisher's memory at most.
constexpr UnitWindow::Capacity kLeastCapacity{std::uint64_t{1} << 14, std::uint64_t{1} << 18};
constexpr std::size_t kMostRoundUnits = std::size_t{1} << 20;
static_assert(kMostRoundUnits <= ClaimWord::kMaxUnits);

constexpr std::uint64_t kNoBatch = ~std::uint64_t{0};

}  // namespace

std::string lost_worker_message(int world_rank, const char* what, double limit) {
  return "MPI rank " + std::to_string(world_rank) + " " + what + " within " + std::to_string(static_cast<long>(limit)) +
         " s (it stopped or hangs; --worker-timeout sets the limit); the job ends";
}

RoundMaster::RoundMaster(const boost::mpi::communicator& comm, std::vector<int> world_ranks, RunGame& game, int threads,
                         double timeout, RankZeroAccount::Totals& totals)
    : comm_(comm),
      world_ranks_(std::move(world_ranks)),
      game_(game),
      threads_(threads),
      timeout_(timeout),
      t(totals),
      batch_in_window_(kNoBatch),
      batch_number_(kNoBatch) {
  assert(comm_.rank() == 0 && world_ranks_.size() == static_cast<std::size_t>(comm_.size()));
}

RoundMaster::~RoundMaster() = default;

void RoundMaster::play(const UnitBatch& batch, const std::vector<std::size_t>& units, std::vector<UnitResult>& results,
                       const PlayHere& here) {
  // Messages: all the time here not playing nor waiting with nothing to
  // play (encoding, sending, polling and decoding, and the processor given
  // up in MPI's calls when processes outnumber cores).
  const auto start = Clock::now();
  const double before = t.playing + t.waiting;
  if (batch.number != batch_number_) {
    TimedScope timed(t.publishing);
    encode_batch(batch);
  }
  if (batch.kind == UnitBatch::Kind::Validation || batch.kind == UnitBatch::Kind::Strength)
    t.overlapped_units += units.size();
  // A call of the run's game: its units in rounds of at most kMostRoundUnits.
  for (std::size_t from = 0; from < units.size(); from += kMostRoundUnits) {
    const std::size_t to = std::min(units.size(), from + kMostRoundUnits);
    const std::vector<std::size_t> round(units.begin() + static_cast<std::ptrdiff_t>(from),
                                         units.begin() + static_cast<std::ptrdiff_t>(to));
    play_round(round, results.data() + from, here);
  }
  t.messages += seconds_since(start) - (t.playing + t.waiting - before);
}

void RoundMaster::encode_batch(const UnitBatch& batch) {
  BatchMessage m;
  m.kind = static_cast<std::uint8_t>(batch.kind);
  m.depth = batch.depth;
  m.seed = batch.seed;
  for (const auto& [slot, p] : game_.self_play_programs()) {
    m.self_play_slots.push_back(slot);
    m.has_self_play.push_back(p ? 1 : 0);
    m.self_play.push_back(p ? *p : lang::Program{});
  }
  for (const lang::Program* p : batch.programs) m.programs.push_back(*p);
  batch_payload_ = encode(m);
  batch_number_ = batch.number;
  ++t.batches;
  t.bytes += batch_payload_.size();
}

// Every process makes the window anew when a round needs more room than it
// has (rarely: it doubles).
void RoundMaster::make_room(std::size_t units, std::size_t payload) {
  if (window_ && units <= window_->capacity().units && payload <= window_->capacity().payload) return;
  UnitWindow::Capacity capacity = kLeastCapacity;
  if (window_) capacity = {2 * window_->capacity().units, 2 * window_->capacity().payload};
  capacity = {std::max<std::uint64_t>(capacity.units, units), std::max<std::uint64_t>(capacity.payload, payload)};
  for (int w = 1; w < comm_.size(); ++w) comm_.send(w, kGrow, encode(std::pair{capacity.units, capacity.payload}));
  window_.reset();
  window_ = std::make_unique<UnitWindow>(comm_, capacity);
  batch_in_window_ = kNoBatch;
}

// Writes a round of `units` (with the batch's programs when new to the
// window) and publishes it: the workers start claiming. Returns its tag.
std::uint32_t RoundMaster::publish(const std::vector<std::size_t>& units) {
  make_room(units.size(), batch_payload_.size());
  UnitWindow& win = *window_;
  win.replace(UnitWindow::kRound, 2 * rounds_ + 1);  // odd: being rewritten
  if (batch_in_window_ != batch_number_) {
    win.write_payload(batch_payload_);
    win.write_field(UnitWindow::kBatch, batch_number_);
    win.write_field(UnitWindow::kPayloadBytes, batch_payload_.size());
    batch_in_window_ = batch_number_;
  }
  win.write_units(units);
  win.write_field(UnitWindow::kUnits, units.size());
  win.sync();
  ++rounds_;
  const std::uint32_t tag = ClaimWord::tag_of(rounds_);
  win.replace(UnitWindow::kClaim, ClaimWord{tag, 0, 0}.pack());
  win.replace(UnitWindow::kDone, 0);
  win.replace(UnitWindow::kRound, 2 * rounds_);
  return tag;
}

// No unit of the round done for the timeout: names a worker that holds a
// claim of it.
void RoundMaster::lose_round() {
  lost_ = true;
  window_->sync();
  for (int w = 1; w < comm_.size(); ++w) {
    const UnitWindow::Slot slot = window_->slot(w);
    if (slot.round == 2 * rounds_ && slot.begin < slot.end)
      throw WorkerLost(lost_worker_message(world_ranks_[static_cast<std::size_t>(w)],
                                           "did not return its chunk of fitness work", timeout_));
  }
  throw WorkerLost("the workers did not finish a round of fitness work within " +
                   std::to_string(static_cast<long>(timeout_)) + " s; the job ends");
}

// Plays a round of `units` over the processes: the workers claim chunks from
// the front, the publisher (with few ranks) from the back; every result
// lands at its unit's index, whoever played it.
void RoundMaster::play_round(const std::vector<std::size_t>& units, UnitResult* results, const PlayHere& here) {
  const std::size_t n = units.size();
  std::uint32_t tag = 0;
  {
    TimedScope timed(t.publishing);
    tag = publish(units);
  }
  UnitWindow& win = *window_;
  t.units += n;
  if (static_cast<std::size_t>(comm_.size()) <= kRanksPublisherPlays) play_here(win, units, tag, here);
  const std::uint64_t done = wait_until_done(win, n);
  TimedScope timed(t.claiming);
  t.chunks += done >> UnitWindow::kChunkShift;
  win.sync();
  std::copy(win.results(), win.results() + n, results);
}

// The publisher's own claims of the round, from the back, until none are left.
void RoundMaster::play_here(UnitWindow& win, const std::vector<std::size_t>& units, std::uint32_t tag,
                            const PlayHere& here) {
  double played = 0;
  {
    TimedScope timed(t.claiming);  // less the playing, below
    std::uint64_t word = ClaimWord{tag, 0, 0}.pack();
    play_claims(win, tag, units.size(), static_cast<std::size_t>(comm_.size()), false, word, [&](UnitRange range) {
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
// chunks); the count done as it then stands. A round without progress for
// the timeout loses the worker that holds a claim of it.
std::uint64_t RoundMaster::wait_until_done(UnitWindow& win, std::size_t n) {
  std::uint64_t done = 0;
  auto progress_at = Clock::now();  // when `done` last changed
  Waiter waiter(spin_seconds(win.ranks_on_this_node(), threads_));
  while (true) {
    TimedScope timed(t.waiting);
    const std::uint64_t now_done = win.read(UnitWindow::kDone);
    if ((now_done & ((std::uint64_t{1} << UnitWindow::kChunkShift) - 1)) == n) return now_done;
    if (now_done != done) {
      done = now_done;
      progress_at = Clock::now();
      waiter = Waiter(spin_seconds(win.ranks_on_this_node(), threads_));
    } else if (seconds_since(progress_at) > timeout_) {
      lose_round();
    }
    waiter.wait();
  }
}

}  // namespace evalsynth::cluster
