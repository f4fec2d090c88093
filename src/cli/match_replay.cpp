// match --replay FILE: a saved match re-scored and re-tested without
// playing (cli/match_request.hpp, io/match_records.hpp).

#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "cli/game_option.hpp"
#include "cli/match_request.hpp"
#include "games/registry.hpp"
#include "support/error.hpp"

namespace evalsynth {

int replay_match(const MatchRequest& r) {
  const MatchRecords records = read_match_records(r.replay);
  const MatchRecordHeader& h = records.header;
  const GameDescriptor game = parse_game(h.game, records.game_at);
  if (!r.game.empty() && command_game(r.game, {}) != game)
    throw InputError(records.game_at, "these records are of " + game.text() + ", and the game is " +
                                          command_game(r.game, {}).text() + " (--game)");
  const std::string rules = with_game(game, [](const auto& g) { return match_rules_text(g); });
  // Checked before anything is printed.
  if (records.games.empty()) throw InputError({r.replay, 1, 1}, "the records hold no game");
  std::printf(
      "# evalsynth match --replay %s: %zu game(s) of %s, %d game(s) per start board x %zu start board(s) "
      "(%s), %s move order, seed %llu; not played again\n",
      r.replay.c_str(), records.games.size(), game.text().c_str(), h.games_per_board, h.boards, h.board_text.c_str(),
      h.order.c_str(), static_cast<unsigned long long>(h.seed));
  print_random_moves_line(h.random_move_percent);
  std::printf("# XPlayer - OPlayer %%XWins - %%OWins (%%Draws)   X's score with its 95%% confidence interval\n");
  const bool random = h.order == "random" || h.random_move_percent > 0;
  if (r.sprt) {
    // The two players, and each pair's games found by where they began.
    std::set<std::string> names;
    for (const MatchGame& g : records.games) names.insert(g.x), names.insert(g.o);
    if (names.size() != 2)
      throw UsageError("--sprt with --replay tests two players; " + r.replay + " has " + std::to_string(names.size()));
    const std::string a = records.games.front().x, b = records.games.front().o;
    std::map<std::tuple<std::string, std::size_t, int>, const MatchGame*> at;
    for (const MatchGame& g : records.games) at[{g.x, g.board, g.repetition}] = &g;
    SprtSequence test(a, b, r.sprt_bounds);
    std::vector<MatchGame> kept;
    // As the live test: at most --sprt-max pairs, and with the
    // left-to-right order one a start board (its repeats replay one game).
    const std::size_t most = random ? static_cast<std::size_t>(r.sprt_max_pairs)
                                    : std::min(static_cast<std::size_t>(r.sprt_max_pairs), h.boards);
    for (std::size_t k = 0; k < most; ++k) {
      const std::size_t board = k % h.boards;
      const int repetition = static_cast<int>(k / h.boards);
      const auto first = at.find({a, board, repetition}), second = at.find({b, board, repetition});
      if (first == at.end() || second == at.end()) break;
      kept.push_back(*first->second);
      kept.push_back(*second->second);
      if (!test.add(*first->second, *second->second)) break;
    }
    test.print(most, random);
    report_match(r, pairing_results(kept, 1, true), {h.seed, h.order, rules, h.board_text, 1}, kept, h);
    return 0;
  }
  report_match(r, pairing_results(records.games, h.games_per_board, random),
               {h.seed, h.order, rules, h.board_text, h.games_per_board}, records.games, h);
  return 0;
}

}  // namespace evalsynth
