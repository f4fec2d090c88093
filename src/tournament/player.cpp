#include "tournament/player.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "games/registry.hpp"
#include "lang/parse.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/random.hpp"
#include "support/text.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
namespace {

std::string uppercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

template <Game G>
std::vector<std::string> reference_player_names(const G& game) {
  std::vector<std::string> names;
  if constexpr (HasNativeEvaluators<G>)
    for (const auto& r : game.native_evaluators()) names.emplace_back(r.key);
  if constexpr (HasReferencePrograms<G>)
    for (const ReferenceProgram& r : game.reference_programs()) names.emplace_back(r.name);
  return names;
}

template <Game G>
std::vector<std::string> reference_names(const G& game) {
  std::vector<std::string> names;
  if constexpr (HasNativeEvaluators<G>)
    for (const auto& r : game.native_evaluators()) names.emplace_back(r.reference);
  if constexpr (HasReferencePrograms<G>)
    for (const ReferenceProgram& r : game.reference_programs()) names.emplace_back(r.name);
  return names;
}

template <Game G>
std::string builtin_player_names(const G& game) {
  std::string names;
  if constexpr (HasNativeEvaluators<G>)
    for (const auto& r : game.native_evaluators())
      names += std::string(r.key) + (r.reference == r.label ? "" : " (" + std::string(r.reference) + ")") + ", ";
  if constexpr (HasReferencePrograms<G>)
    for (const ReferenceProgram& r : game.reference_programs()) names += std::string(r.name) + ", ";
  return names + "random and perfect";
}

template <Game G>
Player<G> builtin_player(const G& game, std::string_view name, int depth) {
  const std::string key = lowercase(name);
  if (key == "random") return {"RANDOM", 0, RandomMover{}};
  if (key == "perfect") return {"PERFECT", 0, PerfectPlayer{}};
  if constexpr (HasNativeEvaluators<G>)
    for (const auto& r : game.native_evaluators())
      if (key == r.key || (!r.alias1.empty() && key == r.alias1) || (!r.alias2.empty() && key == r.alias2))
        return {std::string(r.label), depth, EvaluatorOf<G>{r.evaluator}};
  // A game's reference programs are programs of the language, built in.
  if constexpr (HasReferencePrograms<G>)
    for (const ReferenceProgram& r : game.reference_programs())
      if (key == r.name)
        return {
            uppercase(r.name), depth,
            evaluator_for(game, lang::parse_program(std::string(r.text), "<built-in " + std::string(r.name) + ">"))};
  throw UsageError("unknown player " + in_quotes(name) + ": built-in players of " + game.name() + " are " +
                   builtin_player_names(game) +
                   "; a program file ends in .eval or .ckpt, a model file in .bin, or either names a folder with '/'");
}

template <Game G>
EvaluatorOf<G> model_evaluator(const G& game, const model::Model& model, const std::string& source) {
  const auto* board_net = std::get_if<model::BoardNTupleNet>(&model.network);
  // The networks over Connect4's bitboard name no game: the default game's.
  const std::string model_game = board_net ? board_net->game() : default_game(kDefaultFamily).text();
  auto refuse = [&](const std::string& why) -> EvaluatorOf<G> { throw InputError(TextLocation{source, 1, 1}, why); };
  if (std::holds_alternative<model::FableModel>(model.network))
    return refuse("this is FABLE's model: it plays (match, play) but has no evaluation to search with");
  if (const auto* weights = std::get_if<model::FeatureWeights>(&model.network)) {
    if (weights->game != game.name())
      return refuse("this is a model learned for " + weights->game + ", and the game is " + game.name());
    // A linear model searches as the program it is (model/feature_weights.hpp).
    return evaluator_for(
        game, lang::parse_program(weights->program_text(family_name(G::kFamily), G::kFamily == kDefaultFamily),
                                  source + " (as a program)"));
  }
  if (const auto* win_net = std::get_if<model::WinNet>(&model.network)) {
    if (win_net->game() != game.name())
      return refuse("this is a model learned for " + win_net->game() + ", and the game is " + game.name());
    if constexpr (model::StoneGridGame<G>) {
      // The name fixes the board; a file whose inputs differ was not written by us.
      if (win_net->cells() != game.cell_board().cells)
        return refuse("corrupted model: its inputs are not " + game.name() + "'s cells");
      return EvaluatorOf<G>{model::WinNetEvaluator<G>{std::make_shared<const model::WinNet>(*win_net)}};
    }
    return refuse("corrupted model: " + game.name() + " is not a game of stones on a grid");
  }
  if constexpr (BitboardNetGame<G>) {
    if (board_net) return refuse("this is a model learned for " + model_game + ", and the game is " + game.name());
    if (const auto* net = std::get_if<model::ThesisNet>(&model.network))
      return EvaluatorOf<G>{std::make_shared<const model::ThesisNet>(*net)};
    return EvaluatorOf<G>{std::make_shared<const model::NTupleNet>(std::get<model::NTupleNet>(model.network))};
  } else if constexpr (HasCellBoard<G>) {
    if (!board_net || model_game != game.name())
      return refuse("this is a model learned for " + model_game + ", and the game is " + game.name());
    // The name fixes the board; a file whose board differs was not written by us.
    if (!(board_net->board() == game.cell_board()))
      return refuse("corrupted model: its board is not " + game.name() + "'s");
    return EvaluatorOf<G>{
        model::BoardNTupleEvaluator<G>{game, std::make_shared<const model::BoardNTupleNet>(*board_net)}};
  } else {
    return refuse("this is a model learned for " + model_game + ", and the game is " + game.name() +
                  ", whose board no learner reads");
  }
}

template <Game G>
void require_game(const G& game, const lang::Program& program, const std::string& path) {
  lang::require_program_game(program, game_named(game.name()), path);
}

namespace {

// "results/quick/best.eval (hash 9c1f0e2a4b6d8f10)": a file's path and the
// FNV-1a hash of its bytes (a folder: its path alone).
std::string file_source(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return path;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(hash_text(read_file_prefix(path, "player", std::size_t{1} << 30))));
  return path + " (hash " + hex + ")";
}

// The run a program file is the answer of, if it is one: its first line
// says so (io/run_output.cpp writes "# The answer of evalsynth run 'NAME'").
std::string answer_run(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return "";
  const std::string head = read_file_prefix(path, "program", 512);
  const std::string mark = "# The answer of evalsynth run '";
  if (!head.starts_with(mark)) return "";
  const std::size_t end = head.find('\'', mark.size());
  return end == std::string::npos ? "" : head.substr(mark.size(), end - mark.size());
}

template <Game G>
Player<G> program_player_of(const G& game, const std::string& path, int depth, const ProgramReader& read);

}  // namespace

template <Game G>
Player<G> program_player(const G& game, const std::string& path, int depth, const ProgramReader& read) {
  Player<G> player = program_player_of(game, path, depth, read);
  player.source = file_source(path);
  return player;
}

namespace {

template <Game G>
Player<G> program_player_of(const G& game, const std::string& path, int depth, const ProgramReader& read) {
  // "population/quick/" names the run folder "quick".
  std::filesystem::path name = std::filesystem::path(path).lexically_normal();
  if (!name.has_filename()) name = name.parent_path();
  if (model::is_model_file(path)) {
    // "results/ntuple/model.bin": the folder says which model it is.
    const std::string folder = name.parent_path().filename().string();
    const std::string player_name = folder.empty() ? name.stem().string() : folder;
    model::Model model = model::read_model(path);
    if (auto* fable = std::get_if<model::FableModel>(&model.network)) {
      if (fable->game != game.name())
        throw InputError(TextLocation{path, 1, 1},
                         "this is a model learned for " + fable->game + ", and the game is " + game.name());
      if constexpr (HasCellGrid<G>)
        return {player_name, depth, FablePlayer{std::make_shared<const model::FableModel>(std::move(*fable))}, true};
      throw InputError(TextLocation{path, 1, 1}, "FABLE does not play " + game.name() + ", whose board it cannot see");
    }
    return {player_name, depth, model_evaluator(game, model, path), true};
  }
  const lang::Program program = read(path);
  require_game(game, program, path);
  // A run's answer (results/quick/best.eval) is named by its run: two
  // runs' answers are two players, not best and best.
  const std::string run = answer_run(path);
  return {run.empty() ? name.stem().string() : run, depth, evaluator_for(game, program), true};
}

}  // namespace

// The players one entry of a list stands for: one per depth, or one for a
// player without a depth.
template <Game G>
void add_entry_players(const G& game, const PlayerEntry& entry, const ProgramReader& read,
                       std::vector<Player<G>>& players) {
  if (entry.kind == PlayerEntry::Kind::Random) {
    players.push_back(builtin_player(game, "random", 0));
    return;
  }
  if (entry.kind == PlayerEntry::Kind::Perfect) {
    Player<G> perfect = builtin_player(game, "perfect", 0);
    perfect.brain = PerfectPlayer{entry.epsilon, entry.resist};
    if (entry.resist) perfect.name += "-RESIST";
    if (entry.epsilon > 0) perfect.name += ":" + entry.epsilon_text;
    players.push_back(perfect);
    return;
  }
  const Player<G> base = entry.kind == PlayerEntry::Kind::File
                             ? program_player(game, entry.name, entry.first_depth, read)
                             : builtin_player(game, entry.name, entry.first_depth);
  // FABLE's model searches no tree: one player without a depth (as random
  // is), whatever @DEPTH says, rather than copies that differ in a number
  // it never reads.
  if (std::holds_alternative<FablePlayer>(base.brain)) {
    if (entry.sampled)
      throw UsageError("sampled:" + entry.name + ": FABLE's model chooses its moves without a search to sample");
    players.push_back(base);
    players.back().depth = 0;
    return;
  }
  for (int d = entry.first_depth; d <= entry.last_depth; ++d) {
    players.push_back(base);
    players.back().depth = d;
    if (entry.sampled) {
      players.back().sampled = true;
      players.back().name = "sampled:" + players.back().name;
    }
  }
}

template <Game G>
std::vector<Player<G>> parse_player_list(const G& game, std::string_view text, const ProgramReader& read) {
  std::vector<Player<G>> players;
  for (const PlayerEntry& entry : parse_player_entries(text)) {
    const std::size_t first = players.size();
    add_entry_players(game, entry, read, players);
    if (entry.label.empty()) continue;
    for (std::size_t i = first; i < players.size(); ++i) {
      players[i].name = entry.label;
      players[i].from_file = true;  // printed NAME@DEPTH
    }
  }
  return players;
}

#define EVALSYNTH_INSTANTIATE(G)                                                                          \
  template std::string builtin_player_names<G>(const G&);                                                 \
  template std::vector<std::string> reference_player_names<G>(const G&);                                  \
  template std::vector<std::string> reference_names<G>(const G&);                                         \
  template Player<G> builtin_player<G>(const G&, std::string_view, int);                                  \
  template void require_game<G>(const G&, const lang::Program&, const std::string&);                      \
  template Player<G> program_player<G>(const G&, const std::string&, int, const ProgramReader&);          \
  template std::vector<Player<G>> parse_player_list<G>(const G&, std::string_view, const ProgramReader&); \
  template EvaluatorOf<G> model_evaluator<G>(const G&, const model::Model&, const std::string&);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
