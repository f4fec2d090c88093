#include "cli/learn_checkpoint_file.hpp"

#include <cstdio>
#include <filesystem>

#include "io/learn_spec_reader.hpp"
#include "learn/learn_checkpoint.hpp"
#include "model/model_file.hpp"
#include "support/files.hpp"

namespace evalsynth {

std::optional<std::string> learn_checkpoint_file(const std::string& path) {
  std::error_code error;
  std::string file = path;
  if (std::filesystem::is_directory(path, error)) file = (std::filesystem::path(path) / "learn.ckpt").string();
  if (!std::filesystem::is_regular_file(file, error)) return std::nullopt;
  try {
    if (read_file_prefix(file, "checkpoint", 8) == "EVSYNLRN") return file;
  } catch (const InputError&) {  // unreadable: left to the command's own reading, which says so
  }
  return std::nullopt;
}

std::string learn_checkpoint_spec_source(const std::string& file) {
  return learn::read_learn_checkpoint(file).spec_source;
}

void print_learn_checkpoint(const std::string& file) {
  const learn::LearnCheckpoint c = learn::read_learn_checkpoint(file);
  const learn::LearnSpec spec = parse_learn_spec(c.spec_text, c.spec_source);
  std::error_code ignored;
  std::printf("checkpoint   %s (a learning checkpoint, %llu bytes)\n", file.c_str(),
              static_cast<unsigned long long>(std::filesystem::file_size(file, ignored)));
  std::printf("run          %s (learning spec %s, hash %016llx)\n", spec.name.c_str(), c.spec_source.c_str(),
              static_cast<unsigned long long>(c.spec_hash));
  std::printf("game         %s\n", spec.game.text().c_str());
  std::printf("learner      %s\n", model::learner_name(c.state.model.network).c_str());
  std::printf("games        %llu of %llu, %.1f s of training\n", static_cast<unsigned long long>(c.state.games_done),
              static_cast<unsigned long long>(spec.games), c.state.seconds);
  if (c.state.games_done < spec.games)
    std::printf("continue     evalsynth resume %s   (or: evalsynth learn %s --resume)\n",
                std::filesystem::path(file).parent_path().string().c_str(), c.spec_source.c_str());
  else
    std::printf("state        finished; its model is in %s/model.bin\n", spec.results_folder().c_str());
}

}  // namespace evalsynth
