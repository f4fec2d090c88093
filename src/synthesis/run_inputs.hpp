#pragma once
// Everything a run reads from the files its spec names, read once and checked
// before any game is played: seeds, a saved population, opponents (fixed and
// self-play slots), the training and validation tasks, strength positions,
// and a fingerprint of each (a resumed run must see the same inputs, and a
// changed file should be named). What depends on the game (boards,
// opponents, positions) is built into the run's RunGame.

#include <cstdint>
#include <memory>
#include <vector>

#include "evolve/variation.hpp"
#include "synthesis/run_game.hpp"
#include "synthesis/run_spec.hpp"

namespace evalsynth {

struct InputFingerprints {
  std::uint64_t grammar = 0, seeds = 0, opponents = 0, training_boards = 0, validation_boards = 0,
                strength_positions = 0, seed_population = 0, training_positions = 0, validation_positions = 0;
  friend bool operator==(const InputFingerprints&, const InputFingerprints&) = default;
};

// Accumulates a fingerprint hash.
struct Fingerprint {
  std::uint64_t value = 0x6A09E667F3BCC908ULL;
  void add(std::uint64_t part) { value = mix_seed({value, part}); }
  void add(std::string_view text) { add(hash_text(text)); }
};

// A training opponent that plays with one of the run's own programs.
struct SelfPlaySlot {
  std::size_t opponent;  // index into the training task's opponents
  int rank;              // which of the hall of fame it plays with (0: the answer)
};

struct RunInputs {
  std::vector<lang::Program> seeds;
  std::vector<lang::Program> seed_population;
  std::size_t seed_population_skipped = 0;  // outside the grammar or the limits
  std::vector<SelfPlaySlot> self_play;
  std::unique_ptr<RunGame> game;  // the tasks: fixed opponents, then self-play slots (training)
  InputFingerprints fingerprints;
};

// The text of the run's grammar: the file the spec names, or the game's
// built-in grammar (lang/default_grammar.hpp). Throws InputError.
std::string run_grammar_text(const RunSpec& spec);
// The run's grammar, checked to be for the spec's game's family, with the
// spec's game as the game of the programs it grows. Throws InputError.
lang::Grammar read_run_grammar(const RunSpec& spec);

// Reads and checks every input; `variation` holds the spec's grammar and
// limits, which seeds must obey. Throws InputError.
RunInputs load_run_inputs(const RunSpec& spec, const evolve::Variation& variation);

// The game's part of the inputs (run_game.cpp): opponents, boards and
// positions of the spec, read into the run's game, with their fingerprints
// and the self-play slots.
template <Game G>
std::unique_ptr<RunGame> load_game_inputs(const G& game, const RunSpec& spec, RunInputs& in);

}  // namespace evalsynth
