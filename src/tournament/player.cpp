#include "tournament/player.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <filesystem>

#include "lang/parse.hpp"
#include "support/error.hpp"

namespace evalsynth {
namespace {

constexpr int kMaxDepth = 20;

std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

int parse_depth(std::string_view text, std::string_view whole) {
  int depth = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
  if (error != std::errc() || end != text.data() + text.size() || depth < 1 || depth > kMaxDepth) {
    throw UsageError("bad depth '" + std::string(text) + "' in player '" + std::string(whole) + "': expected a whole number from 1 to " +
                     std::to_string(kMaxDepth));
  }
  return depth;
}

}  // namespace

int random_column(const Position& p, Rng& rng) {
  int playable[kColumns];
  int count = 0;
  for (int col = 0; col < kColumns; ++col)
    if (p.can_play(col)) playable[count++] = col;
  return playable[rng.below(count)];
}

ColumnOrder thesis_shuffle(Rng& rng) {
  ColumnOrder order = kLeftToRight;
  for (int i = 0; i < kColumns; ++i) std::swap(order[i], order[rng.below(kColumns)]);
  return order;
}

Player builtin_player(std::string_view name, int depth) {
  const std::string key = lowercase(name);
  if (key == "ibef") return {"IBEF", depth, AnyEvaluator{ibef_evaluator()}};
  if (key == "adate" || key == "adate2005" || key == "adate-2005") return {"ADATE", depth, AnyEvaluator{adate2005_evaluator()}};
  if (key == "random") return {"RANDOM", 0, RandomMover{}};
  throw UsageError("unknown player '" + std::string(name) + "': built-in players are ibef, adate (ADATE-2005) and random");
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

namespace {
bool names_a_file(std::string_view name) {
  return name.find('/') != std::string_view::npos || name.ends_with(".eval") || name.ends_with(".ckpt");
}
}  // namespace

std::vector<Player> parse_player_list(std::string_view text, const ProgramReader& read) {
  std::vector<Player> players;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    if (item.empty()) throw UsageError("empty player in list '" + std::string(text) + "'");
    const std::size_t at = item.rfind('@');
    const std::string_view name = item.substr(0, at);
    if (at == std::string_view::npos) {
      if (lowercase(name) != "random")
        throw UsageError("player '" + std::string(item) + "' needs a search depth: write it as " + std::string(name) + "@DEPTH, e.g. " +
                         std::string(name) + "@4 or " + std::string(name) + "@1-6");
      players.push_back(builtin_player(name, 0));
    } else {
      if (lowercase(name) == "random") throw UsageError("the random player takes no depth: write 'random'");
      const std::string_view depths = item.substr(at + 1);
      const std::size_t dash = depths.find('-');
      const int first = parse_depth(depths.substr(0, dash), item);
      const int last = dash == std::string_view::npos ? first : parse_depth(depths.substr(dash + 1), item);
      if (last < first) throw UsageError("empty depth range in player '" + std::string(item) + "'");
      if (names_a_file(name)) {
        const Player base = program_player(std::string(name), first, read);
        for (int d = first; d <= last; ++d) {
          players.push_back(base);
          players.back().depth = d;
        }
      } else {
        for (int d = first; d <= last; ++d) players.push_back(builtin_player(name, d));
      }
    }
    start = comma + 1;
  }
  return players;
}

}  // namespace evalsynth
