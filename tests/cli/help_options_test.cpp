// Every command's help names exactly the options its parser reads, and its
// page in docs/commands/ shows that help: each
// option the parser knows is in the help text, and each option the help's
// option list names is one the parser knows (the parser lists its options
// when EVALSYNTH_LIST_OPTIONS is set, cli/command_line.cpp). A command or
// option added later is checked by being there.

#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "test_support.hpp"

namespace {

std::set<std::string> lines_of(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.insert(line);
  return out;
}

}  // namespace

TEST_CASE("every command's help lists the options its parser reads, and no other", "[cli][help]") {
  const test::Run usage = test::run_evalsynth("--help");
  REQUIRE(usage.exit_code == 0);
  std::vector<std::string> commands;
  bool listing = false;
  std::istringstream in(usage.output);
  for (std::string line; std::getline(in, line);) {
    if (line == "Commands:") {
      listing = true;
      continue;
    }
    if (!listing) continue;
    if (line.empty()) break;
    std::smatch name;
    if (std::regex_search(line, name, std::regex("^  ([a-z0-9]+) ")) && name[1] != "help") commands.push_back(name[1]);
  }
  REQUIRE(commands.size() > 15);
  const std::regex mentioned("--[a-z][a-z0-9-]*"), listed("^ +(--[a-z][a-z0-9-]*)");
  for (const std::string& command : commands) {
    INFO(command);
    const test::Run parsed =
        test::run_shell("EVALSYNTH_LIST_OPTIONS=1 " + std::string(test::kEvalsynthBinary) + " " + command);
    REQUIRE(parsed.exit_code == 0);
    const std::set<std::string> options = lines_of(parsed.output);
    const std::string help = test::run_evalsynth("help " + command).output;
    std::set<std::string> in_help, in_list;
    for (auto it = std::sregex_iterator(help.begin(), help.end(), mentioned); it != std::sregex_iterator(); ++it)
      in_help.insert(it->str());
    std::istringstream help_lines(help);
    for (std::string line; std::getline(help_lines, line);) {
      std::smatch m;
      if (std::regex_search(line, m, listed)) in_list.insert(m[1]);
    }
    // Its page in docs/commands/ carries the same help (scripts/make-command-pages).
    const std::string page = test::read_file(std::string(test::kSourceDir) + "/docs/commands/" + command + ".md");
    const std::string begin = "```text\n", end = "```\n<!-- help: end -->";
    const std::size_t from = page.find(begin), to = page.find(end);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    CHECK(page.substr(from + begin.size(), to - from - begin.size()) == help);
    // --no-jit is every command's, in the tool's own usage.
    for (const std::string& option : options)
      if (option != "--no-jit") CHECK(in_help.count(option) == 1);
    for (const std::string& option : in_list) CHECK(options.count(option) == 1);
  }
}
