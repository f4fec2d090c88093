#include "evolve/algorithm.hpp"

namespace evalsynth::evolve {

std::unique_ptr<EvolutionAlgorithm> make_algorithm(const Breeding& breeding, const AlgorithmSettings& settings) {
  switch (settings.kind) {
    case AlgorithmKind::Generational:
      return make_generational(breeding, settings);
    case AlgorithmKind::Archive:
      return make_archive(breeding, settings);
  }
  return make_generational(breeding, settings);
}

}  // namespace evalsynth::evolve
