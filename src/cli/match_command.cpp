#include <algorithm>
#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "io/html_report.hpp"
#include "io/match_report.hpp"
#include "solver/labelled_positions.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/progress.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/match.hpp"
#include "tournament/player_syntax.hpp"
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
    "names: ibef, adate (ADATE-2005), random, a program file (.eval), a run's\n"
    "answer: a checkpoint (.ckpt) or run folder (population/NAME), or a trained\n"
    "model (results/NAME/model.bin, from evalsynth learn). Perfect play:\n"
    "perfect, perfect:EPS (a random non-losing move with probability EPS) and\n"
    "perfect-resist[:EPS] (when lost, the longest resistance); they take no depth\n"
    "and are slow before about 10 stones (use --boards). Example:\n"
    "  --x ibef@1-6 --o grammar/examples/adate2005.eval@1-6,population/quick@1-6\n"
    "\n"
    "Options:\n"
    "  --both-colours     also play every pairing with the colours swapped\n"
    "  --games N          games per start board (default 1000 from the empty\n"
    "                     board, 1 with --boards)\n"
    "  --boards FILE      start boards: move strings (Pons's files as they are),\n"
    "                     grids or Stenmark lists; see tournament/start_boards.hpp\n"
    "  --openings N       start boards: every distinct N-ply opening, one of each\n"
    "                     mirror pair (N = 0-8: 1, 4, 25, 121, 568 ... boards),\n"
    "                     one game each; implies --both-colours, so each opening\n"
    "                     is played as a pair and nobody profits from a lucky board\n"
    "  --balanced B       with --openings N (N = 0-3): only the openings perfect\n"
    "                     play scores within B of a draw (-B..B: B = 0 keeps\n"
    "                     draws, 1 also the wins with the last stone), from the\n"
    "                     solver's opening book built into evalsynth\n"
    "  --same-depth       only pairings of players searching at the same depth\n"
    "                     (--x a@1-6 --o b@1-6: 6 pairings, not 36)\n"
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
    "  --html FILE        also write a page with the cross-table as a heat map\n"
    "\n"
    "With both colours, each pair of players is also summed up from the first's\n"
    "view: A vs B: +wins =draws -losses (score %, draws counting half).\n"
    "A progress line is shown on stderr when it is a terminal.\n";

int match_command(const Args& args) {
  std::vector<std::string> players;
  std::string x_text, o_text, boards_file, csv, json, html;
  bool both_colours = false, same_depth = false;
  int opening_plies = 0, balanced_within = 0;
  MatchOptions options;
  options.seed = 1;
  CommandLine command;
  command.positionals(players, 0, 2, "give the players either as two arguments (X then O) or with --x and --o");
  command.text("x", x_text);
  command.text("o", o_text);
  command.flag("both-colours", both_colours);
  command.integer("games", options.games_per_board, 1, 10'000'000);
  command.text("boards", boards_file);
  command.integer("openings", opening_plies, 0, kMaxOpeningPlies);
  command.integer("balanced", balanced_within, 0, solver::kMaxAbsScore);
  command.flag("same-depth", same_depth);
  command.choice("order", options.game.order, kMoveOrderWords);
  command.choice("rules", options.game.rules, kRuleSetWords);
  command.integer("seed", options.seed, 0, INT64_MAX);
  command.integer("threads", options.threads, 1, 1024);
  command.text("csv", csv);
  command.text("json", json);
  command.text("html", html);
  command.parse(args);
  if (!players.empty()) {
    if (players.size() != 2 || command.given("x") || command.given("o"))
      throw UsageError("give the players either as two arguments (X then O) or with --x and --o");
    x_text = players[0];
    o_text = players[1];
  }
  if (x_text.empty() || o_text.empty())
    throw UsageError("say who plays: --x PLAYERS --o PLAYERS (e.g. --x ibef@4 --o adate@4)");
  const std::vector<Player> xs = parse_player_list(x_text, read_evaluator_program),
                            os = parse_player_list(o_text, read_evaluator_program);
  const bool from_file = command.given("boards"), openings = command.given("openings");
  if (from_file && openings) throw UsageError("give start boards either with --boards or with --openings, not both");
  const bool balanced = command.given("balanced");
  if (balanced && !openings) throw UsageError("--balanced B picks among openings: give --openings N too");
  if (balanced && opening_plies > solver::kOpeningBookPlies)
    throw UsageError("--balanced takes openings of at most " + std::to_string(solver::kOpeningBookPlies) +
                     " plies (the opening book's depth), not " + std::to_string(opening_plies));
  if (openings) both_colours = true;
  if (!command.given("games")) options.games_per_board = from_file || openings ? 1 : 1000;
  const std::string order(word_of(kMoveOrderWords, options.game.order)),
      rules(word_of(kRuleSetWords, options.game.rules));
  options.progress = ProgressLine::stderr_is_terminal();

  std::vector<FileRole> outputs, inputs;
  if (command.given("csv")) outputs.push_back({csv, "--csv"});
  if (command.given("json")) outputs.push_back({json, "--json"});
  if (command.given("html")) outputs.push_back({html, "--html"});
  if (from_file) inputs.push_back({boards_file, "the --boards file"});
  for (const std::string& list : {x_text, o_text})
    for (const PlayerEntry& entry : parse_player_entries(list))
      if (entry.kind == PlayerEntry::Kind::File) inputs.push_back({entry.name, "the player " + entry.name});
  check_outputs(outputs, inputs);
  const std::vector<Position> boards = from_file  ? read_board_file(boards_file)
                                       : balanced ? balanced_opening_boards(opening_plies, balanced_within)
                                       : openings ? opening_boards(opening_plies)
                                                  : std::vector<Position>{Position{}};

  std::vector<Pairing> pairings;
  auto pair_up = [&](const std::vector<Player>& first, const std::vector<Player>& second) {
    for (const Player& x : first)
      for (const Player& o : second)
        if (!same_depth || x.depth == o.depth) pairings.push_back({x, o});
  };
  pair_up(xs, os);
  if (both_colours) pair_up(os, xs);
  if (pairings.empty()) throw UsageError("--same-depth leaves no pairing: the X and O players share no depth");

  if (boards.empty())
    throw UsageError("no " + std::to_string(opening_plies) + "-ply opening is scored within " +
                     std::to_string(balanced_within) + " of a draw; give a larger --balanced");
  // Not an error (one game may be what is wanted), but without a word a
  // match would seem to hang.
  const bool perfect_plays = std::any_of(pairings.begin(), pairings.end(),
                                         [](const Pairing& p) { return p.x.is_perfect() || p.o.is_perfect(); });
  if (perfect_plays && fewest_stones(boards) < kPerfectPlayMinStones)
    std::fprintf(stderr,
                 "evalsynth: note: from start boards of fewer than %d stones a perfect player needs seconds to "
                 "minutes a move (from the empty board, minutes a game); --boards with later positions is fast\n",
                 kPerfectPlayMinStones);
  const std::string board_text =
      from_file  ? boards_file
      : openings ? std::to_string(opening_plies) + "-ply openings up to mirror images" +
                       (balanced ? ", scored within " + std::to_string(balanced_within) + " of a draw" : "")
                 : "empty board";
  std::printf(
      "# evalsynth match: %d game(s) per start board x %zu start board(s) (%s), %s move order, %s rules, seed %llu\n",
      options.games_per_board, boards.size(), board_text.c_str(), order.c_str(), rules.c_str(),
      static_cast<unsigned long long>(options.seed));
  std::printf("# XPlayer - OPlayer %%XWins - %%OWins (%%Draws)\n");
  std::fflush(stdout);

  const std::vector<PairingResult> results = run_match(pairings, boards, options);
  for (const PairingResult& r : results) std::printf("%s\n", thesis_line(r).c_str());
  const std::vector<std::string> paired = paired_lines(results);
  if (!paired.empty()) std::printf("# both colours together: wins, draws, losses of the first, and its score\n");
  for (const std::string& line : paired) std::printf("%s\n", line.c_str());

  if (command.given("csv")) write_file_atomically(csv, match_csv(results));
  if (command.given("html")) {
    ReportInputs page;
    page.title = "evalsynth match: " + x_text + " against " + o_text;
    page.match_csv = match_csv(results);
    write_file_atomically(html, html_page(page));
  }
  if (command.given("json"))
    write_file_atomically(json, match_json(results, {options.seed, order, rules, board_text, options.games_per_board}));
  return 0;
}

}  // namespace evalsynth
