// evalsynth: synthesizes board evaluators by automatic programming.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "cli/commands.hpp"
#include "cluster/cluster.hpp"
#include "cluster/item_cluster.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/suggest.hpp"
#include "support/worker_threads.hpp"

namespace {

constexpr const char* kVersion = "0.1.0";

constexpr const char* kUsage =
    "usage: evalsynth COMMAND [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  run        evolve an evaluator as a spec file says\n"
    "  resume     continue a stopped run from its checkpoint\n"
    "  inspect    summarise a checkpoint (or dump it as JSON)\n"
    "  export     write an evaluator as a standalone C++ header (and player)\n"
    "  match      play games between evaluators and print the cross-table\n"
    "  ratings    Elo ratings with intervals of every player of saved matches\n"
    "  experiment  run specs over several seeds and compare their answers\n"
    "  check      parse an evaluator program, show its canonical form and value\n"
    "  strength   mistake rate against perfect play on labelled positions\n"
    "  solve      solve positions exactly (perfect play), or analyse every move\n"
    "  positions  make a labelled position set (solver-analysed, deduplicated)\n"
    "  learn      train a learned evaluator (TD(lambda), n-tuples, linear, FABLE)\n"
    "  stages     join two Connect4 n-tuple networks into one split by stage\n"
    "  minesweeper  FABLE's minesweeper experiment: random or FABLE, by blocks\n"
    "  reliability  M2ICAL: how far a noisy-comparison search can be trusted\n"
    "  play       play against any player in the terminal\n"
    "  report     the HTML page of a run: curves, answer, cross-table\n"
    "  bench      time the thesis's fitness workload (games/s, nodes/s)\n"
    "  games      the games, their parameters, players, solver and defaults\n"
    "  players    a game's built-in players (--program: their programs)\n"
    "  keys       the keys of run and learning specs: range, default, help\n"
    "  perft      count move sequences of N moves (checks a move generator)\n"
    "  store      the store of solved Connect4 positions: info, merge\n"
    "  help       show help for a command: evalsynth help match\n"
    "\n"
    "Options: --help, --version. Every command also takes --no-jit: evolved\n"
    "programs then run in the interpreter instead of native code (the same\n"
    "results, slower; native code needs x86-64 and asmjit). Under mpirun,\n"
    "match, strength, solve, positions and learn also take --worker-timeout S:\n"
    "a rank silent for S seconds ends the job, naming it (default: no limit).\n";

struct Command {
  const char* name;
  int (*run)(const evalsynth::Args&);
  const char* const* help;
};

const Command kCommands[] = {
    {"run", evalsynth::run_command, &evalsynth::kRunHelp},
    {"resume", evalsynth::resume_command, &evalsynth::kResumeHelp},
    {"inspect", evalsynth::inspect_command, &evalsynth::kInspectHelp},
    {"export", evalsynth::export_command, &evalsynth::kExportHelp},
    {"match", evalsynth::match_command, &evalsynth::kMatchHelp},
    {"ratings", evalsynth::ratings_command, &evalsynth::kRatingsHelp},
    {"experiment", evalsynth::experiment_command, &evalsynth::kExperimentHelp},
    {"check", evalsynth::check_command, &evalsynth::kCheckHelp},
    {"strength", evalsynth::strength_command, &evalsynth::kStrengthHelp},
    {"solve", evalsynth::solve_command, &evalsynth::kSolveHelp},
    {"positions", evalsynth::positions_command, &evalsynth::kPositionsHelp},
    {"learn", evalsynth::learn_command, &evalsynth::kLearnHelp},
    {"stages", evalsynth::stages_command, &evalsynth::kStagesHelp},
    {"minesweeper", evalsynth::minesweeper_command, &evalsynth::kMinesweeperHelp},
    {"reliability", evalsynth::reliability_command, &evalsynth::kReliabilityHelp},
    {"play", evalsynth::play_command, &evalsynth::kPlayHelp},
    {"report", evalsynth::report_command, &evalsynth::kReportHelp},
    {"bench", evalsynth::bench_command, &evalsynth::kBenchHelp},
    {"games", evalsynth::games_command, &evalsynth::kGamesHelp},
    {"players", evalsynth::players_command, &evalsynth::kPlayersHelp},
    {"keys", evalsynth::keys_command, &evalsynth::kKeysHelp},
    {"perft", evalsynth::perft_command, &evalsynth::kPerftHelp},
    {"store", evalsynth::store_command, &evalsynth::kStoreHelp},
};

const Command* find_command(const std::string& name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

int unknown_command(const std::string& name) {
  std::vector<std::string> names;
  for (const Command& c : kCommands) names.emplace_back(c.name);
  const std::string guess = evalsynth::closest_match(name, names);
  std::fprintf(stderr, "evalsynth: error: unknown command '%s'%s\n%s", name.c_str(),
               guess.empty() ? "" : ("; did you mean '" + guess + "'?").c_str(), kUsage);
  return 2;
}

}  // namespace

// The commands whose long work goes over the ranks of an mpirun item by
// item (cluster/item_cluster.hpp): every rank runs them.
bool spreads_items(const std::string& command) {
  for (const char* name : {"match", "strength", "solve", "positions", "learn"})
    if (command == name) return true;
  return false;
}

// `--worker-timeout S` (or =S) of the commands that spread items, taken out
// of their arguments by every rank before the command reads them: the
// seconds rank 0 waits for a worker's next chunk (cluster/item_cluster.hpp).
// Throws UsageError.
evalsynth::Args take_worker_timeout(const evalsynth::Args& args) {
  evalsynth::Args rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (args[i] == "--worker-timeout") {
      if (i + 1 == args.size()) throw evalsynth::UsageError("option '--worker-timeout' needs a value");
      value = args[++i];
    } else if (args[i].starts_with("--worker-timeout=")) {
      value = args[i].substr(17);
    } else {
      rest.push_back(args[i]);
      continue;
    }
    char* end = nullptr;
    const long seconds = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || seconds < 1 || seconds > 1000000)
      throw evalsynth::UsageError("option '--worker-timeout' takes whole seconds from 1 to 1000000, not '" + value +
                                  "'");
    evalsynth::cluster::set_item_worker_timeout(static_cast<int>(seconds));
  }
  return rest;
}

// Runs a command as rank 0 (or alone): its errors printed, its exit code.
int run_command(const Command& command, const evalsynth::Args& rest) {
  try {
    if (spreads_items(command.name)) return command.run(take_worker_timeout(rest));
    return command.run(rest);
  } catch (const evalsynth::UsageError& e) {
    std::fprintf(stderr, "evalsynth %s: error: %s\nTry 'evalsynth %s --help'.\n", command.name, e.what(), command.name);
    return 2;
  } catch (const evalsynth::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    // Exit 1 for a bad input file; an error located in an option's value
    // (--position:1:3) is a bad command line, exit 2 as UsageError's.
    return e.where().source.starts_with("--") ? 2 : 1;
  } catch (const evalsynth::cluster::RankFailed& e) {
    std::fprintf(stderr, "evalsynth %s: error: %s\n", command.name, e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "evalsynth %s: internal error: %s\n", command.name, e.what());
    return 3;
  }
}

// The other processes of an mpirun say nothing: rank 0 prints every
// message, once. They serve rank 0's run, or run the same command with it,
// writing nothing, and compute their share of its items.
int serve_as_worker(const evalsynth::Args& all) {
  if (all.empty()) return 0;
  const evalsynth::Args rest(all.begin() + 1, all.end());
  try {
    if (all[0] == "run") return evalsynth::run_worker(rest);
    if (all[0] == "resume") return evalsynth::resume_worker(rest);
  } catch (const std::exception&) {
    return 1;
  }
  const Command* command = find_command(all[0]);
  if (!command || !spreads_items(command->name)) return 0;  // the other commands are rank 0's alone
  for (const std::string& a : rest)
    if (a == "--help" || a == "-h") return 0;
  if (!std::freopen("/dev/null", "w", stdout) || !std::freopen("/dev/null", "w", stderr)) return 1;
  evalsynth::set_file_writes(false);
  // Rank 0's exit code is the job's: a worker's failure is told to rank 0,
  // which fails with it if it still needs that worker's items. After the
  // last items it does not: a worker reading back an output that only rank
  // 0 wrote (a report made from the files) ends there, and the job with
  // rank 0.
  try {
    (void)command->run(take_worker_timeout(rest));
  } catch (const evalsynth::cluster::ItemWorkStopped&) {
  } catch (const std::exception& e) {
    evalsynth::cluster::report_item_failure(e.what());
  }
  return 0;
}

// `--threads N` (or =N) as given, 0 when absent or not a number (the
// command itself refuses that).
int threads_argument(const evalsynth::Args& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (args[i] == "--threads" && i + 1 < args.size())
      value = args[i + 1];
    else if (args[i].starts_with("--threads="))
      value = args[i].substr(10);
    else
      continue;
    char* end = nullptr;
    const long threads = std::strtol(value.c_str(), &end, 10);
    return !value.empty() && *end == '\0' && threads > 0 && threads <= 1024 ? static_cast<int>(threads) : 0;
  }
  return 0;
}

int main(int argc, char** argv) {
  const evalsynth::cluster::Cluster cluster(argc, argv);
  const evalsynth::Args all(argv + 1, argv + argc);
  // Every process, before any work and before a worker falls silent: more
  // threads than cores to run them on (mpirun's binding) is said at once.
  // A spec's `threads` key is checked where the work starts (worker_threads).
  if (const int threads = threads_argument(all); threads > 0)
    evalsynth::warn_if_threads_beyond_cores(
        threads, cluster.size() > 1 ? "rank " + std::to_string(cluster.rank()) + ": " : std::string());
  // Only the commands every rank runs spread items: under `run` the workers
  // serve rank 0's fitness work (and its strength measurements) instead,
  // and an item call would wait for ever for ranks that never make it.
  evalsynth::cluster::ClusterItemSpreader spreader;
  if (cluster.size() > 1 && !all.empty() && spreads_items(all[0])) evalsynth::install_item_spreader(&spreader);
  if (!cluster.is_first()) return serve_as_worker(all);
  if (all.empty() || all[0] == "--help" || all[0] == "-h") {
    std::fputs(kUsage, all.empty() ? stderr : stdout);
    return all.empty() ? 2 : 0;
  }
  if (all[0] == "--version") {
    std::printf("evalsynth %s, built %s\n", kVersion, evalsynth::cluster::Cluster::build_description().c_str());
    return 0;
  }
  if (all[0] == "help") {
    if (all.size() < 2) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const Command* c = find_command(all[1]);
    if (!c) return unknown_command(all[1]);
    std::fputs(*c->help, stdout);
    return 0;
  }
  const Command* command = find_command(all[0]);
  if (!command) return unknown_command(all[0]);
  const evalsynth::Args rest(all.begin() + 1, all.end());
  for (const std::string& a : rest) {
    if (a == "--help" || a == "-h") {
      std::fputs(*command->help, stdout);
      return 0;
    }
  }
  const int code = run_command(*command, rest);
  // A hung worker would never end: the job ends here, the error said.
  if (evalsynth::cluster::item_worker_lost()) {
    std::fflush(stdout);
    std::fflush(stderr);
    evalsynth::cluster::abort_job();
  }
  // Workers still waiting for this command's items stop with it.
  if (code != 0 && cluster.size() > 1 && spreads_items(command->name)) evalsynth::cluster::stop_item_workers();
  return code;
}
