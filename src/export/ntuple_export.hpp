#pragma once
// ntuple() or ntuple2() in an exported header: the built-in network (lang/builtin_ntuple.hpp)
// written out as C++ — its tuples' cells, every table weight (1.5 million
// characters' worth: the header grows by about 5 MB) and a function computing
// exactly evalsynth's value: the weights summed in evalsynth's order in double
// precision, then round(1000 * tanh(sum)).

#include <string>

#include "lang/program.hpp"
#include "model/ntuple_net.hpp"

namespace evalsynth::exporter {

// Definitions for the header's detail namespace: the tables and
// `ntuple_value(x, o)`, which returns the built-in network's value (ntuple()
// or ntuple2()) for the position. Uses the runtime's popcount, kBottomRow and
// kBoard, and <cmath>.
std::string ntuple_definitions(lang::BuiltinNetwork network);
// The same for any Connect4 n-tuple network (tests: one split by stage),
// `origin` its first comment line.
std::string ntuple_definitions(const model::NTupleNet& net, const std::string& origin = "An n-tuple network.");

}  // namespace evalsynth::exporter
