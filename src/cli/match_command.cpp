#include <cstdio>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "io/match_report.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/folder_lock.hpp"
#include "support/progress.hpp"
#include "synthesis/checkpoint_files.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/match.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {

const char* const kMatchHelp =
    "usage: evalsynth match --x PLAYERS --o PLAYERS [options]\n"
    "       evalsynth match X_PLAYERS O_PLAYERS [options]\n"
    "\n"
    "Plays games for every pairing of an X player with an O player and prints one\n"
    "line per pairing in the thesis's Appendix D form:\n"
    "  IBEF4 - ADATE4 11.5 - 88.5 (0)     X wins % - O wins % (draws %)\n"
    "\n"
    "PLAYERS is a comma-separated list of NAME@DEPTH, NAME@FIRST-LAST or 'random';\n"
    "names: ibef, adate (ADATE-2005), random, a program file (.eval), or a run's\n"
    "answer: a checkpoint (.ckpt) or run folder (population/NAME). Example:\n"
    "  --x ibef@1-6 --o grammar/examples/adate2005.eval@1-6,population/quick@1-6\n"
    "\n"
    "Options:\n"
    "  --both-colours     also play every pairing with the colours swapped\n"
    "  --games N          games per start board (default 1000 from the empty\n"
    "                     board, 1 with --boards)\n"
    "  --boards FILE      start boards: move strings (Pons's files as they are),\n"
    "                     grids or Stenmark lists; see tournament/start_boards.hpp\n"
    "  --order ORDER      root move order deciding ties: random (default, the\n"
    "                     thesis's Java agents) or left-to-right (ADATE's spec)\n"
    "  --rules RULES      standard (default) or thesis-java: the thesis's Java\n"
    "                     win test, which misses one diagonal; its tables were\n"
    "                     played under it (see results/thesis-crosstable)\n"
    "  --seed S           random seed (default 1); same seed, same results for\n"
    "                     any thread count\n"
    "  --threads N        worker threads (default: all cores)\n"
    "  --csv FILE         also write the results as CSV\n"
    "  --json FILE        also write the results as JSON\n"
    "\n"
    "A progress line is shown on stderr when it is a terminal.\n";

int match_command(const Args& args) {
  const Arguments a(args, {{"x"},
                           {"o"},
                           {"both-colours", false},
                           {"games"},
                           {"boards"},
                           {"order"},
                           {"rules"},
                           {"seed"},
                           {"threads"},
                           {"csv"},
                           {"json"}});
  std::string x_text = a.value_or("x", ""), o_text = a.value_or("o", "");
  const auto& pos = a.positionals();
  if (!pos.empty()) {
    if (pos.size() != 2 || a.has("x") || a.has("o"))
      throw UsageError("give the players either as two arguments (X then O) or with --x and --o");
    x_text = pos[0];
    o_text = pos[1];
  }
  if (x_text.empty() || o_text.empty())
    throw UsageError("say who plays: --x PLAYERS --o PLAYERS (e.g. --x ibef@4 --o adate@4)");
  const std::vector<Player> xs = parse_player_list(x_text, read_evaluator_program),
                            os = parse_player_list(o_text, read_evaluator_program);

  MatchOptions options;
  options.game.order =
      a.choice<MoveOrder>("order", {{"random", MoveOrder::Random}, {"left-to-right", MoveOrder::LeftToRight}});
  options.game.rules =
      a.choice<RuleSet>("rules", {{"standard", RuleSet::Standard}, {"thesis-java", RuleSet::ThesisJava}});
  const std::string order = a.value_or("order", "random"), rules = a.value_or("rules", "standard");
  options.seed = static_cast<std::uint64_t>(a.integer("seed", 1, 0, INT64_MAX));
  options.threads = static_cast<int>(a.integer("threads", 0, 1, 1024));
  options.games_per_board = static_cast<int>(a.integer("games", a.has("boards") ? 1 : 1000, 1, 10'000'000));
  options.progress = ProgressLine::stderr_is_terminal();

  for (const char* output : {"csv", "json"})
    if (a.has(output)) check_writable(*a.value(output));
  const std::vector<Position> boards =
      a.has("boards") ? read_board_file(*a.value("boards")) : std::vector<Position>{Position{}};

  std::vector<Pairing> pairings;
  for (const Player& x : xs)
    for (const Player& o : os) pairings.push_back({x, o});
  if (a.has("both-colours"))
    for (const Player& x : os)
      for (const Player& o : xs) pairings.push_back({x, o});

  const std::string board_text = a.has("boards") ? *a.value("boards") : "empty board";
  std::printf(
      "# evalsynth match: %d game(s) per start board x %zu start board(s) (%s), %s move order, %s rules, seed %llu\n",
      options.games_per_board, boards.size(), board_text.c_str(), order.c_str(), rules.c_str(),
      static_cast<unsigned long long>(options.seed));
  std::printf("# XPlayer - OPlayer %%XWins - %%OWins (%%Draws)\n");
  std::fflush(stdout);

  const std::vector<PairingResult> results = run_match(pairings, boards, options);
  for (const PairingResult& r : results) std::printf("%s\n", thesis_line(r).c_str());

  if (a.has("csv")) write_file_atomically(*a.value("csv"), match_csv(results));
  if (a.has("json"))
    write_file_atomically(*a.value("json"),
                          match_json(results, {options.seed, order, rules, board_text, options.games_per_board}));
  return 0;
}

}  // namespace evalsynth
