#pragma once
// The evaluators a player of a game can search with: a variant per game, not
// a virtual base, so the search is instantiated per evaluator type and the
// visit happens once per move, not once per node. Connect4 has its own
// (native weight tables, compiled programs with native code, the learned
// networks); every other game searches with the language's programs
// compiled for it (lang/game_program.hpp) and the n-tuple networks learned
// for it (model/board_ntuple_net.hpp); games of stones on a grid also the
// design document's network (model/win_net.hpp). Compiled programs are shared, not
// copied, between the players and games that use them.

#include <memory>
#include <type_traits>
#include <variant>

#include "game/game.hpp"
#include "games/connect4/connect4.hpp"
#include "games/connect4/evaluators.hpp"
#include "lang/compiled.hpp"
#include "lang/game_program.hpp"
#include "model/board_ntuple_net.hpp"
#include "model/ntuple_net.hpp"
#include "model/ntuple_tracker.hpp"
#include "model/thesis_net.hpp"
#include "model/win_net.hpp"

namespace evalsynth {

template <class G>
struct IsConnect4Game : std::false_type {};
template <class Rules>
struct IsConnect4Game<Connect4Game<Rules>> : std::true_type {};
// Connect4 under either win test: the games with Connect4's own evaluators,
// solver and position files.
template <class G>
concept Connect4Like = IsConnect4Game<G>::value;

using SharedProgram = std::shared_ptr<const lang::CompiledProgram>;
using SharedThesisNet = std::shared_ptr<const model::ThesisNet>;
using SharedNTupleNet = std::shared_ptr<const model::NTupleNet>;
template <Game G>
using SharedGameProgram = std::shared_ptr<const lang::GameProgram<G>>;

// Every other game: its programs, and if it describes its board to the
// n-tuple learner (game/cell_board.hpp), the networks learned for it.
template <Game G>
struct EvaluatorKinds {
  using type = std::variant<SharedGameProgram<G>>;
};
template <class G>
concept CellBoardGame = HasCellBoard<G> && !IsConnect4Game<G>::value;
template <CellBoardGame G>
struct EvaluatorKinds<G> {
  using type = std::variant<SharedGameProgram<G>, model::BoardNTupleEvaluator<G>>;
};
// Games of stones on a grid: also the design document's network (model/win_net.hpp).
template <CellBoardGame G>
requires model::StoneGridGame<G>
struct EvaluatorKinds<G> {
  using type = std::variant<SharedGameProgram<G>, model::BoardNTupleEvaluator<G>, model::WinNetEvaluator<G>>;
};
template <class Rules>
struct EvaluatorKinds<Connect4Game<Rules>> {
  using type = std::variant<LinearEvaluator, SharedProgram, SharedThesisNet, SharedNTupleNet>;
};
// Both Connect4 rule sets search with the same evaluators, so their players
// are one type.
template <Game G>
using EvaluatorOf = typename EvaluatorKinds<G>::type;

template <class T>
struct IsSharedPointer : std::false_type {};
template <class T>
struct IsSharedPointer<std::shared_ptr<T>> : std::true_type {};

// Calls `f` with the evaluator itself (shared ones dereferenced), so callers
// instantiate their code once per evaluator type.
template <class Variant, class F>
decltype(auto) visit_evaluator(const Variant& any, F&& f) {
  return std::visit(
      [&](const auto& evaluator) -> decltype(auto) {
        if constexpr (IsSharedPointer<std::decay_t<decltype(evaluator)>>::value)
          return f(*evaluator);
        else
          return f(evaluator);
      },
      any);
}

// One evaluation through the variant (for tools and tests, not the search).
template <class Variant, class Position>
int evaluate(const Variant& any, const Position& p) {
  return visit_evaluator(any, [&](const auto& evaluator) -> int { return evaluator(p); });
}

// The evaluator a program compiles to for `game`. Connect4: a weight table
// if it is linear in the squares, else the compiled program (native code or
// the interpreter, lang/compiled.hpp).
template <Game G>
EvaluatorOf<G> evaluator_for(const G& game, const lang::Program& program,
                             lang::CompiledProgram::Mode mode = lang::CompiledProgram::Mode::Auto) {
  if constexpr (Connect4Like<G>) {
    auto compiled = std::make_shared<const lang::CompiledProgram>(program, mode);
    // A weight table is searched as the native evaluators are, without the
    // compiled program's dispatch.
    if (compiled->is_linear()) return EvaluatorOf<G>{*compiled->linear()};
    return EvaluatorOf<G>{std::move(compiled)};
  } else {
    (void)mode;  // programs of other games always run in the interpreter
    return EvaluatorOf<G>{std::make_shared<const lang::GameProgram<G>>(game, program)};
  }
}

}  // namespace evalsynth
