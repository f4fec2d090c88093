#include "lang/random_program.hpp"

#include <array>
#include <cassert>
#include <limits>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace evalsynth::lang {
namespace {

class Generator {
 public:
  Generator(Rng& rng, Program& out, std::vector<int> features)
      : rng_(rng), out_(out), library_(out.features()), features_(std::move(features)) {
    for (const char* name : {"a", "b", "c", "total"}) out_.names.emplace_back(name);
  }

  void grow(Type type, int budget) {
    const std::size_t start = out_.nodes.size();
    if (budget <= 1) {
      leaf(type);
    } else if (type == Type::Int) {
      grow_int(budget);
    } else {
      grow_bool(budget);
    }
    Node& top = out_.nodes.back();
    top.length = static_cast<std::uint16_t>(out_.nodes.size() - start);
  }

 private:
  void emit(Op op, Type type, std::int32_t value = 0, std::uint8_t player = 0) {
    out_.nodes.push_back(make_node(op, type, value, player));
  }

  std::int32_t constant() {
    switch (rng_.below(10)) {
      case 0:
        return std::numeric_limits<std::int32_t>::min();
      case 1:
        return std::numeric_limits<std::int32_t>::max();
      case 2:
        return rng_.below(2001) - 1000;
      default:
        return rng_.below(9) - 2;
    }
  }

  // A variable of `type` in scope, or -1.
  std::int32_t variable(Type type) {
    std::array<std::int32_t, 8> candidates{};
    int count = 0;
    for (std::int32_t name = 0; name < static_cast<std::int32_t>(out_.names.size()); ++name) {
      for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) {
        if (it->first != name) continue;
        if (it->second == type && count < 8) candidates[static_cast<std::size_t>(count++)] = name;
        break;  // the innermost binding of a name decides its type
      }
    }
    return count ? candidates[static_cast<std::size_t>(rng_.below(count))] : -1;
  }

  void leaf(Type type) {
    const std::int32_t var = variable(type);
    const int choice = rng_.below(4);
    if (var >= 0 && choice == 0) {
      emit(Op::Var, type, var);
    } else if (type == Type::Bool) {
      emit(Op::BoolConst, Type::Bool, rng_.below(2));
    } else if (choice == 1) {
      const int f = features_[static_cast<std::size_t>(rng_.below(static_cast<int>(features_.size())))];
      emit(Op::Feature, Type::Int, f, library_[f].takes_player ? static_cast<std::uint8_t>(rng_.below(2)) : 0);
    } else {
      emit(Op::Const, Type::Int, constant());
    }
  }

  void grow_int(int budget) {
    static constexpr Op kBinary[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::Min, Op::Max};
    const int choice = rng_.below(20);
    if (choice < 3 && library_.has_squares) {  // sq with constant (mostly on-board) or computed arguments
      if (rng_.below(4)) {
        emit(Op::Const, Type::Int, rng_.below(8) - 1);
        out_.nodes.back().length = 1;
        emit(Op::Const, Type::Int, rng_.below(9) - 1);
        out_.nodes.back().length = 1;
      } else {
        grow(Type::Int, (budget - 1) / 2);
        grow(Type::Int, (budget - 1) / 2);
      }
      emit(Op::Sq, Type::Int);
    } else if (choice < 12) {
      const int left = 1 + rng_.below(budget - 1);
      grow(Type::Int, left);
      grow(Type::Int, budget - 1 - left);
      emit(kBinary[rng_.below(7)], Type::Int);
    } else if (choice < 14) {
      grow(Type::Int, budget - 1);
      emit(rng_.below(2) ? Op::Neg : Op::Abs, Type::Int);
    } else if (choice < 15 && library_.has_height) {
      grow(Type::Int, budget - 1);
      emit(Op::Height, Type::Int);
    } else if (choice < 17) {
      grow(Type::Bool, (budget - 1) / 3);
      grow(Type::Int, (budget - 1) / 3);
      grow(Type::Int, (budget - 1) / 3);
      emit(Op::If, Type::Int);
    } else {
      let(Type::Int, budget);
    }
  }

  void grow_bool(int budget) {
    static constexpr Op kCompare[] = {Op::Lt, Op::Le, Op::Eq, Op::Ne, Op::Gt, Op::Ge};
    const int choice = rng_.below(10);
    if (choice < 5) {
      grow(Type::Int, (budget - 1) / 2);
      grow(Type::Int, (budget - 1) / 2);
      emit(kCompare[rng_.below(6)], Type::Bool);
    } else if (choice < 7) {
      grow(Type::Bool, (budget - 1) / 2);
      grow(Type::Bool, (budget - 1) / 2);
      emit(rng_.below(2) ? Op::And : Op::Or, Type::Bool);
    } else if (choice < 8) {
      grow(Type::Bool, budget - 1);
      emit(Op::Not, Type::Bool);
    } else if (choice < 9) {
      grow(Type::Bool, (budget - 1) / 3);
      grow(Type::Bool, (budget - 1) / 3);
      grow(Type::Bool, (budget - 1) / 3);
      emit(Op::If, Type::Bool);
    } else {
      let(Type::Bool, budget);
    }
  }

  void let(Type body_type, int budget) {
    const auto name = static_cast<std::int32_t>(rng_.below(static_cast<int>(out_.names.size())));
    const Type bound_type = rng_.below(4) ? Type::Int : Type::Bool;
    grow(bound_type, (budget - 1) / 2);
    scope_.emplace_back(name, bound_type);
    grow(body_type, (budget - 1) / 2);
    scope_.pop_back();
    emit(Op::Let, body_type, name);
  }

  Rng& rng_;
  Program& out_;
  const FeatureLibrary& library_;
  std::vector<int> features_;  // the feature ids drawn from
  std::vector<std::pair<std::int32_t, Type>> scope_;
};

}  // namespace

Program random_program(Rng& rng, std::size_t target_nodes, std::optional<BuiltinNetwork> network, GameFamily family) {
  Program p;
  p.game = default_game(family);
  const FeatureLibrary& library = p.features();
  assert(!network || family == connect4::kFamily);
  // The network's id after the drawn ones: ntuple()'s id is library.drawn,
  // so its programs are drawn as they were before ntuple2() existed.
  std::vector<int> features(static_cast<std::size_t>(library.drawn));
  std::iota(features.begin(), features.end(), 0);
  if (network) features.push_back(static_cast<int>(Feature::NTuple) + static_cast<int>(*network));
  Generator generator(rng, p, std::move(features));
  generator.grow(Type::Int, static_cast<int>(std::max<std::size_t>(target_nodes, 1)));
  p.canonicalize_names();
  return p;
}

}  // namespace evalsynth::lang
