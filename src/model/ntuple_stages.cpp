#include "model/ntuple_stages.hpp"

#include <algorithm>
#include <cassert>

namespace evalsynth::model {

std::optional<std::string> stage_join_problem(const NTupleNet& early, const NTupleNet& late, int split) {
  if (split < 1 || split >= connect4::kCells)
    return "the split must lie from 1 to " + std::to_string(connect4::kCells - 1) + " stones";
  if (early.stage_split() > 0 || late.stage_split() > 0) return "a network that is split by stage already";
  if (early.states() != late.states()) return "their cells have different states (3 or 4)";
  if (early.per_side_tables() != late.per_side_tables()) return "one has a table per side to move and the other not";
  if (early.tuples() != late.tuples()) return "their tuples differ (train both with the same seed and tuple settings)";
  return std::nullopt;
}

NTupleNet joined_by_stage(const NTupleNet& early, const NTupleNet& late, int split) {
  assert(!stage_join_problem(early, late, split));
  NTupleNet joined(early.tuples(), early.states(), early.per_side_tables(), split);
  const int sides = early.table_sets();  // an unsplit network's sets are its sides
  for (std::size_t tuple = 0; tuple < early.tuple_count(); ++tuple)
    for (int set = 0; set < joined.table_sets(); ++set) {
      const NTupleNet& from = set < sides ? early : late;
      const auto begin =
          from.weights().begin() + static_cast<std::ptrdiff_t>(from.table_offset(2 * tuple, set % sides));
      std::copy(begin, begin + from.table_size(),
                joined.weights().begin() + static_cast<std::ptrdiff_t>(joined.table_offset(2 * tuple, set)));
    }
  return joined;
}

}  // namespace evalsynth::model
