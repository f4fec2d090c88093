#pragma once
// Playing one game between two players from a start position.

#include <cstdint>
#include <string>

#include "tournament/player.hpp"

namespace evalsynth {

enum class Outcome : std::uint8_t { XWin, OWin, Draw };

struct GameRecord {
  Outcome outcome = Outcome::Draw;
  int plies = 0;            // moves made from the start position
  std::uint64_t nodes = 0;  // search nodes both players used
};

// Plays to the end. Precondition: the game is not over at `start`. Both
// players draw their randomness (move order, random moves) from `rng`.
// With `moves`, the moves made are appended to it as the game writes a move
// sequence (game/game.hpp: "4453" in Connect4; a match's game records; the
// fitness's games keep none).
template <Game G>
GameRecord play_game(const G& game, const Player<G>& x, const Player<G>& o, const typename G::Position& start,
                     const GameSettings& settings, Rng& rng, std::string* moves = nullptr) {
  GameRecord record;
  SearchCounters counters;
  typename G::Position p = start;
  while (true) {
    const Player<G>& mover = game.side_to_move(p) == Side::X ? x : o;
    const bool at_random = settings.random_move_percent > 0 && rng.below(100) < settings.random_move_percent;
    const typename G::Move move =
        at_random ? random_move(game, p, rng) : choose_move(game, mover, p, settings.order, rng, counters);
    if (moves) append_move_text(game, *moves, p, move);
    Status status;
    if constexpr (HasFastWinTests<G>) {
      // The win test before the move is the cheap one (Connect4's).
      const bool wins = game.wins_at_once(p, move);
      p = game.play(p, move);
      status = wins               ? (game.side_to_move(p) == Side::O ? Status::XWon : Status::OWon)
               : game.is_drawn(p) ? Status::Drawn
                                  : Status::Ongoing;
    } else {
      p = game.play(p, move);
      status = game.status(p);
    }
    ++record.plies;
    if (status != Status::Ongoing) {
      record.outcome = status == Status::XWon ? Outcome::XWin : status == Status::OWon ? Outcome::OWin : Outcome::Draw;
      break;
    }
  }
  record.nodes = counters.nodes;
  return record;
}

}  // namespace evalsynth
