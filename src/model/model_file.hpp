#pragma once
// Model files: a trained evaluator with where it came from, as a cereal
// binary archive in the frame of support/framed_file.hpp (magic "EVSYNMDL",
// format version, length, FNV-1a checksum). Anything that is not an intact
// model of a known format is an InputError located at the file.

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "model/board_ntuple_net.hpp"
#include "model/fable_model.hpp"
#include "model/feature_weights.hpp"
#include "model/ntuple_net.hpp"
#include "model/thesis_net.hpp"
#include "model/win_net.hpp"

namespace evalsynth::model {

inline constexpr std::uint32_t kModelVersion = 1;

struct ModelInfo {
  std::string spec_name;  // the learning spec's name
  std::uint64_t spec_hash = 0;
  std::uint64_t games = 0;  // training games behind the weights
  std::uint64_t seed = 0;
};

// Connect4's two networks, the n-tuple network of any other game (which
// names its game), a linear evaluator over any game's features, FABLE's
// transition counts (a player, not an evaluator), and the four-in-a-row
// design's network of a stone game (which names its game).
using Network = std::variant<ThesisNet, NTupleNet, BoardNTupleNet, FeatureWeights, FableModel, WinNet>;

struct Model {
  ModelInfo info;
  Network network;
};

// "thesis-net", "ntuple" (either n-tuple network), "linear", "fable" or "win-net".
std::string learner_name(const Network& network);

// The number of trainable weights of a network with a weight table (the
// n-tuple networks), else 0.
std::size_t table_weight_count(const Network& network);

std::string encode_model(const Model& model);
Model decode_model(const std::string& bytes, const std::string& source_name);
void write_model(const Model& model, const std::string& path);  // atomic
Model read_model(const std::string& path);
// Whether the file begins like a model file (it may still be damaged).
bool is_model_file(const std::string& path);

}  // namespace evalsynth::model
