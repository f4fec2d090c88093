// One conformance suite over every game family (a template test over the
// families' records, games/families.hpp): a family gets all of it by being
// listed. Each family is played on its default game, on the example its
// record gives, and on the variants named below; positions come from random
// playouts of many seeds. What every game must keep:
//  - alpha-beta's value and move equal plain minimax's to depth 4, with the
//    game's own fast paths (win tests, move orders) and its root order;
//  - keys tell positions apart, and canonical keys are equal exactly for
//    positions its symmetries map onto each other (on its cell board);
//  - moves and move sequences (the positions' text) read back as written;
//  - fast win tests agree with `status`;
//  - perfect play (the exact solver, or the game's own) agrees with plain
//    minimax to the end where that is small;
//  - the bytecode (and native code) of random programs of its language
//    agrees with a walk of the program's tree.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "game/cell_board.hpp"
#include "game/move_order.hpp"
#include "game/search.hpp"
#include "games/registry.hpp"
#include "lang/compiled.hpp"
#include "lang/game_program.hpp"
#include "lang/random_program.hpp"
#include "program_walk.hpp"
#include "solver/exact_solver.hpp"
#include "solver/game_positions.hpp"
#include "support/random.hpp"

namespace {

using namespace evalsynth;

// The records as a std::tuple, for TEMPLATE_LIST_TEST_CASE.
template <class List>
struct AsTuple;
template <class... Records>
struct AsTuple<TypeList<Records...>> {
  using type = decltype(std::tuple_cat(
      std::declval<std::conditional_t<std::is_void_v<Records>, std::tuple<>, std::tuple<Records>>>()...));
};
using Families = AsTuple<FamilyRecordsAndEnd>::type;

// Variants of the families beyond their default and example games.
const std::map<std::string, std::vector<std::string>> kVariants = {
    {"connect4", {"connect4(thesis-java)"}},
    {"mnk", {"mnk(4,3,3,fill)", "mnk(5,4,3,drop)", "mnk(4,4,3,adjacent,across,up)", "mnk(3,4,3,diagonal)"}},
    {"adjacent4", {"adjacent4(5,4)"}},
    {"modnim", {"modnim(21,4)"}},
    {"checkers", {"checkers(6)", "checkers(4,12)", "checkers(4,blocked-draws)"}},
    {"othello", {"othello(6)"}},
};

template <class Record>
std::vector<GameDescriptor> games_of() {
  const FamilyInfo& info = Record::info();
  std::vector<GameDescriptor> games = {default_game(Record::kFamily), parse_game(info.example.game)};
  if (const auto variants = kVariants.find(std::string(info.name)); variants != kVariants.end())
    for (const std::string& name : variants->second) games.push_back(parse_game(name));
  for (const GameDescriptor& g : games) REQUIRE(g.family == Record::kFamily);
  return games;
}

// Positions of random playouts: every position of `games` games from the
// start, each with the move sequence that reached it (the game's notation).
template <class G>
struct Reached {
  typename G::Position position;
  std::string moves;
};
template <class G>
std::vector<Reached<G>> playouts(const G& game, std::uint64_t seed, int games, int most_plies = 400) {
  Rng rng(seed);
  std::vector<Reached<G>> out;
  for (int i = 0; i < games; ++i) {
    typename G::Position p = game.start();
    std::string moves;
    out.push_back({p, moves});
    for (int ply = 0; ply < most_plies && game.status(p) == Status::Ongoing; ++ply) {
      const typename G::Move m = random_move(game, p, rng);
      append_move_text(game, moves, p, m);
      p = game.play(p, m);
      out.push_back({p, moves});
    }
  }
  return out;
}

// Many distinct values, some beyond the win value (the search clamps them).
template <class G>
struct HashEvaluator {
  const G* game;
  int operator()(const typename G::Position& p) const {
    const std::uint64_t h = mix_seed({game->key(p), 77});
    return (h & 8) ? static_cast<int>(h % 401) - 200 : static_cast<int>(h % 4'000'000) - 2'000'000;
  }
};

// Plain minimax, no pruning and no shortcut, with the search's conventions:
// a finished game is worth its final value whatever its depth, a cut-off
// position the clamped evaluation; X keeps the first strictly larger value.
template <class G, class E>
int plain_minimax(const G& game, const typename G::Position& p, int depth, const E& eval, const MovesOf<G>* root,
                  typename G::Move* best_move) {
  if (const Status s = game.status(p); s != Status::Ongoing) return final_value(s);
  if (depth == 0) return clamp_heuristic(eval(p));
  MovesOf<G> legal;
  if (!root) game.legal_moves(p, legal);
  const bool x = game.side_to_move(p) == Side::X;
  int best = x ? -2 * kWinValue : 2 * kWinValue;
  for (const auto& m : root ? *root : legal) {
    const int value = plain_minimax(game, game.play(p, m), depth - 1, eval, nullptr, nullptr);
    if (x ? value > best : value < best) {
      best = value;
      if (best_move) *best_move = m;
    }
  }
  return best;
}

// Perfect play to the end by plain negamax in the exact solver's convention
// (solver/exact_solver.hpp): +-(kExactWin - plies to the end) for the side to
// move, 0 a draw. Gives up (nothing) past `budget` positions.
template <class G>
std::optional<int> plain_negamax(const G& game, const typename G::Position& p, std::int64_t& budget) {
  if (--budget < 0) return std::nullopt;
  if (const Status s = game.status(p); s != Status::Ongoing) {
    if (s == Status::Drawn) return 0;
    const bool mover_won = (s == Status::XWon) == (game.side_to_move(p) == Side::X);
    return mover_won ? solver::kExactWin : -solver::kExactWin;
  }
  MovesOf<G> legal;
  game.legal_moves(p, legal);
  int best = -2 * solver::kExactWin;
  for (const auto& m : legal) {
    const auto child = plain_negamax(game, game.play(p, m), budget);
    if (!child) return std::nullopt;
    const int c = *child;
    best = std::max(best, -(c - solver::value_class(c)));
  }
  return best;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("conformance: alpha-beta equals plain minimax to depth 4", "[game][conformance]", Families) {
  for (const GameDescriptor& d : games_of<TestType>())
    with_game(d, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      INFO(game.name());
      const HashEvaluator<G> eval{&game};
      Rng rng(11);
      std::vector<Reached<G>> positions = playouts(game, 3, 6);
      int checked = 0;
      for (std::size_t i = 0; i < positions.size() && checked < 24; i += 1 + positions.size() / 24) {
        const typename G::Position& p = positions[i].position;
        if (game.status(p) != Status::Ongoing) continue;
        ++checked;
        const MoveOrder order = checked % 2 ? MoveOrder::Random : MoveOrder::LeftToRight;
        for (int depth = 1; depth <= 4; ++depth) {
          const MovesOf<G> root = root_moves(game, p, order, rng);
          typename G::Move expected{};
          const int value = plain_minimax(game, p, depth, eval, &root, &expected);
          AlphaBeta<G, HashEvaluator<G>> search(game, eval);
          const auto got = search.search(p, depth, root);
          INFO("after " << positions[i].moves << ", depth " << depth);
          REQUIRE(got.value == value);
          REQUIRE(got.move == expected);
        }
      }
      CHECK(checked > 0);
    });
}

TEMPLATE_LIST_TEST_CASE("conformance: keys tell positions apart, canonical keys exactly their symmetric images",
                        "[game][conformance]", Families) {
  for (const GameDescriptor& d : games_of<TestType>())
    with_game(d, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      INFO(game.name());
      const std::vector<Reached<G>> reached = playouts(game, 5, 60);
      // Positions of one key play alike: the same side to move, status,
      // board and moves (a key may leave out what play does not depend on,
      // as checkers' count of plies beyond its parity).
      auto play_alike = [&](const typename G::Position& a, const typename G::Position& b) {
        if (a == b) return true;
        if (game.side_to_move(a) != game.side_to_move(b) || game.status(a) != game.status(b) ||
            game.board_text(a) != game.board_text(b))
          return false;
        MovesOf<G> ma, mb;
        game.legal_moves(a, ma);
        game.legal_moves(b, mb);
        if (ma.size() != mb.size()) return false;
        for (std::size_t i = 0; i < ma.size(); ++i)
          if (game.move_text(a, ma[i]) != game.move_text(b, mb[i])) return false;
        return true;
      };
      std::map<std::uint64_t, typename G::Position> by_key;
      for (const Reached<G>& r : reached) {
        const auto [at, inserted] = by_key.emplace(game.key(r.position), r.position);
        INFO("after " << r.moves);
        REQUIRE((inserted || play_alike(at->second, r.position)));
      }
      if constexpr (HasCellBoard<G>) {
        // On the cell board: the images of a position under the symmetries.
        const CellBoard board = game.cell_board();
        auto cells = [&](const typename G::Position& p) {
          std::vector<int> states(static_cast<std::size_t>(board.cells));
          for (int c = 0; c < board.cells; ++c) states[static_cast<std::size_t>(c)] = game.cell_state(p, c);
          return states;
        };
        auto image = [&](const std::vector<int>& states, const auto& symmetry) {
          std::vector<int> out(states.size());
          for (std::size_t c = 0; c < states.size(); ++c) out[static_cast<std::size_t>(symmetry[c])] = states[c];
          return out;
        };
        // A position is what its cells, its side to move and its plies say,
        // where the game keeps nothing else (checkers' quiet plies it does).
        std::map<std::tuple<std::vector<int>, Side, int>, std::uint64_t> seen;
        bool cells_say_all = true;
        for (const auto& [key, p] : by_key) {
          const auto [at, inserted] = seen.emplace(std::tuple{cells(p), game.side_to_move(p), game.plies(p)}, key);
          if (!inserted && at->second != key) cells_say_all = false;
        }
        std::map<std::tuple<std::vector<int>, Side, int>, std::uint64_t> canonical;
        for (const auto& [key, p] : by_key)
          canonical.emplace(std::tuple{cells(p), game.side_to_move(p), game.plies(p)}, game.canonical_key(p));
        int symmetric_pairs = 0;
        for (const auto& [state, canonical_key] : canonical) {
          const auto& [states, side, plies] = state;
          std::vector<std::vector<int>> images;
          for (const auto& symmetry : board.symmetries) images.push_back(image(states, symmetry));
          for (const auto& [other, other_key] : canonical) {
            if (std::get<1>(other) != side || std::get<2>(other) != plies) continue;
            const bool related = std::find(images.begin(), images.end(), std::get<0>(other)) != images.end();
            INFO("plies " << plies);
            if (canonical_key == other_key) REQUIRE(related);  // merging only symmetric images
            if (related && cells_say_all) {
              REQUIRE(canonical_key == other_key);  // and all of them
              symmetric_pairs += std::get<0>(other) != states;
            }
          }
        }
        if (board.symmetries.size() > 1 && cells_say_all) CHECK(symmetric_pairs > 0);
      }
    });
}

TEMPLATE_LIST_TEST_CASE("conformance: moves and move sequences read back as written", "[game][conformance]", Families) {
  for (const GameDescriptor& d : games_of<TestType>())
    with_game(d, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      INFO(game.name());
      for (const Reached<G>& r : playouts(game, 7, 8)) {
        INFO("after " << r.moves);
        REQUIRE(solver::parse_sequence(game, r.moves.empty() ? "-" : r.moves, {"<moves>"}) == r.position);
        REQUIRE(!game.board_text(r.position).empty());
        if (game.status(r.position) != Status::Ongoing) continue;
        MovesOf<G> legal;
        game.legal_moves(r.position, legal);
        REQUIRE(!legal.empty());
        for (const auto& m : legal)
          REQUIRE(game.parse_move(r.position, game.move_text(r.position, m), {"<move>"}) == m);
      }
      CHECK(!game.move_help().empty());
    });
}

TEMPLATE_LIST_TEST_CASE("conformance: fast win tests agree with the game's status", "[game][conformance]", Families) {
  for (const GameDescriptor& d : games_of<TestType>())
    with_game(d, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      INFO(game.name());
      if constexpr (HasFastWinTests<G>) {
        for (const Reached<G>& r : playouts(game, 9, 30)) {
          const typename G::Position& p = r.position;
          if (game.status(p) != Status::Ongoing) continue;
          INFO("after " << r.moves);
          const Status mover_wins = game.side_to_move(p) == Side::X ? Status::XWon : Status::OWon;
          MovesOf<G> legal;
          game.legal_moves(p, legal);
          bool any = false;
          for (const auto& m : legal) {
            const typename G::Position child = game.play(p, m);
            const bool wins = game.status(child) == mover_wins;
            REQUIRE(game.wins_at_once(p, m) == wins);
            any = any || wins;
            // A move that does not win goes on or draws (a full board).
            if (!wins) REQUIRE(game.is_drawn(child) == (game.status(child) == Status::Drawn));
          }
          REQUIRE(game.has_winning_move(p) == any);
        }
      }
    });
}

TEMPLATE_LIST_TEST_CASE("conformance: perfect play agrees with plain minimax to the end", "[game][conformance]",
                        Families) {
  int checked = 0;
  for (const GameDescriptor& d : games_of<TestType>())
    with_game(d, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      INFO(game.name());
      const std::vector<Reached<G>> reached = playouts(game, 13, 40);
      for (std::size_t i = 0; i < reached.size() && checked < 400; i += 3) {
        const typename G::Position& p = reached[i].position;
        if (game.status(p) != Status::Ongoing) continue;
        std::int64_t budget = 20000;
        const auto value = plain_negamax(game, p, budget);
        if (!value) continue;
        INFO("after " << reached[i].moves);
        if constexpr (HasOwnSolver<G>) {
          // Each move's value class, as the game's solver gives them.
          MovesOf<G> legal;
          game.legal_moves(p, legal);
          const std::vector<int> outcomes = game.perfect_outcomes(p);
          REQUIRE(outcomes.size() == legal.size());
          for (std::size_t m = 0; m < legal.size(); ++m) {
            std::int64_t child_budget = 20000;
            const auto child = plain_negamax(game, game.play(p, legal[m]), child_budget);
            REQUIRE(child);
            REQUIRE(outcomes[m] == -solver::value_class(*child));
          }
        } else {
          solver::ExactSolver<G> solver(game, 1);
          REQUIRE(solver.solve(p) == *value);
          REQUIRE(solver.outcome(p) == solver::value_class(*value));
        }
        ++checked;
      }
    });
  CHECK(checked > 0);
}

TEMPLATE_LIST_TEST_CASE("conformance: compiled programs agree with a walk of the program", "[game][conformance]",
                        Families) {
  for (const GameDescriptor& d : games_of<TestType>())
    with_game(d, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      INFO(game.name());
      Rng rng(17);
      const std::vector<Reached<G>> reached = playouts(game, 19, 10);
      for (int i = 0; i < 25; ++i) {
        const lang::Program program =
            lang::random_program(rng, 5 + static_cast<std::size_t>(rng.below(100)), std::nullopt, G::kFamily);
        if constexpr (lang::ProgramGame<G>) {
          // Native code (where it is on) and the interpreter.
          const lang::GameProgram<G> compiled(game, program), interpreted(game, program, false);
          if (lang::native_code_enabled() && compiled.instruction_count() > 1) REQUIRE(compiled.is_native());
          for (std::size_t j = 0; j < reached.size(); j += 1 + reached.size() / 30) {
            const std::int32_t walked = test::ProgramWalk<G>(game, program, reached[j].position).run();
            REQUIRE(compiled(reached[j].position) == walked);
            REQUIRE(interpreted(reached[j].position) == walked);
          }
        } else {
          // Connect4's programs: the interpreter, native code and weight tables.
          const lang::Connect4Program interpreted(program, lang::Connect4Program::Mode::InterpreterOnly),
              native(program, lang::Connect4Program::Mode::Native), automatic(program);
          for (std::size_t j = 0; j < reached.size(); j += 1 + reached.size() / 30) {
            REQUIRE(native(reached[j].position) == interpreted(reached[j].position));
            REQUIRE(automatic(reached[j].position) == interpreted(reached[j].position));
          }
        }
      }
    });
}

TEST_CASE("conformance: every family is in the suite", "[game][conformance]") {
  CHECK(std::tuple_size_v<Families> == kGameFamilies);
  for (const auto& [name, variants] : kVariants) CHECK(family_named(name));
}
