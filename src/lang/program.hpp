#pragma once
// Programs of the evaluator language as a flat vector of nodes in postfix
// order. Every node knows the length of its subtree (itself included), so a
// subtree is the contiguous range [i + 1 - length, i + 1) and crossover or
// mutation is a few copies.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/feature_library.hpp"
#include "games/registry.hpp"

namespace evalsynth::lang {

enum class Type : std::uint8_t { Int, Bool };

// Operators grouped by kind, one group a line.
// clang-format off
enum class Op : std::uint8_t {
  Const,      // int literal: value
  BoolConst,  // true / false: value 1 / 0
  Var,        // a let-bound name: value = index into Program::names
  Sq,         // sq(row, col): +1 X, -1 O, 0 empty or off the board
  Height,     // height(col): stones in the column, 0 off the board
  Add, Sub, Mul, Div, Mod, Min, Max,
  Neg, Abs,
  Lt, Le, Eq, Ne, Gt, Ge,
  And, Or, Not,
  If,         // if c then a else b (children c, a, b)
  Let,        // let name = bound in body (children bound, body): value = name index
  Feature,    // a board feature: value = its id in the program's feature library, player = Side (0 X, 1 O)
};

// Connect4's feature ids (games/connect4/feature_library.cpp lists them in
// this order); other games' ids index their own libraries.
enum class Feature : std::uint8_t {
  Windows1, Windows2, Windows3,  // windows(p, k)
  Threats, OddThreats, EvenThreats, PlayableThreats, StackedThreats,
  Centre, Stones,                // centre(p), stones(p)
  Moves, ToMove, Mobility,       // moves(), to_move(), mobility()
  LowestThreats, GoodThreats,    // threat features of both sides' threats (added last: ids stay)
  NTuple,                        // ntuple(): the built-in network's estimate (lang/builtin_ntuple.hpp)
  NTuple2,                       // ntuple2(): the second built-in network's
};
// clang-format on
inline constexpr int kFeatureCount = static_cast<int>(Feature::NTuple2) + 1;
// The built-in networks (lang/builtin_ntuple.hpp), in their features' order.
enum class BuiltinNetwork : std::uint8_t { NTuple, NTuple2 };
inline constexpr int kBuiltinNetworkCount = 2;
static_assert(static_cast<int>(Feature::NTuple2) == static_cast<int>(Feature::NTuple) + kBuiltinNetworkCount - 1);
// Its name in programs: "ntuple" for ntuple().
std::string_view network_name(BuiltinNetwork network);
// The network a Connect4 feature id reads, if it is one of the networks'.
constexpr std::optional<BuiltinNetwork> network_of_feature(int feature) {
  const int index = feature - static_cast<int>(Feature::NTuple);
  if (index < 0 || index >= kBuiltinNetworkCount) return std::nullopt;
  return static_cast<BuiltinNetwork>(index);
}
// The features computed from the board alone (all but the networks'): what
// random programs and point mutations draw from unless they are told a
// network is in play, so the runs and tests made before the networks existed
// draw exactly as they did.
inline constexpr int kBoardFeatureCount = static_cast<int>(Feature::GoodThreats) + 1;

struct Node {
  Op op = Op::Const;
  Type type = Type::Int;
  std::uint8_t player = 0;   // Feature only: 0 = x, 1 = o
  std::uint16_t length = 1;  // nodes in the subtree, this one included
  std::int32_t value = 0;

  friend bool operator==(const Node&, const Node&) = default;
};

// A node with the given fields and length 1 (callers building postfix code
// fix the length afterwards, or call recompute_lengths).
inline Node make_node(Op op, Type type, std::int32_t value = 0, std::uint8_t player = 0) {
  Node n;
  n.op = op;
  n.type = type;
  n.value = value;
  n.player = player;
  return n;
}

struct OpInfo {
  std::string_view name;  // as written: "+", "min", "sq", "if", ...
  int arity;
};
const OpInfo& op_info(Op op);

// A Connect4 feature's entry in its library.
const FeatureInfo& feature_info(Feature f);

// Child indices (roots of the child subtrees, left to right) of node i of a
// postfix node sequence.
std::vector<std::size_t> children(const std::vector<Node>& nodes, std::size_t i);

class Program {
 public:
  std::vector<Node> nodes;         // postfix; the root is the last node
  std::vector<std::string> names;  // let-bound names, referred to by Var and Let
  // The game the program is for: its family's features are what its Feature
  // nodes index, and its parameters (board, line length, ...) are what
  // commands play it on when no game is given. Never missing: a program
  // parsed without a `game` line is Connect4's; a run's programs carry the
  // run's game (grammars name a family only). Only the family is part of the
  // program's identity (equality, hash).
  GameDescriptor game;
  // Where its text named a whole game (`game mnk(5,4,3,drop)`, not only
  // `game mnk`): its line and column, 0 if it named none or only a family.
  // Such a program is refused on another board of its family (its cells,
  // its features' ranges are that board's).
  int whole_game_line = 0, whole_game_column = 0;

  GameFamily family() const { return game.family; }
  const FeatureLibrary& features() const { return feature_library(family()); }

  std::size_t size() const { return nodes.size(); }
  int depth() const;
  Type type() const { return nodes.back().type; }
  // Equal for programs that differ only in the names of let-bound variables.
  std::uint64_t canonical_hash() const;

  // The first node of the subtree rooted at node i.
  std::size_t subtree_begin(std::size_t i) const { return i + 1 - nodes[i].length; }
  // Child indices of node i (root nodes of its child subtrees), left to right.
  std::vector<std::size_t> children(std::size_t i) const { return lang::children(nodes, i); }

  // Renumbers the names by first appearance in postfix order and drops unused
  // ones, so equal programs have equal name tables.
  void canonicalize_names();

  friend bool operator==(const Program& a, const Program& b) {
    return a.nodes == b.nodes && a.names == b.names && a.family() == b.family();
  }
};

// For a name that is no feature of `family`: ": it is a feature of mnk and
// adjacent4" when other families have it, else "".
std::string families_with_feature(std::string_view name, GameFamily family);

// Whether some node of the program is the feature `f`.
// The built-in network a Connect4 program reads (the first, if it names two,
// which the parser and grammars refuse), if any.
std::optional<BuiltinNetwork> network_read(const Program& program);

}  // namespace evalsynth::lang
