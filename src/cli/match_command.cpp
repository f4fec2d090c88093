#include <algorithm>
#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "cli/match_request.hpp"
#include "games/connect4/labelled_positions.hpp"
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
    "PLAYERS is a comma-separated list of NAME@DEPTH, NAME@FIRST-LAST or 'random',\n"
    "each optionally LABEL=... to name it in the tables (new=results/a/best.eval@1-3\n"
    "plays as new@1, new@2, new@3; LABEL: letters, digits, '-', '_');\n"
    "names: ibef, adate (ADATE-2005), random, a program file (.eval), a run's\n"
    "answer: a checkpoint (.ckpt) or run folder (population/NAME), or a trained\n"
    "model (results/NAME/model.bin, from evalsynth learn). Perfect play:\n"
    "perfect, perfect:EPS (a random non-losing move with probability EPS) and\n"
    "perfect-resist[:EPS] (when lost, the longest resistance); they take no depth\n"
    "and are slow before about 10 stones (use --boards) the first time they\n"
    "meet a position. In Connect4, perfect and perfect:EPS remember the\n"
    "opening positions they have analysed for the whole match, so against a\n"
    "deterministic player later games are fast. Examples:\n"
    "  --x ibef@1-6 --o grammar/examples/adate2005.eval@1-6,population/quick@1-6\n"
    "  --x results/ntuple/model.bin@1 --o perfect --games 1000   (the first-player\n"
    "  test against perfect play; minutes)\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
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
    "                     (--x a@1-6 --o b@1-6: 6 pairings, not 36); players\n"
    "                     without a depth (random, perfect) meet every depth\n"
    "  --order ORDER      root move order deciding ties: random (default, the\n"
    "                     thesis's Java agents) or left-to-right (ADATE's spec)\n"
    "  --random-moves P   P% of the moves, both players', made at random instead\n"
    "                     (0-100, default 0): the Othello League plays 1-ply\n"
    "                     players with 10 against its heuristic, both colours\n"
    "  --rules RULES      Connect4's win test: standard (default) or thesis-java,\n"
    "                     the thesis's Java win test, which misses one\n"
    "                     diagonal; its tables were\n"
    "                     played under it (see results/thesis-crosstable)\n"
    "  --seed S           random seed (default 1); same seed, same results for\n"
    "                     any thread count\n"
    "  --threads N        worker threads (default: the cores allowed)\n"
    "  --csv FILE         also write the results as CSV\n"
    "  --json FILE        also write the results as JSON (with X's score and the\n"
    "                     half-width of its 95% interval per pairing)\n"
    "  --html FILE        also write a page with the cross-table as a heat map\n"
    "  --ratings          also rate every player (maximum-likelihood Elo with\n"
    "                     95% intervals, as `evalsynth ratings` does)\n"
    "  --record FILE      also keep every game, one a line: players, start\n"
    "                     board, result, moves (io/match_records.hpp; each\n"
    "                     game's seed follows from the match's);\n"
    "                     gzip-compressed when FILE ends in .gz\n"
    "  --replay FILE      no games: re-score and re-test the games of a --record\n"
    "                     file (with --ratings, --sprt and the output options)\n"
    "  --sprt ELO0,ELO1[,ALPHA,BETA]   a sequential test of the X player (A)\n"
    "                     against the O player (B): pairs of games, both colours\n"
    "                     from each start board, until the log-likelihood ratio\n"
    "                     of H1 (A is ELO1 stronger) against H0 (ELO0) crosses\n"
    "                     log(BETA/(1-ALPHA)) or log((1-BETA)/ALPHA) (fishtest's\n"
    "                     generalized SPRT, pentanomial model over pairs; logistic\n"
    "                     Elo; ALPHA and BETA 0.05 by default)\n"
    "  --sprt-max N       with --sprt: at most N pairs (default 20000; with the\n"
    "                     left-to-right order, at most one a start board)\n"
    "\n"
    "With both colours, each pair of players is also summed up from the first's\n"
    "view: A vs B: +wins =draws -losses (score %, draws counting half).\n"
    "Intervals and paired tests count a start board's repeated games as one\n"
    "observation when the match has several boards, or with the left-to-right\n"
    "order (which repeats one game); from one board, each game is one.\n"
    "A progress line is shown on stderr when it is a terminal.\n";

namespace {

template <Game G>
int play_match(const G& game, MatchRequest r) {
  MatchOptions& options = r.options;
  const std::vector<Player<G>> xs = parse_player_list(game, r.x_text, read_evaluator_program),
                               os = parse_player_list(game, r.o_text, read_evaluator_program);
  std::vector<Player<G>> everyone = xs;
  everyone.insert(everyone.end(), os.begin(), os.end());
  const std::vector<std::string> sources = match_player_sources(everyone);
  if constexpr (HasOwnSolver<G>) {
    if (r.balanced && r.opening_plies > G::kOpeningBookPlies)
      throw UsageError("--balanced takes openings of at most " + std::to_string(G::kOpeningBookPlies) +
                       " plies (the opening book's depth), not " + std::to_string(r.opening_plies));
  } else {
    if (r.balanced && r.balanced_within != 0)
      throw UsageError("for " + game.name() + " --balanced keeps the openings perfect play draws: give --balanced 0");
  }
  const std::string order(word_of(kMoveOrderWords, options.settings.order));
  const std::string rules = match_rules_text(game);
  using Position = typename G::Position;
  const std::vector<Position> boards = r.from_file  ? read_game_boards(game, r.boards_file)
                                       : r.balanced ? balanced_opening_boards(game, r.opening_plies, r.balanced_within)
                                       : r.openings ? opening_boards(game, r.opening_plies)
                                                    : std::vector<Position>{game.start()};

  std::vector<Pairing<G>> pairings;
  auto pair_up = [&](const std::vector<Player<G>>& first, const std::vector<Player<G>>& second) {
    for (const Player<G>& x : first)
      for (const Player<G>& o : second)
        // Depthless players (random, perfect, FABLE's) meet every depth, as in
        // a spec's depth-pairing = equal: dropping them would be silent.
        if (!r.same_depth || x.depth == o.depth || x.depth == 0 || o.depth == 0) {
          // A player in both lists meets itself once, not once a colour:
          // the two would be one pairing's same games.
          const bool played = std::any_of(pairings.begin(), pairings.end(), [&](const Pairing<G>& p) {
            return p.x.label() == x.label() && p.o.label() == o.label();
          });
          if (!played) pairings.push_back({x, o});
        }
  };
  pair_up(xs, os);
  if (r.both_colours) pair_up(os, xs);
  if (pairings.empty()) throw UsageError("--same-depth leaves no pairing: the X and O players share no depth");

  if (boards.empty())
    throw UsageError("no " + std::to_string(r.opening_plies) + "-ply opening is scored within " +
                     std::to_string(r.balanced_within) + " of a draw; give a larger --balanced");
  // Not an error (one game may be what is wanted), but without a word a
  // match would seem to hang.
  const bool perfect_plays = std::any_of(pairings.begin(), pairings.end(),
                                         [](const Pairing<G>& p) { return p.x.is_perfect() || p.o.is_perfect(); });
  const int least = perfect_play_min_plies(game);
  if (perfect_plays && fewest_plies(game, boards) < least)
    std::fprintf(stderr,
                 "evalsynth: note: from start boards of fewer than %d stones a perfect player needs seconds to "
                 "minutes a move the first time it meets a position (from the empty board, the first games take "
                 "minutes); --boards with later positions is fast\n",
                 least);
  const GameWords words = words_of(game);
  const std::string start(words.start);
  const std::string board_text =
      r.from_file  ? r.boards_file
      : r.openings ? std::to_string(r.opening_plies) + "-ply openings up to " + std::string(words.symmetry) +
                         (r.balanced ? ", scored within " + std::to_string(r.balanced_within) + " of a draw" : "")
                   : start;
  std::printf(
      "# evalsynth match: %d game(s) per start board x %zu start board(s) (%s), %s move order, %s%s, seed %llu\n",
      options.games_per_board, boards.size(), board_text.c_str(), order.c_str(), HasRulesName<G> ? "" : "game ",
      (rules + (HasRulesName<G> ? " rules" : "")).c_str(), static_cast<unsigned long long>(options.seed));
  print_random_moves_line(options.settings.random_move_percent);
  std::printf("# XPlayer - OPlayer %%XWins - %%OWins (%%Draws)   X's score with its 95%% confidence interval\n");
  std::fflush(stdout);

  const std::vector<MatchGame> games = play_match_games(game, pairings, boards, options, !r.record.empty());
  // A board's games are independent draws when ties or random moves vary them.
  const bool random = options.settings.order == MoveOrder::Random || options.settings.random_move_percent > 0;
  report_match(r, pairing_results(games, options.games_per_board, random),
               {options.seed, order, rules, board_text, options.games_per_board}, games,
               {game.name(), boards.size(), board_text, order, options.games_per_board, options.seed, sources, "",
                options.settings.random_move_percent});
  return 0;
}

}  // namespace

int match_command(const Args& args) {
  std::vector<std::string> players;
  std::string game_name;
  connect4::RuleSet rules = connect4::RuleSet::Standard;
  MatchRequest r;
  r.options.seed = 1;
  CommandLine command;
  command.positionals(players, 0, 2, "give the players either as two arguments (X then O) or with --x and --o");
  command.text("x", r.x_text);
  command.text("o", r.o_text);
  command.text("game", game_name);
  command.flag("both-colours", r.both_colours);
  command.integer("games", r.options.games_per_board, 1, 10'000'000);
  command.text("boards", r.boards_file);
  command.integer("openings", r.opening_plies, 0, kMaxOpeningPlies);
  command.integer("balanced", r.balanced_within, 0, connect4::kMaxAbsScore);
  command.flag("same-depth", r.same_depth);
  command.choice("order", r.options.settings.order, kMoveOrderWords);
  command.integer("random-moves", r.options.settings.random_move_percent, 0, 100);
  command.choice("rules", rules, connect4::kRuleSetWords);
  command.integer("seed", r.options.seed, 0, INT64_MAX);
  command.integer("threads", r.options.threads, 1, 1024);
  command.text("csv", r.csv);
  command.text("json", r.json);
  command.text("html", r.html);
  command.text("record", r.record);
  command.text("replay", r.replay);
  command.flag("ratings", r.ratings);
  std::string sprt_text;
  command.text("sprt", sprt_text);
  command.integer("sprt-max", r.sprt_max_pairs, 1, 100'000'000);
  command.parse(args);
  r.sprt = command.given("sprt");
  if (r.sprt) {
    try {
      r.sprt_bounds = stats::parse_sprt_bounds(sprt_text);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  } else if (command.given("sprt-max")) {
    throw UsageError("--sprt-max bounds a sequential test: give --sprt ELO0,ELO1 too");
  }
  if (command.given("replay")) {
    // Nothing is played: the options that say how to play have no effect.
    for (const char* option : {"x", "o", "both-colours", "games", "boards", "openings", "balanced", "same-depth",
                               "order", "rules", "seed", "threads"})
      if (command.given(option))
        throw UsageError(std::string("--replay re-scores the games of a record file without playing: --") + option +
                         " has no effect there");
    if (!players.empty()) throw UsageError("--replay takes the players from the record file: give no players");
    std::vector<FileRole> written;
    for (const FileRole& f :
         std::vector<FileRole>{{r.csv, "--csv"}, {r.json, "--json"}, {r.html, "--html"}, {r.record, "--record"}})
      if (!f.path.empty()) written.push_back(f);
    check_outputs(written, {{r.replay, "the --replay file"}});
    r.game = game_name;
    return replay_match(r);
  }
  if (r.sprt)
    for (const char* option : {"both-colours", "games", "same-depth"})
      if (command.given(option))
        throw UsageError(std::string("--sprt plays pairs of games, both colours from each start board, until the "
                                     "test decides (at most --sprt-max pairs): --") +
                         option + " has no place there");
  if (!players.empty()) {
    if (players.size() != 2 || command.given("x") || command.given("o"))
      throw UsageError("give the players either as two arguments (X then O) or with --x and --o");
    r.x_text = players[0];
    r.o_text = players[1];
  }
  if (r.x_text.empty() || r.o_text.empty())
    throw UsageError("say who plays: --x PLAYERS --o PLAYERS (e.g. --x ibef@4 --o adate@4)");
  r.from_file = command.given("boards");
  r.openings = command.given("openings");
  if (r.from_file && r.openings)
    throw UsageError("give start boards either with --boards or with --openings, not both");
  r.balanced = command.given("balanced");
  if (r.balanced && !r.openings) throw UsageError("--balanced B picks among openings: give --openings N too");
  if (r.openings) r.both_colours = true;
  if (!command.given("games")) r.options.games_per_board = r.from_file || r.openings ? 1 : 1000;
  r.options.progress = ProgressLine::stderr_is_terminal();

  std::vector<FileRole> outputs, inputs;
  if (command.given("csv")) outputs.push_back({r.csv, "--csv"});
  if (command.given("json")) outputs.push_back({r.json, "--json"});
  if (command.given("html")) outputs.push_back({r.html, "--html"});
  if (command.given("record")) outputs.push_back({r.record, "--record"});
  std::vector<std::string> files;
  if (r.from_file) {
    inputs.push_back({r.boards_file, "the --boards file"});
    files.push_back(r.boards_file);
  }
  for (const std::string& list : {r.x_text, r.o_text})
    for (const PlayerEntry& entry : parse_player_entries(list))
      if (entry.kind == PlayerEntry::Kind::File) {
        inputs.push_back({entry.name, "the player " + entry.name});
        files.push_back(entry.name);
      }
  check_outputs(outputs, inputs);
  GameDescriptor game = command_game(game_name, files);
  if (command.given("rules")) {
    if (game.family != connect4::kFamily)
      throw UsageError("--rules chooses Connect4's win test; " + game.text() + " has its own");
    game.params[0] = rules == connect4::RuleSet::ThesisJava ? 1 : 0;
  }
  if (r.sprt) return sprt_match(game, r);
  return with_game(game, [&](const auto& g) { return play_match(g, r); });
}

}  // namespace evalsynth
