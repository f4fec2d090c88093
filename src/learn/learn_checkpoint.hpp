#pragma once
// Checkpoints of `evalsynth learn`: the spec (its text, so a resumed run does
// not depend on the file) and the training state, in the frame of
// support/framed_file.hpp (magic "EVSYNLRN"). Damaged files are InputErrors
// located at the file.

#include <cstdint>
#include <string>

#include "learn/training.hpp"

namespace evalsynth::learn {

// 2: temporal coherence learning's counters (empty without tcl); 1 still reads.
inline constexpr std::uint32_t kLearnCheckpointVersion = 3;

struct LearnCheckpoint {
  std::string spec_source;
  std::string spec_text;
  std::uint64_t spec_hash = 0;
  TrainingState state;
};

std::string encode_learn_checkpoint(const LearnCheckpoint& checkpoint);
LearnCheckpoint decode_learn_checkpoint(const std::string& bytes, const std::string& source_name);
void write_learn_checkpoint(const LearnCheckpoint& checkpoint, const std::string& path);  // atomic
LearnCheckpoint read_learn_checkpoint(const std::string& path);

// The checkpoint file of a spec: CHECKPOINTS/NAME/learn.ckpt.
std::string learn_checkpoint_path(const LearnSpec& spec);

}  // namespace evalsynth::learn
