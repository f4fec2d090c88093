#include "evolve/algorithm.hpp"

namespace evalsynth::evolve {

std::string_view algorithm_name(AlgorithmKind kind) {
  switch (kind) {
    case AlgorithmKind::Archive:
      return "archive";
    case AlgorithmKind::Islands:
      return "islands";
    case AlgorithmKind::HillClimb:
      return "hillclimb";
    case AlgorithmKind::Generational:
      break;
  }
  return "generational";
}

std::unique_ptr<EvolutionAlgorithm> make_algorithm(const Breeding& breeding, const AlgorithmSettings& settings) {
  switch (settings.kind) {
    case AlgorithmKind::Generational:
      return make_generational(breeding, settings);
    case AlgorithmKind::Archive:
      return make_archive(breeding, settings);
    case AlgorithmKind::Islands:
      return make_islands(breeding, settings);
    case AlgorithmKind::HillClimb:
      return make_hill_climb(breeding, settings);
  }
  return make_generational(breeding, settings);
}

}  // namespace evalsynth::evolve
