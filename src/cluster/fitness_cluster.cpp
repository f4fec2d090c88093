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
#include <optional>

#include "cluster/fitness_messages.hpp"
#include "cluster/rank_zero_account.hpp"
#include "cluster/round_master.hpp"
#endif

namespace evalsynth::cluster {

#ifdef EVALSYNTH_HAS_MPI
namespace {

using namespace fitness_messages;

}  // namespace

struct FitnessMaster::State {
  boost::mpi::communicator world;
  RunGame* game = nullptr;
  int threads = 0;
  double timeout = 0;  // seconds a worker may take to answer
  bool lost = false;   // a worker did not answer: the job must be aborted
  RankZeroAccount account;
  RankZeroAccount::Totals& t = account.totals;
  std::unique_ptr<RoundMaster> rounds;  // one population's fitness work over every process
  // Islands spread over more ranks than islands: island 0's ranks, whose
  // rounds rank 0 publishes while it evolves island 0 (its time there is
  // playing in the account; the rounds keep their own totals).
  std::optional<boost::mpi::communicator> group;
  RankZeroAccount::Totals group_totals;
  std::unique_ptr<RoundMaster> group_rounds;

  bool any_lost() const { return lost || (rounds && rounds->lost()) || (group_rounds && group_rounds->lost()); }

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
    throw WorkerLost(lost_worker_message(rank, what, limit > 0 ? limit : timeout));
  }
};

FitnessMaster::FitnessMaster() {
  if (cluster::size() > 1) state_ = std::make_unique<State>();
}

FitnessMaster::~FitnessMaster() {
  if (!state_) return;
  if (state_->any_lost()) {
    // A lost worker would never reach MPI_Finalize, and rank 0 would wait
    // for it there: end every process now.
    std::fflush(stdout);
    std::fflush(stderr);
    state_->world.abort(1);
  }
  for (int w = 1; w < state_->world.size(); ++w) state_->world.send(w, kStop);
}

void FitnessMaster::connect_islands(RunGame& game, int threads, int timeout_seconds, int islands) {
  if (!state_) return;
  State& s = *state_;
  s.wait_until_ready(timeout_seconds);
  s.game = &game;
  s.threads = threads;
  s.account = RankZeroAccount();
  const int ranks = s.world.size();
  if (!islands_spread(ranks, islands)) return;
  // More ranks than islands: every process joins its island's ranks
  // (collective), and each island's home publishes its fitness work to them.
  for (int w = 1; w < ranks; ++w) s.world.send(w, kGroups, encode(std::pair{islands, s.timeout}));
  s.group = s.world.split(island_group_of(0, islands), 0);
  if (s.group->size() < 2) return;
  s.group_rounds = std::make_unique<RoundMaster>(*s.group, island_group_ranks(0, islands, ranks), game, threads,
                                                 s.timeout, s.group_totals);
  game.set_distributor([&s](const UnitBatch& batch, const std::vector<std::size_t>& units,
                            std::vector<UnitResult>& results,
                            const PlayHere& here) { s.group_rounds->play(batch, units, results, here); });
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
    assert(!replies[i].empty());
    if (replies[i][0] == kLostHelper) {
      s.lost = true;  // the helper that stopped never finalizes
      throw WorkerLost(replies[i].substr(1));
    }
    answer(w, replies[i].substr(1));
  }
  s.t.messages += seconds_since(start) - (s.t.playing + s.t.waiting - before);
}

void FitnessMaster::connect(RunGame& game, int threads, int timeout_seconds) {
  if (!state_) return;
  State& s = *state_;
  s.wait_until_ready(timeout_seconds);
  s.game = &game;
  s.threads = threads;
  s.account = RankZeroAccount();
  std::vector<int> everyone(static_cast<std::size_t>(s.world.size()));
  for (std::size_t r = 0; r < everyone.size(); ++r) everyone[r] = static_cast<int>(r);
  s.rounds = std::make_unique<RoundMaster>(s.world, std::move(everyone), game, threads, s.timeout, s.t);
  game.set_distributor([&s](const UnitBatch& batch, const std::vector<std::size_t>& units,
                            std::vector<UnitResult>& results,
                            const PlayHere& here) { s.rounds->play(batch, units, results, here); });
}

void FitnessMaster::generation_ended(double breeding_seconds, double breeding_waited) {
  if (!state_ || !state_->game) return;
  state_->account.mark(breeding_seconds, breeding_waited);
  // Small: sent at once, and received in order after this generation's work.
  for (int w = 1; w < state_->world.size(); ++w) state_->world.send(w, kMark);
}

std::string FitnessMaster::time_report() {
  if (!state_ || !state_->game || state_->any_lost()) return "";
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
void FitnessMaster::connect_islands(RunGame&, int, int, int) {}
void FitnessMaster::exchange(const std::function<std::string(int)>&, const std::function<void()>& here,
                             const std::function<void(int, const std::string&)>&, int) {
  here();
}
void FitnessMaster::generation_ended(double, double) {}
std::string FitnessMaster::time_report() { return ""; }

#endif

}  // namespace evalsynth::cluster
