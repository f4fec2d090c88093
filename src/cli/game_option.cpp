#include "cli/game_option.hpp"

#include <filesystem>

#include "io/spec.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "synthesis/checkpoint.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {

namespace {

// The game a file names, if it names one.
std::optional<GameDescriptor> named_game(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error) || path.ends_with(".ckpt")) {
    const Checkpoint checkpoint = read_checkpoint(resolve_checkpoint(path));
    return checkpoint_spec(checkpoint, path).game_descriptor();
  }
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;  // reported where it is read
  // The game line comes after comments at most: the file's start says it.
  std::string text = read_file_prefix(path, "input", std::size_t{1} << 16);
  if (text.size() == std::size_t{1} << 16) text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n'));
  if (const auto line = take_game_line(text, path)) return line->game;
  return std::nullopt;
}

}  // namespace

GameDescriptor command_game(const std::string& option, const std::vector<std::string>& files) {
  if (!option.empty()) {
    try {
      return parse_game(option);
    } catch (const InputError& e) {
      throw UsageError("option '--game': " + e.message());
    }
  }
  std::optional<GameDescriptor> found;
  std::string found_in;
  for (const std::string& path : files) {
    const auto game = named_game(path);
    if (!game) continue;
    if (found && found->family != game->family)
      throw UsageError(found_in + " is of " + found->text() + " and " + path + " of " + game->text() +
                       ": a command plays one game");
    if (!found) {
      found = game;
      found_in = path;
    }
  }
  return found.value_or(GameDescriptor{});
}

std::string game_folder_name(const GameDescriptor& game) {
  std::string name;
  for (char c : game.text()) {
    if (c == '(' || c == ',')
      name += '-';
    else if (c != ')' && c != ' ')
      name += c;
  }
  return name;
}

std::string default_test_positions(const GameDescriptor& game) {
  if (game.family == GameFamily::Connect4) return "specs/positions/test.analysis";
  return "specs/positions/" + game_folder_name(game) + "/test.positions";
}

}  // namespace evalsynth
