// `evalsynth store`: what the store of solved Connect4 positions holds
// (games/connect4/solved_store.hpp), and merging stores made apart.

#include <array>
#include <cstdio>
#include <filesystem>
#include <map>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "games/connect4/solved_store.hpp"
#include "games/connect4/store_file.hpp"
#include "support/error.hpp"
#include "support/files.hpp"

namespace evalsynth {

const char* const kStoreHelp =
    "usage: evalsynth store info [FILE]\n"
    "       evalsynth store merge INTO FROM [FROM ...]\n"
    "\n"
    "The store of solved Connect4 positions: every exact score and value class\n"
    "the solver finds (solve, positions, strength, the labelling of learn and\n"
    "run) is kept there, keyed by the position (mirror images once), and read\n"
    "first by every later command, so nothing is solved twice. Positions of up\n"
    "to 32 stones are kept. Values are exact either way: results never depend\n"
    "on the store, only node counts and times do.\n"
    "\n"
    "The file: the environment variable EVALSYNTH_STORE names it (`off`: no\n"
    "store), else $XDG_CACHE_HOME/evalsynth/connect4.store, else\n"
    "~/.cache/evalsynth/connect4.store. Processes and MPI ranks share it: each\n"
    "appends what it learned under a lock, every 16384 positions or minute and\n"
    "at its end. A process killed mid-write leaves a torn tail, which readers\n"
    "drop and the next writer cuts off; nothing earlier is lost.\n"
    "\n"
    "  info [FILE]   its size, positions (exact scores, classes only), the\n"
    "                plies they cover, and the hit rate of the lookups every\n"
    "                process made of it (default FILE: the store named above)\n"
    "  merge INTO FROM...\n"
    "                appends to the store INTO what the stores FROM hold and\n"
    "                it does not (INTO is created if missing)\n";

namespace {

struct StoreContents {
  std::vector<connect4::StoredValue> entries;
  connect4::StoreScan scan;
  std::size_t bytes = 0;
};

StoreContents read_store(const std::string& path) {
  if (!std::filesystem::is_regular_file(path))
    throw InputError(TextLocation{path}, "no store of solved positions here (no such file)");
  const std::string bytes = read_file_prefix(path, "store of solved positions", std::size_t{1} << 28);
  StoreContents contents;
  contents.bytes = bytes.size();
  contents.scan = connect4::scan_store_frames(bytes, 0, path,
                                              [&](const connect4::StoredValue& e) { contents.entries.push_back(e); });
  return contents;
}

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

int store_info(const std::string& path) {
  const StoreContents contents = read_store(path);
  // Later frames tell more of a key (an exact score after a class): count each key once.
  std::map<std::uint64_t, std::int8_t> values;
  for (const connect4::StoredValue& e : contents.entries) {
    auto [at, added] = values.emplace(e.key, e.value);
    if (!added && connect4::is_exact(e.value)) at->second = e.value;
  }
  std::array<std::uint64_t, 64> by_stones{};  // a key's stones: 0-42
  std::uint64_t exact = 0;
  for (const auto& [key, value] : values) {
    ++by_stones[static_cast<std::size_t>(connect4::stones_of_key(key))];
    exact += connect4::is_exact(value);
  }
  std::printf("store: %s\n", path.c_str());
  std::printf("size: %s bytes in %zu frames", thousands(contents.bytes).c_str(), contents.scan.frames);
  if (contents.scan.torn_bytes > 0)
    std::printf(" (and a torn tail of %zu bytes, a writer killed mid-frame: dropped)", contents.scan.torn_bytes);
  std::printf("\npositions: %s (exact scores %s, value classes only %s)\n", thousands(values.size()).c_str(),
              thousands(exact).c_str(), thousands(values.size() - exact).c_str());
  std::string plies;
  for (std::size_t s = 0; s < by_stones.size(); ++s)
    if (by_stones[s] > 0) plies += (plies.empty() ? "" : ", ") + std::to_string(s) + ": " + thousands(by_stones[s]);
  std::printf("by stones: %s\n", plies.empty() ? "none" : plies.c_str());
  const connect4::StoreScan& scan = contents.scan;
  std::printf("lookups: %s, found %s (hit rate %.1f%%)\n", thousands(scan.lookups).c_str(),
              thousands(scan.hits).c_str(),
              scan.lookups > 0 ? 100.0 * static_cast<double>(scan.hits) / static_cast<double>(scan.lookups) : 0.0);
  return 0;
}

int store_merge(const std::string& into, const std::vector<std::string>& from) {
  // Every input read whole first: a damaged one stops the merge before INTO changes.
  std::vector<StoreContents> sources;
  for (const std::string& path : from) {
    if (same_file(path, into)) throw UsageError("'" + path + "' is the store merged into: name it once, as INTO");
    sources.push_back(read_store(path));
  }
  if (std::filesystem::exists(into)) (void)read_store(into);
  connect4::SolvedStore store(into);
  const std::size_t before = store.size();
  for (const StoreContents& source : sources) {
    for (const connect4::StoredValue& e : source.entries) {
      if (connect4::is_exact(e.value))
        store.add_exact(e.key, e.value);
      else
        store.add_outcome(e.key, e.value - connect4::kOutcomeOnly);
    }
    store.count(source.scan.lookups, source.scan.hits);
  }
  store.flush();
  std::printf("merged %zu stores into %s: %s positions, %s of them new\n", from.size(), into.c_str(),
              thousands(store.size()).c_str(), thousands(store.size() - before).c_str());
  return 0;
}

}  // namespace

int store_command(const Args& args) {
  std::vector<std::string> words;
  CommandLine command;
  command.positionals(words, 1, 1000, "an action (info or merge) and its stores");
  command.parse(args);
  const std::string& action = words[0];
  if (action == "info") {
    if (words.size() > 2) throw UsageError("store info takes one store file at most");
    const std::string path = words.size() == 2 ? words[1] : connect4::store_path_from_environment();
    if (path.empty()) throw UsageError("the store is off (EVALSYNTH_STORE=off): name a store file");
    if (words.size() == 1 && !std::filesystem::exists(path)) {
      std::printf("store: %s\nempty: nothing solved yet (every command that solves Connect4 positions adds to it)\n",
                  path.c_str());
      return 0;
    }
    return store_info(path);
  }
  if (action == "merge") {
    if (words.size() < 3) throw UsageError("store merge wants the store to merge into and at least one to merge");
    return store_merge(words[1], std::vector<std::string>(words.begin() + 2, words.end()));
  }
  throw UsageError("unknown store action '" + action + "': info or merge");
}

}  // namespace evalsynth
