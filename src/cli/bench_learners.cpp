#include "cli/bench_learners.hpp"

#include <chrono>
#include <cstdio>

#include "cli/bench_timing.hpp"
#include "io/learn_spec_reader.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "learn/training.hpp"
#include "tournament/game.hpp"

namespace evalsynth {
namespace {

using Clock = std::chrono::steady_clock;

// Games/s of `games` training games of the spec (one thread).
template <class G = connect4::Game>
double training_rate(const std::string& spec_text, std::uint64_t games, const G& game = {}) {
  learn::LearnSpec spec = parse_learn_spec(spec_text + "games = " + std::to_string(games) + "\n", "bench.spec");
  std::vector<Player<G>> opponents;
  for (const std::string& o : spec.opponents)
    for (Player<G>& p : parse_player_list(game, o)) opponents.push_back(std::move(p));
  learn::Training<G> training(game, spec, std::move(opponents), {}, learn::Training<G>::fresh_state(game, spec));
  const auto start = Clock::now();
  training.play(games);
  return static_cast<double>(games) / std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

void bench_learners(const std::vector<connect4::Position>& positions, int rounds, double native_ns,
                    int training_games) {
  std::printf("\nlearned evaluators: nanoseconds per evaluation (same positions)\n");
  const learn::LearnSpec thesis_spec = parse_learn_spec("learner = thesis-net\n", "bench.spec");
  const learn::LearnSpec ntuple_spec = parse_learn_spec("learner = ntuple\ncell-states = 3\n", "bench.spec");
  const learn::TrainingState thesis = learn::Training<connect4::Game>::fresh_state(connect4::Game{}, thesis_spec);
  learn::TrainingState ntuple = learn::Training<connect4::Game>::fresh_state(connect4::Game{}, ntuple_spec);
  // Untrained tables are all zero; fill them so the sums touch real numbers.
  Rng rng(7);
  for (float& w : std::get<model::NTupleNet>(ntuple.model.network).weights()) w = static_cast<float>(rng.unit() - 0.5);
  const double thesis_ns =
      nanoseconds_per_evaluation(std::get<model::ThesisNet>(thesis.model.network), positions, rounds);
  const double ntuple_ns =
      nanoseconds_per_evaluation(std::get<model::NTupleNet>(ntuple.model.network), positions, rounds);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "native IBEF (reference)", native_ns, 1.0);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "thesis network 126-15-1", thesis_ns, thesis_ns / native_ns);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "n-tuple network, 70 x 8 cells, 3 states", ntuple_ns,
              ntuple_ns / native_ns);
  // The language's ntuple() (the built-in, trained network): computed every
  // time, and as a program through the shared cache, warm after the first
  // round (as in a run, whose candidates search the same positions).
  const auto uncached = [](const connect4::Position& p) {
    return lang::ntuple_feature_uncached(p, lang::BuiltinNetwork::NTuple);
  };
  const lang::Connect4Program learned(lang::parse_program("ntuple()"));
  const double uncached_ns = nanoseconds_per_evaluation(uncached, positions, rounds);
  const double cached_ns = nanoseconds_per_evaluation(learned, positions, rounds);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "ntuple(), built-in network, uncached", uncached_ns,
              uncached_ns / native_ns);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "ntuple() program, through the cache", cached_ns, cached_ns / native_ns);
  if (training_games <= 0) return;

  // The reference: games of IBEF@1 against itself from the empty board.
  const Player<connect4::Game> ibef = builtin_player(connect4::Game{}, "ibef", 1);
  const auto start = Clock::now();
  SearchCounters counters;
  for (int g = 0; g < training_games; ++g) {
    Rng game_rng(static_cast<std::uint64_t>(g));
    connect4::Position p;
    while (!p.is_game_over())
      p = p.played(choose_move(connect4::Game{}, ibef, p, MoveOrder::Random, game_rng, counters));
  }
  const double reference = training_games / std::chrono::duration<double>(Clock::now() - start).count();
  const double thesis_rate = training_rate("learner = thesis-net\n", static_cast<std::uint64_t>(training_games));
  const double ntuple_rate =
      training_rate("learner = ntuple\ncell-states = 3\n", static_cast<std::uint64_t>(training_games) * 5);
  std::printf("\ntraining games/s (one thread; the learners' own defaults)\n");
  std::printf("  %-44s %9.0f  %6.2fx\n", "IBEF@1 vs IBEF@1 games (reference)", reference, 1.0);
  std::printf("  %-44s %9.0f  %6.2fx  (100,000 games: %.0f s)\n", "thesis net, TD(0.6) vs IBEF@1", thesis_rate,
              thesis_rate / reference, 100000 / thesis_rate);
  std::printf("  %-44s %9.0f  %6.2fx  (1,000,000 games: %.0f s)\n", "n-tuple net, TD(0) self-play", ntuple_rate,
              ntuple_rate / reference, 1e6 / ntuple_rate);
  // Melicher's linear checkers learner (specs/melicher.spec's settings).
  const double linear_rate =
      training_rate("game = checkers\nlearner = linear\nfeatures = men + kings, kings, edge\nepsilon = 0.1\n",
                    static_cast<std::uint64_t>(training_games) * 5, checkers::Game(8));
  std::printf("  %-44s %9.0f  %6.2fx  (20,000 games: %.1f s)\n", "Melicher's linear TD, checkers self-play",
              linear_rate, linear_rate / reference, 20000 / linear_rate);
  // FABLE's learner, as results/fable/measure runs it (against random, as X).
  const double fable_checkers = training_rate(
      "game = checkers(6)\nlearner = fable\nopponents = random\n"
      "learner-side = x\n",
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(training_games) / 20), checkers::Game(6));
  const double fable_ttt = training_rate(
      "game = mnk(5,5,3,fill)\nlearner = fable\nopponents = random\n"
      "learner-side = x\n",
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(training_games) / 20), mnk::FillGame(5, 5, 3));
  std::printf("  %-44s %9.0f  %6.4fx  (its first games: the model grows)\n", "FABLE vs random, checkers(6)",
              fable_checkers, fable_checkers / reference);
  std::printf("  %-44s %9.0f  %6.4fx\n", "FABLE vs random, mnk(5,5,3,fill)", fable_ttt, fable_ttt / reference);
}

}  // namespace evalsynth
