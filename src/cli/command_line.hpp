#pragma once
// A command's options, declared with their types and limits and parsed by
// CLI11 (Debian's libcli11-dev). main prints each command's own help text, so
// CLI11's help flag is off. Every error is a UsageError worded as the rest of
// the tool's:
//   unknown option '--gmaes'; did you mean '--games'?
//   unexpected argument 'foo'
//   option '--games' needs a value | is given twice | takes no value
//   option '--games' wants a whole number from 1 to 10000000, not 'x'
//   option '--order' is one of 'random', 'left-to-right', not 'sideways'

#include <CLI/CLI.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.hpp"

namespace evalsynth {

class CommandLine {
 public:
  CommandLine();

  // --name VALUE (or --name=VALUE): any text.
  CLI::Option* text(const std::string& name, std::string& value);
  // --name VALUE, repeatable: every value given, in order.
  CLI::Option* texts(const std::string& name, std::vector<std::string>& values);
  // --name N: a whole number from min to max.
  template <class Int>
  CLI::Option* integer(const std::string& name, Int& value, std::int64_t min, std::int64_t max) {
    return configure(app_.add_option("--" + name, value)->check(whole_number(min, max)));
  }
  // --name: a flag without a value.
  CLI::Option* flag(const std::string& name, bool& value);
  // --name WORD: one of a fixed set of words, each meaning a value of T.
  template <class T, std::size_t N>
  CLI::Option* choice(const std::string& name, T& value, const std::pair<std::string_view, T> (&choices)[N]) {
    std::string& word = words_.emplace_back();
    std::vector<std::string> names;
    for (const auto& [w, v] : choices) names.emplace_back(w);
    after_parse_.push_back([&value, &word, &choices] {
      for (const auto& [w, v] : choices)
        if (w == word) value = v;
    });
    return configure(app_.add_option("--" + name, word)->check(one_of(names)));
  }
  // The arguments that are not options, in order; `count` of them, or
  // from `min` to `max`; `what` says what they are, for the error message.
  void positionals(std::vector<std::string>& values, std::size_t min, std::size_t max, const std::string& what);

  // Throws UsageError.
  void parse(const Args& args);
  bool given(const std::string& name) const;

 private:
  CLI::Option* configure(CLI::Option* option);
  static CLI::Validator whole_number(std::int64_t min, std::int64_t max);
  static CLI::Validator one_of(const std::vector<std::string>& words);

  CLI::App app_;
  std::vector<std::string> flag_names_;  // "--dry-run": options that take no value
  std::deque<std::string> words_;        // choice options' text (stable addresses)
  std::vector<std::function<void()>> after_parse_;
  std::vector<std::string>* positionals_ = nullptr;
  std::size_t min_positionals_ = 0, max_positionals_ = 0;
  std::string positionals_what_;
  bool no_native_code_ = false;  // --no-jit, which every command takes
};

}  // namespace evalsynth
