#pragma once
// A linear evaluator over a game's features: Melicher's (2009) checkers
// evaluator H(s) = sum_i c_i F_i(s), with weights learned by temporal
// differences (learn/linear_td.hpp). Each term F_i is a sum of the game's
// per-player features (`men+kings`), taken as X's minus O's and divided by
// `scale` (the largest of X's terms at the start: 12 men in 8x8 checkers),
// so that a side's whole starting material weighs about a win (+1), the
// unit of the learner's targets.
//
// It searches as the program it is (program_text): integer weights per
// 1/10,000 of a win, so the rounding costs at most 1/20,000 of a win per
// feature unit, and `inspect`, `check` and the language's tools read it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/feature_library.hpp"

namespace evalsynth::model {

struct FeatureWeights {
  static constexpr int kMaxTerms = 32;
  static constexpr double kProgramScale = 10000;  // a win, in the program's units

  std::string game;                // the game's name: "checkers(8)"
  std::vector<std::string> terms;  // "men+kings", "kings", "edge"
  std::vector<double> weights;     // one per term
  double scale = 1;                // each term's difference is divided by it
  std::uint64_t updates = 0;       // TD updates so far (the n of alpha = a / (b + n))

  // The program, opened by its `game FAMILY` line unless the family is
  // Connect4's (whose programs have none).
  std::string program_text(std::string_view family, bool connect4) const;
};

// The feature names of a term ("men+kings" -> men, kings).
std::vector<std::string> term_feature_names(const std::string& term);

// What is wrong with `term` for `library` ("" if nothing): each name must be
// a feature of one player without a parameter (written f(x) / f(o)).
std::string term_problem(const FeatureLibrary& library, const std::string& term);

// The requests that compute the terms: for term i, its features for X then
// for O, in `requests`, with `first[i]`..`first[i+1]` the X part and the O
// part of the same length after it. Precondition: every term is valid.
struct TermRequests {
  std::vector<FeatureRequest> requests;
  std::vector<std::size_t> first;  // size terms + 1, in pairs of requests
};
TermRequests term_requests(const FeatureLibrary& library, const std::vector<std::string>& terms);

}  // namespace evalsynth::model
