#include "cli/game_option.hpp"

#include <algorithm>
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

// The game a file names: the game, and whether whole (its parameters too)
// or only its family.
struct NamedGame {
  GameDescriptor game;
  bool whole = true;
};

// The game a model was learned for (Connect4's networks name none: they
// serve both its win tests), if it is one of the games here (FABLE's
// minesweeper is its own command's).
std::optional<NamedGame> model_game(const std::string& path) {
  const model::Model m = model::read_model(path);
  const std::optional<std::string> name = std::visit(
      [](const auto& net) -> std::optional<std::string> {
        using Net = std::decay_t<decltype(net)>;
        if constexpr (std::is_same_v<Net, model::BoardNTupleNet> || std::is_same_v<Net, model::WinNet>)
          return net.game();
        else if constexpr (std::is_same_v<Net, model::FeatureWeights> || std::is_same_v<Net, model::FableModel>)
          return net.game;
        else
          return std::nullopt;
      },
      m.network);
  try {
    if (!name) return NamedGame{default_game(kDefaultFamily), false};
    return NamedGame{parse_game(*name), true};
  } catch (const InputError&) {
    return std::nullopt;
  }
}

// The game a file names, if it names one.
std::optional<NamedGame> named_game(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error) || path.ends_with(".ckpt")) {
    const Checkpoint checkpoint = read_checkpoint(resolve_checkpoint(path));
    return NamedGame{checkpoint_spec(checkpoint, path).game_descriptor(), true};
  }
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;  // reported where it is read
  if (model::is_model_file(path)) return model_game(path);
  // The game line comes after comments at most: the file's start says it.
  std::string text = read_file_prefix(path, "input", std::size_t{1} << 16);
  if (text.size() == std::size_t{1} << 16) text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n'));
  if (const auto line = take_game_line(text, path)) return NamedGame{line->game, line->whole};
  return std::nullopt;
}

std::string named_text(const NamedGame& n) { return n.whole ? n.game.text() : std::string(family_name(n.game.family)); }

}  // namespace

GameDescriptor command_game(const std::string& option, const std::vector<std::string>& files,
                            const std::string& given_as) {
  if (!option.empty()) {
    // A file of another game, or of another board of the game's family, is
    // refused where it is read, by the reader of its kind (programs,
    // positions, boards, models), at the line that names its game.
    try {
      return parse_game(option, {"--game"});
    } catch (const InputError& e) {
      // A mistake inside a game file is at its own line: a bad input. The
      // name itself (or a file that cannot be read) is a bad option.
      if (e.where().source != "--game") throw;
      throw UsageError(given_as + ": " + e.message());
    }
  }
  // The game the files name: the first whole game named, else the first
  // family's default game; every other file must be of it.
  std::vector<std::pair<std::string, NamedGame>> named;
  for (const std::string& path : files)
    if (auto game = named_game(path)) named.emplace_back(path, std::move(*game));
  if (named.empty()) return GameDescriptor{};
  const auto chosen = std::find_if(named.begin(), named.end(), [](const auto& n) { return n.second.whole; });
  const auto& [chosen_path, chosen_game] = chosen != named.end() ? *chosen : named.front();
  const GameDescriptor game = chosen_game.whole ? chosen_game.game : default_game(chosen_game.game.family);
  for (const auto& [path, n] : named)
    if (!game_fits(n.game, n.whole, game))
      throw UsageError(chosen_path + " is of " + named_text(chosen_game) + " and " + path + " of " + named_text(n) +
                       ": a command plays one game");
  return game;
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
