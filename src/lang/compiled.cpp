#include "lang/compiled.hpp"

#include <string>

#include "lang/feature_basis.hpp"
#include "lang/semantics.hpp"
#include "lang/simplify.hpp"
#include "support/error.hpp"

namespace evalsynth::lang {
namespace {

// A linear form with coefficients modulo 2^32: weights per square, then bias.
using Coefficients = std::array<std::uint32_t, kCells + 1>;
constexpr std::size_t kBias = kCells;

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
      if (r.value >= 0 && r.value < kRows && c.value >= 0 && c.value < kColumns)
        out[static_cast<std::size_t>(r.value * kColumns + c.value)] = 1;
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
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kColumns; ++c)
      form.weights[r][c] = static_cast<std::int32_t>((*f)[static_cast<std::size_t>(r * kColumns + c)]);
  form.bias = static_cast<std::int32_t>((*f)[kBias]);
  return form;
}

CompiledProgram::CompiledProgram(const Program& program, Mode mode) {
  const Program simple = simplify(program);
  if (mode == Mode::Auto) {
    if (const auto form = linear_form(simple)) {
      bool small = true;  // the popcount planes take |weight| < 2^16
      for (const auto& row : form->weights)
        for (int w : row) small = small && w > -(1 << 16) && w < (1 << 16);
      if (small) {
        linear_ = LinearEvaluator(form->weights, form->bias);
        return;
      }
    }
  }
  compile(simple);
  if (mode != Mode::InterpreterOnly) native_ = NativeCode::generate(code_, families_);
  if (native_) native_function_ = native_->function();
}

void CompiledProgram::compile(const Program& program) {
  // Which nodes end a let's bound expression: after them the bound value sits
  // at a known stack slot, which the let's variables then load.
  std::vector<std::int32_t> binds_name(program.size(), -1);
  for (std::size_t i = 0; i < program.size(); ++i)
    if (program.nodes[i].op == Op::Let) binds_name[program.children(i)[0]] = program.nodes[i].value;

  std::vector<std::pair<std::int32_t, int>> scope;  // (name, stack slot), innermost last
  int height = 0;
  auto push = [&](Instruction in) {
    code_.push_back(in);
    if (++height > kMaxStack)
      throw InputError(TextLocation{"<program>", 1, 1}, "program needs more than " + std::to_string(kMaxStack) +
                                                            " stack slots to evaluate; nest it less deeply");
  };
  static constexpr Code kBinary[] = {Code::Add, Code::Sub, Code::Mul, Code::Div, Code::Mod, Code::Min, Code::Max};
  for (std::size_t i = 0; i < program.size(); ++i) {
    const Node& n = program.nodes[i];
    switch (n.op) {
      case Op::Const:
      case Op::BoolConst:
        push({Code::Const, 0, n.value});
        break;
      case Op::Var: {
        int slot = -1;
        for (auto it = scope.rbegin(); it != scope.rend() && slot < 0; ++it)
          if (it->first == n.value) slot = it->second;
        push({Code::Load, 0, slot});
        break;
      }
      case Op::Feature: {
        std::int32_t slot = -1;
        for (std::size_t f = 0; f < features_.size(); ++f)
          if (features_[f].feature == static_cast<Feature>(n.value) && features_[f].player == n.player)
            slot = static_cast<std::int32_t>(f);
        if (slot < 0) {
          slot = static_cast<std::int32_t>(features_.size());
          features_.push_back({static_cast<Feature>(n.value), n.player});
        }
        Instruction in{Code::Feature, n.player, slot};
        in.feature = static_cast<Feature>(n.value);
        push(in);
        families_.threats = families_.threats || family_of(in.feature) == FeatureFamily::Threats;
        families_.windows = families_.windows || family_of(in.feature) == FeatureFamily::Windows;
        families_.ntuple = families_.ntuple || family_of(in.feature) == FeatureFamily::NTuple;
        break;
      }
      case Op::Sq: {
        const Node& r = program.nodes[i - 2];
        const Node& c = program.nodes[i - 1];
        if (r.op == Op::Const && c.op == Op::Const && r.length == 1 && c.length == 1 && binds_name[i - 1] < 0 &&
            binds_name[i - 2] < 0) {
          code_.pop_back();
          code_.pop_back();
          height -= 2;
          const bool on_board = r.value >= 0 && r.value < kRows && c.value >= 0 && c.value < kColumns;
          Instruction in{Code::SquareAt};
          in.cell = on_board ? bits::cell(r.value, c.value) : 0;
          push(in);
        } else {
          code_.push_back({Code::Square});
          --height;
        }
        break;
      }
      case Op::Height:
        code_.push_back({Code::Height});
        break;
      case Op::Neg:
        code_.push_back({Code::Neg});
        break;
      case Op::Abs:
        code_.push_back({Code::Abs});
        break;
      case Op::Not:
        code_.push_back({Code::Not});
        break;
      case Op::If:
        code_.push_back({Code::Select});
        height -= 2;
        break;
      case Op::Let:
        code_.push_back({Code::Drop1Below});
        --height;
        scope.pop_back();
        break;
      default: {  // binary operators, in the order of Op
        const int index = static_cast<int>(n.op) - static_cast<int>(Op::Add);
        Code code;
        if (index < 7) {
          code = kBinary[index];
        } else {
          static constexpr Code kLogic[] = {Code::Lt, Code::Le, Code::Eq,  Code::Ne,
                                            Code::Gt, Code::Ge, Code::And, Code::Or};
          code = kLogic[static_cast<int>(n.op) - static_cast<int>(Op::Lt)];
        }
        code_.push_back({code});
        --height;
        break;
      }
    }
    if (binds_name[i] >= 0) scope.emplace_back(binds_name[i], height - 1);
  }
}

int CompiledProgram::interpret(const Position& p) const {
  namespace s = semantics;
  // Each feature the program reads is computed once, into its slot.
  FeatureBasis basis;
  fill_program_basis(p.x_stones(), p.o_stones(), families_, basis);
  std::int32_t feature_values[2 * kFeatureCount];
  for (std::size_t f = 0; f < features_.size(); ++f)
    feature_values[f] = feature_from_basis(features_[f].feature, features_[f].player, p, basis);
  std::array<std::int32_t, kMaxStack> stack;
  int top = -1;  // index of the top element
  const std::uint64_t x = p.x_stones(), o = p.o_stones();
  for (const Instruction& in : code_) {
    switch (in.code) {
      case Code::Const:
        stack[++top] = in.operand;
        break;
      case Code::SquareAt:
        stack[++top] = (x & in.cell) ? 1 : (o & in.cell) ? -1 : 0;
        break;
      case Code::Feature:
        stack[++top] = feature_values[in.operand];
        break;
      case Code::Load:
        stack[top + 1] = stack[in.operand];
        ++top;
        break;
      case Code::Square:
        --top;
        stack[top] = s::sq(p, stack[top], stack[top + 1]);
        break;
      case Code::Height:
        stack[top] = s::height(p, stack[top]);
        break;
      case Code::Drop1Below:
        --top;
        stack[top] = stack[top + 1];
        break;
      case Code::Add:
        --top;
        stack[top] = s::add(stack[top], stack[top + 1]);
        break;
      case Code::Sub:
        --top;
        stack[top] = s::sub(stack[top], stack[top + 1]);
        break;
      case Code::Mul:
        --top;
        stack[top] = s::mul(stack[top], stack[top + 1]);
        break;
      case Code::Div:
        --top;
        stack[top] = s::div(stack[top], stack[top + 1]);
        break;
      case Code::Mod:
        --top;
        stack[top] = s::mod(stack[top], stack[top + 1]);
        break;
      case Code::Min:
        --top;
        stack[top] = s::min(stack[top], stack[top + 1]);
        break;
      case Code::Max:
        --top;
        stack[top] = s::max(stack[top], stack[top + 1]);
        break;
      case Code::Neg:
        stack[top] = s::neg(stack[top]);
        break;
      case Code::Abs:
        stack[top] = s::abs(stack[top]);
        break;
      case Code::Lt:
        --top;
        stack[top] = stack[top] < stack[top + 1];
        break;
      case Code::Le:
        --top;
        stack[top] = stack[top] <= stack[top + 1];
        break;
      case Code::Eq:
        --top;
        stack[top] = stack[top] == stack[top + 1];
        break;
      case Code::Ne:
        --top;
        stack[top] = stack[top] != stack[top + 1];
        break;
      case Code::Gt:
        --top;
        stack[top] = stack[top] > stack[top + 1];
        break;
      case Code::Ge:
        --top;
        stack[top] = stack[top] >= stack[top + 1];
        break;
      case Code::And:
        --top;
        stack[top] = stack[top] && stack[top + 1];
        break;
      case Code::Or:
        --top;
        stack[top] = stack[top] || stack[top + 1];
        break;
      case Code::Not:
        stack[top] = !stack[top];
        break;
      case Code::Select:
        top -= 2;
        stack[top] = stack[top] ? stack[top + 1] : stack[top + 2];
        break;
    }
  }
  return stack[0];
}

}  // namespace evalsynth::lang
