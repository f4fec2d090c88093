#pragma once
// The reader of run specs (io/spec.hpp's parse_spec): a handler for every key
// (io/spec.cpp) and the checks that relate the keys to one another and to
// the spec's game once all are read (io/spec_relations.cpp). Internal to io/.

#include <map>
#include <string>
#include <vector>

#include "io/spec.hpp"
#include "io/spec_reader.hpp"

namespace evalsynth::spec_detail {

class RunSpecInterpreter : public SpecReader {
 public:
  RunSpecInterpreter(const parsing::error_handler_type& handler, const SourceText& source, RunSpec& spec)
      : SpecReader(handler, source, SpecKind::Run), spec_(spec) {}

 private:
  std::vector<BoardSource> boards(const spec_ast::Entry& e) const;
  // balanced-openings(N, B): checked once the game is known (check_relations).
  BoardSource balanced_openings(const spec_ast::Word& plies_word, const spec_ast::Word& within_word) const;
  // The book's depth bounds N for Connect4, and a B that keeps no opening is
  // refused where it is written; other games keep the drawn openings (B = 0),
  // which the run finds with the exact solver.
  void check_balanced_openings() const;

  // A labelled positions file: a missing one is refused by
  // check_missing_positions, which knows the game and so the command that
  // makes the sets.
  std::string positions_file(const spec_ast::Word& w) const;
  void check_missing_positions() const;

  std::map<std::string, Handler> handlers() override;
  void check_relations(const Seen& seen) const override;

  // The defaults that depend on the game, for the keys the spec leaves out
  // (spec_defaults.cpp): the game's built-in grammar, its reference players
  // as opponents, random start boards. Called before every other check.
  void apply_game_defaults(const Seen& seen) const;
  // The game's own rules for the spec: Connect4's win tests, the players
  // each game has (a misspelled opponent is refused here, at its word).
  void check_game(const Seen& seen) const;
  // The island model's sizes (and its keys only with algorithm = islands).
  void check_islands(const Seen& seen) const;
  // The hill-climber's: a population of one, none of the population keys.
  void check_hill_climb(const Seen& seen) const;
  // A seed named without a path that is no file: a built-in program's name.
  static bool is_builtin_seed(const spec_ast::Word& w);
  // A perfect opponent plays from every training and validation board (or
  // its own, perfect-*-boards); before a game's quick plies (Connect4: 10
  // stones) it needs seconds to minutes a move: a run would seem to hang in
  // its first generation.
  void check_perfect_boards(const spec_ast::Entry& opponents) const;
  // With equal depths every opponent depth must be a candidate depth (else it
  // would never play), and every candidate depth must meet a fixed opponent
  // (else validation would not measure it).
  void check_equal_depths(const Seen& seen) const;

  RunSpec& spec_;
  struct BalancedWritten {
    int plies, within;
    const spec_ast::Word *plies_word, *within_word;
  };
  mutable std::vector<BalancedWritten> balanced_written_;
  mutable std::vector<const spec_ast::Word*> missing_positions_;
  mutable std::vector<std::string> positions_files_;  // those that exist, to check their game
};

}  // namespace evalsynth::spec_detail
