#include "cluster/fitness_cluster.hpp"

#ifdef EVALSYNTH_HAS_MPI
#include <cassert>

#include "cluster/fault_hook.hpp"
#include "cluster/fitness_messages.hpp"
#endif

namespace evalsynth::cluster {

#ifdef EVALSYNTH_HAS_MPI
using namespace fitness_messages;

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
  double playing = 0;  // seconds playing chunks (the rest is idle: messages and waiting)
  // Seconds since ready and playing at the first and the latest kMark (the
  // account is of the generations between, as rank 0's), or at ready.
  std::pair<double, double> first_mark{0, 0}, latest_mark{0, 0};
  int marks = 0;
  const Fault fault = fault_for(world.rank());
  long chunks_received = 0;
  std::vector<lang::Program> self_play, programs;
  std::unique_ptr<UnitSession> session;
  std::string reply;  // the last chunk's results, alive while `replying`
  boost::mpi::request replying;
  while (true) {
    // Polled (a yield, then pauses: Waiter), not a blocking probe: Open MPI's spins on a core,
    // which an idle worker should leave to the processes that play.
    boost::optional<boost::mpi::status> next = world.iprobe(0, boost::mpi::any_tag);
    for (Waiter waiter; !next; next = world.iprobe(0, boost::mpi::any_tag)) waiter.wait();
    const boost::mpi::status status = *next;
    if (status.tag() == kStop) {
      world.recv(0, kStop);
      return failure.empty() ? 0 : 1;
    }
    if (status.tag() == kMark) {
      world.recv(0, kMark);
      latest_mark = {seconds_since(ready), playing};
      if (++marks == 1) first_mark = latest_mark;
      continue;
    }
    if (status.tag() == kAccount) {
      world.recv(0, kAccount);
      const std::pair<double, double> to = marks >= 2 ? latest_mark : std::pair{seconds_since(ready), playing};
      const std::pair<double, double> from = marks >= 2 ? first_mark : std::pair{0.0, 0.0};
      world.send(0, kAccount, encode(std::pair{to.first - from.first, to.second - from.second}));
      continue;
    }
    std::string payload;
    world.recv(0, status.tag(), payload);
    assert(game);
    if (status.tag() == kEpoch) {
      assert(islands);
      if (++chunks_received == fault.chunk) fail_as_told(fault);
      const auto start = Clock::now();
      const std::string evolved = islands(payload);
      playing += seconds_since(start);
      replying.wait();
      reply = evolved;
      replying = world.isend(0, kEvolved, reply);
    } else if (status.tag() == kBatch) {
      session.reset();
      auto m = decode<BatchMessage>(payload);
      self_play = std::move(m.self_play);
      for (std::size_t i = 0; i < self_play.size(); ++i)
        game->set_self_play(m.self_play_slots[i], m.has_self_play[i] ? &self_play[i] : nullptr);
      programs = std::move(m.programs);
      UnitBatch batch{0, static_cast<UnitBatch::Kind>(m.kind), {}, m.depth, m.seed};
      for (const lang::Program& p : programs) batch.programs.push_back(&p);
      session = game->open_session(batch);
    } else if (status.tag() == kUnits) {
      assert(session);
      if (++chunks_received == fault.chunk) fail_as_told(fault);
      const auto units = decode<std::vector<std::uint64_t>>(payload);
      const std::vector<std::size_t> list(units.begin(), units.end());
      const auto start = Clock::now();
      std::vector<UnitResult> results = session->play(list, threads);
      const double played = seconds_since(start);
      playing += played;
      // Non-blocking: a reply too large to be sent at once waits for rank 0
      // to take it (between its own slices), while this plays the next.
      replying.wait();
      reply = encode_results(results, played);
      replying = world.isend(0, kResults, reply);
    }
  }
}

#else  // built for one process

int serve_fitness(const std::function<RunGame&(int&)>&, const IslandHandler&) { return 0; }

#endif

}  // namespace evalsynth::cluster
