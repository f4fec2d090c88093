#include "lang/compiled.hpp"

#include <string>

#include "lang/feature_basis.hpp"
#include "lang/semantics.hpp"
#include "lang/simplify.hpp"
#include "support/error.hpp"

namespace evalsynth::lang {
namespace {

// A linear form with coefficients modulo 2^32: weights per square, then bias.
using Coefficients = std::array<std::uint32_t, connect4::kCells + 1>;
constexpr std::size_t kBias = connect4::kCells;

std::optional<Coefficients> linear(const Program& p, std::size_t i,
                                   std::vector<std::pair<std::int32_t, Coefficients>>& env) {
  const Node& n = p.nodes[i];
  const auto kids = p.children(i);
  Coefficients out{};
  switch (n.op) {
    case Op::Const:
      out[kBias] = static_cast<std::uint32_t>(n.value);
      return out;
    case Op::Var:
      for (auto it = env.rbegin(); it != env.rend(); ++it)
        if (it->first == n.value) return it->second;
      return std::nullopt;
    case Op::Sq: {
      const Node& r = p.nodes[kids[0]];
      const Node& c = p.nodes[kids[1]];
      if (r.op != Op::Const || c.op != Op::Const) return std::nullopt;
      if (r.value >= 0 && r.value < connect4::kRows && c.value >= 0 && c.value < connect4::kColumns)
        out[static_cast<std::size_t>(r.value * connect4::kColumns + c.value)] = 1;
      return out;
    }
    case Op::Add:
    case Op::Sub: {
      auto a = linear(p, kids[0], env), b = linear(p, kids[1], env);
      if (!a || !b) return std::nullopt;
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = n.op == Op::Add ? (*a)[k] + (*b)[k] : (*a)[k] - (*b)[k];
      return out;
    }
    case Op::Neg: {
      auto a = linear(p, kids[0], env);
      if (!a) return std::nullopt;
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = 0U - (*a)[k];
      return out;
    }
    case Op::Mul: {
      auto a = linear(p, kids[0], env), b = linear(p, kids[1], env);
      if (!a || !b) return std::nullopt;
      auto is_constant = [](const Coefficients& f) {
        for (std::size_t k = 0; k < kBias; ++k)
          if (f[k]) return false;
        return true;
      };
      if (!is_constant(*a) && !is_constant(*b)) return std::nullopt;
      const Coefficients& scaled = is_constant(*a) ? *b : *a;
      const std::uint32_t factor = is_constant(*a) ? (*a)[kBias] : (*b)[kBias];
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = scaled[k] * factor;
      return out;
    }
    case Op::Let: {
      auto bound = linear(p, kids[0], env);
      if (!bound) return std::nullopt;
      env.emplace_back(n.value, *bound);
      auto body = linear(p, kids[1], env);
      env.pop_back();
      return body;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<LinearForm> linear_form(const Program& program) {
  if (program.nodes.empty() || program.type() != Type::Int) return std::nullopt;
  std::vector<std::pair<std::int32_t, Coefficients>> env;
  const auto f = linear(program, program.nodes.size() - 1, env);
  if (!f) return std::nullopt;
  LinearForm form;
  for (int r = 0; r < connect4::kRows; ++r)
    for (int c = 0; c < connect4::kColumns; ++c)
      form.weights[r][c] = static_cast<std::int32_t>((*f)[static_cast<std::size_t>(r * connect4::kColumns + c)]);
  form.bias = static_cast<std::int32_t>((*f)[kBias]);
  return form;
}

Connect4Program::Connect4Program(const Program& program, Mode mode) {
  const Program simple = simplify(program);
  if (mode == Mode::Auto) {
    if (const auto form = linear_form(simple)) {
      bool small = true;  // the popcount planes take |weight| < 2^16
      for (const auto& row : form->weights)
        for (int w : row) small = small && w > -(1 << 16) && w < (1 << 16);
      if (small) {
        linear_ = connect4::LinearEvaluator(form->weights, form->bias);
        return;
      }
    }
  }
  compile(simple);
  if (mode != Mode::InterpreterOnly) native_ = NativeCode::generate(code_, families_);
  if (native_) native_function_ = native_->function();
}

void Connect4Program::compile(const Program& program) {
  bytecode::CompiledCode compiled = bytecode::compile(program, [](int row, int col) {
    return row >= 0 && row < connect4::kRows && col >= 0 && col < connect4::kColumns ? connect4::bits::cell(row, col)
                                                                                     : 0;
  });
  code_ = std::move(compiled.code);
  features_ = std::move(compiled.features);
  for (const FeatureRequest& f : features_) {
    const FeatureFamily family = family_of(static_cast<Feature>(f.id));
    families_.threats = families_.threats || family == FeatureFamily::Threats;
    families_.windows = families_.windows || family == FeatureFamily::Windows;
    if (const auto network = network_of_feature(f.id)) {
      // The basis, the search state and the cache hold one network's value.
      if (families_.ntuple && *network != network_)
        throw InputError(TextLocation{"<program>", 1, 1},
                         "a program reads one built-in network, not both ntuple() and ntuple2()");
      families_.ntuple = true;
      network_ = *network;
    }
  }
}

namespace {

// The position as the bytecode reads it (lang/semantics.hpp).
struct Connect4Board {
  const connect4::Position& p;
  std::int32_t square_at(std::uint64_t cell) const {
    return (p.x_stones() & cell) ? 1 : (p.o_stones() & cell) ? -1 : 0;
  }
  std::int32_t square(std::int32_t row, std::int32_t col) const { return semantics::sq(p, row, col); }
  std::int32_t height(std::int32_t col) const { return semantics::height(p, col); }
};

}  // namespace

int Connect4Program::interpret(const connect4::Position& p, std::int32_t ntuple) const {
  // Each feature the program reads is computed once, into its slot.
  FeatureBasis basis;
  fill_program_basis(p.x_stones(), p.o_stones(), families_, ntuple, basis);
  std::int32_t feature_values[2 * kFeatureCount];
  for (std::size_t f = 0; f < features_.size(); ++f)
    feature_values[f] = feature_from_basis(static_cast<Feature>(features_[f].id), features_[f].player, p, basis);
  return bytecode::run(code_, feature_values, Connect4Board{p});
}

}  // namespace evalsynth::lang
