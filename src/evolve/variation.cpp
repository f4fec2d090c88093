#include "evolve/variation.hpp"

#include "lang/program_edit.hpp"
#include "lang/simplify.hpp"

namespace evalsynth::evolve {
namespace {
constexpr int kAttempts = 8;
}  // namespace

bool Variation::acceptable(const lang::Program& p) const {
  if (p.nodes.empty() || p.size() > limits_.max_size || p.depth() > limits_.max_depth) return false;
  if (p.type() != lang::Type::Int || lang::has_free_variables(p)) return false;
  return !grower_.grammar().why_not_derived(p).has_value();
}

lang::Program Variation::apply(OperatorId op, const lang::Program& parent, const lang::Program& second,
                               Rng& rng) const {
  const Attempt attempt = operator_info(op).attempt;
  for (int k = 0; k < kAttempts; ++k) {
    std::optional<lang::Program> child = attempt(grower_, parent, second, rng);
    if (!child || !acceptable(*child)) continue;
    lang::Program simple = lang::simplify_locally(*child);
    if (simple.size() < child->size() && acceptable(simple)) return simple;
    return *child;
  }
  return parent;
}

}  // namespace evalsynth::evolve
