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
#include "lang/compiled.hpp"
#include "lang/game_program.hpp"
#include "model/board_ntuple_net.hpp"
#include "model/ntuple_net.hpp"
#include "model/ntuple_tracker.hpp"
#include "model/thesis_net.hpp"
#include "model/win_net.hpp"

namespace evalsynth {

using SharedConnect4Program = std::shared_ptr<const lang::Connect4Program>;
using SharedThesisNet = std::shared_ptr<const model::ThesisNet>;
using SharedNTupleNet = std::shared_ptr<const model::NTupleNet>;
template <Game G>
using SharedGameProgram = std::shared_ptr<const lang::GameProgram<G>>;

// Programs compile to Connect4's native programs (weight tables, native
// code: lang/compiled.hpp) for the games whose positions those evaluate,
// and to the generic GameProgram<G> (bytecode) for every other.
template <class G>
concept NativeProgramGame = Game<G> && PositionEvaluator<lang::Connect4Program, typename G::Position>;
// The learned networks over Connect4's bitboard (the thesis's network, the
// n-tuple networks of model/ntuple_net.hpp) serve the games whose
// positions they read; every other game with a cell board has the n-tuple
// network over its cells (model/board_ntuple_net.hpp), and games of stones
// on a grid the design document's network (model/win_net.hpp).
template <class G>
concept BitboardNetGame = Game<G> && PositionEvaluator<model::NTupleNet, typename G::Position> &&
    PositionEvaluator<model::ThesisNet, typename G::Position>;
template <class G>
concept CellBoardNetGame = HasCellBoard<G> && !BitboardNetGame<G>;

namespace evaluator_kinds {
// A variant's alternatives, built up one ability at a time.
template <class... T>
struct Kinds {
  template <bool Add, class U>
  using with = std::conditional_t<Add, Kinds<T..., U>, Kinds<T...>>;
  using variant = std::variant<T...>;
};
template <Game G>
struct NativeOf {
  using type = void;
};
template <HasNativeEvaluators G>
struct NativeOf<G> {
  using type = typename G::NativeEvaluator;
};
template <Game G>
struct ProgramOf {
  using type = SharedConnect4Program;
};
template <Game G>
requires(!NativeProgramGame<G>) struct ProgramOf<G> {
  using type = SharedGameProgram<G>;
};
template <Game G>
struct WinNetOf {
  using type = void;
};
template <CellBoardNetGame G>
requires model::StoneGridGame<G>
struct WinNetOf<G> {
  using type = model::WinNetEvaluator<G>;
};
template <Game G>
using Of = typename Kinds<>::template with<HasNativeEvaluators<G>, typename NativeOf<G>::type>::
    template with<true, typename ProgramOf<G>::type>::template with<BitboardNetGame<G>, SharedThesisNet>::template with<
        BitboardNetGame<G>, SharedNTupleNet>::template with<CellBoardNetGame<G>, model::BoardNTupleEvaluator<G>>::
        template with<!std::is_void_v<typename WinNetOf<G>::type>, typename WinNetOf<G>::type>::variant;
}  // namespace evaluator_kinds

// The evaluators a player of G searches with: its native references (a
// weight table: Connect4's), its programs, the networks that read its
// positions. Both Connect4 rule sets search with the same ones, so their
// players are one type.
template <Game G>
using EvaluatorOf = evaluator_kinds::Of<G>;

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

// The evaluator a program compiles to for `game`. Connect4's native
// programs: a weight table if the program is linear, else the compiled
// program (native code or the interpreter, lang/compiled.hpp).
template <Game G>
EvaluatorOf<G> evaluator_for(const G& game, const lang::Program& program,
                             lang::Connect4Program::Mode mode = lang::Connect4Program::Mode::Auto) {
  if constexpr (NativeProgramGame<G>) {
    auto compiled = std::make_shared<const lang::Connect4Program>(program, mode);
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
