#include "tournament/player.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <filesystem>

#include "lang/parse.hpp"
#include "model/model_file.hpp"
#include "solver/solver.hpp"
#include "support/error.hpp"
#include "support/text.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
int perfect_move(const Position& p, double epsilon, Rng& rng, bool resist) {
  thread_local solver::Solver solver(64);
  // The value class decides the move: outcomes cost far less than exact
  // scores, which are needed only to resist a lost position (the latest loss).
  const std::array<int, kColumns> outcomes = solver.analyse_outcomes(p);
  int best = -2;
  for (int col = 0; col < kColumns; ++col)
    if (p.can_play(col)) best = std::max(best, outcomes[static_cast<std::size_t>(col)]);
  const bool latest_loss_only = resist && best < 0;
  std::array<int, kColumns> scores{};
  int best_score = solver::kFullColumn;
  if (latest_loss_only) {
    scores = solver.analyse(p);
    for (int col = 0; col < kColumns; ++col)
      if (p.can_play(col)) best_score = std::max(best_score, scores[static_cast<std::size_t>(col)]);
  }
  // The random draw comes first, always, so the game's randomness does not
  // depend on the position's value.
  const bool explore = rng.unit() < epsilon;
  int candidates[kColumns];
  int count = 0;
  for (int col = 0; col < kColumns; ++col) {
    if (!p.can_play(col)) continue;
    const int s = outcomes[static_cast<std::size_t>(col)];
    const bool kept = !latest_loss_only || scores[static_cast<std::size_t>(col)] == best_score;
    if (explore ? s >= std::min(best, 0) && kept : s == best && kept) candidates[count++] = col;
  }
  assert(count > 0);
  return candidates[rng.below(count)];
}

Player builtin_player(std::string_view name, int depth) {
  const std::string key = lowercase(name);
  if (key == "ibef") return {"IBEF", depth, AnyEvaluator{ibef_evaluator()}};
  if (key == "adate" || key == "adate2005" || key == "adate-2005")
    return {"ADATE", depth, AnyEvaluator{adate2005_evaluator()}};
  if (key == "random") return {"RANDOM", 0, RandomMover{}};
  if (key == "perfect") return {"PERFECT", 0, PerfectPlayer{}};
  throw UsageError("unknown player " + in_quotes(name) +
                   ": built-in players are ibef, adate (ADATE-2005), random and perfect");
}

AnyEvaluator evaluator_for(const lang::Program& program, lang::CompiledProgram::Mode mode) {
  auto compiled = std::make_shared<const lang::CompiledProgram>(program, mode);
  // A weight table is searched as the native evaluators are, without the
  // compiled program's dispatch.
  if (compiled->is_linear()) return AnyEvaluator{*compiled->linear()};
  return AnyEvaluator{std::move(compiled)};
}

AnyEvaluator model_evaluator(const model::Model& model) {
  if (const auto* net = std::get_if<model::ThesisNet>(&model.network))
    return AnyEvaluator{std::make_shared<const model::ThesisNet>(*net)};
  return AnyEvaluator{std::make_shared<const model::NTupleNet>(std::get<model::NTupleNet>(model.network))};
}

Player program_player(const std::string& path, int depth, const ProgramReader& read) {
  // "population/quick/" names the run folder "quick".
  std::filesystem::path name = std::filesystem::path(path).lexically_normal();
  if (!name.has_filename()) name = name.parent_path();
  if (model::is_model_file(path)) {
    // "results/ntuple/model.bin": the folder says which model it is.
    const std::string folder = name.parent_path().filename().string();
    return {folder.empty() ? name.stem().string() : folder, depth, model_evaluator(model::read_model(path)), true};
  }
  return {name.stem().string(), depth, evaluator_for(read(path)), true};
}

std::vector<Player> parse_player_list(std::string_view text, const ProgramReader& read) {
  std::vector<Player> players;
  for (const PlayerEntry& entry : parse_player_entries(text)) {
    if (entry.kind == PlayerEntry::Kind::Random) {
      players.push_back(builtin_player("random", 0));
      continue;
    }
    if (entry.kind == PlayerEntry::Kind::Perfect) {
      Player perfect = builtin_player("perfect", 0);
      perfect.brain = PerfectPlayer{entry.epsilon, entry.resist};
      if (entry.resist) perfect.name += "-RESIST";
      if (entry.epsilon > 0) perfect.name += ":" + entry.epsilon_text;
      players.push_back(perfect);
      continue;
    }
    const Player base = entry.kind == PlayerEntry::Kind::File ? program_player(entry.name, entry.first_depth, read)
                                                              : builtin_player(entry.name, entry.first_depth);
    for (int d = entry.first_depth; d <= entry.last_depth; ++d) {
      players.push_back(base);
      players.back().depth = d;
    }
  }
  return players;
}

}  // namespace evalsynth
