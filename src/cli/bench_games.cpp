#include "cli/bench_games.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/bench_timing.hpp"
#include "game/perft.hpp"
#include "games/registry.hpp"
#include "lang/game_program.hpp"
#include "lang/parse.hpp"
#include "lang/random_program.hpp"
#include "tournament/evaluators.hpp"
#include "tournament/fitness.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {
namespace {

// Othello 8 x 8: the League's weighted piece counter (games/othello/
// features.cpp has the same table as a program), a mask per weight and
// popcounts.
struct OthelloCounter {
  const othello::Game* game;
  std::array<std::uint64_t, 6> masks{};
  static constexpr std::array<int, 6> kWeights = {100, -25, 10, 5, 2, 1};
  explicit OthelloCounter(const othello::Game& g) : game(&g) {
    assert(g.size() == 8);
    constexpr int table[8][8] = {{100, -25, 10, 5, 5, 10, -25, 100}, {-25, -25, 1, 1, 1, 1, -25, -25},
                                 {10, 1, 5, 2, 2, 5, 1, 10},         {5, 1, 2, 1, 1, 2, 1, 5},
                                 {5, 1, 2, 1, 1, 2, 1, 5},           {10, 1, 5, 2, 2, 5, 1, 10},
                                 {-25, -25, 1, 1, 1, 1, -25, -25},   {100, -25, 10, 5, 5, 10, -25, 100}};
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c)
        for (std::size_t k = 0; k < kWeights.size(); ++k)
          if (table[r][c] == kWeights[k]) masks[k] |= g.geometry().cell(r, c);
  }
  std::int32_t operator()(const othello::Position& p) const {
    std::int32_t v = 0;
    for (std::size_t k = 0; k < masks.size(); ++k)
      v += kWeights[k] * (std::popcount(p.x & masks[k]) - std::popcount(p.o & masks[k]));
    return v;
  }
};

template <class G>
std::vector<typename G::Position> random_positions(const G& game, std::size_t count) {
  std::vector<typename G::Position> positions;
  Rng rng(7);
  while (positions.size() < count) {
    typename G::Position p = game.start();
    for (int plies = rng.below(game.max_plies()); plies > 0 && game.status(p) == Status::Ongoing; --plies)
      p = game.play(p, random_move(game, p, rng));
    positions.push_back(p);
  }
  return positions;
}

template <Game G>
void bench_game(const G& game, int reps, double connect4_nodes_per_second, double connect4_ns) {
  const auto references = game.reference_programs();
  FitnessTask<G> task;
  task.game = game;
  task.boards = random_game_boards(game, 100, 2005, {});
  task.opponents = {{builtin_player(game, references[0].name, 2)}};
  task.configs = {{Side::X, 1, 0, 2}, {Side::O, 1, 0, 2}, {Side::X, 2, 0, 2}, {Side::O, 2, 0, 2}};
  task.settings = {MoveOrder::LeftToRight};
  const Player<G> candidate = builtin_player(game, references[1].name, 1);
  const std::vector<Candidate<G>> candidates = {{std::get<EvaluatorOf<G>>(candidate.brain), 1}};
  std::vector<double> seconds;
  Fitness fitness;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    fitness = evaluate_fitness(candidates, task, 1).front();
    if (r > 0) seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  const double median = seconds[seconds.size() / 2];
  const double nodes_per_second = static_cast<double>(fitness.nodes) / median;
  std::printf("  %-16s %6d games  %9.0f games/s  %8.2f Mnodes/s  %6.2fx Connect4's nodes/s\n", game.name().c_str(),
              fitness.games, fitness.games / median, nodes_per_second / 1e6,
              nodes_per_second / connect4_nodes_per_second);
  const std::vector<typename G::Position> positions = random_positions(game, 4096);
  for (const ReferenceProgram& r : references) {
    const Player<G> player = builtin_player(game, r.name, 1);
    const double ns = visit_evaluator(std::get<EvaluatorOf<G>>(player.brain), [&](const auto& evaluator) {
      return nanoseconds_per_evaluation(evaluator, positions, std::max(1, reps * 5));
    });
    std::printf("    %-30s %8.2f ns per evaluation  %6.2fx native IBEF\n", std::string(r.name).c_str(), ns,
                ns / connect4_ns);
  }
}

// A game's best reference as a programmer would write it in C++: the
// features it reads from the game's own pass (the code native programs call
// too), its arithmetic compiled ahead of time. What a program in native
// code is measured against.
template <class G, std::size_t N, class Combine>
struct HandWritten {
  const G* game;
  std::array<FeatureRequest, N> requests;
  Combine combine;
  std::int32_t operator()(const typename G::Position& p) const {
    std::array<std::int32_t, N> v;
    game->features(p, requests, v.data());
    return combine(v);
  }
};
template <std::size_t N, class G, class Combine>
HandWritten<G, N, Combine> hand_written(const G& game, const std::array<const char*, N>& names, Combine combine) {
  const FeatureLibrary& library = feature_library(G::kFamily);
  std::array<FeatureRequest, N> requests{};
  for (std::size_t i = 0; i < N; ++i) {
    // "name" or "name'" (O's): a feature of one side, or of none.
    std::string name = names[i];
    const bool o = name.ends_with('\'');
    if (o) name.pop_back();
    const int id = library.find(name, 0);
    if (id < 0) throw std::logic_error("no feature " + name);
    requests[i] = {static_cast<std::uint8_t>(id), static_cast<std::uint8_t>(o ? 1 : 0)};
  }
  return {&game, requests, combine};
}
// threat-lines: 16 (threats(x) - threats(o)) + open_lines(x) - open_lines(o).
template <class G>
auto threat_lines(const G& game) {
  return hand_written(game, std::array{"threats", "threats'", "open_lines", "open_lines'"},
                      [](const auto& v) { return 16 * (v[0] - v[1]) + v[2] - v[3]; });
}
auto native_reference(const mnk::Game& game) { return threat_lines(game); }
auto native_reference(const mnk::FillGame& game) { return threat_lines(game); }
auto native_reference(const adjacent4::Game& game) { return threat_lines(game); }
auto native_reference(const modnim::Game& game) {  // strategy
  return hand_written(game, std::array{"sticks", "limit", "to_move"},
                      [](const auto& v) { return v[0] % (v[1] + 1) == 1 ? -1000 * v[2] : 1000 * v[2]; });
}
OthelloCounter native_reference(const othello::Game& game) { return OthelloCounter(game); }
auto native_reference(const checkers::Game& game) {  // positional
  return hand_written(game,
                      std::array{"men", "men'", "kings", "kings'", "back_rank", "back_rank'", "centre", "centre'",
                                 "mobility", "mobility'", "exposed", "exposed'"},
                      [](const auto& v) {
                        return 8 * (2 * (v[0] - v[1]) + 3 * (v[2] - v[3])) + v[4] - v[5] + v[6] - v[7] + v[8] - v[9] -
                               4 * (v[10] - v[11]);
                      });
}

// ns per evaluation of random programs of about 100 nodes of the game's
// language, by the interpreter and by native code, against the game's
// reference written in C++; and the game's feature pass alone for the
// features the programs read (what no form of the program can save).
template <class G>
void bench_family_programs(const G& game, int reps) {
  const std::vector<typename G::Position> positions = random_positions(game, 4096);
  const int rounds = std::max(1, reps / 4);
  const double native_ns = nanoseconds_per_evaluation(native_reference(game), positions, rounds);
  Rng rng(100);
  double interpreted_ns = 0, native_code_ns = 0, pass_ns = 0;
  std::size_t total_nodes = 0;
  const int count = 20;
  for (int i = 0; i < count; ++i) {
    lang::Program program = lang::random_program(rng, 100, std::nullopt, G::kFamily);
    while (program.size() < 75 || program.size() > 125)
      program = lang::random_program(rng, 150, std::nullopt, G::kFamily);
    total_nodes += program.size();
    const lang::GameProgram<G> by_interpreter(game, program, false), by_native_code(game, program);
    interpreted_ns += nanoseconds_per_evaluation(by_interpreter, positions, rounds);
    native_code_ns += nanoseconds_per_evaluation(by_native_code, positions, rounds);
    const std::vector<FeatureRequest> requests =
        lang::bytecode::compile(lang::simplify(program), [&](int row, int col) {
          return game.cell_of(row, col);
        }).features;
    const auto pass = [&](const typename G::Position& p) {
      std::array<std::int32_t, lang::GameProgram<G>::kMaxSlots> values;
      if (requests.empty()) return 0;
      game.features(p, requests, values.data());
      return values[0];
    };
    pass_ns += nanoseconds_per_evaluation(pass, positions, rounds);
  }
  interpreted_ns /= count;
  native_code_ns /= count;
  pass_ns /= count;
  std::printf("  %-20s %8.2f ns %8.2f ns %6.2fx %8.2f ns %6.2fx %8.2f ns   (%zu nodes)\n", game.name().c_str(),
              native_ns, interpreted_ns, interpreted_ns / native_ns, native_code_ns, native_code_ns / native_ns,
              pass_ns, total_nodes / count);
}

// Search nodes/s of the engine alone: both sides a constant evaluator (the
// program `0`) at depth 4 from 100 random boards, as X and O, the median of
// the repetitions. What a game file's generic engine costs next to the
// built-in engine of the same rules, whatever evaluators they are given.
template <Game G>
double engine_nodes_per_second(const G& game, int reps) {
  // The default family's programs have no `game` line (games/registry.hpp).
  const std::string zero = (G::kFamily == kDefaultFamily ? "" : "game " + game.name() + "\n") + "0";
  const Player<G> constant{"ZERO", 4, evaluator_for(game, lang::parse_program(zero, "<zero>"))};
  FitnessTask<G> task;
  task.game = game;
  task.boards = random_game_boards(game, 100, 2005, {});
  task.opponents = {{constant}};
  task.configs = {{Side::X, 4, 0, 4}, {Side::O, 4, 0, 4}};
  task.settings = {MoveOrder::LeftToRight};
  const std::vector<Candidate<G>> candidates = {{std::get<EvaluatorOf<G>>(constant.brain), 4}};
  std::vector<double> seconds;
  Fitness fitness;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    fitness = evaluate_fitness(candidates, task, 1).front();
    if (r > 0) seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  return static_cast<double>(fitness.nodes) / seconds[seconds.size() / 2];
}

template <Game Builtin, Game FromFile>
void compare_engines(const Builtin& builtin, const FromFile& file, int reps) {
  const double a = engine_nodes_per_second(builtin, reps), b = engine_nodes_per_second(file, reps);
  std::printf("  %-22s %8.2f Mnodes/s   as a game file, %-22s %8.2f Mnodes/s  %6.2fx\n", builtin.name().c_str(),
              a / 1e6, file.name().c_str(), b / 1e6, b / a);
}

}  // namespace

void bench_family_programs(int reps, double connect4_native_code_ns, double connect4_ns) {
  std::printf(
      "\nevery family's programs: ns per evaluation of 20 random programs of about 100 nodes of its language,\n"
      "by the interpreter and by native code, each next to the family's best reference written in C++ (the\n"
      "same features from the game's own pass), on 4096 random positions; Connect4's against native IBEF;\n"
      "last, the game's feature pass alone for the features the programs read\n");
  std::printf("  %-20s %11s %11s %7s %11s %7s %11s\n", "game", "C++", "interpreter", "ratio", "native", "ratio",
              "pass");
  std::printf("  %-20s %8.2f ns %11s %7s %8.2f ns %6.2fx\n", "connect4", connect4_ns, "", "", connect4_native_code_ns,
              connect4_native_code_ns / connect4_ns);
  if (!lang::native_code_enabled()) std::printf("  (native code is off: both columns are the interpreter)\n");
  for (const char* name : {"mnk(5,5,4)", "mnk(7,6,4,drop)", "mnk(5,5,3,fill)", "adjacent4(8,6)", "modnim(100,3)",
                           "checkers(8)", "othello(8)"})
    with_game(parse_game(name), [&](const auto& game) {
      if constexpr (lang::ProgramGame<std::decay_t<decltype(game)>>) bench_family_programs(game, reps);
    });
}

void bench_games(int reps, double connect4_nodes_per_second, double connect4_ns) {
  std::printf(
      "\nother games: a fitness workload on one thread (the second reference program against the first at\n"
      "depth 2, as X and O at depths 1 and 2, from 100 random boards), and the references' cost\n");
  for (const char* name : {"mnk(3,3,3)", "mnk(5,5,4)", "adjacent4(8,6)", "modnim(100,3)", "checkers(8)", "othello(8)"})
    with_game(parse_game(name), [&](const auto& game) {
      if constexpr (HasReferencePrograms<std::decay_t<decltype(game)>>)
        bench_game(game, reps, connect4_nodes_per_second, connect4_ns);
    });
  std::printf(
      "\nthe engine alone (a constant evaluator, depth 4, 100 random boards, one thread): built-in rules against\n"
      "the same rules written as a game file\n");
  compare_engines(connect4::Game{}, mnk::Game(7, 6, 4, mnk::Placement::Drop), reps);
  compare_engines(adjacent4::Game(8, 6), mnk::Game(8, 6, 4, mnk::Placement::Adjacent), reps);
  // The checkers move generator alone: perft 9 from the start (3,963,680
  // leaves, Bik 2009), the median of the repetitions.
  const checkers::Game checkers(8);
  std::vector<double> seconds;
  std::uint64_t leaves = 0;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    leaves = perft(checkers, checkers.start(), 9);
    if (r > 0) seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  const double per_second = static_cast<double>(leaves) / seconds[seconds.size() / 2];
  std::printf("  checkers(8) perft 9: %llu leaves, %.1f M leaves/s  %6.2fx Connect4's search nodes/s\n",
              static_cast<unsigned long long>(leaves), per_second / 1e6, per_second / connect4_nodes_per_second);
}

}  // namespace evalsynth
