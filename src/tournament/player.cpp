#include "tournament/player.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

#include "lang/parse.hpp"
#include "support/error.hpp"
#include "support/text.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
Player builtin_player(std::string_view name, int depth) {
  const std::string key = lowercase(name);
  if (key == "ibef") return {"IBEF", depth, AnyEvaluator{ibef_evaluator()}};
  if (key == "adate" || key == "adate2005" || key == "adate-2005")
    return {"ADATE", depth, AnyEvaluator{adate2005_evaluator()}};
  if (key == "random") return {"RANDOM", 0, RandomMover{}};
  throw UsageError("unknown player '" + std::string(name) +
                   "': built-in players are ibef, adate (ADATE-2005) and random");
}

AnyEvaluator evaluator_for(const lang::Program& program, lang::CompiledProgram::Mode mode) {
  auto compiled = std::make_shared<const lang::CompiledProgram>(program, mode);
  // A weight table is searched as the native evaluators are, without the
  // compiled program's dispatch.
  if (compiled->is_linear()) return AnyEvaluator{*compiled->linear()};
  return AnyEvaluator{std::move(compiled)};
}

Player program_player(const std::string& path, int depth, const ProgramReader& read) {
  // "population/quick/" names the run folder "quick".
  std::filesystem::path name = std::filesystem::path(path).lexically_normal();
  if (!name.has_filename()) name = name.parent_path();
  return {name.stem().string(), depth, evaluator_for(read(path)), true};
}

std::vector<Player> parse_player_list(std::string_view text, const ProgramReader& read) {
  std::vector<Player> players;
  for (const PlayerEntry& entry : parse_player_entries(text)) {
    if (entry.kind == PlayerEntry::Kind::Random) {
      players.push_back(builtin_player("random", 0));
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
