#include "cli/bench_search_leaves.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "game/search.hpp"
#include "games/connect4/connect4.hpp"
#include "lang/builtin_ntuple.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"

namespace evalsynth {
namespace {

constexpr int kDepth = 6;
constexpr std::size_t kRoots = 60;

// An evaluator seen without its search state: every leaf from scratch.
template <class E>
struct FromScratch {
  const E& evaluator;
  int operator()(const connect4::Position& p) const { return evaluator(p); }
};

struct LeafTiming {
  double ns_per_leaf = 0;
  std::uint64_t leaves = 0;  // per round: the same for every evaluator of the same values
};

// The median over rounds of the time of one depth-6 search from each root,
// per leaf.
template <class E>
LeafTiming time_leaves(const E& evaluator, const std::vector<connect4::Position>& roots, int rounds) {
  const connect4::Game game;
  std::vector<double> per_leaf;
  std::uint64_t leaves = 0;
  for (int r = 0; r < rounds; ++r) {
    leaves = 0;
    const auto start = std::chrono::steady_clock::now();
    for (const connect4::Position& root : roots) {
      AlphaBeta<connect4::Game, E> search(game, evaluator);
      search.search(root, kDepth, playable_in(root, connect4::kLeftToRight));
      leaves += search.counters().evaluations;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    per_leaf.push_back(seconds * 1e9 / static_cast<double>(std::max<std::uint64_t>(leaves, 1)));
  }
  std::nth_element(per_leaf.begin(), per_leaf.begin() + rounds / 2, per_leaf.end());
  return {per_leaf[static_cast<std::size_t>(rounds / 2)], leaves};
}

}  // namespace

void bench_search_leaves(const std::vector<connect4::Position>& positions, int rounds) {
  std::vector<connect4::Position> roots;
  for (const connect4::Position& p : positions)
    if (roots.size() < kRoots && !p.is_game_over() && !p.can_win_now()) roots.push_back(p);
  rounds = std::max(1, std::min(rounds, 5));
  std::printf("\nleaves of a depth-%d search: ns per leaf (the search's time / its evaluations; %zu roots)\n", kDepth,
              roots.size());
  const LeafTiming native = time_leaves(connect4::ibef_evaluator(), roots, rounds);
  const auto row = [&](const char* what, const LeafTiming& t) {
    std::printf("  %-52s %8.1f ns  %7.2fx  (%llu leaves)\n", what, t.ns_per_leaf, t.ns_per_leaf / native.ns_per_leaf,
                static_cast<unsigned long long>(t.leaves));
  };
  row("native IBEF (reference)", native);
  const model::NTupleNet& net = lang::builtin_ntuple(lang::BuiltinNetwork::NTuple);
  row("built-in n-tuple network, incremental", time_leaves(net, roots, rounds));
  row("built-in n-tuple network, from scratch", time_leaves(FromScratch<model::NTupleNet>{net}, roots, rounds));
  const lang::Connect4Program program(lang::parse_program("ntuple() + 16 * threats(x) - 16 * threats(o)"));
  using Program = lang::Connect4Program;
  row("ntuple() + threats program, cache then incremental", time_leaves(program, roots, rounds));
  // Through the cache of computed values: warm after the first round, as in
  // a run whose candidates search the same positions.
  row("ntuple() + threats program, through the cache", time_leaves(FromScratch<Program>{program}, roots, rounds));
  const lang::Connect4Program threats(lang::parse_program("16 * threats(x) - 16 * threats(o)"));
  row("threats program alone (no network)", time_leaves(threats, roots, rounds));
}

}  // namespace evalsynth
