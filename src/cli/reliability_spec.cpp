// `evalsynth reliability SPEC`: the spec's hill-climber modelled by the
// chain (reliability/), printed by iteration and by comparison size, and
// checked against real runs of the spec.
#include "cli/reliability_spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "io/spec.hpp"
#include "reliability/class_model.hpp"
#include "reliability/hill_climb_runs.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "synthesis/synthesis.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
namespace {

constexpr int kSearchLimit = 20'000;  // iterations of the chain followed to its limit

void say(const std::string& line) {
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

std::string fixed(double value, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

// The spec's comparison sizes: the ones asked for, the spec's own first; by
// default a quarter, half and all of its training boards.
std::vector<std::size_t> comparison_sizes(std::vector<std::size_t> asked, std::size_t own) {
  if (asked.empty()) asked = {std::max<std::size_t>(1, own / 4), std::max<std::size_t>(1, own / 2)};
  for (std::size_t n : asked)
    if (n > own)
      throw UsageError("--boards " + std::to_string(n) + ": a comparison can use at most the spec's " +
                       std::to_string(own) + " training boards (write more training boards in the spec)");
  std::vector<std::size_t> sizes = {own};
  for (std::size_t n : asked)
    if (std::find(sizes.begin(), sizes.end(), n) == sizes.end()) sizes.push_back(n);
  return sizes;
}

struct ChainSummary {
  reliability::Prediction prediction;
  double converged_mean = 0, converged_sd = 0;
  int mean_time = -1;  // iterations until the expected strength settles; -1: not within the search
};

ChainSummary summarise(const reliability::StrengthChain& chain, int iterations) {
  ChainSummary s;
  s.prediction = reliability::predict(chain, iterations);
  // The paper's test (two successive iterations agree to k decimals) stops
  // at a turning point of a curve that falls first and climbs after, as a
  // climb from a strong seed does; settled here means: from then on within
  // half a unit of the third decimal of the limit.
  const reliability::Prediction far = reliability::predict(chain, kSearchLimit);
  s.converged_mean = far.mean.back();
  s.converged_sd = far.sd.back();
  s.mean_time = 0;
  for (int t = kSearchLimit; t >= 0; --t)
    if (std::abs(far.mean[static_cast<std::size_t>(t)] - s.converged_mean) >= 0.0005) {
      s.mean_time = t + 1;
      break;
    }
  if (s.mean_time >= kSearchLimit / 2) s.mean_time = -1;  // still moving: no limit within reach
  return s;
}

std::string time_text(int t) { return t < 0 ? "not within " + std::to_string(kSearchLimit / 2) : std::to_string(t); }

void print_classes(const reliability::ProgramSample& sample, const reliability::ClassModel& model) {
  const reliability::StrengthBins& bins = sample.bins;
  const double width = (bins.high - bins.low) / bins.classes;
  std::printf("%-6s %-17s %9s %8s %10s %12s\n", "class", "strength bin (%)", "mean (%)", "programs", "offspring",
              "stay (lambda)");
  for (std::size_t s = 0; s < model.occupied.size(); ++s) {
    const int b = model.occupied[s];
    std::printf("%-6d %7.2f - %7.2f %9.2f %8d %10d %12.2f\n", b + 1, bins.low + b * width, bins.low + (b + 1) * width,
                model.paper.strength[s], model.members[s], model.parents[s], model.lambda[s][s]);
  }
}

}  // namespace

std::vector<std::size_t> parse_board_counts(const std::string& text) {
  std::vector<std::size_t> counts;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string word = text.substr(from, comma - from);
    std::size_t n = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), n);
    if (word.empty() || error != std::errc() || end != word.data() + word.size() || n < 1 || n > 100'000)
      throw UsageError("--boards '" + text + "': give board counts from 1 to 100000, e.g. --boards 5,10,20");
    counts.push_back(n);
    from = comma + 1;
  }
  return counts;
}

int reliability_spec(ReliabilitySpecRequest r) {
  RunSpec spec = read_spec_file(r.spec_file);
  if (spec.algorithm != evolve::AlgorithmKind::HillClimb)
    throw UsageError(r.spec_file + ": reliability models the strict hill-climber, and this spec says algorithm = " +
                     std::string(evolve::algorithm_name(spec.algorithm)) +
                     "; write algorithm = hillclimb and population = 1 (its real runs are what the model is checked "
                     "against)");
  if (spec.strength_positions.empty())
    throw UsageError(r.spec_file +
                     ": reliability classes programs by their mistakes against perfect play: name strength-positions "
                     "(.analysis files) in the spec");
  for (const std::string& opponent : spec.opponents)
    if (parse_player_entry(opponent, true).kind == PlayerEntry::Kind::SelfPlay)
      throw UsageError(r.spec_file + ": opponent '" + opponent +
                       "' plays the run's own answer, so a comparison changes as the run goes; reliability models a "
                       "fixed comparison: name fixed opponents only");
  if (r.threads > 0) spec.threads = r.threads;
  const int iterations = r.iterations >= 0 ? r.iterations : spec.generations;
  if (static_cast<std::int64_t>(r.runs) * (iterations + 1) > 20'000'000)
    throw UsageError("--runs x --iterations is at most 20,000,000 (each run's strength by iteration is kept)");
  if (r.sample.boards.size() > 6) throw UsageError("--boards takes at most 6 comparison sizes");
  if (iterations > 100'000)
    throw UsageError(r.spec_file + ": the model follows at most 100,000 iterations; give --iterations");
  std::vector<FileRole> outputs;
  if (!r.csv_file.empty()) outputs.push_back({r.csv_file, "--csv"});
  if (!r.html_file.empty()) outputs.push_back({r.html_file, "--html"});
  check_outputs(outputs, spec.input_files());

  const Synthesis run(spec);  // reads and checks every input first
  const TaskSummary task = run.game().summary(RunGame::Task::Training);
  r.sample.boards = comparison_sizes(r.sample.boards, task.boards);
  // Each size's runs keep their strength by iteration.
  if (static_cast<std::int64_t>(r.runs) * (iterations + 1) * static_cast<std::int64_t>(r.sample.boards.size()) >
      20'000'000)
    throw UsageError(
        "--runs x --iterations x comparison sizes is at most 20,000,000 (each run's strength by iteration is kept)");
  std::printf(
      "# M2ICAL: the hill-climber of %s (%s); %d classes; %d first programs, %d walks of %d, %d offspring per "
      "class; strength: mistakes on %s at depth %d; %d runs of %d iterations; seed %llu\n",
      r.spec_file.c_str(), run.game().game_name().c_str(), r.sample.classes, r.sample.starts, r.sample.walks,
      r.sample.walk_length, r.sample.neighbours, spec.strength_positions.front().c_str(), spec.strength_depth, r.runs,
      iterations, static_cast<unsigned long long>(r.sample.seed));
  std::fflush(stdout);

  const reliability::ProgramSample sample = reliability::sample_programs(run, r.sample, say);
  std::printf("sampled programs: %zu distinct, %zu offspring drawn; strength %.2f%% to %.2f%%\n",
              sample.programs.size(), sample.view.offspring.size(), sample.bins.low, sample.bins.high);
  const Scoring scoring = spec.scoring;
  // Per comparison size: classes by strength (the paper's) and by the
  // comparison's own score.
  std::vector<reliability::ClassModel> by_strength, by_score;
  for (const std::vector<Fitness>& fitness : sample.fitness) {
    const reliability::Replaces replaces = [&](std::size_t a, std::size_t b) {
      return fitness[b].better_than(fitness[a], scoring);
    };
    by_strength.push_back(reliability::build_class_model(sample.view, sample.view.strength, sample.bins, replaces));
    std::vector<double> score;
    for (const Fitness& f : fitness) score.push_back(f.score(scoring));
    const auto [low, high] = std::minmax_element(score.begin(), score.end());
    by_score.push_back(reliability::build_class_model(sample.view, score, {*low, *high, r.sample.classes}, replaces));
  }
  print_classes(sample, by_strength.front());
  // A class none of whose sampled programs had an offspring drawn never
  // moves in the chain: few such classes, or a larger sample, keep it honest.
  auto unexpanded = [](const reliability::ClassModel& m) {
    return std::to_string(std::count(m.parents.begin(), m.parents.end(), 0)) + " of " +
           std::to_string(m.parents.size());
  };
  for (std::size_t k = 0; k < by_score.size(); ++k)
    std::printf(
        "classes without a sampled offspring (the chain cannot leave them) at %zu boards: strength %s, "
        "score %s\n",
        r.sample.boards[k], unexpanded(by_strength[k]).c_str(), unexpanded(by_score[k]).c_str());

  std::printf(
      "\nby comparison size, each chain's expected strength +- sd at T, converged, and iterations to converge:\n");
  std::printf("%-7s %-6s %-40s %-40s %-40s\n", "boards", "games", "strength classes, paper's chain",
              "strength classes, paired chain", "score classes");
  std::vector<ChainSummary> paper, paired, scored;
  for (std::size_t k = 0; k < by_strength.size(); ++k) {
    paper.push_back(summarise(by_strength[k].paper, iterations));
    paired.push_back(summarise(by_strength[k].paired, iterations));
    scored.push_back(summarise(by_score[k].paper, iterations));
    auto cell = [&](const ChainSummary& s) {
      return fixed(s.prediction.mean.back(), 2) + " +- " + fixed(s.prediction.sd.back(), 2) + " / " +
             fixed(s.converged_mean, 2) + " +- " + fixed(s.converged_sd, 2) + " / " + time_text(s.mean_time);
    };
    std::printf("%-7zu %-6d %-40s %-40s %-40s\n", r.sample.boards[k], sample.fitness[k].front().games,
                cell(paper.back()).c_str(), cell(paired.back()).c_str(), cell(scored.back()).c_str());
  }
  std::printf(
      "(T = %d; strength in %% of positions without a mistake; iterations: until the expected strength stays "
      "within 0.0005 of its limit)\n",
      iterations);

  // Real runs at every comparison size (the spec's own first: all boards).
  std::vector<reliability::HillClimbRuns> runs_by_size;
  for (std::size_t k = 0; k < r.sample.boards.size() && r.runs > 0; ++k)
    runs_by_size.push_back(
        reliability::run_hill_climbs(spec, k == 0 ? 0 : r.sample.boards[k], run, r.runs, iterations, spec.seed, say));
  const reliability::HillClimbRuns runs = r.runs > 0 ? runs_by_size.front() : reliability::HillClimbRuns{};
  std::printf("\n%-10s %20s %20s %20s %20s\n", "iteration", "paper's chain", "paired chain", "score classes", "runs");
  for (int t : {0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000}) {
    if (t > iterations) break;
    const auto i = static_cast<std::size_t>(t);
    std::printf("%-10d", t);
    for (const ChainSummary* c : {&paper[0], &paired[0], &scored[0]})
      std::printf(" %10.2f +- %6.2f", c->prediction.mean[i], c->prediction.sd[i]);
    if (r.runs > 0) std::printf(" %10.2f +- %6.2f", runs.mean[i], runs.sd[i]);
    std::printf("\n");
  }
  if (r.runs > 0) {
    std::printf("largest gap between a chain's expected strength and the runs' mean:");
    for (const auto& [name, c] : {std::pair{"paper's chain", &paper[0]}, std::pair{"paired chain", &paired[0]},
                                  std::pair{"score classes", &scored[0]}}) {
      double off = 0;
      for (int t = 0; t <= iterations; ++t)
        off = std::max(
            off, std::abs(c->prediction.mean[static_cast<std::size_t>(t)] - runs.mean[static_cast<std::size_t>(t)]));
      std::printf(" %s %.2f,", name, off);
    }
    std::printf(" points; the runs' mean has a standard error of %.2f points at T\n",
                runs.sd.back() / std::sqrt(static_cast<double>(r.runs)));
    std::printf(
        "\nat T = %d, by comparison size: each chain's expected strength against the runs' mean +- sd "
        "(standard error)\n",
        iterations);
    std::printf("%-7s %-6s %14s %14s %14s %24s\n", "boards", "games", "paper's chain", "paired chain", "score classes",
                "runs");
    for (std::size_t k = 0; k < runs_by_size.size(); ++k) {
      const reliability::HillClimbRuns& at = runs_by_size[k];
      std::printf("%-7zu %-6d %14.2f %14.2f %14.2f %10.2f +- %5.2f (%.2f)\n", r.sample.boards[k],
                  sample.fitness[k].front().games, paper[k].prediction.mean.back(), paired[k].prediction.mean.back(),
                  scored[k].prediction.mean.back(), at.mean.back(), at.sd.back(),
                  at.sd.back() / std::sqrt(static_cast<double>(r.runs)));
    }
  }

  if (!r.csv_file.empty() || !r.html_file.empty()) {
    std::vector<std::string> header = {"iteration", "model_mean", "model_sd", "paired_mean",
                                       "paired_sd", "score_mean", "score_sd"};
    if (r.runs > 0) header.insert(header.end(), {"runs_mean", "runs_sd"});
    std::string text;
    for (const std::string& h : header) text.append(text.empty() ? "" : ",").append(h);
    text += '\n';
    for (int t = 0; t <= iterations; ++t) {
      const auto i = static_cast<std::size_t>(t);
      text.append(std::to_string(t))
          .append(",")
          .append(fixed(paper[0].prediction.mean[i], 4))
          .append(",")
          .append(fixed(paper[0].prediction.sd[i], 4))
          .append(",")
          .append(fixed(paired[0].prediction.mean[i], 4))
          .append(",")
          .append(fixed(paired[0].prediction.sd[i], 4))
          .append(",")
          .append(fixed(scored[0].prediction.mean[i], 4))
          .append(",")
          .append(fixed(scored[0].prediction.sd[i], 4));
      if (r.runs > 0) text.append(",").append(fixed(runs.mean[i], 4)).append(",").append(fixed(runs.sd[i], 4));
      text += '\n';
    }
    if (!r.csv_file.empty()) write_file_atomically(r.csv_file, text);
    if (!r.html_file.empty()) {
      ReportInputs page;
      page.title = "evalsynth reliability: the hill-climber of " + r.spec_file + ", model against runs";
      page.reliability_csv = text;
      write_file_atomically(r.html_file, html_page(page));
    }
  }
  return 0;
}

}  // namespace evalsynth
