#include <cstdio>
#include <filesystem>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/folder_lock.hpp"
#include "synthesis/checkpoint_files.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

const char* const kStrengthHelp =
    "usage: evalsynth strength EVALUATOR --depth D[,D2,...] [--positions FILE ...] [options]\n"
    "\n"
    "Mistake rate against perfect play: on each position of Pons's analysed sets,\n"
    "the evaluator searches at each depth and its move is a mistake if another\n"
    "legal move has a strictly better value (win > draw > loss). Prints a table\n"
    "per set and overall.\n"
    "\n"
    "EVALUATOR: ibef, adate (ADATE-2005), a program file (.eval), or a run's\n"
    "answer: a checkpoint file (.ckpt) or run folder (population/NAME).\n"
    "\n"
    "Options:\n"
    "  --depth LIST       search depths, e.g. 1,3,5 or 1-7\n"
    "  --positions FILE   an .analysis file (repeatable; default: the four sets in\n"
    "                     ../shared/data/pons-benchmark/)\n"
    "  --order ORDER      how ties between equal moves are broken: random (default,\n"
    "                     the thesis's shuffle, seeded per position) or left-to-right\n"
    "  --seed S           seed of the tie-breaking (default 1)\n"
    "  --threads N        worker threads (results do not depend on it)\n"
    "  --csv FILE, --json FILE   also write the table\n";

namespace {

std::vector<int> parse_depths(const std::string& text) {
  std::vector<int> depths;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    try {
      std::size_t used = 0;
      const int first = std::stoi(item.substr(0, dash), &used);
      const int last = dash == std::string::npos ? first : std::stoi(item.substr(dash + 1));
      if (first < 1 || last > 20 || last < first || (dash == std::string::npos && used != item.size()))
        throw std::invalid_argument(item);
      for (int d = first; d <= last; ++d) depths.push_back(d);
    } catch (const std::exception&) {
      throw UsageError("--depth wants depths from 1 to 20 such as 1,3,5 or 1-7, not '" + item + "'");
    }
    start = comma + 1;
  }
  return depths;
}

}  // namespace

int strength_command(const Args& args) {
  // --positions may be repeated: gather them before the generic parser.
  std::vector<std::string> files, rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--positions") {
      if (i + 1 >= args.size()) throw UsageError("option '--positions' needs a value");
      files.push_back(args[++i]);
    } else if (args[i].rfind("--positions=", 0) == 0) {
      files.push_back(args[i].substr(12));
    } else {
      rest.push_back(args[i]);
    }
  }
  const Arguments a(rest, {{"depth"}, {"order"}, {"seed"}, {"threads"}, {"csv"}, {"json"}});
  if (a.positionals().size() != 1)
    throw UsageError("give exactly one evaluator (ibef, adate, a .eval file or a checkpoint)");
  if (!a.has("depth")) throw UsageError("say which depths: --depth 1,3,5 or --depth 1-7");
  const std::vector<int> depths = parse_depths(*a.value("depth"));
  const MoveOrder order =
      a.choice<MoveOrder>("order", {{"random", MoveOrder::Random}, {"left-to-right", MoveOrder::LeftToRight}});
  const auto seed = static_cast<std::uint64_t>(a.integer("seed", 1, 0, INT64_MAX));
  const int threads = static_cast<int>(a.integer("threads", 0, 1, 1024));
  if (files.empty())
    for (const char* set : {"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R2"})
      files.push_back(std::string("../shared/data/pons-benchmark/") + set + ".analysis");
  for (const char* output : {"csv", "json"})
    if (a.has(output)) check_writable(*a.value(output));

  const std::vector<Player> base =
      parse_player_list(a.positionals()[0] + (a.positionals()[0] == "random" ? "" : "@1"), read_evaluator_program);
  std::vector<std::vector<LabelledPosition>> sets;
  std::vector<std::string> names;
  for (const std::string& f : files) {
    sets.push_back(read_analysis_file(f));
    names.push_back(std::filesystem::path(f).stem().string());
  }

  std::printf("# mistake rate of %s against perfect play (%s tie-breaking, seed %llu)\n", a.positionals()[0].c_str(),
              order == MoveOrder::Random ? "random" : "left-to-right", static_cast<unsigned long long>(seed));
  std::printf("%-8s", "depth");
  for (const std::string& n : names) std::printf(" %12s", n.c_str());
  std::printf(" %12s\n", "all");
  std::string csv = "evaluator,depth,set,positions,mistakes,mistake_rate\n";
  std::string json = "{\n  \"evaluator\": \"" + a.positionals()[0] + "\",\n  \"results\": [";
  bool first_json = true;
  for (int depth : depths) {
    Player player = base.front();
    player.depth = depth;
    std::printf("%-8d", depth);
    StrengthResult all;
    auto record = [&](const std::string& set, const StrengthResult& r) {
      char rate[32];
      std::snprintf(rate, sizeof rate, "%.4f", r.rate());
      csv += a.positionals()[0] + "," + std::to_string(depth) + "," + set + "," + std::to_string(r.positions) + "," +
             std::to_string(r.mistakes) + "," + rate + "\n";
      json += std::string(first_json ? "" : ",") + "\n    {\"depth\": " + std::to_string(depth) + ", \"set\": \"" +
              set + "\", \"positions\": " + std::to_string(r.positions) +
              ", \"mistakes\": " + std::to_string(r.mistakes) + "}";
      first_json = false;
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
  if (a.has("csv")) write_file_atomically(*a.value("csv"), csv);
  if (a.has("json")) write_file_atomically(*a.value("json"), json + "\n  ]\n}\n");
  return 0;
}

}  // namespace evalsynth
