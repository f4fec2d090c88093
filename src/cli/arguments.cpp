#include "cli/arguments.hpp"

#include <charconv>

#include "support/error.hpp"
#include "support/suggest.hpp"

namespace evalsynth {

Arguments::Arguments(const std::vector<std::string>& args, const std::vector<OptionSpec>& known) {
  std::vector<std::string> names;
  for (const OptionSpec& o : known) names.push_back(o.name);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      if (arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9'))
        throw UsageError("unknown option '" + arg + "' (options are written --name)");
      positionals_.push_back(arg);
      continue;
    }
    const std::size_t eq = arg.find('=');
    const std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& o : known)
      if (o.name == name) spec = &o;
    if (!spec) {
      const std::string guess = closest_match(name, names);
      throw UsageError("unknown option '--" + name + "'" + (guess.empty() ? "" : "; did you mean '--" + guess + "'?"));
    }
    if (values_.count(name)) throw UsageError("option '--" + name + "' given twice");
    if (!spec->takes_value) {
      if (eq != std::string::npos) throw UsageError("option '--" + name + "' takes no value");
      values_[name] = "";
    } else if (eq != std::string::npos) {
      values_[name] = arg.substr(eq + 1);
    } else {
      if (i + 1 >= args.size()) throw UsageError("option '--" + name + "' needs a value");
      values_[name] = args[++i];
    }
  }
}

std::optional<std::string> Arguments::value(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Arguments::value_or(const std::string& name, const std::string& fallback) const {
  return value(name).value_or(fallback);
}

std::int64_t Arguments::integer(const std::string& name, std::int64_t fallback, std::int64_t min,
                                std::int64_t max) const {
  const auto text = value(name);
  if (!text) return fallback;
  std::int64_t v = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (error != std::errc() || end != text->data() + text->size() || v < min || v > max) {
    throw UsageError("option '--" + name + "' wants a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", not '" + *text + "'");
  }
  return v;
}

void Arguments::throw_bad_choice(const std::string& name, const std::string& given, const std::string& known) {
  throw UsageError("--" + name + " is one of " + known + ", not '" + given + "'");
}

}  // namespace evalsynth
