#pragma once
// Programs back to text. The output parses back to the same program (tested
// on random programs); it uses as few brackets as precedence allows.

#include <string>

#include "lang/program.hpp"

namespace evalsynth::lang {

std::string to_text(const Program& program);

}  // namespace evalsynth::lang
