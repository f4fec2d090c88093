#pragma once
// The design document's network (model/win_net.hpp) in a model file
// (model/model_file.cpp writes the frame and the header around it).

#include "model/win_net.hpp"
#include "support/binary_archive.hpp"

namespace evalsynth::model {

void save_win_net(BinaryOutputArchive& a, const WinNet& net);
// Anything wrong (an unknown game, sizes that do not fit it, a weight that
// is not finite, short data) is a cereal::Exception.
WinNet load_win_net(BinaryInputArchive& a);

}  // namespace evalsynth::model
