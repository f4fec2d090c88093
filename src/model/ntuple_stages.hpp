#pragma once
// Two Connect4 n-tuple networks joined into one split by stage
// (NTupleNet's stage_split): positions with fewer than `split` stones read
// the first network's tables, the rest the second's. The use: a network
// trained by self-play alone plays the opening well, and one regressed on
// solver-labelled positions (10 stones or more) errs less in the middle
// game but loses the opening (results/ntuple/labelled/README.md); joined at
// 11 stones, each plays where it is good. Both must have the same tuples,
// cell states and side tables, and neither may be split itself.

#include <optional>
#include <string>

#include "model/ntuple_net.hpp"

namespace evalsynth::model {

// Why the two cannot be joined at `split`, or nothing when they can.
std::optional<std::string> stage_join_problem(const NTupleNet& early, const NTupleNet& late, int split);

// Precondition: !stage_join_problem(early, late, split).
NTupleNet joined_by_stage(const NTupleNet& early, const NTupleNet& late, int split);

}  // namespace evalsynth::model
