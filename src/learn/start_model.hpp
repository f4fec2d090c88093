#pragma once
// A learning run that goes on from an earlier run's model (`start-model`):
// FABLE's counts, or an n-tuple network, which then keeps learning from its
// weights: more self-play after a regression, say, or a lower step size.
// The spec's settings of the network must agree with the model's, and those
// the spec leaves out are the model's.

#include <optional>
#include <set>
#include <string>

#include "learn/learn_spec.hpp"
#include "model/model_file.hpp"

namespace evalsynth::learn {

// Why a model cannot start a run: the spec key to blame, and the reason.
struct StartModelProblem {
  std::string key;
  std::string message;
};

// Reads the spec's start model and checks that it can start the run the
// spec describes (`given`: the keys the spec sets); if it can, gives the
// spec the model's settings and the hash of its contents.
std::optional<StartModelProblem> adopt_start_model(LearnSpec& spec, const std::set<std::string>& given);

// The network a run starts from: the start model's, as adopt_start_model
// found it (an InputError if the file has changed since).
model::Network start_network(const LearnSpec& spec);

}  // namespace evalsynth::learn
