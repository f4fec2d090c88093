#include "games/connect4/perfect_play.hpp"

#include "games/connect4/outcome_memo.hpp"
#include "games/connect4/solve_all.hpp"
#include "games/connect4/solver.hpp"

namespace evalsynth::connect4 {
namespace {

// One solver a thread: its table stays warm from move to move of a game.
Solver& thread_solver() {
  thread_local Solver solver(64);
  return solver;
}

// The entries of a per-column array for the playable columns, in order.
std::vector<int> playable_entries(const Position& p, const std::array<int, kColumns>& per_column) {
  std::vector<int> out;
  for (int col = 0; col < kColumns; ++col)
    if (p.can_play(col)) out.push_back(per_column[static_cast<std::size_t>(col)]);
  return out;
}

}  // namespace

std::vector<int> perfect_outcomes(const Position& p) {
  return playable_entries(p, remembered_outcomes(thread_solver(), p));
}

std::vector<int> perfect_scores(const Position& p) { return playable_entries(p, thread_solver().analyse(p)); }

void label_positions(std::vector<LabelledPosition>& batch, const SolveOptions& options) {
  std::vector<Position> positions;
  positions.reserve(batch.size());
  for (const LabelledPosition& b : batch) positions.push_back(b.position);
  SolveOptions analyse = options;
  analyse.analyse = true;
  const std::vector<SolvedPosition> solved = solve_all(positions, analyse);
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i].move_scores = solved[i].moves;
}

std::vector<WrittenPosition<Position>> parse_position_lines(const std::string& text, const std::string& source) {
  std::vector<WrittenPosition<Position>> out;
  for (const MovesLine& l : parse_move_lines(text, source)) out.push_back({l.moves, l.position, l.line});
  return out;
}

SolveReport solve_report(const std::vector<WrittenPosition<Position>>& lines, const SolveOptions& options) {
  std::vector<Position> positions;
  positions.reserve(lines.size());
  for (const WrittenPosition<Position>& l : lines) positions.push_back(l.position);
  const std::vector<SolvedPosition> solved = solve_all(positions, options);
  SolveReport report;
  for (std::size_t i = 0; i < solved.size(); ++i) {
    const LabelledPosition labelled{positions[i], lines[i].moves, solved[i].moves, lines[i].line};
    report.text += options.analyse ? analysis_line(labelled) : lines[i].moves + " " + std::to_string(solved[i].score);
    report.text += '\n';
    report.seconds += solved[i].seconds;
    report.nodes += solved[i].nodes;
  }
  return report;
}

std::string analysis_text(const std::vector<LabelledPosition>& positions) {
  std::string text;
  for (const LabelledPosition& p : positions) text += analysis_line(p) + "\n";
  return text;
}

}  // namespace evalsynth::connect4
