#pragma once
// The variation operators, in one registry: each entry is an operator's name
// (also its spec key and its name in logs), its default rate, whether it takes
// a second parent, and the operator itself. Adding an operator is one function
// and one row of the table in operators.cpp; the spec keys, the resolved spec
// text and the run's operator choice all follow from the table.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "evolve/grow.hpp"

namespace evalsynth::evolve {

// One attempt of an operator on `parent` (and `second`, for operators that
// take two parents): a candidate program, or nothing when this attempt finds
// no place to apply. The candidate is checked by Variation, not here.
using Attempt = std::optional<lang::Program> (*)(const Grower& grower, const lang::Program& parent,
                                                 const lang::Program& second, Rng& rng);

struct OperatorInfo {
  std::string_view name;  // spec key: "crossover", "subtree-mutation", ...
  double default_rate;    // relative: rates need not sum to 1
  bool takes_second_parent;
  Attempt attempt;
};

// Index into operators().
using OperatorId = std::size_t;

// The registry, in a fixed order (the order of the spec keys and of rates).
std::span<const OperatorInfo> operators();
const OperatorInfo& operator_info(OperatorId op);
// The operator of that name; precondition: it exists.
OperatorId operator_id(std::string_view name);
std::vector<double> default_operator_rates();

}  // namespace evalsynth::evolve
