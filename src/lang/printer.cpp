#include "lang/printer.hpp"

namespace evalsynth::lang {
namespace {

// Binding strength, loosest first; an expression printed where a stronger one
// is needed gets brackets.
enum Precedence : int { kFull = 0, kOr, kAnd, kNot, kCompare, kSum, kProduct, kUnary, kAtom };

int binary_precedence(Op op) {
  switch (op) {
    case Op::Or:
      return kOr;
    case Op::And:
      return kAnd;
    case Op::Lt:
    case Op::Le:
    case Op::Eq:
    case Op::Ne:
    case Op::Gt:
    case Op::Ge:
      return kCompare;
    case Op::Add:
    case Op::Sub:
      return kSum;
    case Op::Mul:
    case Op::Div:
    case Op::Mod:
      return kProduct;
    default:
      return -1;
  }
}

class Printer {
 public:
  explicit Printer(const Program& p) : p_(p) {}

  void print(std::size_t i, int context) {
    const Node& n = p_.nodes[i];
    const auto kids = p_.children(i);
    const int own = binary_precedence(n.op);
    if (own >= 0) {
      const bool brackets = own < context;
      if (brackets) out_ += '(';
      // Left-associative; comparisons do not chain, so both sides bind tighter.
      print(kids[0], own == kCompare ? kSum : own);
      out_ += ' ';
      out_ += op_info(n.op).name;
      out_ += ' ';
      print(kids[1], own == kCompare ? kSum : own + 1);
      if (brackets) out_ += ')';
      return;
    }
    switch (n.op) {
      case Op::Const:
        out_ += std::to_string(n.value);
        return;
      case Op::BoolConst:
        out_ += n.value ? "true" : "false";
        return;
      case Op::Var:
        out_ += p_.names[static_cast<std::size_t>(n.value)];
        return;
      case Op::Feature: {
        const FeatureInfo& f = p_.features()[n.value];
        out_ += f.name;
        out_ += '(';
        if (f.takes_player) out_ += n.player ? "o" : "x";
        if (f.parameter) out_ += (f.takes_player ? ", " : "") + std::to_string(f.parameter);
        out_ += ')';
        return;
      }
      case Op::Neg:
        wrap(context > kUnary, [&] {
          out_ += '-';
          // "-5" would read back as the constant -5, and "--5" is fine but
          // "- -5" clearer; a constant operand gets brackets.
          const Node& operand = p_.nodes[kids[0]];
          if (operand.op == Op::Const) {
            out_ += '(';
            print(kids[0], kFull);
            out_ += ')';
          } else {
            print(kids[0], kUnary);
          }
        });
        return;
      case Op::Not:
        wrap(context > kNot, [&] {
          out_ += "not ";
          print(kids[0], kNot);
        });
        return;
      case Op::If:
        wrap(context > kFull, [&] {
          out_ += "if ";
          print(kids[0], kFull);
          out_ += " then ";
          print(kids[1], kFull);
          out_ += " else ";
          print(kids[2], kFull);
        });
        return;
      case Op::Let:
        wrap(context > kFull, [&] {
          out_ += "let " + p_.names[static_cast<std::size_t>(n.value)] + " = ";
          print(kids[0], kFull);
          out_ += " in ";
          print(kids[1], kFull);
        });
        return;
      default: {  // sq, height, min, max, abs: calls
        out_ += op_info(n.op).name;
        out_ += '(';
        for (std::size_t k = 0; k < kids.size(); ++k) {
          if (k) out_ += ", ";
          // A plain number off the board would not read back (the parser
          // rejects it as a typo); in brackets it is a computed argument.
          const FeatureLibrary& library = p_.features();
          const int count = n.op == Op::Sq && k == 0 ? library.rows : library.columns;
          const bool off_board = p_.nodes[kids[k]].op == Op::Const && (n.op == Op::Sq || n.op == Op::Height) &&
                                 count > 0 && !on_board(count, p_.nodes[kids[k]].value);
          wrap(off_board, [&] { print(kids[k], kFull); });
        }
        out_ += ')';
        return;
      }
    }
  }

  std::string take() { return std::move(out_); }

 private:
  static bool on_board(int count, std::int32_t value) { return value >= 0 && value < count; }

  template <class F>
  void wrap(bool brackets, F body) {
    if (brackets) out_ += '(';
    body();
    if (brackets) out_ += ')';
  }

  const Program& p_;
  std::string out_;
};

}  // namespace

std::string game_line(const Program& program) {
  if (program.family() == kDefaultFamily) return "";
  return "game " + program.game.text() + "\n";
}

std::string expression_text(const Program& program) {
  if (program.nodes.empty()) return "";
  Printer printer(program);
  printer.print(program.nodes.size() - 1, kFull);
  return printer.take();
}

std::string to_text(const Program& program) {
  if (program.nodes.empty()) return "";
  return game_line(program) + expression_text(program);
}

}  // namespace evalsynth::lang
