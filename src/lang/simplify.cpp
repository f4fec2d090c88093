#include "lang/simplify.hpp"

#include <optional>

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
  explicit Simplifier(const Program& p) : p_(p) {}

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
      if (n.op == Op::Sq && (values[0] < 0 || values[0] >= kRows || values[1] < 0 || values[1] >= kColumns))
        return constant(0);
      if (n.op == Op::Height && (values[0] < 0 || values[0] >= kColumns)) return constant(0);
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
        break;
      }
      default:
        break;
    }
    return join(n, std::move(c), n.op);
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
};

}  // namespace

Program simplify(const Program& program) {
  if (program.nodes.empty()) return program;
  // Substituting a constant can enable more folding: repeat until stable.
  Program out = program;
  for (int round = 0; round < 16; ++round) {
    Program next;
    next.names = out.names;
    next.nodes = Simplifier(out).run(out.nodes.size() - 1);
    const bool changed = next.nodes != out.nodes;
    out = std::move(next);
    if (!changed) break;
  }
  out.canonicalize_names();
  return out;
}

}  // namespace evalsynth::lang
