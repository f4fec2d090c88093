#include <chrono>
#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "io/learn_output.hpp"
#include "io/learn_spec_reader.hpp"
#include "io/run_output.hpp"
#include "io/spec_reader.hpp"
#include "learn/learn_checkpoint.hpp"
#include "learn/td_learners.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/folder_lock.hpp"
#include "support/interrupt.hpp"
#include "support/progress.hpp"
#include "synthesis/saved_programs.hpp"

namespace evalsynth {

const char* const kLearnHelp =
    "usage: evalsynth learn SPEC [--resume] [--overwrite] [--threads N] [--stop-after GAMES] [--dry-run]\n"
    "\n"
    "Trains a learned evaluator as a learning spec says (specs/README.md,\n"
    "\"Learning specs\"), for any game (game = NAME): the thesis's 126-15-1\n"
    "network by TD(lambda) against opponents (learner = thesis-net, Connect4),\n"
    "an n-tuple network by TD(0) or TD(lambda) in self-play (learner = ntuple;\n"
    "for Connect4 also by regression on solver-labelled positions,\n"
    "labelled-positions), Melicher's linear evaluator over the game's features\n"
    "by TD (learner = linear, features = men + kings, ...), or FABLE's\n"
    "transition counts (learner = fable: a player, not an evaluator; it plays\n"
    "in match and play). Writes results/<name>/:\n"
    "model.bin (usable wherever a player is named: match, strength, spec\n"
    "opponents, as results/<name>/model.bin@DEPTH), curve.csv (a row every\n"
    "curve-every games: results and, with curve-positions, the mistake rate),\n"
    "summary.json and a copy of the spec.\n"
    "\n"
    "The same spec gives the same model, bit for bit. A checkpoint is written\n"
    "to population/<name>/learn.ckpt every checkpoint-every games or\n"
    "checkpoint-seconds, at the end, and on Ctrl-C or SIGTERM (after the game\n"
    "in progress); --resume continues it exactly.\n"
    "\n"
    "Options:\n"
    "  --resume           continue from population/<name>/learn.ckpt\n"
    "  --overwrite        start over even if population/<name>/ holds an unfinished\n"
    "                     run or one of another spec, or results/<name>/ holds\n"
    "                     another spec file's results\n"
    "  --threads N        threads for the curve's measurements (training is one\n"
    "                     sequential stream of games; results do not depend on it)\n"
    "  --stop-after GAMES stop after this many more games, checkpointed\n"
    "  --dry-run          check the spec, inputs and folders, print the settings;\n"
    "                     writes nothing\n";

namespace {

using learn::LearnCheckpoint;
using learn::LearnSpec;
using learn::TrainingState;

// `cell_states`: the network's (Connect4's choice, or the game's board's).
std::string describe(const LearnSpec& s, int cell_states) {
  char text[512];
  if (s.learner == learn::LearnerKind::Fable)
    std::snprintf(text, sizeof text, "FABLE's counts (confidence %g, values %s, localities %s)", s.confidence,
                  model::fable_values_word(s.fable_values), model::fable_localities_word(s.fable_localities));
  else if (s.harmonic_alpha)
    std::snprintf(text, sizeof text, "alpha %g / (%g + n), epsilon %g -> %g", s.harmonic_a, s.harmonic_b,
                  s.epsilon.start, s.epsilon.end);
  else if (!s.play_games)
    std::snprintf(text, sizeof text, "alpha %g -> %g", s.alpha.start, s.alpha.end);
  else
    std::snprintf(text, sizeof text, "alpha %g -> %g, epsilon %g -> %g", s.alpha.start, s.alpha.end, s.epsilon.start,
                  s.epsilon.end);
  const std::string game = s.game.family == kDefaultFamily ? "" : " (" + s.game.text() + ")";
  std::string out = "learn " + s.name + game + ": " + learn::learner_word(s.learner) + ", " + std::to_string(s.games) +
                    (!s.play_games         ? std::string(" rounds without games")
                     : s.opponents.empty() ? std::string(" games of self-play")
                                           : " games against ");
  for (std::size_t i = 0; i < s.opponents.size(); ++i) out += (i ? ", " : "") + s.opponents[i];
  if (!s.opponents.empty() && s.sides != LearnSpec::Sides::Alternate)
    out += s.sides == LearnSpec::Sides::X   ? " (the learner always X)"
           : s.sides == LearnSpec::Sides::O ? " (the learner always O)"
                                            : " (playing both sides; the learner watches)";
  if (!s.start_model.empty()) out += ", starting from " + s.start_model;
  out += std::string(", ") + text;
  if (s.learner == learn::LearnerKind::ThesisNet) {
    std::snprintf(text, sizeof text, ", lambda %g, 126-%d-1 network", s.lambda, s.hidden);
    out += text;
  } else if (s.learner == learn::LearnerKind::Fable) {
    out += "; heuristics: observed state, localities 1x1-4x4, rotations, nearest neighbours";
  } else if (s.learner == learn::LearnerKind::WinNet) {
    out += ", " + std::to_string(s.hidden) + " hidden units, two outputs (X's and O's chances)";
  } else if (s.learner == learn::LearnerKind::Linear) {
    out += ", weights (from " + short_number(s.initial_weights) + ") on";
    for (std::size_t i = 0; i < s.terms.size(); ++i) out += (i ? ", " : " ") + s.terms[i];
    out += ", TD(0)";
  } else {
    out += ", " + std::to_string(s.tuples) + " tuples of " + std::to_string(s.tuple_length) + " cells, " +
           std::to_string(cell_states) + " cell states";
    if (s.lambda > 0) {
      std::snprintf(text, sizeof text, ", lambda %g (traces of %d afterstates)", s.lambda,
                    learn::AfterstateTrace::length(s.lambda));
      out += text;
    }
    if (s.tcl) out += ", temporal coherence learning (a rate per weight)";
    if (!s.labelled_positions.empty()) {
      out += ", after each " + std::string(s.play_games ? "game " : "round ") + std::to_string(s.labelled_steps) +
             " regression steps on the labelled positions of";
      for (const std::string& f : s.labelled_positions) out += " " + f;
    }
  }
  return out + ", seed " + std::to_string(s.seed);
}

// The state to start from: fresh, or the checkpoint's with --resume.
// Refuses (before anything is written) to start over a run worth keeping.
template <Game G>
TrainingState starting_state(const G& game, const LearnSpec& spec, bool resume, bool overwrite) {
  const std::string path = learn::learn_checkpoint_path(spec);
  std::error_code ignored;
  const bool exists = std::filesystem::exists(path, ignored);
  if (resume) {
    if (!exists)
      throw InputError(TextLocation{path, 1, 1},
                       "no checkpoint to resume: run `evalsynth learn " + spec.source + "` without --resume to start");
    LearnCheckpoint c = learn::read_learn_checkpoint(path);
    if (c.spec_hash != spec.hash())
      throw InputError(TextLocation{path, 1, 1}, "this checkpoint belongs to another spec (" + c.spec_source +
                                                     "); pass --overwrite without --resume to start over");
    if (c.state.tcl.sum.empty() == spec.tcl)
      throw InputError(TextLocation{path, 1, 1}, std::string("corrupted learning checkpoint: its spec ") +
                                                     (spec.tcl ? "learns with tcl = on but it holds no TCL counters"
                                                               : "learns without tcl but it holds TCL counters"));
    return std::move(c.state);
  }
  if (exists && !overwrite) {
    const std::string advice = "; continue it with --resume, or pass --overwrite to start over";
    LearnCheckpoint c;
    try {
      c = learn::read_learn_checkpoint(path);
    } catch (const InputError& e) {
      throw InputError(TextLocation{path, 1, 1}, "this checkpoint does not read (" + e.message() + ")" + advice);
    }
    if (c.spec_hash != spec.hash())
      throw InputError(TextLocation{path, 1, 1},
                       "this checkpoint belongs to another spec (" + c.spec_source + ")" + advice);
    if (c.state.games_done < spec.games)
      throw InputError(TextLocation{path, 1, 1}, "an unfinished run of this spec stopped after " +
                                                     std::to_string(c.state.games_done) + " games" + advice);
  }
  return learn::Training<G>::fresh_state(game, spec);
}

std::string duration_text(double seconds) {
  char text[32];
  if (seconds < 120)
    std::snprintf(text, sizeof text, "%.0fs", seconds);
  else if (seconds < 7200)
    std::snprintf(text, sizeof text, "%.1fm", seconds / 60);
  else
    std::snprintf(text, sizeof text, "%.1fh", seconds / 3600);
  return text;
}

void print_row(const LearnSpec& spec, const learn::CurveRow& r, bool self_play) {
  const double n = static_cast<double>(r.wins + r.draws + r.losses);
  const double rate = r.seconds > 0 ? static_cast<double>(r.games) / r.seconds : 0;
  const double left = rate > 0 ? static_cast<double>(spec.games - r.games) / rate : 0;
  // Regression without games (play-games = off) counts rounds, and has no
  // exploration or results to show.
  const char* unit = spec.play_games ? "games" : "rounds";
  std::printf("%s %llu/%llu", unit, static_cast<unsigned long long>(r.games),
              static_cast<unsigned long long>(spec.games));
  // FABLE has neither step nor exploration.
  if (spec.learner != learn::LearnerKind::Fable) std::printf("  alpha %.3g", r.alpha);
  if (spec.learner != learn::LearnerKind::Fable && spec.play_games) std::printf("  epsilon %.3f", r.epsilon);
  if (n > 0)
    std::printf("  %s %.1f/%.1f/%.1f%%", self_play ? "X/draw/O" : "W/D/L", 100 * r.wins / n, 100 * r.draws / n,
                100 * r.losses / n);
  if (r.mistake_rate >= 0) std::printf("  mistakes %.1f%%", 100 * r.mistake_rate);
  std::printf("  %.0f %s/s  %s, %s left\n", rate, unit, duration_text(r.seconds).c_str(), duration_text(left).c_str());
  std::fflush(stdout);
}

// A resumed run whose start model changed since it began would go on from
// other weights: its spec hash covers the model's contents, so say why.
void refuse_changed_start_model(const LearnSpec& spec) {
  const std::string path = learn::learn_checkpoint_path(spec);
  std::error_code ignored;
  if (spec.start_model.empty() || !std::filesystem::exists(path, ignored)) return;
  LearnCheckpoint c;
  try {
    c = learn::read_learn_checkpoint(path);
  } catch (const InputError&) {
    return;  // starting_state says what is wrong with it
  }
  if (c.spec_text == spec.text && c.spec_hash != spec.hash())
    throw InputError(TextLocation{spec.start_model, 1, 1},
                     "the start model changed after this run began (" + path +
                         "); restore it, or pass --overwrite without --resume to start over from it");
}

// The run of `game`, once the spec is read.
template <Game G>
int learn_game(const G& game, const LearnSpec& spec, bool resume, bool overwrite, bool dry_run,
               std::uint64_t stop_after) {
  // Every input and output is checked before anything is written.
  std::vector<Player<G>> opponents;
  std::vector<FileRole> inputs = {{spec.source, "the spec"}};
  for (const std::string& text : spec.opponents)
    for (Player<G>& p : parse_player_list(game, text, read_evaluator_program)) opponents.push_back(std::move(p));
  for (const std::string& text : spec.opponents) {
    const std::string file = text.substr(0, text.rfind('@'));
    std::error_code ignored;
    if (std::filesystem::is_regular_file(file, ignored)) inputs.push_back({file, "the opponent " + text});
  }
  if (!spec.start_model.empty()) inputs.push_back({spec.start_model, "the start model"});
  std::vector<LabelledOf<G>> curve_positions;
  if (!spec.curve_positions.empty()) {
    curve_positions = read_labelled_positions(game, spec.curve_positions);
    inputs.push_back({spec.curve_positions, "the curve positions"});
  }
  std::vector<LabelledOf<G>> labelled_positions;
  for (const std::string& file : spec.labelled_positions) {
    const auto positions = read_labelled_positions(game, file);  // refuses a file without positions
    labelled_positions.insert(labelled_positions.end(), positions.begin(), positions.end());
    inputs.push_back({file, "the labelled positions"});
  }
  if (resume) refuse_changed_start_model(spec);
  check_results_folder(ResultsClaim{spec.results_folder(), spec.hash(), spec.source, kLearnResultFiles, inputs},
                       resume ? ResultsOwner::Resumed : ResultsOwner::NewRun, overwrite);
  TrainingState state = starting_state(game, spec, resume, overwrite);
  check_folder_creatable(spec.checkpoint_folder(), "checkpoint folder");
  int cell_states = spec.cell_states;
  if constexpr (HasCellBoard<G>) cell_states = game.cell_board().states;
  std::printf("%s\n", describe(spec, cell_states).c_str());
  if (dry_run) return 0;

  const FolderLock lock(spec.checkpoint_folder());
  if (!resume) state = starting_state(game, spec, false, overwrite);  // again: another process may have been faster
  if (state.games_done > 0)
    std::printf("resuming after %llu games\n", static_cast<unsigned long long>(state.games_done));
  std::fflush(stdout);

  learn::Training<G> training(game, spec, std::move(opponents), std::move(curve_positions), std::move(state),
                              std::move(labelled_positions));
  const std::string checkpoint_path = learn::learn_checkpoint_path(spec);
  auto save = [&] {
    write_learn_checkpoint(LearnCheckpoint{spec.source, spec.text, spec.hash(), training.state()}, checkpoint_path);
  };
  const InterruptGuard interrupts("game");
  const std::uint64_t first = training.state().games_done;
  const std::uint64_t last = stop_after ? std::min(spec.games, first + stop_after) : spec.games;
  std::size_t rows_shown = training.state().curve.size();
  auto last_save = std::chrono::steady_clock::now();
  {
    ProgressLine progress("learn " + spec.name, "games", last - first, ProgressLine::stderr_is_terminal());
    while (training.state().games_done < last && !InterruptGuard::received()) {
      // Chunks end on checkpoint boundaries so a checkpoint falls on the same
      // game whatever the chunking.
      std::uint64_t chunk = std::min<std::uint64_t>(1000, last - training.state().games_done);
      if (spec.checkpoint_every > 0)
        chunk = std::min(chunk, spec.checkpoint_every - training.state().games_done % spec.checkpoint_every);
      training.play(chunk, [&] { progress.add(); });
      for (; rows_shown < training.state().curve.size(); ++rows_shown)
        print_row(spec, training.state().curve[rows_shown], spec.opponents.empty());
      const bool by_games = spec.checkpoint_every > 0 && training.state().games_done % spec.checkpoint_every == 0;
      const bool by_time = spec.checkpoint_seconds > 0 &&
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - last_save).count() >=
                               spec.checkpoint_seconds;
      if (by_games || by_time) {
        save();
        last_save = std::chrono::steady_clock::now();
      }
    }
  }
  save();
  write_learn_outputs(spec, training.state());
  if (!training.finished()) {
    std::printf("stopped after %llu of %llu games; continue with `evalsynth learn %s --resume`\n",
                static_cast<unsigned long long>(training.state().games_done),
                static_cast<unsigned long long>(spec.games), spec.source.c_str());
    return InterruptGuard::received() ? 130 : 0;
  }
  std::printf("done: %s/model.bin after %llu games in %s\n", spec.results_folder().c_str(),
              static_cast<unsigned long long>(training.state().games_done),
              duration_text(training.state().seconds).c_str());
  return 0;
}

}  // namespace

int learn_command(const Args& args) {
  std::vector<std::string> specs;
  bool resume = false, overwrite = false, dry_run = false;
  int threads = 0;
  std::uint64_t stop_after = 0;
  CommandLine command;
  command.positionals(specs, 1, 1, "give exactly one learning spec file");
  command.flag("resume", resume);
  command.flag("overwrite", overwrite);
  command.flag("dry-run", dry_run);
  command.integer("threads", threads, 1, 1024);
  command.integer("stop-after", stop_after, 1, 1'000'000'000);
  command.parse(args);
  if (resume && overwrite) throw UsageError("--resume continues a run and --overwrite starts over: give one");
  LearnSpec spec = read_learn_spec_file(specs[0]);
  if (command.given("threads")) spec.threads = threads;

  return with_game(spec.game,
                   [&](const auto& game) { return learn_game(game, spec, resume, overwrite, dry_run, stop_after); });
}

}  // namespace evalsynth
