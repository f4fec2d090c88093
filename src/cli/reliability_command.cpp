// `evalsynth reliability`: M²ICAL (Oon 2007), how far a search driven by
// noisy comparisons can be trusted. --modnim reproduces the paper's test:
// SCSA, the strict hill-climber, on ModNim(K, M), predicted by the Markov
// chain over strength classes and checked against real runs; a spec's own
// hill-climber is modelled by reliability_spec.cpp.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/reliability_spec.hpp"
#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "reliability/modnim_scsa.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/progress.hpp"

namespace evalsynth {

const char* const kReliabilityHelp =
    "usage: evalsynth reliability SPEC [options]\n"
    "       evalsynth reliability --modnim [--sticks K] [--take M] [options]\n"
    "\n"
    "M2ICAL (Oon 2007): models a search that compares candidates by noisy games\n"
    "as a Markov chain over strength classes and predicts the expected strength\n"
    "of its answer by iteration, its spread and when it converges.\n"
    "\n"
    "SPEC: the spec's own hill-climber (algorithm = hillclimb, population = 1):\n"
    "programs are drawn with its grammar and operators (the first programs of\n"
    "runs, walks of offspring that move when at least as strong or as well\n"
    "scored, then offspring of every class: the paper's Algorithms 4.1 and 4.3);\n"
    "a program's strength is the share of the spec's strength-positions on which\n"
    "it does not err at strength-depth; a comparison is the spec's training task\n"
    "(Algorithm 4.2 over every pair of sampled programs), at the spec's number\n"
    "of training boards and at fewer. Three chains, by iteration and by\n"
    "comparison size: N equal strength classes as the paper builds them (lambda\n"
    "x delta), the same classes paired (an offspring against its own parent),\n"
    "and N classes by training score (with fixed training boards the score\n"
    "decides each comparison); beside them real runs of the spec at each size\n"
    "(seeds: the spec's, then the next ones).\n"
    "  --classes N            classes, 2 to 100 (default 20)\n"
    "  --starts S             first programs drawn for v_0 (default 50)\n"
    "  --walks W, --walk-length L   walks and their offspring (default 40, 50)\n"
    "  --neighbours K         offspring of each class at least (default 30)\n"
    "  --boards LIST          comparison sizes in training boards (default: a\n"
    "                         quarter and half of the spec's, and all of them)\n"
    "  --runs R, --iterations T   real runs at each comparison size and their\n"
    "                         length (default 20 and the spec's generations;\n"
    "                         --runs 0: the model only)\n"
    "  --seed S               the sample's (default 1; the runs use the spec's seed\n"
    "                         and the next ones; strength ties are broken with the\n"
    "                         spec's)\n"
    "  --threads N            (results do not depend on the threads)\n"
    "  --csv FILE             the chains and the runs by iteration (iteration,\n"
    "                         model_mean, model_sd: the paper's chain; paired_mean,\n"
    "                         paired_sd; score_mean, score_sd; runs_mean, runs_sd\n"
    "                         with runs)\n"
    "  --html FILE            a page drawing them\n"
    "\n"
    "--modnim\n"
    "reproduces the paper's test (its chapter 6): SCSA, the strict hill-climber\n"
    "(a random challenger replaces the incumbent if it wins one game in which\n"
    "the incumbent moves first), over deterministic ModNim(K, M) players (a move\n"
    "per number of sticks left, drawn at random), against real SCSA runs.\n"
    "Strength: the win rate in two games (either side first) against each of\n"
    "the random opponents; class min(N, floor(N x rate) + 1), valued at the\n"
    "middle of its bin. Prints the model and the runs side by side; the paper:\n"
    "68.3551% converged, standard deviation 16.4793%, 207 iterations to three\n"
    "decimals, runs within 67-70%.\n"
    "\n"
    "Options of --modnim:\n"
    "  --sticks K, --take M   the game (default 100 and 3)\n"
    "  --classes N            strength classes (default 100)\n"
    "  --sample S             random players sorted into classes (default 10000)\n"
    "  --opponents O          random opponents behind each strength (default 1000)\n"
    "  --wpm G                games per pair of classes for W (default 1000)\n"
    "  --runs R, --iterations T   real SCSA runs and their length (default 100, 1000)\n"
    "  --seed S, --threads N  (results do not depend on the threads)\n"
    "  --csv FILE             model and runs by iteration (iteration, model_mean,\n"
    "                         model_sd, runs_mean, runs_sd)\n"
    "  --html FILE            a page drawing them (the paper's Figure 6.2)\n";

// How far convergence is looked for (iterations of the chain): -1 beyond.
constexpr int kSearchLimit = 100'000;

int reliability_command(const Args& args) {
  reliability::ScsaSetup setup;
  bool modnim = false;
  std::string csv_file;
  std::vector<std::string> specs;
  ReliabilitySpecRequest spec_request;
  std::string boards_text;
  CommandLine command;
  command.positionals(specs, 0, 1, "give at most one spec file");
  command.integer("starts", spec_request.sample.starts, 1, 100'000);
  command.integer("walks", spec_request.sample.walks, 0, 100'000);
  command.integer("walk-length", spec_request.sample.walk_length, 0, 100'000);
  command.integer("neighbours", spec_request.sample.neighbours, 0, 100'000);
  command.text("boards", boards_text);
  command.flag("modnim", modnim);
  command.integer("sticks", setup.sticks, 1, 1000);
  command.integer("take", setup.take, 1, 9);
  command.integer("classes", setup.classes, 2, 1000);
  command.integer("sample", setup.sample, 1, 200'000);
  command.integer("opponents", setup.opponents, 1, 100'000);
  command.integer("wpm", setup.wpm, 1, 1'000'000);
  command.integer("runs", setup.runs, 0, 100'000);
  command.integer("iterations", setup.iterations, 1, 100'000);
  command.integer("seed", setup.seed, 0, INT64_MAX);
  command.integer("threads", setup.threads, 1, 1024);
  command.text("csv", csv_file);
  std::string html_file;
  command.text("html", html_file);
  command.parse(args);
  if (!specs.empty()) {
    if (modnim) throw UsageError("give a spec or --modnim, not both");
    for (const char* only : {"sticks", "take", "sample", "opponents", "wpm"})
      if (command.given(only))
        throw UsageError(std::string("--") + only + " belongs to --modnim; a spec's model samples programs instead");
    spec_request.spec_file = specs.front();
    if (command.given("boards")) spec_request.sample.boards = parse_board_counts(boards_text);
    spec_request.sample.classes = command.given("classes") ? setup.classes : 20;
    spec_request.runs = command.given("runs") ? setup.runs : 20;
    spec_request.iterations = command.given("iterations") ? setup.iterations : -1;
    spec_request.sample.seed = setup.seed;
    spec_request.threads = command.given("threads") ? setup.threads : 0;
    spec_request.csv_file = csv_file;
    spec_request.html_file = html_file;
    // Sampled programs and offspring are kept with their measures: bound them.
    const std::int64_t programs =
        static_cast<std::int64_t>(spec_request.sample.starts) +
        static_cast<std::int64_t>(spec_request.sample.walks) * spec_request.sample.walk_length +
        4LL * spec_request.sample.classes * spec_request.sample.neighbours;
    // Every pair of sampled programs is compared once per comparison size.
    if (programs > 20'000)
      throw UsageError("--starts + --walks x --walk-length + 4 x --classes x --neighbours is at most 20,000 programs");
    if (spec_request.sample.classes > 100) throw UsageError("--classes is at most 100 for a spec's model");
    return reliability_spec(spec_request);
  }
  for (const char* only : {"starts", "walks", "walk-length", "neighbours", "boards"})
    if (command.given(only)) throw UsageError(std::string("--") + only + " belongs to modelling a spec's hill-climber");

  if (!modnim)
    throw UsageError(
        "say what to model: a spec whose algorithm is hillclimb (evalsynth reliability SPEC), or --modnim (the "
        "paper's SCSA on ModNim)");
  // Each run's strength by iteration is kept (to average the runs in a fixed
  // order): a bound on memory, 160 MB.
  if (static_cast<std::int64_t>(setup.runs) * (setup.iterations + 1) > 20'000'000)
    throw UsageError("--runs x --iterations is at most 20,000,000 (each run's strength by iteration is kept)");
  if (setup.runs == 0) throw UsageError("--runs must be at least 1 with --modnim (the runs are its check)");
  std::vector<FileRole> outputs;
  if (!csv_file.empty()) outputs.push_back({csv_file, "--csv"});
  if (!html_file.empty()) outputs.push_back({html_file, "--html"});
  check_outputs(outputs);
  std::printf(
      "# M2ICAL: SCSA on modnim(%d,%d); %d classes, %d sampled players, %d opponents each, %d games per "
      "pair of classes, %d runs of %d iterations, seed %llu\n",
      setup.sticks, setup.take, setup.classes, setup.sample, setup.opponents, setup.wpm, setup.runs, setup.iterations,
      static_cast<unsigned long long>(setup.seed));
  std::fflush(stdout);
  const reliability::ScsaStudy study = reliability::run_scsa_study(setup);
  std::printf("occupied classes: %zu of %d (lowest %d, highest %d)\n", study.occupied.size(), setup.classes,
              study.occupied.front() + 1, study.occupied.back() + 1);
  const int converged = reliability::convergence_time(study.chain, 3, kSearchLimit);
  // Far enough for the expected strength to stop moving in its fourth decimal.
  const int horizon = std::max(setup.iterations, std::min(kSearchLimit, 10 * (converged + 1) + 10000));
  const reliability::Prediction far = reliability::predict(study.chain, horizon);
  std::printf(
      "model: converged expected strength %.4f%% (%.4f%% with each class valued at its bin's top instead of its "
      "middle), "
      "standard deviation %.4f%%\n",
      far.mean.back(), far.mean.back() + 50.0 / setup.classes, far.sd.back());
  std::printf(
      "model: converged to three decimals in %d iterations as the class probabilities go, in %d as the "
      "expected strength (in percent) goes (two decimals: %d and %d)\n",
      converged, reliability::mean_convergence_time(study.chain, 3, kSearchLimit),
      reliability::convergence_time(study.chain, 2, kSearchLimit),
      reliability::mean_convergence_time(study.chain, 2, kSearchLimit));
  std::printf("%-10s %22s %22s\n", "iteration", "model mean +- sd", "runs mean +- sd");
  for (int t : {0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000})
    if (t <= setup.iterations)
      std::printf("%-10d %12.2f +- %6.2f %12.2f +- %6.2f\n", t, study.model.mean[static_cast<std::size_t>(t)],
                  study.model.sd[static_cast<std::size_t>(t)], study.run_mean[static_cast<std::size_t>(t)],
                  study.run_sd[static_cast<std::size_t>(t)]);
  // The runs' settled level: their mean over the second half of the iterations.
  double settled = 0;
  const int from = setup.iterations / 2;
  for (int t = from; t <= setup.iterations; ++t) settled += study.run_mean[static_cast<std::size_t>(t)];
  settled /= setup.iterations - from + 1;
  std::printf("runs: mean over iterations %d-%d %.2f%% (the model there: %.2f%%)\n", from, setup.iterations, settled,
              far.mean[static_cast<std::size_t>(setup.iterations)]);
  if (!csv_file.empty() || !html_file.empty()) {
    CsvWriter csv({"iteration", "model_mean", "model_sd", "runs_mean", "runs_sd"});
    char buf[4][32];
    for (int t = 0; t <= setup.iterations; ++t) {
      const auto i = static_cast<std::size_t>(t);
      std::snprintf(buf[0], 32, "%.4f", study.model.mean[i]);
      std::snprintf(buf[1], 32, "%.4f", study.model.sd[i]);
      std::snprintf(buf[2], 32, "%.4f", study.run_mean[i]);
      std::snprintf(buf[3], 32, "%.4f", study.run_sd[i]);
      csv.row({std::to_string(t), buf[0], buf[1], buf[2], buf[3]});
    }
    if (!csv_file.empty()) write_file_atomically(csv_file, csv.text());
    if (!html_file.empty()) {
      ReportInputs page;
      page.title = "evalsynth reliability: SCSA on modnim(" + std::to_string(setup.sticks) + "," +
                   std::to_string(setup.take) + "), model against runs";
      page.reliability_csv = csv.text();
      write_file_atomically(html_file, html_page(page));
    }
  }
  return 0;
}

}  // namespace evalsynth
