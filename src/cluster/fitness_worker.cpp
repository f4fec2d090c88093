#include "cluster/fitness_cluster.hpp"

#ifdef EVALSYNTH_HAS_MPI
#include <cassert>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "cluster/fault_hook.hpp"
#include "cluster/fitness_messages.hpp"
#include "cluster/unit_claims.hpp"
#include "cluster/unit_window.hpp"
#endif

namespace evalsynth::cluster {

#ifdef EVALSYNTH_HAS_MPI
using namespace fitness_messages;

namespace {

constexpr std::uint64_t kNoBatch = ~std::uint64_t{0};

// A worker's part of the run's fitness work: the batch it has, and its
// claims in the rounds rank 0 publishes in the unit window.
class UnitPlayer {
 public:
  UnitPlayer(RunGame& game, int threads, int rank) : game_(game), threads_(threads), rank_(rank) {}
  double playing = 0;  // seconds playing chunks (the rest is idle: claims, reading, waiting)

  // Rank 0 sent kGrow: the window anew (collective), and nothing read yet.
  void remake_window(const std::string& capacity_bytes, const boost::mpi::communicator& world) {
    const auto [units, payload] = decode<std::pair<std::uint64_t, std::uint64_t>>(capacity_bytes);
    window_.reset();
    window_ = std::make_unique<UnitWindow>(world, UnitWindow::Capacity{units, payload});
    seen_round_ = 0;
    batch_ = kNoBatch;
  }

  int ranks_on_this_node() const { return window_ ? window_->ranks_on_this_node() : 1; }

  // Plays the round rank 0 has published, if there is one not played yet;
  // whether there was.
  bool play_new_round(const Fault& fault) {
    if (!window_) return false;
    const std::uint64_t round = window_->read(UnitWindow::kRound);
    if (round == seen_round_ || round % 2 == 1) return false;
    const std::vector<std::uint64_t> fields = window_->read_fields();
    const bool new_batch = fields[UnitWindow::kBatch] != batch_;
    const std::string payload = new_batch ? window_->read_payload(fields[UnitWindow::kPayloadBytes]) : "";
    if (window_->read(UnitWindow::kRound) != round) return true;  // rewritten meanwhile: read it again
    seen_round_ = round;
    if (new_batch) open(payload, fields[UnitWindow::kBatch]);
    const std::uint64_t tag_round = round / 2;  // rank 0's count of rounds
    const std::uint32_t tag = ClaimWord::tag_of(tag_round);
    const std::size_t units = fields[UnitWindow::kUnits];
    std::uint64_t word = window_->read(UnitWindow::kClaim);
    std::size_t units_played = 0;
    double seconds_played = 0;
    while (ClaimWord::unpack(word).tag == tag) {
      const std::size_t size = chunk_size(units_left(word, units), static_cast<std::size_t>(playing_ranks_),
                                          units_played ? seconds_played / static_cast<double>(units_played) : 0);
      const UnitRange range = window_->claim(tag, units, size, true, word);
      if (range.size() == 0) break;
      window_->put_slot(rank_, {round, range.begin, range.end});
      if (fault.chunk > 0 && tag_round >= static_cast<std::uint64_t>(fault.chunk)) fail_as_told(fault);
      const std::vector<std::uint64_t> numbers = window_->read_units(range);
      const std::vector<std::size_t> list(numbers.begin(), numbers.end());
      const auto start = Clock::now();
      const std::vector<UnitResult> results = session_->play(list, threads_);
      const double played = seconds_since(start);
      playing += played;
      seconds_played += played;
      units_played += range.size();
      window_->put_results(range, results);
      window_->add(UnitWindow::kDone, range.size() + (std::uint64_t{1} << UnitWindow::kChunkShift));
      window_->put_slot(rank_, {round, 0, 0});
    }
    return true;
  }

 private:
  void open(const std::string& payload, std::uint64_t number) {
    session_.reset();
    auto m = decode<BatchMessage>(payload);
    self_play_ = std::move(m.self_play);
    for (std::size_t i = 0; i < self_play_.size(); ++i)
      game_.set_self_play(m.self_play_slots[i], m.has_self_play[i] ? &self_play_[i] : nullptr);
    programs_ = std::move(m.programs);
    UnitBatch batch{0, static_cast<UnitBatch::Kind>(m.kind), {}, m.depth, m.seed};
    for (const lang::Program& p : programs_) batch.programs.push_back(&p);
    session_ = game_.open_session(batch);
    batch_ = number;
  }

  RunGame& game_;
  int threads_, rank_;
  int playing_ranks_ = boost::mpi::communicator().size();  // an estimate: rank 0 plays only with few
  std::unique_ptr<UnitWindow> window_;
  std::uint64_t seen_round_ = 0, batch_ = kNoBatch;
  std::vector<lang::Program> self_play_, programs_;
  std::unique_ptr<UnitSession> session_;
};

}  // namespace

int serve_fitness(const std::function<RunGame&(int& threads)>& build, const IslandHandler& islands) {
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
  // Seconds since ready and playing at the first and the latest kMark (the
  // account is of the generations between, as rank 0's), or at ready.
  std::pair<double, double> first_mark{0, 0}, latest_mark{0, 0};
  int marks = 0;
  const Fault fault = fault_for(world.rank());
  long epochs = 0;
  std::optional<UnitPlayer> player;
  if (game) player.emplace(*game, threads, world.rank());
  double epochs_playing = 0;  // seconds evolving islands
  auto played = [&] { return epochs_playing + (player ? player->playing : 0); };
  std::string reply;  // the last epoch's islands, alive while `replying`
  boost::mpi::request replying;
  Waiter waiter;
  while (true) {
    // Polled (a yield, then pauses: Waiter), not a blocking probe: Open
    // MPI's spins on a core, which an idle worker should leave to the
    // processes that play where they share cores.
    const boost::optional<boost::mpi::status> next = world.iprobe(0, boost::mpi::any_tag);
    if (!next) {
      bool played = false;
      try {
        played = player && player->play_new_round(fault);
      } catch (const std::exception& e) {
        // Unwinding would leave this rank in the window's collective free
        // while the others go on: end the job here, naming the rank.
        std::fprintf(stderr, "evalsynth: MPI rank %d could not play its fitness work: %s; the job ends\n", world.rank(),
                     e.what());
        std::fflush(stderr);
        world.abort(1);
      }
      if (played)
        waiter = Waiter(spin_seconds(player->ranks_on_this_node(), threads));
      else
        waiter.wait();
      continue;
    }
    const int tag = next->tag();
    std::string payload;  // kStop, kMark and kAccount come without
    if (tag == kStop || tag == kMark || tag == kAccount)
      world.recv(0, tag);
    else
      world.recv(0, tag, payload);
    if (tag == kStop) return failure.empty() ? 0 : 1;
    if (tag == kMark) {
      latest_mark = {seconds_since(ready), played()};
      if (++marks == 1) first_mark = latest_mark;
    } else if (tag == kAccount) {
      const std::pair<double, double> to = marks >= 2 ? latest_mark : std::pair{seconds_since(ready), played()};
      const std::pair<double, double> from = marks >= 2 ? first_mark : std::pair{0.0, 0.0};
      world.send(0, kAccount, encode(std::pair{to.first - from.first, to.second - from.second}));
    } else if (tag == kGrow) {
      assert(player);
      player->remake_window(payload, world);
    } else if (tag == kEpoch) {
      assert(islands);
      if (++epochs == fault.chunk) fail_as_told(fault);
      const auto start = Clock::now();
      const std::string evolved = islands(payload);
      epochs_playing += seconds_since(start);
      replying.wait();
      reply = evolved;
      replying = world.isend(0, kEvolved, reply);
    }
  }
}

#else  // built for one process

int serve_fitness(const std::function<RunGame&(int&)>&, const IslandHandler&) { return 0; }

#endif

}  // namespace evalsynth::cluster
