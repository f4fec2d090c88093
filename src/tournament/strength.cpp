#include "tournament/strength.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <cctype>
#include <sstream>

#include "game/notation.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"

namespace evalsynth {

std::vector<LabelledPosition> parse_analysis_text(const std::string& text, const std::string& source_name) {
  const SourceText source(text, source_name);
  std::vector<LabelledPosition> positions;
  std::size_t line_start = 0;
  int line_number = 0;
  while (line_start < text.size()) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    ++line_number;
    const std::string line = text.substr(line_start, line_end - line_start);
    std::size_t i = 0;
    auto skip_space = [&] {
      while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    };
    skip_space();
    if (i == line.size() || line[i] == '#') {
      line_start = line_end + 1;
      continue;
    }
    const std::size_t moves_begin = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    LabelledPosition lp;
    lp.line = line_number;
    lp.position = parse_moves(std::string_view(line).substr(moves_begin, i - moves_begin),
                              TextLocation{source_name, line_number, static_cast<int>(moves_begin) + 1});
    if (lp.position.is_game_over()) source.fail_at(line_start + moves_begin, "the position is already finished");
    for (int col = 0; col < kColumns; ++col) {
      skip_space();
      const std::size_t begin = i;
      if (i < line.size() && (line[i] == '-' || line[i] == '+')) ++i;
      while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
      if (i == begin || (i == begin + 1 && !std::isdigit(static_cast<unsigned char>(line[begin]))))
        source.fail_at(line_start + begin,
                       "expected the score of column " + std::to_string(col + 1) + " (7 scores follow the moves)");
      const int score = std::stoi(line.substr(begin, i - begin));
      const bool full = !lp.position.can_play(col);
      if (full != (score == kFullColumn))
        source.fail_at(line_start + begin,
                       full ? "column " + std::to_string(col + 1) + " is full, so its score must be -1000"
                            : "column " + std::to_string(col + 1) + " is playable but scored -1000");
      lp.move_scores[static_cast<std::size_t>(col)] = score;
    }
    skip_space();
    if (i != line.size()) source.fail_at(line_start + i, "unexpected text after the 7 scores");
    positions.push_back(lp);
    line_start = line_end + 1;
  }
  if (positions.empty()) throw InputError(TextLocation{source_name, 1, 1}, "no positions in the file");
  return positions;
}

std::vector<LabelledPosition> read_analysis_file(const std::string& path) {
  return parse_analysis_text(read_text_file(path, "analysis"), path);
}

namespace {
int value_sign(int score) { return (score > 0) - (score < 0); }
}  // namespace

bool is_mistake(const LabelledPosition& p, int column) {
  const int chosen = value_sign(p.move_scores[static_cast<std::size_t>(column)]);
  for (int col = 0; col < kColumns; ++col) {
    const int s = p.move_scores[static_cast<std::size_t>(col)];
    if (s != kFullColumn && value_sign(s) > chosen) return true;
  }
  return false;
}

StrengthResult measure_strength(const Player& player, const std::vector<LabelledPosition>& positions, MoveOrder order,
                                std::uint64_t seed, int threads) {
  std::vector<std::uint8_t> mistake(positions.size(), 0);
  auto judge = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      Rng rng(mix_seed({seed, i, static_cast<std::uint64_t>(player.depth)}));
      SearchCounters counters;
      const int move = choose_move<StandardRules>(player, positions[i].position, order, rng, counters);
      mistake[i] = is_mistake(positions[i], move);
    }
  };
  tbb::task_arena arena(threads > 0 ? threads : tbb::this_task_arena::max_concurrency());
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 8), judge); });
  StrengthResult r;
  r.positions = static_cast<int>(positions.size());
  for (std::uint8_t m : mistake) r.mistakes += m;
  return r;
}

}  // namespace evalsynth
