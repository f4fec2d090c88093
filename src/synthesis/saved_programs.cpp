#include "synthesis/saved_programs.hpp"

#include <filesystem>

#include "lang/parse.hpp"
#include "synthesis/checkpoint.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {
namespace fs = std::filesystem;

lang::Program read_evaluator_program(const std::string& path) {
  std::error_code error;
  if (fs::is_directory(path, error) || path.ends_with(".ckpt")) {
    const std::string file = resolve_checkpoint(path);
    return read_checkpoint(file).state.hall.front().program;
  }
  return lang::read_program_file(path);
}

std::vector<lang::Program> read_population_programs(const std::string& path) {
  const Checkpoint checkpoint = read_checkpoint(resolve_checkpoint(path));
  std::vector<lang::Program> programs;
  for (const HallEntry& h : checkpoint.state.hall) programs.push_back(h.program);
  for (const Individual& i : checkpoint.state.population) programs.push_back(i.program);
  return programs;
}

}  // namespace evalsynth
