#pragma once
// Checkpoints: a run's whole changing state (SynthesisState) with the spec it
// belongs to, in one file: a cereal binary archive of a Checkpoint in the
// frame of support/framed_file.hpp (magic "EVSYNCKP", format version, length,
// checksum; documented in population/README.md). Programs are stored as
// program text and parsed on reading, so a checkpoint can never hand the
// evaluator a malformed program.

#include <cstdint>
#include <string>

#include "synthesis/synthesis.hpp"

namespace evalsynth {

inline constexpr std::uint32_t kCheckpointVersion = 2;        // 2: the position term (fitness, scoring, fingerprints)
inline constexpr std::uint32_t kOldestCheckpointVersion = 1;  // still read

struct Checkpoint {
  std::uint32_t format_version = kCheckpointVersion;
  std::string run_name;
  std::string spec_source;  // the spec file's path when the run began
  std::string spec_text;    // and its text: a resumed run parses this, not the file
  std::uint64_t spec_hash = 0;
  Scoring scoring;  // the spec's, to show scores without reading the spec's files
  InputFingerprints inputs;
  SynthesisState state;
};

// A checkpoint of a run as it stands (at a generation boundary).
Checkpoint make_checkpoint(const Synthesis& run);

// The bytes of a checkpoint file, and back. Decoding throws InputError located
// at `source_name` for anything that is not an intact checkpoint of this
// format version.
std::string encode_checkpoint(const Checkpoint& checkpoint);
Checkpoint decode_checkpoint(const std::string& bytes, const std::string& source_name);

// Whole files; writing is atomic (temporary file, fsync, rename).
void write_checkpoint(const Checkpoint& checkpoint, const std::string& path, bool durable = true);
Checkpoint read_checkpoint(const std::string& path);

// Everything in the checkpoint as JSON (cereal's JSON archive).
std::string checkpoint_json(const Checkpoint& checkpoint);

}  // namespace evalsynth
