#include "cli/game_option.hpp"

#include <filesystem>
#include <type_traits>
#include <variant>

#include "io/spec.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "synthesis/checkpoint.hpp"
#include "synthesis/checkpoint_files.hpp"

namespace evalsynth {

namespace {

// The game a model was learned for (Connect4's networks name none), if it is
// one of the games here (FABLE's minesweeper is its own command's).
std::optional<GameDescriptor> model_game(const std::string& path) {
  const model::Model m = model::read_model(path);
  const std::string name = std::visit(
      [](const auto& net) -> std::string {
        using Net = std::decay_t<decltype(net)>;
        if constexpr (std::is_same_v<Net, model::BoardNTupleNet> || std::is_same_v<Net, model::WinNet>)
          return net.game();
        else if constexpr (std::is_same_v<Net, model::FeatureWeights> || std::is_same_v<Net, model::FableModel>)
          return net.game;
        else
          return "connect4";
      },
      m.network);
  try {
    return parse_game(name);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

// The game a file names, if it names one.
std::optional<GameDescriptor> named_game(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error) || path.ends_with(".ckpt")) {
    const Checkpoint checkpoint = read_checkpoint(resolve_checkpoint(path));
    return checkpoint_spec(checkpoint, path).game_descriptor();
  }
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;  // reported where it is read
  if (model::is_model_file(path)) return model_game(path);
  // The game line comes after comments at most: the file's start says it.
  std::string text = read_file_prefix(path, "input", std::size_t{1} << 16);
  if (text.size() == std::size_t{1} << 16) text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n'));
  if (const auto line = take_game_line(text, path)) return line->game;
  return std::nullopt;
}

}  // namespace

GameDescriptor command_game(const std::string& option, const std::vector<std::string>& files) {
  if (!option.empty()) {
    if (option.ends_with(".game")) return parse_game(option);  // a bad file is a bad input: its own location
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
  if (game.family == connect4::kFamily) return "specs/positions/test.analysis";
  return "specs/positions/" + game_folder_name(game) + "/test.positions";
}

}  // namespace evalsynth
