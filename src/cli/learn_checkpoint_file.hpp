#pragma once
// A learning checkpoint where `resume` or `inspect` is given one (a folder
// population/NAME holding learn.ckpt, or the file): what it holds, and how
// it continues (`evalsynth learn SPEC --resume`, which resume calls).

#include <optional>
#include <string>

namespace evalsynth {

// The learning checkpoint file `path` names, if it names one.
std::optional<std::string> learn_checkpoint_file(const std::string& path);
// `inspect` of it: the spec, game, learner, games done of how many.
void print_learn_checkpoint(const std::string& file);
// The spec file the checkpoint was made from (as the learner was given it).
std::string learn_checkpoint_spec_source(const std::string& file);

}  // namespace evalsynth
