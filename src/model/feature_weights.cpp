#include "model/feature_weights.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace evalsynth::model {

std::vector<std::string> term_feature_names(const std::string& term) {
  std::vector<std::string> names;
  std::size_t begin = 0;
  while (true) {
    const std::size_t plus = term.find('+', begin);
    names.push_back(term.substr(begin, plus == std::string::npos ? std::string::npos : plus - begin));
    if (plus == std::string::npos) return names;
    begin = plus + 1;
  }
}

std::string term_problem(const FeatureLibrary& library, const std::string& term) {
  for (const std::string& name : term_feature_names(term)) {
    if (name.empty()) return "'" + term + "' has an empty name (features are joined by '+': men+kings)";
    const int id = library.find(name, 0);
    if (id < 0 || !library[id].takes_player) {
      std::string known;
      for (const FeatureInfo& f : library.features)
        if (f.takes_player && f.parameter == 0) known += (known.empty() ? "" : ", ") + std::string(f.name);
      return "'" + name + "' is not a feature of one player in " + std::string(library.family) + " (" + known + ")";
    }
  }
  return "";
}

TermRequests term_requests(const FeatureLibrary& library, const std::vector<std::string>& terms) {
  TermRequests out;
  for (const std::string& term : terms) {
    out.first.push_back(out.requests.size());
    const auto names = term_feature_names(term);
    for (std::uint8_t player = 0; player < 2; ++player)
      for (const std::string& name : names) {
        const int id = library.find(name, 0);
        assert(id >= 0);
        out.requests.push_back({static_cast<std::uint8_t>(id), player});
      }
  }
  out.first.push_back(out.requests.size());
  return out;
}

std::string FeatureWeights::program_text(std::string_view family, bool connect4) const {
  std::string text = connect4 ? "" : "game " + std::string(family) + "\n";
  text.append("# A linear evaluator learned by temporal differences (").append(std::to_string(updates));
  text.append(" updates); a win is 10000.\n");
  std::string sum;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    // Bounded well inside the language's 32-bit constants (a diverged
    // learner's weights are still a program).
    const long weight = std::lround(std::clamp(weights[i] * kProgramScale / scale, -1e8, 1e8));
    if (weight == 0) continue;
    std::string x, o;
    for (const std::string& name : term_feature_names(terms[i])) {
      x.append(x.empty() ? "" : " + ").append(name).append("(x)");
      o.append(" - ").append(name).append("(o)");
    }
    sum.append(sum.empty() ? "" : weight < 0 ? " - " : " + ");
    if (sum.empty() && weight < 0) sum.append("-");
    sum.append(std::to_string(std::labs(weight))).append(" * (").append(x).append(o).append(")");
  }
  return text.append(sum.empty() ? "0" : sum).append("\n");
}

}  // namespace evalsynth::model
