// `evalsynth keys`: every key of run and learning specs, from the one table
// that declares them (support/spec_keys.cpp) and that the readers, the run's
// hash and specs/README.md are checked against.

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "support/error.hpp"
#include "support/spec_keys.hpp"
#include "support/suggest.hpp"

namespace evalsynth {

const char* const kKeysHelp =
    "usage: evalsynth keys [--kind run|learn] [KEY ...]\n"
    "\n"
    "Lists the keys of spec files: run specs (evalsynth run) and learning specs\n"
    "(evalsynth learn). For each: what it takes (a whole number's range), its\n"
    "default (per game or learner where that differs), whether it enters the\n"
    "run's hash (what names a run's results and lets a checkpoint resume:\n"
    "threads, folders and checkpointing do not), and what it does.\n"
    "specs/README.md says more about each.\n"
    "\n"
    "Options:\n"
    "  --kind K     only the keys of run or of learning specs\n"
    "  KEY ...      only these keys (an unknown one is an error)\n";

namespace {

void print_key(const SpecKey& key) {
  const char* kinds = key.in(SpecKind::Run) && key.in(SpecKind::Learn) ? "run and learning specs"
                      : key.in(SpecKind::Run)                          ? "run specs"
                                                                       : "learning specs";
  std::string takes(key.takes);
  if (key.whole_number())
    takes += " from " + std::to_string(key.min) +
             (key.max == SpecKey::kUnbounded ? " up" : " to " + std::to_string(key.max));
  std::printf("%s  (%s%s)\n    %s\n    takes %s; default %s\n", std::string(key.name).c_str(), kinds,
              key.in_hash ? "" : "; not in the hash", std::string(key.help).c_str(), takes.c_str(),
              std::string(key.default_value).c_str());
}

}  // namespace

namespace {
enum class Kind { Both, Run, Learn };
constexpr std::pair<std::string_view, Kind> kKinds[] = {{"run", Kind::Run}, {"learn", Kind::Learn}};
}  // namespace

int keys_command(const Args& args) {
  Kind kind = Kind::Both;
  std::vector<std::string> names;
  CommandLine command;
  command.choice("kind", kind, kKinds);
  command.positionals(names, 0, 1000, "spec keys");
  command.parse(args);
  std::vector<std::string> known;
  for (const SpecKey& key : spec_keys()) known.emplace_back(key.name);
  for (const std::string& name : names)
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      const std::string guess = closest_match(name, known);
      throw UsageError("no spec key '" + name + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
    }
  for (const SpecKey& key : spec_keys()) {
    if (kind == Kind::Run && !key.in(SpecKind::Run)) continue;
    if (kind == Kind::Learn && !key.in(SpecKind::Learn)) continue;
    if (!names.empty() && std::find(names.begin(), names.end(), key.name) == names.end()) continue;
    print_key(key);
  }
  return 0;
}

}  // namespace evalsynth
