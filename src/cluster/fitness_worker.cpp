#include "cluster/fitness_cluster.hpp"

#ifdef EVALSYNTH_HAS_MPI
#include <cassert>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "cluster/fault_hook.hpp"
#include "cluster/fitness_messages.hpp"
#include "cluster/round_master.hpp"
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
  UnitPlayer(RunGame& game, int threads, const boost::mpi::communicator& comm)
      : game_(game), threads_(threads), comm_(comm) {}
  double playing = 0;  // seconds playing chunks (the rest is idle: claims, reading, waiting)

  // Serves the rounds of `comm`'s rank 0 instead (an island's ranks).
  void serve(const boost::mpi::communicator& comm) {
    assert(!window_);
    comm_ = comm;
  }
  const boost::mpi::communicator& comm() const { return comm_; }

  // The publisher sent kGrow: the window anew (collective), and nothing
  // read yet.
  void remake_window(const std::string& capacity_bytes) {
    const auto [units, payload] = decode<std::pair<std::uint64_t, std::uint64_t>>(capacity_bytes);
    window_.reset();
    window_ = std::make_unique<UnitWindow>(comm_, UnitWindow::Capacity{units, payload});
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
    // An estimate of the processes claiming: the publisher plays only with few.
    const auto playing_ranks = static_cast<std::size_t>(comm_.size());
    play_claims(*window_, tag, units, playing_ranks, true, word, [&](UnitRange range) {
      window_->put_slot(comm_.rank(), {round, range.begin, range.end});
      if (fault.chunk > 0 && tag_round >= static_cast<std::uint64_t>(fault.chunk)) fail_as_told(fault);
      const std::vector<std::uint64_t> numbers = window_->read_units(range);
      const std::vector<std::size_t> list(numbers.begin(), numbers.end());
      double seconds = 0;
      std::vector<UnitResult> results;
      {
        TimedScope timed(seconds);
        results = session_->play(list, threads_);
      }
      playing += seconds;
      window_->put_results(range, results);
      return seconds;
    });
    window_->put_slot(comm_.rank(), {round, 0, 0});  // holds no claim (rank 0 names a worker that does)
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
  int threads_;
  boost::mpi::communicator comm_;  // the publisher is its rank 0
  std::unique_ptr<UnitWindow> window_;
  std::uint64_t seen_round_ = 0, batch_ = kNoBatch;
  std::vector<lang::Program> self_play_, programs_;
  std::unique_ptr<UnitSession> session_;
};

// A worker of a run: plays the rounds rank 0 publishes while no message
// waits, and answers each kind of message by its own handler.
class FitnessWorker {
 public:
  FitnessWorker(RunGame* game, int threads, const IslandHandler& islands)
      : game_(game), islands_(islands), threads_(threads), fault_(fault_for(world_.rank())) {
    if (game) player_.emplace(*game, threads, world_);
  }
  ~FitnessWorker() {
    if (group_rounds_) game_->set_distributor({});
  }
  FitnessWorker(const FitnessWorker&) = delete;
  FitnessWorker& operator=(const FitnessWorker&) = delete;

  // Until kStop.
  void serve() {
    Waiter waiter;
    while (true) {
      // Polled (a yield, then pauses: Waiter), not a blocking probe: Open
      // MPI's spins on a core, which an idle worker should leave to the
      // processes that play where they share cores.
      const boost::optional<boost::mpi::status> next = world_.iprobe(0, boost::mpi::any_tag);
      if (!next && grow_from_publisher()) continue;
      if (!next) {
        if (play_new_round())
          waiter = Waiter(spin_seconds(player_->ranks_on_this_node(), threads_));
        else
          waiter.wait();
        continue;
      }
      const int tag = next->tag();
      std::string payload;  // kStop, kMark and kAccount come without
      if (tag == kStop || tag == kMark || tag == kAccount)
        world_.recv(0, tag);
      else
        world_.recv(0, tag, payload);
      switch (tag) {
        case kStop:
          return;
        case kMark:
          on_mark();
          break;
        case kAccount:
          on_account();
          break;
        case kGrow:
          on_grow(payload);
          break;
        case kEpoch:
          on_epoch(payload);
          break;
        case kGroups:
          on_groups(payload);
          break;
        default:
          assert(false && "a message kind no worker receives");
      }
    }
  }

 private:
  bool play_new_round() {
    try {
      return player_ && player_->play_new_round(fault_);
    } catch (const std::exception& e) {
      // Unwinding would leave this rank in the window's collective free
      // while the others go on: end the job here, naming the rank.
      std::fprintf(stderr, "evalsynth: MPI rank %d could not play its fitness work: %s; the job ends\n", world_.rank(),
                   e.what());
      std::fflush(stderr);
      world_.abort(1);
    }
    return false;
  }

  // A generation ended: the account's marks.
  void on_mark() {
    latest_mark_ = {seconds_since(ready_), played()};
    if (++marks_ == 1) first_mark_ = latest_mark_;
  }

  // Rank 0 asks for this worker's seconds and playing in the generations
  // between the first and the latest mark (as its own account), or since
  // ready.
  void on_account() {
    const std::pair<double, double> to = marks_ >= 2 ? latest_mark_ : std::pair{seconds_since(ready_), played()};
    const std::pair<double, double> from = marks_ >= 2 ? first_mark_ : std::pair{0.0, 0.0};
    world_.send(0, kAccount, encode(std::pair{to.first - from.first, to.second - from.second}));
  }

  void on_grow(const std::string& capacity) {
    assert(player_);
    player_->remake_window(capacity);
  }

  // Serving an island's rounds: its home's kGrow comes over the island's
  // ranks, not from rank 0 of the job. Whether one came.
  bool grow_from_publisher() {
    if (!player_ || !serving_island_ || !player_->comm().iprobe(0, kGrow)) return false;
    std::string capacity;
    player_->comm().recv(0, kGrow, capacity);
    player_->remake_window(capacity);
    return true;
  }

  // Islands spread over more ranks than islands: this process joins its
  // island's ranks (collective over the job), and publishes the island's
  // fitness work to them where it is the island's home, or else claims it.
  void on_groups(const std::string& request) {
    const auto [islands, timeout] = decode<std::pair<int, double>>(request);
    const boost::mpi::communicator group = world_.split(island_group_of(world_.rank(), islands), world_.rank());
    if (group.size() < 2 || !player_) return;
    if (group.rank() > 0) {
      player_->serve(group);
      serving_island_ = true;
      return;
    }
    group_rounds_ = std::make_unique<RoundMaster>(group, island_group_ranks(world_.rank(), islands, world_.size()),
                                                  *game_, threads_, timeout, group_totals_);
    game_->set_distributor([this](const UnitBatch& batch, const std::vector<std::size_t>& units,
                                  std::vector<UnitResult>& results,
                                  const PlayHere& here) { group_rounds_->play(batch, units, results, here); });
  }

  // This worker's islands for an epoch, evolved and sent back.
  void on_epoch(const std::string& request) {
    assert(islands_);
    if (++epochs_ == fault_.chunk) fail_as_told(fault_);
    std::string evolved(1, kEvolvedIslands);
    try {
      TimedScope timed(epochs_playing_);
      evolved += islands_(request);
    } catch (const WorkerLost& e) {
      // One of this island's ranks stopped: rank 0 says so, saves the run
      // as it stood after the last epoch and ends the job.
      evolved = std::string(1, kLostHelper) + e.what();
    }
    replying_.wait();
    reply_ = std::move(evolved);
    replying_ = world_.isend(0, kEvolved, reply_);
  }

  double played() const { return epochs_playing_ + (player_ ? player_->playing : 0); }

  const boost::mpi::communicator world_;
  RunGame* game_;
  const IslandHandler& islands_;
  int threads_;
  Fault fault_;
  std::optional<UnitPlayer> player_;
  Clock::time_point ready_ = Clock::now();
  // Seconds since ready and playing at the first and the latest kMark.
  std::pair<double, double> first_mark_{0, 0}, latest_mark_{0, 0};
  int marks_ = 0;
  long epochs_ = 0;
  double epochs_playing_ = 0;  // seconds evolving islands
  std::string reply_;          // the last epoch's islands, alive while `replying_`
  boost::mpi::request replying_;
  // Islands spread: serving the rounds of this process's island, or
  // publishing them where it is the island's home (freed as its members
  // free theirs: collective).
  bool serving_island_ = false;
  RankZeroAccount::Totals group_totals_;
  std::unique_ptr<RoundMaster> group_rounds_;
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
  FitnessWorker(game, threads, islands).serve();
  return failure.empty() ? 0 : 1;
}

#else  // built for one process

int serve_fitness(const std::function<RunGame&(int&)>&, const IslandHandler&) { return 0; }

#endif

}  // namespace evalsynth::cluster
