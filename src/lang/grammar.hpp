#pragma once
// Grammars: the space of programs the evolver searches. A *.grammar file
// declares typed nonterminals, each with weighted alternatives (forms) built
// from the language's operators, features, constant ranges, lets and
// variables (format: grammar/README.md). The validator tells whether a
// grammar derives a program; the evolver only builds programs it derives.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/program.hpp"
#include "support/error.hpp"

namespace evalsynth::lang {

enum class SymbolType : std::uint8_t { Int, Bool, Player };

struct GrammarForm {
  enum class Kind : std::uint8_t {
    ConstRange,  // const(low .. high)
    True,
    False,
    Var,  // a let-bound variable of the nonterminal's type
    PlayerX,
    PlayerO,
    Chain,     // another nonterminal: operands[0]
    Operator,  // op over operand nonterminals: int + int, sq(row, col), if ..., not b
    Feature,   // feature(player[, k]); operands[0] is a player nonterminal or kLiteralX/O
    Let,       // let A in B: operands {A, B}
  };
  static constexpr int kLiteralX = -1;
  static constexpr int kLiteralO = -2;

  Kind kind = Kind::ConstRange;
  Op op = Op::Const;
  int feature = 0;  // Feature: its id in the grammar's feature library
  std::int32_t low = 0;
  std::int32_t high = 0;
  std::vector<int> operands;
  double weight = 1.0;
  std::string text;  // as written
  TextLocation where;
};

struct Nonterminal {
  std::string name;
  SymbolType type = SymbolType::Int;
  std::vector<GrammarForm> forms;
  TextLocation where;
};

class Grammar {
 public:
  std::string source;  // file name
  // The family whose features the grammar's programs read (its first line
  // names it: `game mnk`; none: Connect4), and the game the programs it
  // grows are for: that line's (a bare family name is the family's default
  // game), which a run replaces by its own (synthesis/run_inputs.hpp), so
  // every program carries the game it was made for.
  GameFamily family = kDefaultFamily;
  GameDescriptor game;
  // Where its first line named a whole game, not only a family (0: it did
  // not): such a grammar's cells are that board's, and it grows programs for
  // that game only.
  int whole_game_line = 0, whole_game_column = 0;
  std::vector<Nonterminal> nonterminals;
  int start = -1;

  int find(std::string_view name) const;
  // The players (0 = x, 1 = o) that a player operand of a form can stand for:
  // kLiteralX/O themselves, or the literals a nonterminal reaches through
  // chains, in depth-first order (repeats kept: a player reached twice is
  // twice as likely to be grown).
  std::vector<std::uint8_t> players_of(int operand) const;
  // Empty if the grammar derives `program` from its start symbol; otherwise a
  // sentence saying which part of the program it cannot derive.
  std::optional<std::string> why_not_derived(const Program& program) const;
  // Whether some form of the grammar is the feature with id `f` (of the
  // grammar's family).
  bool has_feature(int f) const;
  bool has_feature(Feature f) const { return family == kDefaultFamily && has_feature(static_cast<int>(f)); }
};

// Throws InputError with file:line:col for syntax, unknown names, type errors,
// duplicate or unproductive nonterminals, and a missing or non-int start.
Grammar parse_grammar(const std::string& text, const std::string& source_name = "<grammar>");
Grammar read_grammar_file(const std::string& path);

}  // namespace evalsynth::lang
