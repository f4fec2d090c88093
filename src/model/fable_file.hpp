#pragma once
// FABLE's transition counts (model/fable_model.hpp) in a model file
// (model/model_file.cpp writes the frame and the header around them).

#include "model/fable_model.hpp"
#include "support/binary_archive.hpp"

namespace evalsynth::model {

void save_fable(BinaryOutputArchive& a, const FableModel& m);
// Anything wrong is a cereal::Exception.
// What a model file's word says its layout holds: "fable" nothing of its
// rules (wins, placed localities: the only ones there were), "fable-valued"
// its value rule (placed localities), "fable-keyed" its value rule and its
// localities' keying.
enum class FableFileRules { None, Values, ValuesAndLocalities };
FableFileRules fable_file_rules(const FableModel& m);
const char* fable_file_word(FableFileRules rules);
FableModel load_fable(BinaryInputArchive& a, FableFileRules rules);

}  // namespace evalsynth::model
