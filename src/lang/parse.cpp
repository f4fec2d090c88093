#include "lang/parse.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>

#include "lang/parser.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "support/x3_driver.hpp"

namespace x3 = boost::spirit::x3;

namespace evalsynth::lang {
namespace {

// Turns the syntax tree into a typed postfix program.
class Lowering {
 public:
  Lowering(const parsing::error_handler_type& handler, const SourceText& map, Program& out)
      : locate_(handler, map), map_(map), out_(out), library_(out.features()) {}

  Type expression(const ast::Expression& e) {
    Type left = operand(e.first);
    if (e.rest.size() > 1 && is_comparison(e.rest[0].op))
      fail(e.rest[1], "comparisons do not chain: write (a < b) and (b < c)");
    for (const ast::Operation& operation : e.rest) {
      const Type right = operand(operation.operand);
      left = binary(operation, left, right);
    }
    return left;
  }

 private:
  static bool is_comparison(const std::string& op) {
    return op == "<" || op == "<=" || op == "=" || op == "==" || op == "!=" || op == ">" || op == ">=";
  }

  template <class Tagged>
  [[noreturn]] void fail(const Tagged& node, const std::string& message) const {
    locate_.fail(node, message);
  }

  // Appends a node whose children are the last `arity` complete subtrees.
  // `at` is the syntax the node comes from: where a too-deep tree is reported.
  template <class Tagged>
  void emit(const Tagged& at, Op op, Type type, std::int32_t value = 0, std::uint8_t player = 0) {
    if (out_.nodes.size() >= kMaxNodes)
      map_.fail_at(0, "program too large: more than " + std::to_string(kMaxNodes) + " nodes");
    Node n;
    n.op = op;
    n.type = type;
    n.value = value;
    n.player = player;
    std::size_t length = 1, end = out_.nodes.size();
    int depth = 1;
    for (int k = 0; k < op_info(op).arity; ++k) {
      depth = std::max(depth, 1 + depths_[end - 1]);
      length += out_.nodes[end - 1].length;
      end -= out_.nodes[end - 1].length;
    }
    // Chains such as a + b + c nest to the left, a level per operator; every
    // stage after parsing walks the tree recursively, so its depth is bounded
    // here, with the nesting the parser itself allows.
    if (depth > kMaxProgramDepth)
      fail(at, "program nested more than " + std::to_string(kMaxProgramDepth) +
                   " deep (as a tree: each operator of a chain such as a + b + c is a level)");
    n.length = static_cast<std::uint16_t>(length);
    out_.nodes.push_back(n);
    depths_.push_back(depth);
  }

  template <class Tagged>
  void require(const Tagged& node, Type got, Type wanted, const std::string& what) {
    if (got != wanted)
      fail(node, what + " must be " + (wanted == Type::Int ? "an integer" : "a truth value (true/false)") + ", not " +
                     (got == Type::Int ? "an integer" : "a truth value"));
  }

  Type binary(const ast::Operation& operation, Type left, Type right) {
    const std::string& op = operation.op;
    static const std::unordered_map<std::string, Op> arithmetic = {
        {"+", Op::Add}, {"-", Op::Sub}, {"*", Op::Mul}, {"/", Op::Div}, {"%", Op::Mod}};
    static const std::unordered_map<std::string, Op> comparisons = {
        {"<", Op::Lt}, {"<=", Op::Le}, {"=", Op::Eq}, {"==", Op::Eq}, {"!=", Op::Ne}, {">", Op::Gt}, {">=", Op::Ge}};
    if (auto it = arithmetic.find(op); it != arithmetic.end()) {
      require(operation, left, Type::Int, "the left side of '" + op + "'");
      require(operation, right, Type::Int, "the right side of '" + op + "'");
      emit(operation, it->second, Type::Int);
      return Type::Int;
    }
    if (auto it = comparisons.find(op); it != comparisons.end()) {
      require(operation, left, Type::Int, "the left side of '" + op + "'");
      require(operation, right, Type::Int, "the right side of '" + op + "'");
      emit(operation, it->second, Type::Bool);
      return Type::Bool;
    }
    require(operation, left, Type::Bool, "the left side of '" + op + "'");
    require(operation, right, Type::Bool, "the right side of '" + op + "'");
    emit(operation, op == "and" ? Op::And : Op::Or, Type::Bool);
    return Type::Bool;
  }

  Type operand(const ast::Operand& o) {
    return boost::apply_visitor([this](const auto& x) { return this->lower(x); }, o);
  }

  long long number_value(const ast::Number& n, long long largest) {
    long long value = 0;
    for (char d : n.digits) {
      value = value * 10 + (d - '0');
      if (value > largest)
        fail(n, "integer constant " + n.digits + " is out of range (integers are 32-bit: -2147483648 to 2147483647)");
    }
    return value;
  }

  Type lower(const ast::Number& n) {
    emit(n, Op::Const, Type::Int, static_cast<std::int32_t>(number_value(n, 2147483647LL)));
    return Type::Int;
  }

  Type lower(const ast::Name& name) {
    if (name.text == "true" || name.text == "false") {
      emit(name, Op::BoolConst, Type::Bool, name.text == "true");
      return Type::Bool;
    }
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (out_.names[static_cast<std::size_t>(it->first)] == name.text) {
        emit(name, Op::Var, it->second, it->first);
        return it->second;
      }
    if (name.text == "x" || name.text == "o")
      fail(name, "'" + name.text + "' names a player and only appears as a feature's argument, e.g. threats(" +
                     name.text + ")");
    for (const FeatureInfo& f : library_.features)
      if (f.name == name.text) {
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on long
        // "literal" + std::string chains.
        std::string call = name.text;
        if (f.takes_player)
          call.append("(x)");
        else if (f.parameter)
          call.append("(").append(std::to_string(f.parameter)).append(")");
        else
          call.append("()");
        fail(name, "'" + name.text + "' is a feature: call it, e.g. " + call);
      }
    fail(name, "unknown name '" + name.text + "' (not bound by an enclosing let)");
  }

  Type lower(const ast::Unary& u) {
    // "-5" is the constant -5; "-(5)" negates the constant 5 (the printer
    // relies on the difference to round-trip every program).
    if (const ast::Number* n = u.op == "-" ? boost::get<ast::Number>(&u.operand.get()) : nullptr) {
      emit(u, Op::Const, Type::Int, static_cast<std::int32_t>(-number_value(*n, 2147483648LL)));
      return Type::Int;
    }
    const Type t = operand(u.operand);
    if (u.op == "-") {
      require(u, t, Type::Int, "the operand of unary '-'");
      emit(u, Op::Neg, Type::Int);
      return Type::Int;
    }
    require(u, t, Type::Bool, "the operand of 'not'");
    emit(u, Op::Not, Type::Bool);
    return Type::Bool;
  }

  Type lower(const ast::IfThenElse& e) {
    require(e.condition, expression(e.condition), Type::Bool, "the condition of 'if'");
    const Type a = expression(e.then_branch);
    const Type b = expression(e.else_branch);
    if (a != b) fail(e.else_branch, "the 'then' and 'else' branches must have the same type");
    emit(e, Op::If, a);
    return a;
  }

  Type lower(const ast::LetIn& e) {
    for (const char* reserved : {"true", "false", "x", "o"})
      if (e.name.text == reserved) fail(e.name, "'" + e.name.text + "' is reserved and cannot be bound by let");
    const Type bound = expression(e.bound);
    std::int32_t index = -1;
    for (std::size_t i = 0; i < out_.names.size(); ++i)
      if (out_.names[i] == e.name.text) index = static_cast<std::int32_t>(i);
    if (index < 0) {
      index = static_cast<std::int32_t>(out_.names.size());
      out_.names.push_back(e.name.text);
    }
    scope_.emplace_back(index, bound);
    const Type body = expression(e.body);
    scope_.pop_back();
    emit(e, Op::Let, body, index);
    return body;
  }

  Type lower(const ast::Expression& e) { return expression(e); }

  Type lower(const ast::Call& call) {
    const std::string& f = call.name.text;
    const auto& args = call.arguments;
    auto arity = [&](std::size_t n) {
      if (args.size() != n)
        fail(call.name, "'" + f + "' takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") + ", not " +
                            std::to_string(args.size()));
    };
    auto int_args = [&]() {
      for (const auto& a : args) require(a, expression(a), Type::Int, "an argument of '" + f + "'");
    };
    if (f == "sq") {
      if (!library_.has_squares) fail(call.name, "'sq' reads a board's cells, and " + game_name() + " has none");
      arity(2);
      int_args();
      require_on_board(args[0], library_.rows, "row", "sq(row, col)");
      require_on_board(args[1], library_.columns, "column", "sq(row, col)");
      emit(call, Op::Sq, Type::Int);
      return Type::Int;
    }
    if (f == "height") {
      if (!library_.has_height)
        fail(call.name, "'height' counts the stones of a column, and " + game_name() + " has no columns to fill");
      arity(1);
      int_args();
      require_on_board(args[0], library_.columns, "column", "height(col)");
      emit(call, Op::Height, Type::Int);
      return Type::Int;
    }
    if (f == "min" || f == "max") {
      arity(2);
      int_args();
      emit(call, f == "min" ? Op::Min : Op::Max, Type::Int);
      return Type::Int;
    }
    if (f == "abs") {
      arity(1);
      int_args();
      emit(call, Op::Abs, Type::Int);
      return Type::Int;
    }
    if (library_.has_name(f)) {
      const auto [low, high] = library_.parameter_range(f);
      const bool takes_player = library_[library_.find(f, low)].takes_player;
      const std::size_t wanted = (takes_player ? 1 : 0) + (high > 0 ? 1 : 0);
      arity(wanted);
      std::uint8_t player = 0;
      if (takes_player) player = player_argument(args[0], f);
      const int parameter = high > 0 ? parameter_argument(args[wanted - 1], f, low, high) : 0;
      const int id = library_.find(f, parameter);
      if (const auto network = network_of_feature(id); network && out_.family() == kDefaultFamily) {
        // A search carries one network's state (Connect4Program).
        if (network_ && *network_ != *network)
          fail(call.name, "a program reads one built-in network, and this one reads " +
                              std::string(network_name(*network_)) + "() already");
        network_ = network;
      }
      emit(call, Op::Feature, Type::Int, id, player);
      return Type::Int;
    }
    fail(call.name, "unknown function '" + f + "'" + elsewhere(f) +
                        " (see grammar/README.md for the functions and each game's features)");
  }

  std::string game_name() const { return std::string(library_.family); }

  // Where a feature unknown to this program's game is one: a hint that the
  // program may be meant for another game.
  std::string elsewhere(const std::string& f) const {
    const std::string families = families_with_feature(f, out_.family());
    if (families.empty()) return "";
    return families + ", and this program is " + game_name() + "'s" +
           (out_.family() == kDefaultFamily ? " (a program for another game begins with a line `game NAME`)" : "");
  }

  // The operand an expression of one operand stands for, through the layers
  // of precedence levels the parser wraps around it.
  static const ast::Operand* sole_operand(const ast::Expression& e) {
    const ast::Expression* level = &e;
    while (level->rest.empty()) {
      const auto* inner = boost::get<x3::forward_ast<ast::Expression>>(&level->first.get());
      if (!inner) return &level->first;
      level = &inner->get();
    }
    return nullptr;
  }

  // A square or column written as a plain number must be on the board: a
  // typo there is never meant. Computed arguments (anything else, a number
  // in brackets included) keep the total semantics: off the board is 0.
  void require_on_board(const ast::Expression& e, int count, const char* what, const char* call) {
    if (count == 0) return;  // the board depends on the game's parameters
    if (locate_.source().text()[locate_.offset(e)] == '(') return;
    const ast::Operand* sole = sole_operand(e);
    if (!sole) return;
    long long value = 0;
    if (const auto* n = boost::get<ast::Number>(&sole->get())) {
      value = number_value(*n, 2147483647LL);
    } else if (const auto* u = boost::get<x3::forward_ast<ast::Unary>>(&sole->get())) {
      const auto* negated = u->get().op == "-" ? boost::get<ast::Number>(&u->get().operand.get()) : nullptr;
      if (!negated) return;
      value = -number_value(*negated, 2147483648LL);
    } else {
      return;
    }
    if (value < 0 || value >= count)
      fail(e, std::string(what) + " " + std::to_string(value) + " is off the board (" + call + " takes " + what +
                  "s 0 to " + std::to_string(count - 1) + "); a computed argument off the board gives 0, so write (" +
                  std::to_string(value) + ") if that is meant");
  }

  std::uint8_t player_argument(const ast::Expression& e, const std::string& f) {
    const ast::Operand* sole = sole_operand(e);
    const ast::Name* name = sole ? boost::get<ast::Name>(&sole->get()) : nullptr;
    if (!name || (name->text != "x" && name->text != "o"))
      fail(e, "the first argument of '" + f + "' is a player: x or o");
    return name->text == "x" ? 0 : 1;
  }

  // The constant parameter of a feature such as windows(p, k).
  int parameter_argument(const ast::Expression& e, const std::string& f, int low, int high) {
    const ast::Operand* sole = sole_operand(e);
    const ast::Number* n = sole ? boost::get<ast::Number>(&sole->get()) : nullptr;
    const long long value = n && n->digits.size() <= 9 ? std::stoll(n->digits) : -1;
    if (value < low || value > high || library_.find(f, static_cast<int>(value)) < 0) {
      const bool second = library_[library_.find(f, low)].takes_player;
      const std::string what = f == "windows" ? "how many stones the window holds" : "a whole number";
      fail(e, std::string(second ? "the second argument" : "the argument") + " of '" + f + "' is " + what + ": " +
                  library_.parameter_words(f));
    }
    return static_cast<int>(value);
  }

  parsing::NodeLocator locate_;
  const SourceText& map_;
  Program& out_;
  const FeatureLibrary& library_;
  std::vector<std::pair<std::int32_t, Type>> scope_;  // name index and type of enclosing lets
  std::vector<int> depths_;                           // the depth of each emitted node's subtree
  std::optional<BuiltinNetwork> network_;             // the built-in network read so far
};

}  // namespace

Program parse_program(const std::string& written, const std::string& source_name) {
  if (written.size() > kMaxSourceBytes) SourceText(written, source_name).fail_at(0, "program text larger than 1 MiB");
  // A program of another game than Connect4 names it first: `game mnk`.
  std::string text = written;
  const std::optional<GameLine> game = take_game_line(text, source_name);
  parsing::SourceParse parse(text, source_name);
  const SourceText& map = parse.source;

  ast::Expression tree;
  parse.whole(parser::program(), tree,
              {"an operator or the end of the program", "an expression", " but the program ends here",
               kMaxProgramDepth + 1,  // the whole program is level 0
               "expressions nested more than " + std::to_string(kMaxProgramDepth) +
                   " deep (brackets, if, let, not and unary '-' each open a level)"});

  Program program;
  if (game) {
    program.game = game->game;
    if (game->whole) {
      program.whole_game_line = game->where.line;
      program.whole_game_column = game->where.column;
    }
  }
  Lowering lowering(parse.handler, map, program);
  const Type type = lowering.expression(tree);
  if (type != Type::Int) map.fail_at(0, "a program must compute an integer (the board's value), not a truth value");
  program.canonicalize_names();
  return program;
}

Program read_program_file(const std::string& path) {
  return parse_program(read_text_file(path, "program", kMaxSourceBytes), path);
}

void require_program_game(const Program& program, const GameDescriptor& game, const std::string& path) {
  if (program.family() == game.family) {
    if (program.whole_game_line == 0 || program.game == game) return;
    throw InputError(TextLocation{path, program.whole_game_line, program.whole_game_column},
                     "this program is for " + program.game.text() + ", and the game is " + game.text() +
                         " (a program naming only its family, `game " + std::string(family_name(game.family)) +
                         "`, plays any of its games)");
  }
  const std::string written = program.family() == kDefaultFamily
                                  ? std::string(family_info(kDefaultFamily).title) + " (it has no `game` line)"
                                  : std::string(family_name(program.family()));
  const std::string hint = game.family == kDefaultFamily
                               ? ""
                               : " (a program of another game than " + std::string(family_info(kDefaultFamily).title) +
                                     " begins with a line `game " + std::string(family_name(game.family)) + "`)";
  throw InputError(TextLocation{path, 1, 1},
                   "this program is for " + written + ", but the game is " + game.text() + hint);
}

}  // namespace evalsynth::lang
