// The n-tuple networks' incremental evaluation inside the search
// (model/ntuple_tracker.hpp): every leaf's value equals the network's own,
// and a search with it chooses, values and counts exactly as without it.

#include "model/ntuple_tracker.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <tuple>
#include <type_traits>

#include "game/search.hpp"
#include "games/connect4/connect4.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "support/random.hpp"

using namespace evalsynth;
using model::NTupleNet;
using model::NTupleTracker;

namespace {

// Weights of every magnitude from 1e-9 to 10 (and zeros), so sums move by
// move meet large cancellations and tiny terms.
NTupleNet wide_range_net(int states, bool per_side, std::uint64_t seed, int stage_split = 0) {
  NTupleNet net(model::random_walk_tuples(40, 6, seed), states, per_side, stage_split);
  Rng rng(seed + 1);
  for (float& w : net.weights()) {
    const double magnitude = std::pow(10.0, -9 + 10 * rng.unit());
    w = rng.below(5) == 0 ? 0.0F : static_cast<float>((rng.unit() < 0.5 ? -1 : 1) * magnitude);
  }
  return net;
}

// Values leaves through the tracker and checks each against the network's
// own value of the leaf.
template <class E>
struct CheckedLeaves {
  const E& evaluator;
  bool recompute_all = false;
  mutable long leaves = 0;
  mutable long mismatches = 0;

  int operator()(const connect4::Position& p) const { return evaluator(p); }
  // The value from scratch, never through ntuple()'s cache (which the
  // tracker's values fill).
  int from_scratch(const connect4::Position& p) const {
    if constexpr (std::is_same_v<E, lang::Connect4Program>)
      if (evaluator.reads_ntuple())
        return evaluator.with_ntuple(p, lang::ntuple_feature_uncached(p, evaluator.network()));
    return evaluator(p);
  }
  using SearchState = NTupleTracker;
  NTupleTracker search_state() const {
    NTupleTracker state = evaluator.search_state();
    if (recompute_all) state.always_recompute();
    return state;
  }
  int leaf_value(NTupleTracker& state, const connect4::Position& parent, int column,
                 const connect4::Position& leaf) const {
    const int value = evaluator.leaf_value(state, parent, column, leaf);
    ++leaves;
    if (value != from_scratch(leaf)) ++mismatches;
    return value;
  }
};

// The same evaluator seen without its search state: the plain search.
template <class E>
struct FromScratch {
  const E& evaluator;
  int operator()(const connect4::Position& p) const {
    if constexpr (std::is_same_v<E, lang::Connect4Program>)
      if (evaluator.reads_ntuple())
        return evaluator.with_ntuple(p, lang::ntuple_feature_uncached(p, evaluator.network()));
    return evaluator(p);
  }
};

NTupleNet model_test_net() {
  NTupleNet net(model::random_walk_tuples(70, 8, 3), 3, true);
  Rng rng(4);
  for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5) * 0.2F;
  return net;
}

std::vector<connect4::Position> search_roots(int games, std::uint64_t seed) {
  std::vector<connect4::Position> roots;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    connect4::Position p;
    while (!p.is_game_over()) {
      if (rng.below(4) == 0) roots.push_back(p);
      p = p.played(connect4::random_column(p, rng));
    }
  }
  return roots;
}

// Searches every root at depths 1-4 with and without the tracker; returns
// the leaves valued through it.
template <class E>
long compare_searches(const E& evaluator, bool recompute_all, std::uint64_t seed) {
  const connect4::Game game;
  CheckedLeaves<E> checked{evaluator, recompute_all};
  const FromScratch<E> plain{evaluator};
  for (const connect4::Position& root : search_roots(6, seed)) {
    const MovesOf<connect4::Game> order = playable_in(root, connect4::kLeftToRight);
    for (int depth = 1; depth <= 4; ++depth) {
      AlphaBeta<connect4::Game, CheckedLeaves<E>> tracked(game, checked);
      AlphaBeta<connect4::Game, FromScratch<E>> reference(game, plain);
      const auto a = tracked.search(root, depth, order), b = reference.search(root, depth, order);
      REQUIRE(a.move == b.move);
      REQUIRE(a.value == b.value);
      REQUIRE(tracked.counters().nodes == reference.counters().nodes);
      REQUIRE(tracked.counters().evaluations == reference.counters().evaluations);
    }
  }
  CHECK(checked.mismatches == 0);
  return checked.leaves;
}

}  // namespace

TEST_CASE("n-tuple tracker: every leaf of random searches has the network's own value", "[model][tracker]") {
  // Split by stage too, where searches from roots on either side of the
  // split reach leaves in both stages' tables.
  for (const auto& [states, per_side, split] : {std::tuple{3, true, 0}, std::tuple{3, false, 0}, std::tuple{4, true, 0},
                                                std::tuple{3, true, 9}, std::tuple{4, false, 11}}) {
    const NTupleNet net = wide_range_net(states, per_side, 17, split);
    CHECK(compare_searches(net, false, 3) > 2000);
  }
}

TEST_CASE("n-tuple tracker: the recomputed values (the fallback near a rounding boundary) are the network's own",
          "[model][tracker]") {
  const NTupleNet net = wide_range_net(4, true, 29);
  CHECK(compare_searches(net, true, 5) > 2000);
}

TEST_CASE("n-tuple tracker: values are recomputed only when asked or near a rounding boundary", "[model][tracker]") {
  // Random weights put no leaf within ~1e-9 of a half-integer of 50,000 *
  // tanh(sum), so a search recomputes nothing; asked to, it recomputes each.
  const NTupleNet net = model_test_net();
  for (const bool recompute_all : {false, true}) {
    NTupleTracker tracker = net.search_state();
    if (recompute_all) tracker.always_recompute();
    connect4::Position p = connect4::Position().played(3).played(3).played(2);
    tracker.reset(p);
    std::uint64_t leaves = 0;
    for (int column = 0; column < connect4::kColumns; ++column, ++leaves)
      CHECK(net.leaf_value(tracker, p, column, p.played(column)) == net(p.played(column)));
    CHECK(tracker.recomputations() == (recompute_all ? leaves : std::uint64_t{0}));
  }
}

TEST_CASE("n-tuple tracker: programs reading ntuple() or ntuple2() search as without it, natively and interpreted",
          "[model][tracker]") {
  // Other roots for each (the tracker's values fill ntuple()'s cache, which
  // a search reads first).
  std::uint64_t seed = 7;
  for (const auto mode : {lang::Connect4Program::Mode::Native, lang::Connect4Program::Mode::InterpreterOnly}) {
    const lang::Connect4Program program(lang::parse_program("ntuple() + 40 * threats(x) - 7 * windows(o, 2)"), mode);
    REQUIRE(program.reads_ntuple());
    CHECK(compare_searches(program, false, seed++) > 2000);
    // The second network, split by stage: its own tracker and cache entries.
    const lang::Connect4Program second(lang::parse_program("ntuple2() - 25 * threats(o) + sq(1, 3)"), mode);
    REQUIRE(second.network() == lang::BuiltinNetwork::NTuple2);
    REQUIRE(second.search_state().active());
    CHECK(compare_searches(second, false, seed++) > 2000);
  }
  // A program without ntuple() follows nothing.
  const lang::Connect4Program plain(lang::parse_program("threats(x) - threats(o) + sq(0, 3)"));
  CHECK_FALSE(plain.search_state().active());
  CHECK(compare_searches(plain, false, 9) > 2000);
}
