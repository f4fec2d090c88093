// evalsynth ratings FILE...: the Elo ratings of every player of saved
// matches (match --record files, or match --csv tables), one cross-table.

#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/match_request.hpp"
#include "games/registry.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/text.hpp"

namespace evalsynth {

const char* const kRatingsHelp =
    "usage: evalsynth ratings FILE... [--anchor PLAYER]\n"
    "\n"
    "Rates every player of one or more saved matches together: the maximum-\n"
    "likelihood Elo of BayesElo's model (each player's rating, an advantage\n"
    "for the first mover and a draw parameter, all fitted; two virtual draws\n"
    "between players that met keep every rating finite), with 95% intervals\n"
    "and the likelihood that each player is stronger than the next (LOS).\n"
    "\n"
    "FILE: a record file written by `match --record FILE`, or a table written\n"
    "by `match --csv FILE` (ending in .csv). The games of every file are\n"
    "taken together; the players must form one connected cross-table.\n"
    "\n"
    "Options:\n"
    "  --anchor PLAYER  the player rated 0 (default: the first X player read)\n";

namespace {

// The pairings of a match --csv table: x_player, o_player, x_wins, o_wins, draws.
std::vector<PairingResult> read_match_csv(const std::string& path) {
  const std::string text = read_text_file(path, "match CSV");
  std::vector<PairingResult> out;
  std::map<std::string, std::size_t> column;
  for_each_line(text, [&](const std::string& line, int line_number) {
    if (line.empty()) return;
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
      const std::size_t comma = line.find(',', start);
      fields.push_back(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    const TextLocation where{path, line_number, 1};
    if (column.empty()) {
      for (std::size_t i = 0; i < fields.size(); ++i) column[fields[i]] = i;
      for (const char* name : {"x_player", "o_player", "x_wins", "o_wins", "draws"})
        if (!column.count(name))
          throw InputError(where, std::string("a match table's first line names its columns, with ") + name, line, 0);
      return;
    }
    const auto field = [&](const char* name) -> const std::string& {
      const std::size_t i = column.at(name);
      if (i >= fields.size()) throw InputError(where, "a row with fewer fields than the columns", line, 0);
      return fields[i];
    };
    const auto count = [&](const char* name) {
      const std::string& f = field(name);
      if (f.empty() || f.size() > 9 || f.find_first_not_of("0123456789") != std::string::npos)
        throw InputError(where, std::string(name) + " is a count, not '" + f + "'", line, 0);
      return std::stoi(f);
    };
    PairingResult r;
    r.x_label = field("x_player");
    r.o_label = field("o_player");
    r.x_wins = count("x_wins");
    r.o_wins = count("o_wins");
    r.draws = count("draws");
    r.games = r.x_wins + r.o_wins + r.draws;
    out.push_back(std::move(r));
  });
  if (out.empty()) throw InputError({path, 1, 1}, "no pairing in this match table");
  return out;
}

}  // namespace

int ratings_command(const Args& args) {
  std::vector<std::string> files;
  std::string anchor;
  CommandLine command;
  command.positionals(files, 1, 10000, "give the saved matches to rate: evalsynth ratings FILE...");
  command.text("anchor", anchor);
  command.parse(args);
  // The files' pairings in the order given (the default anchor is the
  // first X player read).
  std::vector<PairingResult> all;
  std::optional<std::pair<GameDescriptor, std::string>> game;  // the records' game, and the first file of it
  for (const std::string& file : files) {
    const bool table = file.size() > 4 && file.compare(file.size() - 4, 4, ".csv") == 0;
    std::vector<PairingResult> results;
    if (table) {
      results = read_match_csv(file);
    } else {
      const MatchRecords records = read_match_records(file);
      // One rating list is of one game: another's players are not comparable.
      const GameDescriptor of = parse_game(records.header.game, records.game_at);
      if (!game) game.emplace(of, file);
      if (of != game->first)
        throw InputError(records.game_at, "these records are of " + of.text() + ", and " + game->second + "'s of " +
                                              game->first.text() + ": a rating list is of one game");
      results = pairing_results(records.games, 1, true);
    }
    for (PairingResult& r : results) all.push_back(std::move(r));
  }
  std::size_t total = 0;
  std::set<std::string> names;
  for (const PairingResult& r : all) {
    total += static_cast<std::size_t>(r.x_wins + r.o_wins + r.draws);
    names.insert(r.x_label);
    names.insert(r.o_label);
  }
  // Checked before anything is printed.
  if (!anchor.empty() && !names.count(anchor)) {
    std::string known;
    for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
    throw UsageError("--anchor names a player of the matches, not '" + anchor + "' (the players: " + known + ")");
  }
  std::printf("# evalsynth ratings: %zu game(s) from %zu file(s)\n", total, files.size());
  print_ratings(all, anchor);
  return 0;
}

}  // namespace evalsynth
