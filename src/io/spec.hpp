#pragma once
// Reading run specs (synthesis/run_spec.hpp; the format is documented in
// specs/README.md). Unknown keys, bad values and missing files
// are InputErrors with file:line:col; a misspelled key gets a "did you mean".

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "synthesis/checkpoint.hpp"
#include "synthesis/run_spec.hpp"

namespace evalsynth {

RunSpec parse_spec(const std::string& text, const std::string& source_name);
RunSpec read_spec_file(const std::string& path);

// The parsed spec of a checkpoint, with a clear error if its text no longer
// parses (a file it names has gone) — located at the checkpoint.
RunSpec checkpoint_spec(const Checkpoint& checkpoint, const std::string& checkpoint_path);

}  // namespace evalsynth
