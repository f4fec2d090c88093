#include "tournament/game.hpp"

namespace evalsynth {
namespace {

template <class Rules>
GameRecord play(const Player& x, const Player& o, const Position& start, MoveOrder order, Rng& rng) {
  GameRecord record;
  SearchCounters counters;
  Position p = start;
  while (true) {
    const Player& mover = p.side_to_move() == Side::X ? x : o;
    const int col = choose_move<Rules>(mover, p, order, rng, counters);
    const bool wins = p.is_winning_move<Rules>(col);
    p = p.played(col);
    ++record.plies;
    if (wins) {
      record.outcome = p.side_to_move() == Side::O ? Outcome::XWin : Outcome::OWin;
      break;
    }
    if (p.is_full()) {
      record.outcome = Outcome::Draw;
      break;
    }
  }
  record.nodes = counters.nodes;
  return record;
}

}  // namespace

GameRecord play_game(const Player& x, const Player& o, const Position& start, const GameSettings& settings, Rng& rng) {
  return settings.rules == RuleSet::ThesisJava ? play<ThesisJavaRules>(x, o, start, settings.order, rng)
                                               : play<StandardRules>(x, o, start, settings.order, rng);
}

}  // namespace evalsynth
