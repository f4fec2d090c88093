#pragma once
// A player: an evaluator searched to a fixed depth, or the random mover.
// Written `NAME@DEPTH` on the command line (`IBEF@4`, `ADATE@2`, `random`).

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/evaluators.hpp"
#include "game/move_order.hpp"
#include "game/search.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "model/ntuple_net.hpp"
#include "model/thesis_net.hpp"
#include "support/random.hpp"

namespace evalsynth {

// Evaluators a player can search with. A variant, not a virtual base: the
// search is instantiated per evaluator type and the visit happens once per
// move, not once per node. Compiled programs are shared, not copied, between
// the players and games that use them.
using SharedProgram = std::shared_ptr<const lang::CompiledProgram>;
using SharedThesisNet = std::shared_ptr<const model::ThesisNet>;
using SharedNTupleNet = std::shared_ptr<const model::NTupleNet>;
using AnyEvaluator = std::variant<LinearEvaluator, SharedProgram, SharedThesisNet, SharedNTupleNet>;

// Calls `f` with the evaluator itself (shared ones dereferenced), so callers
// instantiate their code once per evaluator type.
template <class F>
decltype(auto) visit_evaluator(const AnyEvaluator& any, F&& f) {
  return std::visit(
      [&](const auto& evaluator) -> decltype(auto) {
        if constexpr (std::is_same_v<std::decay_t<decltype(evaluator)>, LinearEvaluator>)
          return f(evaluator);
        else
          return f(*evaluator);
      },
      any);
}

// One evaluation through the variant (for tools and tests, not the search).
inline int evaluate(const AnyEvaluator& any, const Position& p) {
  return visit_evaluator(any, [&](const auto& evaluator) -> int { return evaluator(p); });
}

struct RandomMover {};

// Start boards of fewer stones make games against a perfect player take
// seconds to minutes each (measured against IBEF: about 0.6 s of CPU a game
// from 10 stones, 2 s from 8, minutes from the empty board): runs refuse
// them, learning refuses perfect opponents, `match` warns.
inline constexpr int kPerfectPlayMinStones = 10;

// Perfect play by the solver: a random move among those of the best value
// class (win > draw > loss); with probability `epsilon` instead a random move
// that does not lose (if there is one). Slow in the opening: each move finds
// the value class of every child position (kPerfectPlayMinStones).
struct PerfectPlayer {
  double epsilon = 0;
  bool resist = false;  // when lost, only the moves that lose latest
};

struct Player {
  std::string name;  // as shown in tables: "IBEF", "ADATE", "RANDOM"
  int depth = 0;     // search depth; unused for the random mover
  std::variant<RandomMover, AnyEvaluator, PerfectPlayer> brain;
  bool from_file = false;  // a program read from an .eval file

  bool is_random() const { return std::holds_alternative<RandomMover>(brain); }
  bool is_perfect() const { return std::holds_alternative<PerfectPlayer>(brain); }
  // "IBEF4", "RANDOM": the thesis's Appendix D naming; "ibef@4" for a file
  // ibef.eval, whose name may end in a digit.
  std::string label() const {
    if (is_random() || is_perfect()) return name;
    return name + (from_file ? "@" : "") + std::to_string(depth);
  }
};

// How games are played: tie-breaking order and win rules.
struct GameSettings {
  MoveOrder order = MoveOrder::Random;
  RuleSet rules = RuleSet::Standard;
};

// The column a PerfectPlayer plays in `p` (each thread keeps a solver with a
// 64 MiB table). Precondition: the game is not over.
int perfect_move(const Position& p, double epsilon, Rng& rng, bool resist = false);

// The column `player` plays in `p` (precondition: the game is not over).
template <class Rules>
int choose_move(const Player& player, const Position& p, MoveOrder order, Rng& rng, SearchCounters& counters) {
  if (player.is_random()) return random_column(p, rng);
  if (const auto* perfect = std::get_if<PerfectPlayer>(&player.brain))
    return perfect_move(p, perfect->epsilon, rng, perfect->resist);
  const ColumnOrder root = root_order(order, rng);
  auto search_with = [&](const auto& evaluator) {
    AlphaBeta<std::decay_t<decltype(evaluator)>, Rules> search(evaluator);
    const int move = search.search(p, player.depth, root).move;
    counters.nodes += search.counters().nodes;
    counters.evaluations += search.counters().evaluations;
    return move;
  };
  return visit_evaluator(std::get<AnyEvaluator>(player.brain), search_with);
}

// Built-in players by name, case-insensitive: ibef, adate (alias adate2005), random.
// Throws UsageError naming the known players.
Player builtin_player(std::string_view name, int depth);

// The evaluator a program compiles to: a weight table if it is linear in the
// squares, else the compiled program.
AnyEvaluator evaluator_for(const lang::Program& program,
                           lang::CompiledProgram::Mode mode = lang::CompiledProgram::Mode::Auto);

// The evaluator of a trained model (shared, like compiled programs).
namespace model {
struct Model;
}
AnyEvaluator model_evaluator(const model::Model& model);

// Reads the program a player file names. The default reads .eval files;
// commands that know checkpoints pass one that also reads a run's answer.
using ProgramReader = std::function<lang::Program(const std::string& path)>;

// A player searching with the program a file holds, named after the file
// (its name without folders and extension); a model file (model/model_file.hpp)
// is recognised by its first bytes and searched with its network, named after
// its folder (results/ntuple/model.bin is "ntuple"). Throws InputError for a
// bad file.
Player program_player(const std::string& path, int depth, const ProgramReader& read = lang::read_program_file);

// Parses a comma-separated list of players; `NAME@D` or `NAME@A-B` (a depth
// range expands to one player per depth). NAME is a built-in or a path to a
// file `read` understands: one ending in .eval or .ckpt, or any path with a
// '/'. Throws UsageError or InputError.
std::vector<Player> parse_player_list(std::string_view text, const ProgramReader& read = lang::read_program_file);

}  // namespace evalsynth
