#pragma once
// Reading learning specs (learn/learn_spec.hpp; the format is that of run
// specs, the keys are documented in specs/README.md, "Learning specs").
// Unknown keys, bad values, missing files and keys that do not apply to the
// chosen learner are InputErrors with file:line:col.

#include <string>

#include "learn/learn_spec.hpp"

namespace evalsynth {

learn::LearnSpec parse_learn_spec(const std::string& text, const std::string& source_name);
learn::LearnSpec read_learn_spec_file(const std::string& path);

}  // namespace evalsynth
