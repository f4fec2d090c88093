#pragma once
// Programs read from saved runs, for players, opponents and seeds.

#include <string>
#include <vector>

#include "lang/program.hpp"

namespace evalsynth {

// The program a player or seed file names: an .eval file, or the answer (best
// validation performer) of a checkpoint file or a run's checkpoint folder.
lang::Program read_evaluator_program(const std::string& path);

// The programs of a saved run, for seeding another: its hall of fame, best
// first, then its population.
std::vector<lang::Program> read_population_programs(const std::string& path);

}  // namespace evalsynth
