#include "synthesis/run_spec.hpp"

#include <sstream>

#include "lang/default_grammar.hpp"
#include "support/random.hpp"
#include "support/spec_keys.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

std::string board_text(const std::vector<BoardSource>& sources) {
  std::string out;
  for (const auto& b : sources) {
    if (!out.empty()) out += " + ";
    out += b.kind == BoardSource::Kind::Shallow    ? "shallow"
           : b.kind == BoardSource::Kind::Random   ? "random(" + std::to_string(b.count) + ")"
           : b.kind == BoardSource::Kind::Openings ? "openings(" + std::to_string(b.count) + ")"
           : b.kind == BoardSource::Kind::BalancedOpenings
               ? "balanced-openings(" + std::to_string(b.count) + ", " + std::to_string(b.within) + ")"
               : "file(\"" + b.path + "\")";
  }
  return out;
}

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace

std::string RunSpec::resolved_text() const {
  std::vector<std::string> colour_names, depth_names;
  for (Side c : colours) colour_names.push_back(c == Side::X ? "x" : "o");
  for (int d : candidate_depths) depth_names.push_back(std::to_string(d));
  std::ostringstream out;
  out << "name              = " << name << "\n"
      << (game == GameDescriptor{} ? std::string("# game: connect4\n") : "game              = " + game.text() + "\n")
      << "grammar           = " << grammar << "\n"
      << (seeds.empty() ? "# seeds: none\n" : "seeds             = " + join(seeds) + "\n")
      << (seed_population.empty() ? "# seed-population: none\n" : "seed-population   = " + seed_population + "\n")
      << "opponents         = " << join(opponents) << "\n"
      << "colours           = " << join(colour_names) << "\n"
      << "candidate-depths  = " << join(depth_names) << "\n"
      << (depth_pairing == DepthPairing::All ? "# depth-pairing: all\n" : "depth-pairing     = equal\n")
      << "training-boards   = " << board_text(training) << "\n"
      << "validation-boards = " << board_text(validation) << "\n"
      << (perfect_training.empty() ? std::string("# perfect-training-boards: the training boards\n")
                                   : "perfect-training-boards = " + board_text(perfect_training) + "\n")
      << (perfect_validation.empty() ? std::string("# perfect-validation-boards: the validation boards\n")
                                     : "perfect-validation-boards = " + board_text(perfect_validation) + "\n")
      << "board-seed        = " << board_seed << "\n"
      << (strength_positions.empty() ? "# strength-positions: none\n"
                                     : "strength-positions = " + join(strength_positions) + "\n")
      << "strength-depth    = " << strength_depth << "\n"
      << position_text() << "scoring           = " << (scoring.games == GameScoring::Thesis ? "thesis" : "points")
      << "\n"
      << "move-order        = " << (move_order == MoveOrder::LeftToRight ? "left-to-right" : "random")
      << "\n"
      // Without random moves only a comment: the hashes of earlier runs stay.
      << (random_move_percent == 0 ? std::string("# random-moves: none\n")
                                   : "random-moves      = " + std::to_string(random_move_percent) + "\n")
      << "rules             = " << (rules == connect4::RuleSet::Standard ? "standard" : "thesis-java") << "\n"
      << "population        = " << population << "\n"
      << "generations       = " << generations << "\n"
      << "time-budget       = " << number_text(time_budget_seconds) << "s\n"
      << "evaluations       = " << evaluation_budget << "\n";
  for (evolve::OperatorId op = 0; op < evolve::operators().size(); ++op) {
    std::string key(evolve::operator_info(op).name);
    key.resize(17, ' ');
    out << key << " = " << number_text(operator_rates[op]) << "\n";
  }
  // The hill-climber has no population keys (its spec refuses them); the
  // other algorithms' lines are as they always were, and so their hashes.
  const bool climbs = algorithm == evolve::AlgorithmKind::HillClimb;
  out << "algorithm         = " << evolve::algorithm_name(algorithm) << "\n";
  if (!climbs)
    out << "archive-per-size  = " << archive_per_size << "\n"
        << "compound          = " << compound << "\n";
  // Only an island run has these lines: the hashes of other runs stay as they were.
  if (algorithm == evolve::AlgorithmKind::Islands)
    out << "islands           = " << islands << "\n"
        << "migration-every   = " << migration_every << "\n"
        << "migrants          = " << migrants << "\n";
  if (!climbs)
    out << "restart-every     = " << restart_every << "\n"
        << "tournament-size   = " << tournament_size << "\n"
        << "elitism           = " << elitism << "\n";
  out << "max-size          = " << limits.max_size << "\n"
      << "max-depth         = " << limits.max_depth << "\n"
      << "init-depth        = " << init_depth << "\n"
      << "validation-top    = " << validation_top << "\n"
      << (racing ? "racing            = on\nrace-batches      = " + std::to_string(race_batches) +
                       "\nrace-confidence   = " + number_text(race_confidence) + "\n"
                 : std::string("# racing: off\n"))
      << "hall-of-fame      = " << hall_of_fame << "\n"
      << "seed              = " << seed << "\n"
      << "threads           = " << threads << "\n"
      << "output            = " << output << "\n"
      << "checkpoints       = " << checkpoints << "\n"
      << "checkpoint-every  = " << checkpoint_every << "\n"
      << "checkpoint-seconds = " << number_text(checkpoint_seconds) << "s\n"
      << "checkpoint-keep   = " << checkpoint_keep << "\n";
  return out.str();
}

std::string RunSpec::position_text() const {
  // Without positions only a comment, which the hash leaves out: the hashes
  // of runs from before the position term stay what they were.
  if (!uses_positions()) return "# training-positions: none\n";
  std::vector<std::string> depth_names;
  for (int d : resolved_position_depths()) depth_names.push_back(std::to_string(d));
  std::string text;
  text += training_positions.empty() ? "# training-positions: none\n"
                                     : "training-positions = " + join(training_positions) + "\n";
  text += validation_positions.empty() ? "# validation-positions: none\n"
                                       : "validation-positions = " + join(validation_positions) + "\n";
  text += "position-depths   = " + join(depth_names) + "\n";
  text += "mistake-cost      = " + number_text(scoring.mistake_cost) + "\n";
  return text;
}

std::uint64_t RunSpec::hash() const {
  // The keys declared outside the hash (support/spec_keys.cpp: threads,
  // output and checkpointing, which do not change the result) are left out.
  // So are the archive's settings for the generational algorithm, which
  // keeps the hashes of runs from before the archive existed.
  std::string text = resolved_text();
  std::vector<std::string> ignored;
  for (const SpecKey& key : spec_keys())
    if (key.in(SpecKind::Run) && !key.in_hash) ignored.push_back(std::string(key.name) + " ");
  // A Connect4 run says so in a comment (the hashes of runs from before
  // there were other games stay what they were), and so do the defaults
  // added since: the comments that stand for them are left out too.
  ignored.insert(ignored.end(),
                 {"# game: connect4", "# seed-population: none", "# training-positions: none", "# racing: off",
                  "# depth-pairing: all", "# perfect-training-boards: the training boards",
                  "# perfect-validation-boards: the validation boards", "# random-moves: none"});
  if (algorithm == evolve::AlgorithmKind::Generational)
    ignored.insert(ignored.end(), {"algorithm ", "archive-per-size ", "compound "});
  for (const std::string& volatile_key : ignored) {
    const auto at = text.find(std::string("\n") + volatile_key);
    if (at != std::string::npos) text.erase(at + 1, text.find('\n', at + 1) - at);
  }
  return hash_text(text);
}

}  // namespace evalsynth

namespace evalsynth {

std::vector<FileRole> RunSpec::input_files() const {
  std::vector<FileRole> files;
  if (!source.empty()) files.push_back({source, "the spec"});
  if (grammar != lang::kBuiltinGrammar) files.push_back({grammar, "the grammar"});
  for (const std::string& s : seeds)
    if (!reference_program(game, s)) files.push_back({s, "the seed " + s});
  for (const std::string& o : opponents) {
    const PlayerEntry entry = parse_player_entry(o, true);
    if (entry.kind == PlayerEntry::Kind::File) files.push_back({entry.name, "the opponent " + entry.name});
  }
  for (const auto* boards : {&training, &validation, &perfect_training, &perfect_validation})
    for (const BoardSource& b : *boards)
      if (b.kind == BoardSource::Kind::File) files.push_back({b.path, "the board file " + b.path});
  for (const auto* sets : {&strength_positions, &training_positions, &validation_positions})
    for (const std::string& p : *sets) files.push_back({p, "the positions " + p});
  if (!seed_population.empty()) files.push_back({seed_population, "the seed population"});
  return files;
}

}  // namespace evalsynth
