#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "io/csv.hpp"
#include "io/html_report.hpp"
#include "io/json.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

const char* const kStrengthHelp =
    "usage: evalsynth strength EVALUATOR --depth D[,D2,...] [--positions FILE ...] [options]\n"
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
    "Options:\n"
    "  --depth LIST       search depths, e.g. 1,3,5 or 1-7\n"
    "  --positions FILE   an .analysis file (repeatable; default:\n"
    "                     specs/positions/test.analysis, made by evalsynth positions)\n"
    "  --order ORDER      how ties between equal moves are broken: random (default,\n"
    "                     the thesis's shuffle, seeded per position) or left-to-right\n"
    "  --seed S           seed of the tie-breaking (default 1)\n"
    "  --threads N        worker threads (results do not depend on it)\n"
    "  --csv FILE, --json FILE   also write the table\n"
    "  --html FILE        also write a page with the mistake rate by depth drawn\n";

int strength_command(const Args& args) {
  std::vector<std::string> evaluator, files;
  std::string depth_text, csv_file, json_file, html_file;
  MoveOrder order = MoveOrder::Random;
  std::uint64_t seed = 1;
  int threads = 0;
  CommandLine command;
  command.positionals(evaluator, 1, 1, "give exactly one evaluator (ibef, adate, a .eval file or a checkpoint)");
  command.texts("positions", files);
  command.text("depth", depth_text);
  command.choice("order", order, kMoveOrderWords);
  command.integer("seed", seed, 0, INT64_MAX);
  command.integer("threads", threads, 1, 1024);
  command.text("csv", csv_file);
  command.text("json", json_file);
  command.text("html", html_file);
  command.parse(args);
  if (!command.given("depth")) throw UsageError("say which depths: --depth 1,3,5 or --depth 1-7");
  const std::vector<int> depths = parse_depth_list(depth_text);
  if (files.empty()) files.push_back("specs/positions/test.analysis");
  std::vector<FileRole> outputs, inputs;
  if (std::filesystem::exists(evaluator[0])) inputs.push_back({evaluator[0], "the evaluator"});
  if (command.given("csv")) outputs.push_back({csv_file, "--csv"});
  if (command.given("json")) outputs.push_back({json_file, "--json"});
  if (command.given("html")) outputs.push_back({html_file, "--html"});
  for (const std::string& f : files) inputs.push_back({f, "a --positions file"});
  check_outputs(outputs, inputs);
  const std::string& name = evaluator[0];
  const std::vector<Player> base = parse_player_list(name + (name == "random" ? "" : "@1"), read_evaluator_program);
  std::vector<std::vector<LabelledPosition>> sets;
  std::vector<std::string> names;
  for (const std::string& f : files) {
    sets.push_back(read_analysis_file(f));
    names.push_back(std::filesystem::path(f).stem().string());
  }

  std::printf("# mistake rate of %s against perfect play (%s tie-breaking, seed %llu)\n", name.c_str(),
              order == MoveOrder::Random ? "random" : "left-to-right", static_cast<unsigned long long>(seed));
  std::printf("%-8s", "depth");
  for (const std::string& n : names) std::printf(" %12s", n.c_str());
  std::printf(" %12s\n", "all");
  CsvWriter csv({"evaluator", "depth", "set", "positions", "mistakes", "mistake_rate"});
  Json results = Json::array();
  for (int depth : depths) {
    Player player = base.front();
    player.depth = depth;
    std::printf("%-8d", depth);
    StrengthResult all;
    auto record = [&](const std::string& set, const StrengthResult& r) {
      char rate[32];
      std::snprintf(rate, sizeof rate, "%.4f", r.rate());
      csv.row({name, std::to_string(depth), set, std::to_string(r.positions), std::to_string(r.mistakes), rate});
      results.push_back({{"depth", depth}, {"set", set}, {"positions", r.positions}, {"mistakes", r.mistakes}});
    };
    for (std::size_t s = 0; s < sets.size(); ++s) {
      const StrengthResult r = measure_strength(player, sets[s], order, seed, threads);
      std::printf(" %11.1f%%", 100.0 * r.rate());
      std::fflush(stdout);
      all.positions += r.positions;
      all.mistakes += r.mistakes;
      record(names[s], r);
    }
    record("all", all);
    std::printf(" %11.1f%%\n", 100.0 * all.rate());
  }
  if (command.given("csv")) write_file_atomically(csv_file, csv.text());
  if (command.given("html")) {
    ReportInputs page;
    page.title = "evalsynth strength: " + name + " against perfect play";
    page.strength_csv[std::filesystem::path(name).stem().string()] = csv.text();
    write_file_atomically(html_file, html_page(page));
  }
  if (command.given("json")) write_file_atomically(json_file, json_text({{"evaluator", name}, {"results", results}}));
  return 0;
}

}  // namespace evalsynth
