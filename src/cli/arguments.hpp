#pragma once
// Command-line options of one command: `--name value`, `--name=value`, flags.
// Unknown, repeated or malformed options are UsageErrors with a suggestion.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace evalsynth {

struct OptionSpec {
  std::string name;  // without the leading "--"
  bool takes_value = true;
};

class Arguments {
 public:
  Arguments(const std::vector<std::string>& args, const std::vector<OptionSpec>& known);

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::optional<std::string> value(const std::string& name) const;
  std::string value_or(const std::string& name, const std::string& fallback) const;
  std::int64_t integer(const std::string& name, std::int64_t fallback, std::int64_t min, std::int64_t max) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

  // One of a fixed set of words; the first choice is the default.
  template <class T>
  T choice(const std::string& name, const std::vector<std::pair<std::string, T>>& choices) const {
    const auto text = value(name);
    if (!text) return choices.front().second;
    std::string known;
    for (const auto& [word, result] : choices) {
      if (word == *text) return result;
      known += (known.empty() ? "'" : ", '") + word + "'";
    }
    throw_bad_choice(name, *text, known);
  }

 private:
  [[noreturn]] static void throw_bad_choice(const std::string& name, const std::string& given,
                                            const std::string& known);

 public:
 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> positionals_;
};

}  // namespace evalsynth
