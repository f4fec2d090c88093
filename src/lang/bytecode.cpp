#include "lang/bytecode.hpp"

#include <string>

#include "support/error.hpp"

namespace evalsynth::lang::bytecode {

CompiledCode compile(const Program& program, const std::function<std::uint64_t(int row, int col)>& cell_of) {
  CompiledCode out;
  std::vector<Instruction>& code = out.code;
  std::vector<FeatureRequest>& features = out.features;
  // Which nodes end a let's bound expression: after them the bound value sits
  // at a known stack slot, which the let's variables then load.
  std::vector<std::int32_t> binds_name(program.size(), -1);
  for (std::size_t i = 0; i < program.size(); ++i)
    if (program.nodes[i].op == Op::Let) binds_name[program.children(i)[0]] = program.nodes[i].value;

  std::vector<std::pair<std::int32_t, int>> scope;  // (name, stack slot), innermost last
  int height = 0;
  auto push = [&](Instruction in) {
    code.push_back(in);
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
        const FeatureRequest request{static_cast<std::uint8_t>(n.value), n.player};
        std::int32_t slot = -1;
        for (std::size_t f = 0; f < features.size(); ++f)
          if (features[f] == request) slot = static_cast<std::int32_t>(f);
        if (slot < 0) {
          slot = static_cast<std::int32_t>(features.size());
          features.push_back(request);
        }
        Instruction in{Code::Feature, n.player, slot};
        in.feature = request.id;
        push(in);
        break;
      }
      case Op::Sq: {
        const Node& r = program.nodes[i - 2];
        const Node& c = program.nodes[i - 1];
        if (r.op == Op::Const && c.op == Op::Const && r.length == 1 && c.length == 1 && binds_name[i - 1] < 0 &&
            binds_name[i - 2] < 0) {
          code.pop_back();
          code.pop_back();
          height -= 2;
          Instruction in{Code::SquareAt};
          in.cell = cell_of(r.value, c.value);
          push(in);
        } else {
          code.push_back({Code::Square});
          --height;
        }
        break;
      }
      case Op::Height:
        code.push_back({Code::Height});
        break;
      case Op::Neg:
        code.push_back({Code::Neg});
        break;
      case Op::Abs:
        code.push_back({Code::Abs});
        break;
      case Op::Not:
        code.push_back({Code::Not});
        break;
      case Op::If:
        code.push_back({Code::Select});
        height -= 2;
        break;
      case Op::Let:
        code.push_back({Code::Drop1Below});
        --height;
        scope.pop_back();
        break;
      default: {  // binary operators, in the order of Op
        const int index = static_cast<int>(n.op) - static_cast<int>(Op::Add);
        Code binary;
        if (index < 7) {
          binary = kBinary[index];
        } else {
          static constexpr Code kLogic[] = {Code::Lt, Code::Le, Code::Eq,  Code::Ne,
                                            Code::Gt, Code::Ge, Code::And, Code::Or};
          binary = kLogic[static_cast<int>(n.op) - static_cast<int>(Op::Lt)];
        }
        code.push_back({binary});
        --height;
        break;
      }
    }
    if (binds_name[i] >= 0) scope.emplace_back(binds_name[i], height - 1);
  }
  return out;
}

}  // namespace evalsynth::lang::bytecode
