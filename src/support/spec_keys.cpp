#include "support/spec_keys.hpp"

#include <array>

namespace evalsynth {
namespace {

constexpr unsigned kRun = static_cast<unsigned>(SpecKind::Run);
constexpr unsigned kLearn = static_cast<unsigned>(SpecKind::Learn);
constexpr unsigned kBoth = kRun | kLearn;
constexpr std::int64_t kAny = SpecKey::kUnbounded;
constexpr bool kHashed = true, kNotHashed = false;

// A key that takes a whole number from min to max.
constexpr SpecKey whole(std::string_view name, unsigned kinds, std::int64_t min, std::int64_t max,
                        std::string_view default_value, bool in_hash, std::string_view help) {
  return {name, kinds, "a whole number", min, max, default_value, in_hash, help};
}
// A key that takes anything else (a word, a list, a path, a number).
constexpr SpecKey other(std::string_view name, unsigned kinds, std::string_view takes, std::string_view default_value,
                        bool in_hash, std::string_view help) {
  return {name, kinds, takes, SpecKey::kNoRange, SpecKey::kNoRange, default_value, in_hash, help};
}

// The ranges of the learners' sizes are the models' own limits
// (model/thesis_net.hpp, model/ntuple_net.hpp: checked where they are read,
// io/learn_spec_reader.cpp); the program depth the parser's (lang/parse.hpp).
constexpr auto kKeys = std::to_array<SpecKey>({
    // Run and learning specs alike.
    other("name", kRun, "a folder name", "the spec file's name", kHashed, "results go to OUTPUT/NAME/"),
    other("name", kLearn, "a folder name", "the spec file's name", kNotHashed, "results go to OUTPUT/NAME/"),
    other("game", kBoth, "a game (evalsynth games)", "connect4", kHashed, "the game played"),
    other("output", kBoth, "a folder", "results", kNotHashed, "the results folder"),
    other("checkpoints", kBoth, "a folder", "population", kNotHashed, "checkpoints go to CHECKPOINTS/NAME/"),
    other("checkpoint-seconds", kBoth, "a duration (90s, 30m, 2h)", "300s", kNotHashed,
          "also checkpoint when this long has passed since the last one (0: not by time)"),
    whole("threads", kBoth, 0, 1024, "0 (the cores allowed)", kNotHashed,
          "worker threads; the results do not depend on it"),
    // Run specs: what is searched.
    other("grammar", kRun, "a grammar file, or builtin", "grammar/adate.grammar (Connect4); builtin (other games)",
          kHashed, "the grammar of candidate programs"),
    other("seeds", kRun, "programs, or none", "none (Connect4); the game's reference programs (other games)", kHashed,
          "programs put in the first population"),
    other("seed-population", kRun, "a checkpoint or run folder", "none", kHashed,
          "a saved run whose best programs join the first population"),
    whole("max-size", kRun, 1, 20000, "400", kHashed, "most nodes a program may have"),
    whole("max-depth", kRun, 1, 200, "50", kHashed, "deepest a program may be as a tree"),
    whole("init-depth", kRun, 1, 30, "5", kHashed, "grown programs of the first population are 2..N deep"),
    // How candidates are scored.
    other("opponents", kRun, "players NAME@DEPTH", "ibef@2 (Connect4); the game's reference players @2", kHashed,
          "the players candidates play against"),
    other("colours", kRun, "x, o", "x, o", kHashed, "the colours the candidate plays"),
    whole("candidate-depths", kRun, 1, 12, "1, 2", kHashed, "the candidate's search depths (a list; ranges as 1-4)"),
    other("depth-pairing", kRun, "all | equal", "all", kHashed, "which candidate and opponent depths meet"),
    other("training-boards", kRun, "a board set", "shallow + random(98) (Connect4); random(60)", kHashed,
          "start boards for fitness"),
    other("validation-boards", kRun, "a board set", "random(556) (Connect4); random(150)", kHashed,
          "start boards used only to pick the answer"),
    other("perfect-training-boards", kRun, "a board set", "the training boards", kHashed,
          "where perfect opponents start in training"),
    other("perfect-validation-boards", kRun, "a board set", "the validation boards", kHashed,
          "where perfect opponents start in validation"),
    whole("board-seed", kRun, 0, kAny, "2005", kHashed, "seed of the random boards"),
    other("strength-positions", kRun, "labelled positions files", "none", kHashed,
          "the answer's mistake rate on them is reported (does not steer the search)"),
    whole("strength-depth", kRun, 1, 12, "4", kHashed, "the depth the answer searches at for that measure"),
    other("training-positions", kRun, "labelled positions files", "none", kHashed,
          "positions for the fitness's mistake term"),
    other("validation-positions", kRun, "labelled positions files", "none", kHashed,
          "the same for validation (no position shared with training)"),
    whole("position-depths", kRun, 1, 12, "the candidate depths", kHashed, "the depths each position is searched at"),
    other("mistake-cost", kRun, "a number, 0-1000000", "1", kHashed,
          "a fitness is its game score minus this a mistake"),
    other("scoring", kRun, "thesis | points", "thesis (Connect4); points", kHashed, "how games score"),
    other("move-order", kRun, "left-to-right | random", "left-to-right (Connect4); random", kHashed,
          "root move order of both players"),
    whole("random-moves", kRun, 0, 100, "0", kHashed,
          "the percentage of moves, either player's, made at random in the games (the Othello League: 10)"),
    other("rules", kRun, "standard | thesis-java", "standard", kHashed, "Connect4's win test"),
    // The search.
    whole("population", kRun, 1, 100000, "100", kHashed, "programs per generation"),
    whole("generations", kRun, 1, 1000000, "50", kHashed, "generations to run"),
    other("time-budget", kRun, "a duration (90s, 30m, 2h)", "0s", kHashed, "stop after this long (0: no limit)"),
    whole("evaluations", kRun, 0, kAny, "0", kHashed, "stop after this many programs scored (0: no limit)"),
    other("crossover", kRun, "a rate, 0-1", "0.4", kHashed, "relative rate of subtree crossover"),
    other("subtree-mutation", kRun, "a rate, 0-1", "0.15", kHashed, "relative rate of a subtree regrown"),
    other("point-mutation", kRun, "a rate, 0-1", "0.1", kHashed, "relative rate of an operator or feature swapped"),
    other("constant-mutation", kRun, "a rate, 0-1", "0.1", kHashed, "relative rate of a constant nudged"),
    other("hoist", kRun, "a rate, 0-1", "0.03", kHashed, "relative rate of a subtree made the program"),
    other("shrink", kRun, "a rate, 0-1", "0.05", kHashed, "relative rate of a subtree replaced by one of its own"),
    other("replace", kRun, "a rate, 0-1", "0.07", kHashed, "relative rate of ADATE's R"),
    other("abstract", kRun, "a rate, 0-1", "0.04", kHashed, "relative rate of ADATE's ABSTR"),
    other("embed-if", kRun, "a rate, 0-1", "0.03", kHashed, "relative rate of ADATE's EMB (if)"),
    other("embed-let", kRun, "a rate, 0-1", "0.03", kHashed, "relative rate of ADATE's EMB (let)"),
    other("algorithm", kRun, "generational | archive | islands | hillclimb", "generational", kHashed,
          "the evolutionary algorithm"),
    whole("archive-per-size", kRun, 1, 1000, "2", kHashed, "archive: programs kept per size"),
    whole("islands", kRun, 1, 1000, "4", kHashed, "islands: how many populations"),
    whole("migration-every", kRun, 1, 1000000, "5", kHashed, "islands: generations between migrations"),
    whole("migrants", kRun, 0, 100000, "2", kHashed, "islands: programs each island sends"),
    whole("compound", kRun, 1, 20, "3", kHashed, "archive: most operators applied in a row"),
    whole("restart-every", kRun, 0, 1000000, "0", kHashed, "grow a fresh population every N generations (0: never)"),
    whole("tournament-size", kRun, 1, 1000, "4", kHashed, "programs per selection tournament"),
    whole("elitism", kRun, 0, 100000, "2", kHashed, "best programs copied unchanged into the next generation"),
    whole("validation-top", kRun, 1, 100000, "5", kHashed, "best training programs validated each generation"),
    whole("hall-of-fame", kRun, 1, 10000, "10", kHashed, "best validation performers kept; the first is the answer"),
    other("racing", kRun, "on | off", "off", kHashed, "stop scoring programs that cannot reach the top"),
    whole("race-batches", kRun, 2, 64, "4", kHashed, "racing: batches per evaluation"),
    other("race-confidence", kRun, "a number, 0.5-0.999999", "0.999", kHashed, "racing: confidence of each bound"),
    whole("seed", kRun, 0, kAny, "1", kHashed, "seed of selection and variation"),
    // Checkpoints.
    whole("checkpoint-every", kRun, 0, 1000000, "10", kNotHashed, "generations between checkpoints (0: by time only)"),
    whole("checkpoint-keep", kRun, 1, 1000, "3", kNotHashed, "the newest K checkpoints are kept"),
    // Learning specs.
    other("learner", kLearn, "thesis-net | ntuple | linear | fable | win-net", "(required)", kHashed, "the learner"),
    whole("games", kLearn, 1, 1000000000, "per learner (1000 fable ... 5000000 win-net)", kHashed, "training games"),
    other("learner-side", kLearn, "both | x | o | none", "both", kHashed, "the side the learner plays"),
    other("confidence", kLearn, "a number, 0-1000000", "5", kHashed, "fable: the confidence factor n / (n + this)"),
    other("values", kLearn, "signed | net | wins | goal", "signed", kHashed, "fable: how counts become values"),
    other("localities", kLearn, "contents | placed", "contents", kHashed,
          "fable: a locality by its contents, or also by where it sits"),
    other("start-model", kLearn, "a model file", "none", kHashed, "fable and ntuple: a model to go on from"),
    other("features", kLearn, "terms of feature names joined by +", "(required for linear)", kHashed,
          "linear: its terms"),
    other("opponents", kLearn, "self, or players NAME@DEPTH", "ibef@1 (thesis-net); self", kHashed,
          "who the learner plays"),
    other("alpha", kLearn, "a number, or two (start, end), or harmonic(A, B)", "per learner and game", kHashed,
          "learning rate"),
    other("epsilon", kLearn, "a number, or two (start, end), 0-1", "0.5, 0 (thesis-net); 0 (win-net); 0.1", kHashed,
          "exploration: the chance of a random move"),
    other("lambda", kLearn, "a number, 0-1", "0.6 (thesis-net); 0", kHashed, "trace decay"),
    whole("hidden", kLearn, 1, 64, "15 (thesis-net); 40 (win-net)", kHashed, "thesis-net and win-net: hidden units"),
    other("initial-weights", kLearn, "a number, 0-10", "0.1; 1.0 (linear)", kHashed, "the weights' start"),
    whole("tuples", kLearn, 1, 1000, "70 (Connect4); 20", kHashed, "ntuple: how many tuples"),
    whole("tuple-length", kLearn, 1, 12, "8 (Connect4); 5", kHashed, "ntuple: cells a tuple"),
    other("tuple-shape", kLearn, "random-walk | straight", "random-walk", kHashed,
          "ntuple, games on a grid: random walks, or every straight line (one per symmetry class)"),
    whole("cell-states", kLearn, 3, 4, "4", kHashed, "ntuple, Connect4: 3 or 4 states a cell"),
    other("side-tables", kLearn, "on | off", "on", kHashed, "ntuple: a table for each side to move"),
    whole("stage-split", kLearn, 1, 41, "none", kHashed, "Connect4's ntuple: tables split at N stones"),
    other("tcl", kLearn, "on | off", "off", kHashed, "ntuple: temporal coherence learning"),
    whole("seed", kLearn, 0, kAny, "1", kHashed, "the initial weights, the tuples and every game"),
    whole("curve-every", kLearn, 1, 1000000000, "games / 50 (fable: 100)", kHashed, "a row of curve.csv every N games"),
    other("labelled-positions", kLearn, "labelled positions files", "none", kHashed,
          "Connect4's ntuple: positions to regress on"),
    whole("labelled-steps", kLearn, 1, 100000, "10", kHashed, "positions regressed on after each game"),
    other("play-games", kLearn, "on | off", "on", kHashed, "with labelled positions: off plays no games"),
    other("curve-positions", kLearn, "a labelled positions file", "none", kHashed,
          "each curve row also has the mistake rate on it"),
    whole("curve-depth", kLearn, 1, 12, "1", kHashed, "the depth of that measure"),
    whole("checkpoint-every", kLearn, 0, 1000000000, "games / 10", kNotHashed, "games between checkpoints"),
});

}  // namespace

std::span<const SpecKey> spec_keys() { return kKeys; }

const SpecKey* find_spec_key(std::string_view name, SpecKind kind) {
  for (const SpecKey& key : kKeys)
    if (key.name == name && key.in(kind)) return &key;
  return nullptr;
}

std::string spec_kind_text(SpecKind kind) {
  return kind == SpecKind::Run ? "a run spec: evolve programs with `evalsynth run FILE` (specs/README.md)"
                               : "a learning spec: train it with `evalsynth learn FILE` (specs/README.md)";
}

}  // namespace evalsynth
