// evalsynth experiment SPEC... --seeds A-B: each spec run once per seed,
// each answer measured the same way, and the specs compared across seeds
// (what a GP practitioner does by hand to say one setup beats another).

#include <cstdio>
#include <filesystem>
#include <map>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "io/json.hpp"
#include "io/spec.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/statistics.hpp"
#include "support/text.hpp"
#include "synthesis/checkpoint.hpp"
#include "synthesis/checkpoint_files.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/labelled.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

const char* const kExperimentHelp =
    "usage: evalsynth experiment SPEC [SPEC...] --seeds A-B [options]\n"
    "\n"
    "Runs each spec once for each seed from A to B and compares the specs by\n"
    "their answers. Run NAME-seedS (NAME the spec's) writes its results to\n"
    "DIR/NAME-seedS/ and its checkpoints to DIR/population/NAME-seedS/ (its\n"
    "spec, with the seed, name and folders changed, to DIR/specs/): a run that\n"
    "finished is not run again and one that was stopped is resumed, so an\n"
    "experiment stopped by Ctrl-C continues where it stood when given again.\n"
    "\n"
    "Every answer is measured the same way: its validation score (the run's\n"
    "own measure, as best.eval's header gives it) and its mistakes against\n"
    "perfect play on the test set (positions no run sees: --positions, else\n"
    "the test set beside the spec's validation or training positions, as\n"
    "`positions --sets` makes them, else the game's under specs/positions/;\n"
    "none where perfect play is beyond the solver's reach, as in checkers(6))\n"
    "at the spec's strength-depth. Then, per spec, the mean and its 95% interval\n"
    "over the seeds (Student's t), and between every two specs Welch's t test\n"
    "and the Mann-Whitney test on each measure (\"A is better\" only where\n"
    "p < 0.05). The specs must play the same game.\n"
    "\n"
    "Options:\n"
    "  --seeds A-B     the seeds (1-1000000; at least two for an interval)\n"
    "  --output DIR    where the runs go (default results/experiment)\n"
    "  --threads N     worker threads of each run (results do not depend on it)\n"
    "  --positions FILE the test set the answers are measured on\n"
    "  --generations N each run's generations instead of its spec's (a quick\n"
    "                  trial; the runs are other runs, under other names)\n"
    "  --population N  each run's population instead of its spec's\n"
    "  --csv FILE      also write one row per run\n"
    "  --html FILE     also write a page with the measures' spread by spec\n";

namespace {

struct Trial {
  std::string spec_name;
  std::uint64_t seed = 0;
  double validation_score = 0;
  double mistake_rate = 0;
  int positions = 0;
};

// What the command line changes in every spec.
struct TrialOverrides {
  int threads = 0, generations = 0, population = 0;  // 0: the spec's
};

// The spec of one trial: the spec with its seed, name and folders set, and
// the command line's changes (which the name says, so a quick trial is not
// taken for the spec's own runs).
RunSpec trial_spec(const RunSpec& base, int seed, const std::string& dir, const TrialOverrides& o) {
  RunSpec s = base;
  s.seed = static_cast<std::uint64_t>(seed);
  std::string changed;
  if (o.generations > 0) {
    s.generations = o.generations;
    changed += "-g" + std::to_string(o.generations);
  }
  if (o.population > 0) {
    s.population = o.population;
    changed += "-p" + std::to_string(o.population);
  }
  s.name = base.name + changed + "-seed" + std::to_string(seed);
  s.output = dir;
  s.checkpoints = dir + "/population";
  if (o.threads > 0) s.threads = o.threads;
  return s;
}

// The test set: the one given, else the `test` set beside the spec's
// validation (or training) positions, else the game's default.
std::string test_positions(const std::string& given, const RunSpec& spec) {
  if (!given.empty()) return given;
  for (const auto* sets : {&spec.validation_positions, &spec.training_positions})
    for (const std::string& set : *sets) {
      const std::filesystem::path beside = std::filesystem::path(set).parent_path();
      for (const char* name : {"test.positions", "test.analysis"}) {
        const std::string candidate = (beside / name).string();
        std::error_code ignored;
        if (candidate != set && std::filesystem::exists(candidate, ignored)) return candidate;
      }
    }
  return default_test_positions(spec.game_descriptor());
}

// Runs, resumes or skips the trial; returns the exit code of the run (0
// when it was already done).
int bring_to_end(const RunSpec& s, const std::string& spec_file) {
  const std::string folder = s.checkpoints + "/" + s.name;
  std::vector<std::string> files = list_checkpoints(folder);
  const std::string staged = newest_staged_checkpoint(folder);
  if (files.empty() && staged.empty()) return run_command({spec_file});
  const Checkpoint previous = read_checkpoint(staged.empty() ? files.back() : staged);
  if (previous.spec_hash != s.hash())
    throw InputError(TextLocation{folder, 1, 1}, "this run folder holds a run of another spec (" +
                                                     previous.spec_source +
                                                     "); give the experiment another --output, or remove the folder");
  if (previous.state.finished()) {
    std::printf("experiment: %s finished before (generation %d): measured again, not run\n", s.name.c_str(),
                previous.state.generation);
    return 0;
  }
  return resume_command({folder});
}

// The answer's validation score, from the run's summary.json.
double validation_score(const RunSpec& s) {
  const std::string path = s.output + "/" + s.name + "/summary.json";
  const Json summary = Json::parse(read_text_file(path, "run summary", std::size_t{1} << 24), nullptr, false);
  try {
    return summary.at("answer").at("validation").at("score").get<double>();
  } catch (const std::exception&) {  // not JSON (discarded), or no such member
    throw InputError(TextLocation{path, 1, 1}, "this run summary has no answer's validation score");
  }
}

template <Game G>
void measure_mistakes(const G& game, const RunSpec& s, const std::string& positions_file, Trial& t) {
  const std::string answer = s.output + "/" + s.name + "/best.eval";
  const Player<G> player =
      parse_player_list(game, answer + "@" + std::to_string(s.strength_depth), read_evaluator_program).front();
  const auto positions = read_labelled_positions(game, positions_file);
  const StrengthResult r = measure_strength(game, player, positions, MoveOrder::Random, 1, s.threads);
  t.mistake_rate = r.rate();
  t.positions = r.positions;
}

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100 * v);
  return buf;
}

void compare(const std::string& measure, const std::vector<std::string>& names,
             const std::map<std::string, std::vector<double>>& values, bool higher_is_better, bool as_percent) {
  const auto shown = [&](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return as_percent ? percent(v) : std::string(buf);
  };
  std::printf("\n# %s (%s is better): per spec, the mean over seeds with its 95%% interval\n", measure.c_str(),
              higher_is_better ? "higher" : "lower");
  for (const std::string& n : names) {
    const std::vector<double>& v = values.at(n);
    if (v.size() < 2) {
      std::printf("  %-24s %s (one seed: no interval)\n", n.c_str(), shown(v[0]).c_str());
      continue;
    }
    const stats::MeanInterval m = stats::t_interval(v);
    std::printf("  %-24s %s +- %s over %zu seeds\n", n.c_str(), shown(m.mean).c_str(), shown(m.half_width).c_str(),
                v.size());
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    for (std::size_t j = i + 1; j < names.size(); ++j) {
      const std::vector<double>&a = values.at(names[i]), &b = values.at(names[j]);
      if (a.size() < 2 || b.size() < 2) continue;
      const stats::TTest t = stats::welch_t_test(a, b);
      const stats::RankTest u = stats::mann_whitney(a, b);
      const bool a_ahead = higher_is_better ? t.t > 0 : t.t < 0;
      const std::string verdict = t.p >= stats::kSignificance && u.p >= stats::kSignificance
                                      ? "no significant difference"
                                  : t.p < stats::kSignificance && u.p < stats::kSignificance
                                      ? (a_ahead ? names[i] : names[j]) + " is better (both tests)"
                                      : (a_ahead ? names[i] : names[j]) + " is better by one test only";
      char welch[96];
      if (t.no_variance)  // every seed gave one value on both sides: no t to speak of
        std::snprintf(welch, sizeof welch, "Welch t: no variance (every seed the same on both sides), %s",
                      stats::p_text(t.p).c_str());
      else
        std::snprintf(welch, sizeof welch, "Welch t = %.2f (df %.1f), %s", t.t, t.df, stats::p_text(t.p).c_str());
      std::printf("  %s against %s: %s; Mann-Whitney U = %.1f, %s%s: %s\n", names[i].c_str(), names[j].c_str(), welch,
                  u.u, stats::p_text(u.p).c_str(), u.exact ? " (exact)" : "", verdict.c_str());
    }
}

}  // namespace

int experiment_command(const Args& args) {
  std::vector<std::string> spec_files;
  std::string seeds_text, dir = "results/experiment", csv_file, html_file, positions_given;
  TrialOverrides overrides;
  CommandLine command;
  command.positionals(spec_files, 1, 64, "give the specs to compare: evalsynth experiment SPEC... --seeds A-B");
  command.text("seeds", seeds_text);
  command.text("output", dir);
  command.integer("threads", overrides.threads, 1, 1024);
  command.text("positions", positions_given);
  command.integer("generations", overrides.generations, 1, 1000000);
  command.integer("population", overrides.population, 1, 100000);
  command.text("csv", csv_file);
  command.text("html", html_file);
  command.parse(args);
  if (!command.given("seeds")) throw UsageError("say which seeds: --seeds A-B (e.g. --seeds 1-5)");
  const std::optional<IntRange> seeds = parse_int_range(seeds_text, 1, 1'000'000);
  if (!seeds || seeds->first > seeds->last)
    throw UsageError("--seeds is a range A-B of whole numbers from 1 to 1000000, not '" + seeds_text + "'");
  // Everything checked before the first run: the specs read, one game,
  // distinct names, the outputs writable.
  std::vector<RunSpec> specs;
  for (const std::string& f : spec_files) specs.push_back(read_spec_file(f));
  for (std::size_t i = 1; i < specs.size(); ++i) {
    if (!(specs[i].game_descriptor() == specs[0].game_descriptor()))
      throw UsageError("the specs of an experiment play one game: " + spec_files[i] + " plays " +
                       specs[i].game_descriptor().text() + ", " + spec_files[0] + " " +
                       specs[0].game_descriptor().text());
    for (std::size_t j = 0; j < i; ++j)
      if (specs[i].name == specs[j].name)
        throw UsageError("two specs named '" + specs[i].name + "' (" + spec_files[j] + ", " + spec_files[i] +
                         "): their runs would share folders; give one another name");
  }
  std::vector<FileRole> outputs;
  if (!csv_file.empty()) outputs.push_back({csv_file, "--csv"});
  if (!html_file.empty()) outputs.push_back({html_file, "--html"});
  check_outputs(outputs);
  // A game beyond the exact solver's reach (checkers on 6 x 6 and up) has no
  // test set: its answers are compared by their validation scores alone.
  const bool labelled =
      positions_given.empty()
          ? with_game(specs[0].game_descriptor(),
                      [](const auto& game) { return perfect_play_min_plies(game) < game.max_plies(); })
          : true;
  const std::string positions = labelled ? test_positions(positions_given, specs[0]) : "";
  if (labelled && !std::filesystem::exists(positions))
    throw InputError(TextLocation{positions, 1, 1},
                     "no test positions to measure the answers on; name a test set with --positions FILE, or make "
                     "the game's sets with: " +
                         make_sets_command(specs[0].game_descriptor().text(), positions));
  // Read before any run: a set of another game is refused now, not after hours.
  if (labelled)
    with_game(specs[0].game_descriptor(), [&](const auto& game) { (void)read_labelled_positions(game, positions); });
  std::filesystem::create_directories(dir + "/specs");

  std::vector<Trial> trials;
  for (std::size_t i = 0; i < specs.size(); ++i)
    for (int seed = seeds->first; seed <= seeds->last; ++seed) {
      const RunSpec s = trial_spec(specs[i], seed, dir, overrides);
      const std::string spec_file = dir + "/specs/" + s.name + ".spec";
      write_file_atomically(spec_file, "# evalsynth experiment: " + spec_files[i] + " with seed " +
                                           std::to_string(seed) + "\n" + s.resolved_text());
      std::printf("experiment: %s, seed %d\n", spec_files[i].c_str(), seed);
      std::fflush(stdout);
      if (const int code = bring_to_end(s, spec_file); code != 0) return code;  // stopped: resume by running again
      Trial t{specs[i].name, s.seed};
      t.validation_score = validation_score(s);
      if (labelled) with_game(s.game_descriptor(), [&](const auto& game) { measure_mistakes(game, s, positions, t); });
      trials.push_back(t);
    }

  if (labelled)
    std::printf("\n# evalsynth experiment: %zu spec(s) x seeds %d-%d; mistakes on %s at each spec's strength-depth\n",
                specs.size(), seeds->first, seeds->last, positions.c_str());
  else
    std::printf(
        "\n# evalsynth experiment: %zu spec(s) x seeds %d-%d; no mistakes measured: perfect play in %s is "
        "beyond the exact solver's reach\n",
        specs.size(), seeds->first, seeds->last, specs[0].game_descriptor().text().c_str());
  std::printf("%-24s %8s %18s %14s\n", "spec", "seed", "validation score", "mistakes");
  std::vector<std::string> names;
  std::map<std::string, std::vector<double>> scores, mistakes;
  CsvWriter csv({"spec", "seed", "validation_score", "mistake_rate", "positions"});
  for (const Trial& t : trials) {
    std::printf("%-24s %8llu %18.1f %14s\n", t.spec_name.c_str(), static_cast<unsigned long long>(t.seed),
                t.validation_score, labelled ? percent(t.mistake_rate).c_str() : "-");
    if (!scores.count(t.spec_name)) names.push_back(t.spec_name);
    scores[t.spec_name].push_back(t.validation_score);
    mistakes[t.spec_name].push_back(t.mistake_rate);
    char score[32], rate[32];
    std::snprintf(score, sizeof score, "%g", t.validation_score);
    std::snprintf(rate, sizeof rate, "%.6f", t.mistake_rate);
    csv.row({t.spec_name, std::to_string(t.seed), score, labelled ? rate : "", std::to_string(t.positions)});
  }
  compare("validation score", names, scores, true, false);
  if (labelled) compare("mistake rate on the test set", names, mistakes, false, true);
  if (!csv_file.empty()) write_file_atomically(csv_file, csv.text());
  if (!html_file.empty()) {
    ReportInputs page;
    page.title = "evalsynth experiment";
    page.experiment_csv = csv.text();
    write_file_atomically(html_file, html_page(page));
  }
  return 0;
}

}  // namespace evalsynth
