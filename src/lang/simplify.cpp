#include "lang/simplify.hpp"

#include <algorithm>
#include <optional>

#include "lang/program_edit.hpp"
#include "lang/semantics.hpp"

namespace evalsynth::lang {
namespace {

using Nodes = std::vector<Node>;

Node leaf(Op op, Type type, std::int32_t value) {
  Node n;
  n.op = op;
  n.type = type;
  n.value = value;
  return n;
}
Nodes constant(std::int32_t v) { return {leaf(Op::Const, Type::Int, v)}; }
Nodes truth(bool v) { return {leaf(Op::BoolConst, Type::Bool, v ? 1 : 0)}; }

bool is_const(const Nodes& n) { return n.size() == 1 && n[0].op == Op::Const; }
bool is_bool(const Nodes& n) { return n.size() == 1 && n[0].op == Op::BoolConst; }
bool is_value(const Nodes& n, std::int32_t v) { return is_const(n) && n[0].value == v; }

// Folds an operation whose operands are all constants.
std::optional<std::int32_t> fold(Op op, const std::vector<std::int32_t>& v) {
  namespace s = semantics;
  switch (op) {
    case Op::Add:
      return s::add(v[0], v[1]);
    case Op::Sub:
      return s::sub(v[0], v[1]);
    case Op::Mul:
      return s::mul(v[0], v[1]);
    case Op::Div:
      return s::div(v[0], v[1]);
    case Op::Mod:
      return s::mod(v[0], v[1]);
    case Op::Min:
      return s::min(v[0], v[1]);
    case Op::Max:
      return s::max(v[0], v[1]);
    case Op::Neg:
      return s::neg(v[0]);
    case Op::Abs:
      return s::abs(v[0]);
    case Op::Lt:
      return v[0] < v[1];
    case Op::Le:
      return v[0] <= v[1];
    case Op::Eq:
      return v[0] == v[1];
    case Op::Ne:
      return v[0] != v[1];
    case Op::Gt:
      return v[0] > v[1];
    case Op::Ge:
      return v[0] >= v[1];
    case Op::And:
      return v[0] && v[1];
    case Op::Or:
      return v[0] || v[1];
    case Op::Not:
      return !v[0];
    case Op::If:
      return v[0] ? v[1] : v[2];
    default:
      return std::nullopt;
  }
}

class Simplifier {
 public:
  Simplifier(const Program& p, bool restructure) : p_(p), restructure_(restructure) {}

  Nodes run(std::size_t i) {
    const Node& n = p_.nodes[i];
    const auto kids = p_.children(i);
    std::vector<Nodes> c;
    c.reserve(kids.size());
    for (std::size_t k : kids) c.push_back(run(k));
    return rewrite(n, std::move(c));
  }

 private:
  Nodes rewrite(const Node& n, std::vector<Nodes> c) {
    // Constant operands: fold (sq and height need a position, features too).
    bool all_constant = !c.empty();
    std::vector<std::int32_t> values;
    for (const Nodes& k : c) {
      all_constant = all_constant && (is_const(k) || is_bool(k));
      if (all_constant) values.push_back(k[0].value);
    }
    if (all_constant) {
      if (auto v = fold(n.op, values)) return n.type == Type::Bool ? truth(*v != 0) : constant(*v);
      // Off the board is 0, where the family's board does not depend on the
      // game's parameters.
      const FeatureLibrary& library = p_.features();
      const auto off = [](std::int32_t v, int count) { return count > 0 && (v < 0 || v >= count); };
      if (n.op == Op::Sq && (off(values[0], library.rows) || off(values[1], library.columns))) return constant(0);
      if (n.op == Op::Height && off(values[0], library.columns)) return constant(0);
    }
    if (restructure_ && (n.op == Op::Add || n.op == Op::Sub)) {
      Nodes sum = linear_combination(n, c);
      if (sum.size() <= join(n, c, n.op).size()) return sum;  // canonical, so stable under repetition
    }
    switch (n.op) {
      case Op::Add:
        if (is_value(c[1], 0)) return c[0];
        if (is_value(c[0], 0)) return c[1];
        break;
      case Op::Sub:
        if (is_value(c[1], 0)) return c[0];
        if (c[0] == c[1]) return constant(0);
        if (is_value(c[0], 0)) return join(n, {c[1]}, Op::Neg);
        break;
      case Op::Mul:
        if (is_value(c[0], 0) || is_value(c[1], 0)) return constant(0);
        if (is_value(c[1], 1)) return c[0];
        if (is_value(c[0], 1)) return c[1];
        break;
      case Op::Div:
        if (is_value(c[1], 1)) return c[0];
        if (is_value(c[0], 0) || is_value(c[1], 0)) return constant(0);
        break;
      case Op::Mod:
        if (is_value(c[1], 1) || is_value(c[1], 0) || is_value(c[1], -1) || is_value(c[0], 0)) return constant(0);
        break;
      case Op::Neg:
        if (c[0].back().op == Op::Neg) return Nodes(c[0].begin(), c[0].end() - 1);
        break;
      case Op::Not:
        if (c[0].back().op == Op::Not) return Nodes(c[0].begin(), c[0].end() - 1);
        break;
      case Op::And:
        if (is_bool(c[0])) return c[0][0].value ? c[1] : truth(false);
        if (is_bool(c[1])) return c[1][0].value ? c[0] : truth(false);
        break;
      case Op::Or:
        if (is_bool(c[0])) return c[0][0].value ? truth(true) : c[1];
        if (is_bool(c[1])) return c[1][0].value ? truth(true) : c[0];
        break;
      case Op::If:
        if (is_bool(c[0])) return c[0][0].value ? c[1] : c[2];
        if (c[1] == c[2]) return c[1];
        break;
      case Op::Let: {
        const int uses = free_uses(c[1], n.value);
        if (uses == 0) return c[1];
        if (is_const(c[0]) || is_bool(c[0])) return substitute(c[1], n.value, c[0][0]);
        // Used once and mentioning no variable: written in place, no binding
        // can capture anything in it, and it is still computed once.
        if (restructure_ && uses == 1 &&
            std::none_of(c[0].begin(), c[0].end(), [](const Node& k) { return k.op == Op::Var; }))
          return inline_once(c[1], c[1].size() - 1, n.value, c[0]);
        break;
      }
      default:
        break;
    }
    return join(n, std::move(c), n.op);
  }

  // A sum rewritten as one: its terms (through +, -, unary minus and
  // multiplication by a constant) gathered with their coefficients, like terms
  // merged, the constants added into one, all modulo 2^32 as the language
  // computes, so `a + 2 + 3 * a - 4 * 0 + 5 * 6` becomes `4 * a + 32`. Terms
  // stay in the scope they were in (no term is moved into or out of a let).
  struct Term {
    Nodes expression;
    std::uint32_t coefficient;
  };
  // The subtree t[begin, end) (its root at end - 1), read in place: a long
  // sum is gathered again at every + above it, so nothing is copied but the
  // terms kept.
  static void gather(const Nodes& t, std::size_t begin, std::size_t end, std::uint32_t k, std::vector<Term>& terms,
                     std::uint32_t& constant_part) {
    const Node& root = t[end - 1];
    if (root.op == Op::Const) {
      constant_part += k * static_cast<std::uint32_t>(root.value);
      return;
    }
    if (root.op == Op::Neg) return gather(t, begin, end - 1, 0U - k, terms, constant_part);
    if (root.op == Op::Add || root.op == Op::Sub || root.op == Op::Mul) {
      const std::size_t middle = end - 1 - t[end - 2].length;  // the right operand is [middle, end - 1)
      if (root.op != Op::Mul) {
        gather(t, begin, middle, k, terms, constant_part);
        return gather(t, middle, end - 1, root.op == Op::Add ? k : 0U - k, terms, constant_part);
      }
      if (t[middle - 1].op == Op::Const && middle - begin == 1)
        return gather(t, middle, end - 1, k * static_cast<std::uint32_t>(t[begin].value), terms, constant_part);
      if (t[end - 2].op == Op::Const && end - 1 - middle == 1)
        return gather(t, begin, middle, k * static_cast<std::uint32_t>(t[end - 2].value), terms, constant_part);
    }
    const auto first = t.begin() + static_cast<std::ptrdiff_t>(begin),
               last = t.begin() + static_cast<std::ptrdiff_t>(end);
    for (Term& term : terms)
      if (std::equal(term.expression.begin(), term.expression.end(), first, last)) {
        term.coefficient += k;
        return;
      }
    terms.push_back({Nodes(first, last), k});
  }
  static Nodes linear_combination(const Node& n, const std::vector<Nodes>& c) {
    std::vector<Term> terms;
    std::uint32_t constant_part = 0;
    gather(c[0], 0, c[0].size(), 1, terms, constant_part);
    gather(c[1], 0, c[1].size(), n.op == Op::Add ? 1U : 0U - 1U, terms, constant_part);
    Node op = n;
    op.type = Type::Int;
    auto binary = [&](Op which, Nodes a, Nodes b) { return join(op, {std::move(a), std::move(b)}, which); };
    auto scaled = [&](const Term& t, std::uint32_t k) {
      return k == 1 ? t.expression : binary(Op::Mul, constant(static_cast<std::int32_t>(k)), t.expression);
    };
    Nodes out;
    for (const Term& t : terms) {
      if (t.coefficient == 0) continue;
      const bool subtract = static_cast<std::int32_t>(t.coefficient) < 0 && t.coefficient != 0x80000000U;
      const std::uint32_t magnitude = subtract ? 0U - t.coefficient : t.coefficient;
      if (out.empty()) {
        out = subtract ? join(op, {scaled(t, magnitude)}, Op::Neg) : scaled(t, magnitude);
      } else {
        out = binary(subtract ? Op::Sub : Op::Add, std::move(out), scaled(t, magnitude));
      }
    }
    if (out.empty()) return constant(static_cast<std::int32_t>(constant_part));
    if (constant_part == 0) return out;
    const bool subtract = static_cast<std::int32_t>(constant_part) < 0 && constant_part != 0x80000000U;
    return binary(subtract ? Op::Sub : Op::Add, std::move(out),
                  constant(static_cast<std::int32_t>(subtract ? 0U - constant_part : constant_part)));
  }

  // Concatenates the children and appends the node, with the right length.
  static Nodes join(const Node& n, std::vector<Nodes> c, Op op) {
    Nodes out;
    for (Nodes& k : c) out.insert(out.end(), k.begin(), k.end());
    Node top = n;
    top.op = op;
    if (op == Op::Neg) top.type = Type::Int;
    top.length = static_cast<std::uint16_t>(out.size() + 1);
    out.push_back(top);
    return out;
  }

  // Occurrences of variable `name` in `body` that are not bound inside it.
  static int free_uses(const Nodes& body, std::int32_t name) { return count_free(body, body.size() - 1, name); }
  static int count_free(const Nodes& t, std::size_t i, std::int32_t name) {
    const Node& n = t[i];
    if (n.op == Op::Var) return n.value == name;
    int total = 0;
    std::size_t child_end = i;  // walk children from the last
    const int arity = op_info(n.op).arity;
    for (int k = arity - 1; k >= 0; --k) {
      const std::size_t child = child_end - 1;
      // A let's body (its last child) shadows `name` if it binds the same name.
      const bool shadowed = n.op == Op::Let && k == 1 && n.value == name;
      if (!shadowed) total += count_free(t, child, name);
      child_end = child + 1 - t[child].length;
    }
    return total;
  }

  // The subtree at `i` with the free occurrence of `name` replaced by `value`.
  static Nodes inline_once(const Nodes& t, std::size_t i, std::int32_t name, const Nodes& value) {
    const Node& n = t[i];
    if (n.op == Op::Var) return n.value == name ? value : Nodes{n};
    std::vector<Nodes> kids(static_cast<std::size_t>(op_info(n.op).arity));
    std::size_t child_end = i;
    for (std::size_t k = kids.size(); k-- > 0;) {
      const std::size_t child = child_end - 1;
      const bool shadowed = n.op == Op::Let && k == 1 && n.value == name;
      const std::size_t begin = child + 1 - t[child].length;
      kids[k] = shadowed ? Nodes(t.begin() + static_cast<std::ptrdiff_t>(begin),
                                 t.begin() + static_cast<std::ptrdiff_t>(child) + 1)
                         : inline_once(t, child, name, value);
      child_end = begin;
    }
    return join(n, std::move(kids), n.op);
  }

  // Replaces the free occurrences of `name` in `body` by the constant leaf.
  static Nodes substitute(const Nodes& body, std::int32_t name, const Node& value) {
    Nodes out = body;
    mark(out, out.size() - 1, name, value);
    return out;
  }
  static void mark(Nodes& t, std::size_t i, std::int32_t name, const Node& value) {
    Node& n = t[i];
    if (n.op == Op::Var) {
      if (n.value == name) n = value;  // a leaf replaces a leaf: lengths stay valid
      return;
    }
    std::size_t child_end = i;
    for (int k = op_info(n.op).arity - 1; k >= 0; --k) {
      const std::size_t child = child_end - 1;
      if (!(n.op == Op::Let && k == 1 && n.value == name)) mark(t, child, name, value);
      child_end = child + 1 - t[child].length;
    }
  }

  const Program& p_;
  bool restructure_;  // gather sums, write closed lets used once in place
};

Program simplify_with(const Program& program, bool restructure) {
  if (program.nodes.empty()) return program;
  // Substituting a constant can enable more folding: repeat until stable.
  Program out = program;
  for (int round = 0; round < 16; ++round) {
    Program next = empty_like(out);
    next.names = out.names;
    next.nodes = Simplifier(out, restructure).run(out.nodes.size() - 1);
    const bool changed = next.nodes != out.nodes;
    out = std::move(next);
    if (!changed) break;
  }
  out.canonicalize_names();
  return out;
}

}  // namespace

Program simplify(const Program& program) { return simplify_with(program, true); }
Program simplify_locally(const Program& program) { return simplify_with(program, false); }

}  // namespace evalsynth::lang
