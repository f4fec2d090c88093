#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "io/json.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/statistics.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/labelled.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

const char* const kStrengthHelp =
    "usage: evalsynth strength EVALUATOR --depth D[,D2,...] [--positions FILE ...] [--versus OTHER]\n"
    "                          [options]\n"
    "\n"
    "Mistake rate against perfect play: on each labelled position (by default the\n"
    "project's test set, specs/positions/test.analysis; Pons's .analysis files\n"
    "work too) the evaluator searches at each depth, and its move is a mistake if\n"
    "another legal move has a strictly better value (win > draw > loss). Prints a\n"
    "table per set and overall.\n"
    "\n"
    "EVALUATOR: ibef, adate (ADATE-2005), a program file (.eval), a run's\n"
    "answer: a checkpoint file (.ckpt) or run folder (population/NAME), or a\n"
    "trained model (results/NAME/model.bin, from evalsynth learn).\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
    "  --depth LIST       search depths, e.g. 1,3,5 or 1-7\n"
    "  --positions FILE   labelled positions (repeatable; default: the game's test\n"
    "                     set, specs/positions/test.analysis for Connect4, made by\n"
    "                     evalsynth positions; other games' in specs/positions/GAME/)\n"
    "  --order ORDER      how ties between equal moves are broken: random (default,\n"
    "                     the thesis's shuffle, seeded per position) or left-to-right\n"
    "  --seed S           seed of the tie-breaking (default 1)\n"
    "  --threads N        worker threads (results do not depend on it)\n"
    "  --versus OTHER     also measure OTHER on the same positions and compare:\n"
    "                     McNemar's exact test on the positions where only one\n"
    "                     of the two errs (\"fewer mistakes\" only where p < 0.05)\n"
    "  --csv FILE, --json FILE   also write the table\n"
    "  --html FILE        also write a page with the mistake rate by depth drawn\n"
    "\n"
    "Each rate comes with its 95% confidence interval (Wilson's).\n";

namespace {

struct StrengthRequest {
  std::string name, versus;
  std::vector<std::string> files;
  std::vector<int> depths;
  MoveOrder order = MoveOrder::Random;
  std::uint64_t seed = 1;
  int threads = 0;
  std::string csv_file, json_file, html_file;
};

template <Game G>
int measure(const G& game, const StrengthRequest& r) {
  const std::string& name = r.name;
  const std::vector<Player<G>> base =
      parse_player_list(game, name + (name == "random" ? "" : "@1"), read_evaluator_program);
  std::vector<std::vector<LabelledOf<G>>> sets;
  std::vector<std::string> names;
  for (const std::string& f : r.files) {
    sets.push_back(read_labelled_positions(game, f));
    names.push_back(std::filesystem::path(f).stem().string());
  }
  std::vector<StrengthResult> per_depth[2];  // each evaluator's, over all sets, by depth

  std::vector<Player<G>> evaluators = {base.front()};
  if (!r.versus.empty())
    evaluators.push_back(
        parse_player_list(game, r.versus + (r.versus == "random" ? "" : "@1"), read_evaluator_program).front());
  const auto table = [] {
    return CsvWriter({"evaluator", "depth", "set", "positions", "mistakes", "mistake_rate", "rate_low", "rate_high"});
  };
  CsvWriter csv = table();
  std::vector<CsvWriter> own_csv(evaluators.size(), table());  // each evaluator's rows, for the page
  Json results = Json::array(), comparisons = Json::array();
  for (std::size_t e = 0; e < evaluators.size(); ++e) {
    const std::string& label = e == 0 ? name : r.versus;
    // The game is named where it is not the default one (Connect4's tables
    // read as they always have).
    const std::string in_game = G::kFamily == kDefaultFamily ? "" : " in " + game.name();
    std::printf("%s# mistake rate of %s%s against perfect play (%s tie-breaking, seed %llu), with its 95%% interval\n",
                e ? "\n" : "", label.c_str(), in_game.c_str(),
                r.order == MoveOrder::Random ? "random" : "left-to-right", static_cast<unsigned long long>(r.seed));
    std::printf("%-8s", "depth");
    for (const std::string& n : names) std::printf(" %22s", n.c_str());
    std::printf(" %22s\n", "all");
    for (std::size_t d = 0; d < r.depths.size(); ++d) {
      Player<G> player = evaluators[e];
      player.depth = r.depths[d];
      std::printf("%-8d", player.depth);
      StrengthResult all;
      auto record = [&](const std::string& set, const StrengthResult& result) {
        const stats::Interval ci = stats::wilson_interval(static_cast<std::uint64_t>(result.mistakes),
                                                          static_cast<std::uint64_t>(std::max(1, result.positions)));
        char rate[32], low[32], high[32];
        std::snprintf(rate, sizeof rate, "%.4f", result.rate());
        std::snprintf(low, sizeof low, "%.4f", ci.low);
        std::snprintf(high, sizeof high, "%.4f", ci.high);
        const std::string depth_text = std::to_string(player.depth), positions = std::to_string(result.positions),
                          mistakes = std::to_string(result.mistakes);
        for (CsvWriter* out : {&csv, &own_csv[e]})
          out->row({label, depth_text, set, positions, mistakes, rate, low, high});
        results.push_back({{"evaluator", label},
                           {"depth", player.depth},
                           {"set", set},
                           {"positions", result.positions},
                           {"mistakes", result.mistakes},
                           {"rate_low", ci.low},
                           {"rate_high", ci.high}});
        std::printf(" %6.1f%% [%5.1f, %5.1f]", 100.0 * result.rate(), 100.0 * ci.low, 100.0 * ci.high);
        std::fflush(stdout);
      };
      for (std::size_t s = 0; s < sets.size(); ++s) {
        const StrengthResult result = measure_strength(game, player, sets[s], r.order, r.seed, r.threads);
        all.positions += result.positions;
        all.mistakes += result.mistakes;
        all.mistaken.insert(all.mistaken.end(), result.mistaken.begin(), result.mistaken.end());
        record(names[s], result);
      }
      record("all", all);
      std::printf("\n");
      per_depth[e].push_back(std::move(all));
    }
  }
  if (evaluators.size() == 2) {
    std::printf("\n# %s against %s on the same positions: McNemar's exact test on the positions where one errs\n",
                name.c_str(), r.versus.c_str());
    for (std::size_t d = 0; d < r.depths.size(); ++d) {
      const std::vector<std::uint8_t>&a = per_depth[0][d].mistaken, &b = per_depth[1][d].mistaken;
      std::uint64_t only_a = 0, only_b = 0;
      for (std::size_t i = 0; i < a.size(); ++i) {
        only_a += a[i] && !b[i];
        only_b += b[i] && !a[i];
      }
      const double p = stats::sign_test_p(only_a, only_b);
      const std::string verdict = p >= stats::kSignificance ? "no significant difference"
                                  : only_a < only_b         ? name + " makes fewer mistakes"
                                                            : r.versus + " makes fewer mistakes";
      std::printf("depth %d: %llu mistakes against %llu; %s alone errs on %llu positions, %s alone on %llu: %s, %s\n",
                  r.depths[d], static_cast<unsigned long long>(per_depth[0][d].mistakes),
                  static_cast<unsigned long long>(per_depth[1][d].mistakes), name.c_str(),
                  static_cast<unsigned long long>(only_a), r.versus.c_str(), static_cast<unsigned long long>(only_b),
                  stats::p_text(p).c_str(), verdict.c_str());
      comparisons.push_back({{"depth", r.depths[d]},
                             {"only_first_errs", only_a},
                             {"only_second_errs", only_b},
                             {"p", p},
                             {"verdict", verdict}});
    }
  }
  if (!r.csv_file.empty()) write_file_atomically(r.csv_file, csv.text());
  if (!r.html_file.empty()) {
    ReportInputs page;
    page.title = "evalsynth strength: " + name + " against perfect play";
    // Each evaluator its curve, named by its file's stem (the whole label
    // where the stems are the same, and "(versus)" for the same label twice).
    std::vector<std::string> keys = {std::filesystem::path(name).stem().string()};
    if (!r.versus.empty()) {
      keys.push_back(std::filesystem::path(r.versus).stem().string());
      if (keys[1] == keys[0]) keys = {name, r.versus};
      if (keys[1] == keys[0]) keys[1] += " (versus)";
    }
    for (std::size_t e = 0; e < evaluators.size(); ++e) page.strength_csv[keys[e]] = own_csv[e].text();
    write_file_atomically(r.html_file, html_page(page));
  }
  if (!r.json_file.empty()) {
    Json doc = {{"evaluator", name}, {"results", results}};
    if (!r.versus.empty()) {
      doc["versus"] = r.versus;
      doc["comparisons"] = comparisons;
    }
    write_file_atomically(r.json_file, json_text(doc));
  }
  return 0;
}

}  // namespace

int strength_command(const Args& args) {
  std::vector<std::string> evaluator;
  std::string depth_text, game_name;
  StrengthRequest r;
  CommandLine command;
  command.positionals(evaluator, 1, 1, "give exactly one evaluator (ibef, adate, a .eval file or a checkpoint)");
  command.texts("positions", r.files);
  command.text("depth", depth_text);
  command.text("game", game_name);
  command.choice("order", r.order, kMoveOrderWords);
  command.integer("seed", r.seed, 0, INT64_MAX);
  command.integer("threads", r.threads, 1, 1024);
  command.text("csv", r.csv_file);
  command.text("json", r.json_file);
  command.text("html", r.html_file);
  command.text("versus", r.versus);
  command.parse(args);
  if (!command.given("depth")) throw UsageError("say which depths: --depth 1,3,5 or --depth 1-7");
  r.depths = parse_depth_list(depth_text);
  r.name = evaluator[0];
  std::vector<std::string> named = r.files;
  if (std::filesystem::exists(r.name)) named.push_back(r.name);
  if (!r.versus.empty() && std::filesystem::exists(r.versus)) named.push_back(r.versus);
  const GameDescriptor game = command_game(game_name, named);
  if (r.files.empty()) r.files.push_back(default_test_positions(game));
  std::vector<FileRole> outputs, inputs;
  if (std::filesystem::exists(r.name)) inputs.push_back({r.name, "the evaluator"});
  if (!r.versus.empty() && std::filesystem::exists(r.versus)) inputs.push_back({r.versus, "the --versus evaluator"});
  if (command.given("csv")) outputs.push_back({r.csv_file, "--csv"});
  if (command.given("json")) outputs.push_back({r.json_file, "--json"});
  if (command.given("html")) outputs.push_back({r.html_file, "--html"});
  for (const std::string& f : r.files) {
    std::error_code ignored;
    if (!std::filesystem::exists(f, ignored))
      throw InputError(TextLocation{f, 1, 1},
                       "no such positions file; name a set with --positions FILE, or make the game's training, "
                       "validation and test sets with: " +
                           make_sets_command(game.text(), f));
    inputs.push_back({f, "a --positions file"});
  }
  check_outputs(outputs, inputs);
  return with_game(game, [&](const auto& g) { return measure(g, r); });
}

}  // namespace evalsynth
