#pragma once
// FABLE's transition counts (model/fable_model.hpp) in a model file
// (model/model_file.cpp writes the frame and the header around them).

#include "model/fable_model.hpp"
#include "support/binary_archive.hpp"

namespace evalsynth::model {

void save_fable(BinaryOutputArchive& a, const FableModel& m);
// Anything wrong is a cereal::Exception.
FableModel load_fable(BinaryInputArchive& a, bool valued);

}  // namespace evalsynth::model
