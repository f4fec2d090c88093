#pragma once
// A program of a game other than Connect4 evaluated by walking its tree,
// each feature asked of the game on its own: what the bytecode (and any
// native code) must agree with.

#include <catch2/catch.hpp>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "game/feature_library.hpp"
#include "lang/program.hpp"
#include "lang/semantics_core.hpp"

namespace evalsynth::test {

// A tree walk over the program, each feature asked of the game on its own.
template <class G>
class ProgramWalk {
 public:
  ProgramWalk(const G& game, const lang::Program& program, const typename G::Position& p)
      : game_(game), program_(program), p_(p) {}
  std::int32_t run() { return eval(program_.nodes.size() - 1); }

 private:
  std::int32_t eval(std::size_t i) {
    namespace s = lang::semantics;
    const lang::Node& n = program_.nodes[i];
    const auto k = program_.children(i);
    auto v = [&](int j) { return eval(k[static_cast<std::size_t>(j)]); };
    switch (n.op) {
      case lang::Op::Const:
      case lang::Op::BoolConst:
        return n.value;
      case lang::Op::Var:
        for (auto it = env_.rbegin(); it != env_.rend(); ++it)
          if (it->first == n.value) return it->second;
        FAIL("unbound variable");
        return 0;
      case lang::Op::Sq:
        return game_.square(p_, v(0), v(1));
      case lang::Op::Feature: {
        const FeatureRequest request{static_cast<std::uint8_t>(n.value), n.player};
        std::int32_t value = 0;
        game_.features(p_, std::span<const FeatureRequest>(&request, 1), &value);
        return value;
      }
      case lang::Op::Add:
        return s::add(v(0), v(1));
      case lang::Op::Sub:
        return s::sub(v(0), v(1));
      case lang::Op::Mul:
        return s::mul(v(0), v(1));
      case lang::Op::Div:
        return s::div(v(0), v(1));
      case lang::Op::Mod:
        return s::mod(v(0), v(1));
      case lang::Op::Min:
        return s::min(v(0), v(1));
      case lang::Op::Max:
        return s::max(v(0), v(1));
      case lang::Op::Neg:
        return s::neg(v(0));
      case lang::Op::Abs:
        return s::abs(v(0));
      case lang::Op::Lt:
        return v(0) < v(1);
      case lang::Op::Le:
        return v(0) <= v(1);
      case lang::Op::Eq:
        return v(0) == v(1);
      case lang::Op::Ne:
        return v(0) != v(1);
      case lang::Op::Gt:
        return v(0) > v(1);
      case lang::Op::Ge:
        return v(0) >= v(1);
      case lang::Op::And:
        return v(0) && v(1);
      case lang::Op::Or:
        return v(0) || v(1);
      case lang::Op::Not:
        return !v(0);
      case lang::Op::If:
        return v(0) ? v(1) : v(2);
      case lang::Op::Let: {
        const std::int32_t bound = v(0);
        env_.emplace_back(n.value, bound);
        const std::int32_t body = v(1);
        env_.pop_back();
        return body;
      }
      case lang::Op::Height:
        return 0;
    }
    return 0;
  }

  const G& game_;
  const lang::Program& program_;
  const typename G::Position& p_;
  std::vector<std::pair<std::int32_t, std::int32_t>> env_;
};

}  // namespace evalsynth::test
