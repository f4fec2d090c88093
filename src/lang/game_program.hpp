#pragma once
// Programs compiled for evaluation in any game of the engine but Connect4
// (whose own form is lang/compiled.hpp): simplified, compiled to the shared
// bytecode (lang/bytecode.hpp), then to native code (lang/native_code.hpp)
// where it is on, else run by the bytecode's interpreter, with the same
// values. The game computes every feature the program reads in one call per
// evaluation (so features that share work, such as the counts of a board's
// lines, share it), into slots the code then loads; a feature that names a
// built-in network (Othello's tuples(), lang/builtin_board_net.hpp) the
// language computes itself after it. No allocation per evaluation.

#include <array>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <memory>
#include <span>

#include "game/feature_library.hpp"
#include "game/game.hpp"
#include "games/family.hpp"
#include "lang/builtin_board_net.hpp"
#include "lang/bytecode.hpp"
#include "lang/native_code.hpp"
#include "lang/program.hpp"
#include "lang/simplify.hpp"
#include "support/error.hpp"

namespace evalsynth::lang {

// What a game gives the language: its family (whose library names the
// features), the features a program reads, computed together, and its cells
// (`cell_of` a handle for sq(row, col) with constant arguments, 0 off the
// board; `square` for computed ones; both +1 X, -1 O, 0 empty or off the board).
template <class G>
concept ProgramGame = Game<G> &&
    requires(const G& g, const typename G::Position& p, std::span<const FeatureRequest> requests, std::int32_t* values,
             std::uint64_t cell, std::int32_t row, std::int32_t col) {
  { G::kFamily } -> std::convertible_to<GameFamily>;
  {g.features(p, requests, values)};
  { g.cell_of(row, col) } -> std::same_as<std::uint64_t>;
  { g.square_at(p, cell) } -> std::same_as<std::int32_t>;
  { g.square(p, row, col) } -> std::same_as<std::int32_t>;
};

template <ProgramGame G>
class GameProgram {
 public:
  using Position = typename G::Position;
  // A program reads at most two slots per feature of its library.
  static constexpr std::size_t kMaxSlots = 512;

  // Precondition: the program is of the game's family. Throws InputError if
  // it needs more than bytecode::kMaxStack stack slots. `native`: native
  // code where it is on (false: the interpreter, the reference it is tested
  // against).
  GameProgram(const G& game, const Program& program, bool native = true) : game_(game) {
    assert(program.family() == G::kFamily);
    compiled_ = bytecode::compile(simplify(program), [&](int row, int col) { return game.cell_of(row, col); });
    assert(compiled_.features.size() <= kMaxSlots);
    constant_ = compiled_.code.size() == 1 && compiled_.code[0].code == bytecode::Code::Const;
    find_networks(program.features());
    if (native && !constant_ && reads_cells_natively()) {
      const GameCalls calls{compiled_.features.size(), &fill_features, &square_from, &height_from};
      native_ = NativeCode::generate(compiled_.code, calls);
    }
  }
  // Copies share the native code; its calls find the copy by the context.
  GameProgram(const GameProgram&) = default;
  GameProgram& operator=(const GameProgram&) = default;

  std::int32_t operator()(const Position& p) const {
    // A program that simplifies to a number (grown programs do) reads nothing.
    if (constant_) return compiled_.code[0].operand;
    if (native_) {
      const Context context{this, &p};
      StoneBitboards stones;
      if constexpr (HasStoneBitboards<G>) stones = game_.stone_bitboards(p);
      return native_->game_function()(stones.x, stones.o, &context);
    }
    std::array<std::int32_t, kMaxSlots> values;
    // A program that reads no feature (squares only, or a constant) skips
    // the game's feature pass: the search then pays for its own work only.
    if (!compiled_.features.empty()) fill(p, values.data());
    return bytecode::run(compiled_.code, values.data(), Board{game_, p});
  }

  std::size_t instruction_count() const { return compiled_.code.size(); }
  bool is_native() const { return native_ != nullptr; }

 private:
  // What native code's calls receive: the program (its game and feature
  // slots) and the position.
  struct Context {
    const GameProgram* program;
    const Position* p;
  };
  static void fill_features(const void* context, std::int32_t* values) {
    const auto& c = *static_cast<const Context*>(context);
    c.program->fill(*c.p, values);
  }
  // The game's features, then the built-in networks' (the game leaves their
  // slots at 0).
  void fill(const Position& p, std::int32_t* values) const {
    game_.features(p, std::span<const FeatureRequest>(compiled_.features), values);
    for (int i = 0; i < network_count_; ++i) {
      const NetworkSlot& n = network_slots_[static_cast<std::size_t>(i)];
      if constexpr (requires { game_.cell_state(p, 0); }) {
        model::BoardNTupleNet::CellStates states;
        n.net->read_cells(game_, p, states);
        values[n.slot] = model::evaluation_from_tanh_sum(n.net->sum(states, game_.side_to_move(p)));
      }
    }
  }
  // The slots of features that name a built-in network; InputError where the
  // network was learned for another game of the family (othello(6) has no
  // network of its own).
  void find_networks(const FeatureLibrary& library) {
    for (std::size_t slot = 0; slot < compiled_.features.size(); ++slot) {
      const BuiltinBoardNet* net = builtin_board_net(library.family, library[compiled_.features[slot].id].name);
      if (!net) continue;
      const model::BoardNTupleNet& model = builtin_board_model(*net);
      if constexpr (requires(const Position& p) { game_.cell_state(p, 0); }) {
        if (model.game() != game_.name())
          throw InputError(TextLocation{std::string(net->path)}, std::string(net->feature) + "() is the network of " +
                                                                     model.game() + " (" + std::string(net->path) +
                                                                     "): it does not value " + game_.name());
        assert(network_count_ < static_cast<int>(network_slots_.size()));
        network_slots_[static_cast<std::size_t>(network_count_++)] = {static_cast<std::uint16_t>(slot), &model};
      } else {
        throw InputError(TextLocation{std::string(net->path)},
                         std::string(net->feature) + "() reads a board of cells, which " + game_.name() + " has not");
      }
    }
  }
  static std::int32_t square_from(const void* context, std::int32_t row, std::int32_t col) {
    const auto& c = *static_cast<const Context*>(context);
    return Board{c.program->game_, *c.p}.square(row, col);
  }
  static std::int32_t height_from(const void* context, std::int32_t col) {
    const auto& c = *static_cast<const Context*>(context);
    return Board{c.program->game_, *c.p}.height(col);
  }
  // Native code reads a constant sq(r, c) as bits of the stone bitboards: a
  // game without them qualifies only where the program reads no cell.
  bool reads_cells_natively() const {
    if constexpr (HasStoneBitboards<G>) return true;
    for (const bytecode::Instruction& in : compiled_.code)
      if (in.code == bytecode::Code::SquareAt && in.cell != 0) return false;
    return true;
  }

  struct Board {
    const G& game;
    const Position& p;
    std::int32_t square_at(std::uint64_t cell) const { return game.square_at(p, cell); }
    std::int32_t square(std::int32_t row, std::int32_t col) const { return game.square(p, row, col); }
    std::int32_t height(std::int32_t col) const {
      if constexpr (requires { game.height(p, col); })
        return game.height(p, col);
      else
        return 0;  // the parser refuses height() for games without columns to fill
    }
  };

  struct NetworkSlot {
    std::uint16_t slot = 0;
    const model::BoardNTupleNet* net = nullptr;  // built in: lives as long as the tool
  };

  G game_;
  bytecode::CompiledCode compiled_;
  // A program reads a feature once (one slot), so each built-in network at
  // most once.
  std::array<NetworkSlot, kBuiltinBoardNets> network_slots_{};
  int network_count_ = 0;
  bool constant_ = false;
  std::shared_ptr<const NativeCode> native_;  // shared by copies, freed with the last
};

}  // namespace evalsynth::lang
