#pragma once
// The oracle compiled programs are tested against: a direct tree-walking
// evaluator of the language's semantics (lang/semantics.hpp), and random
// positions of games still going on.

#include <catch2/catch.hpp>
#include <utility>
#include <vector>

#include "game/move_order.hpp"
#include "lang/program.hpp"
#include "lang/semantics.hpp"
#include "support/random.hpp"

namespace test {

using namespace evalsynth;
using namespace evalsynth::lang;

// A direct tree-walking evaluator: the reference the compiled forms must match.
class Reference {
 public:
  Reference(const Program& p, const connect4::Position& pos) : p_(p), pos_(pos) {}
  std::int32_t run() { return eval(p_.nodes.size() - 1); }

 private:
  std::int32_t eval(std::size_t i) {
    namespace s = semantics;
    const Node& n = p_.nodes[i];
    const auto k = p_.children(i);
    auto v = [&](int j) { return eval(k[static_cast<std::size_t>(j)]); };
    switch (n.op) {
      case Op::Const:
      case Op::BoolConst:
        return n.value;
      case Op::Var:
        for (auto it = env_.rbegin(); it != env_.rend(); ++it)
          if (it->first == n.value) return it->second;
        FAIL("unbound variable");
        return 0;
      case Op::Sq:
        return s::sq(pos_, v(0), v(1));
      case Op::Height:
        return s::height(pos_, v(0));
      case Op::Add:
        return s::add(v(0), v(1));
      case Op::Sub:
        return s::sub(v(0), v(1));
      case Op::Mul:
        return s::mul(v(0), v(1));
      case Op::Div:
        return s::div(v(0), v(1));
      case Op::Mod:
        return s::mod(v(0), v(1));
      case Op::Min:
        return s::min(v(0), v(1));
      case Op::Max:
        return s::max(v(0), v(1));
      case Op::Neg:
        return s::neg(v(0));
      case Op::Abs:
        return s::abs(v(0));
      case Op::Lt:
        return v(0) < v(1);
      case Op::Le:
        return v(0) <= v(1);
      case Op::Eq:
        return v(0) == v(1);
      case Op::Ne:
        return v(0) != v(1);
      case Op::Gt:
        return v(0) > v(1);
      case Op::Ge:
        return v(0) >= v(1);
      case Op::And:
        return v(0) && v(1);
      case Op::Or:
        return v(0) || v(1);
      case Op::Not:
        return !v(0);
      case Op::If:
        return v(0) ? v(1) : v(2);
      case Op::Let: {
        env_.emplace_back(n.value, v(0));
        const std::int32_t body = v(1);
        env_.pop_back();
        return body;
      }
      case Op::Feature:
        return s::feature(pos_, static_cast<Feature>(n.value), n.player);
    }
    return 0;
  }
  const Program& p_;
  const connect4::Position& pos_;
  std::vector<std::pair<std::int32_t, std::int32_t>> env_;
};

inline connect4::Position random_position(Rng& rng) {
  while (true) {
    connect4::Position p;
    const int plies = rng.below(40);
    for (int i = 0; i < plies && !p.is_game_over(); ++i) p = p.played(connect4::random_column(p, rng));
    if (!p.is_game_over()) return p;
  }
}

}  // namespace test
