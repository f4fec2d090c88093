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
//
// CLI11 (2.1, header only) stays inside command_line.cpp: its headers cost
// several seconds of compiling in every file that includes them, and every
// command includes this one. Options are read as text there and converted
// here, after the parse.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/commands.hpp"

namespace evalsynth {

class CommandLine {
 public:
  CommandLine();
  ~CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  // --name VALUE (or --name=VALUE): any text.
  void text(const std::string& name, std::string& value);
  // --name VALUE, repeatable: every value given, in order.
  void texts(const std::string& name, std::vector<std::string>& values);
  // --name N: a whole number from min to max (which fit in Int).
  template <class Int>
  void integer(const std::string& name, Int& value, std::int64_t min, std::int64_t max) {
    const std::optional<std::int64_t>& number = whole_number_option(name, min, max);
    after_parse_.push_back([&value, &number] {
      if (number) value = static_cast<Int>(*number);
    });
  }
  // --name: a flag without a value.
  void flag(const std::string& name, bool& value);
  // --name WORD: one of a fixed set of words, each meaning a value of T.
  template <class T, std::size_t N>
  void choice(const std::string& name, T& value, const std::pair<std::string_view, T> (&choices)[N]) {
    std::vector<std::string> names;
    for (const auto& [w, v] : choices) names.emplace_back(w);
    const std::string& word = word_option(name, names);
    // A copy: the list may be a temporary, gone once the command line is parsed.
    std::vector<std::pair<std::string, T>> kept;
    for (const auto& [w, v] : choices) kept.emplace_back(std::string(w), v);
    after_parse_.push_back([&value, &word, kept = std::move(kept)] {
      for (const auto& [w, v] : kept)
        if (w == word) value = v;
    });
  }
  // The arguments that are not options, in order; `count` of them, or
  // from `min` to `max`; `what` says what they are, for the error message.
  void positionals(std::vector<std::string>& values, std::size_t min, std::size_t max, const std::string& what);

  // Throws UsageError.
  void parse(const Args& args);
  bool given(const std::string& name) const;

 private:
  struct Parser;  // CLI11's App and the options' text (command_line.cpp)

  // The option's value once parsed (none when not given); the reference
  // stays valid as long as the CommandLine.
  const std::optional<std::int64_t>& whole_number_option(const std::string& name, std::int64_t min, std::int64_t max);
  // The option's word once parsed ("" when not given), already checked
  // against `words`.
  const std::string& word_option(const std::string& name, const std::vector<std::string>& words);

  std::unique_ptr<Parser> parser_;
  std::vector<std::function<void()>> after_parse_;
  std::vector<std::string>* positionals_ = nullptr;
  std::size_t min_positionals_ = 0, max_positionals_ = 0;
  std::string positionals_what_;
  bool no_native_code_ = false;  // --no-jit, which every command takes
};

}  // namespace evalsynth
