#include "cli/command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <deque>

#include "lang/native_code.hpp"
#include "support/error.hpp"
#include "support/suggest.hpp"
#include "support/text.hpp"

namespace evalsynth {

namespace {

CLI::Option* configure(CLI::Option* option) {
  return option->multi_option_policy(CLI::MultiOptionPolicy::Throw)->expected(1);
}

CLI::Validator whole_number(std::int64_t min, std::int64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        std::int64_t v = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (error == std::errc() && end == text.data() + text.size() && v >= min && v <= max) return "";
        return "wants a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", not " +
               in_quotes(text);
      },
      "INT");
}

CLI::Validator one_of(const std::vector<std::string>& words) {
  return CLI::Validator(
      [words](std::string& text) -> std::string {
        std::string known;
        for (const std::string& w : words) {
          if (w == text) return "";
          known += (known.empty() ? "'" : ", '") + w + "'";
        }
        return "is one of " + known + ", not " + in_quotes(text);
      },
      "WORD");
}

}  // namespace

struct CommandLine::Parser {
  struct WholeNumber {
    std::string text;
    std::optional<std::int64_t> value;
    const CLI::Option* option = nullptr;
  };
  CLI::App app;
  std::vector<std::string> flag_names;  // "--dry-run": options that take no value
  std::deque<std::string> words;        // choice options' text (stable addresses)
  std::deque<WholeNumber> numbers;      // whole-number options (stable addresses)
};

CommandLine::CommandLine() : parser_(std::make_unique<Parser>()) {
  CLI::App& app = parser_->app;
  app.set_help_flag();
  app.allow_extras();  // unknown options and stray arguments are reported by parse, with suggestions
  app.positionals_at_end(false);
  flag("no-jit", no_native_code_);
}

CommandLine::~CommandLine() = default;

void CommandLine::text(const std::string& name, std::string& value) {
  configure(parser_->app.add_option("--" + name, value));
}

void CommandLine::texts(const std::string& name, std::vector<std::string>& values) {
  parser_->app.add_option("--" + name, values)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void CommandLine::flag(const std::string& name, bool& value) {
  parser_->flag_names.push_back("--" + name);
  parser_->app.add_flag("--" + name, value)->multi_option_policy(CLI::MultiOptionPolicy::Throw);
}

const std::optional<std::int64_t>& CommandLine::whole_number_option(const std::string& name, std::int64_t min,
                                                                    std::int64_t max) {
  Parser::WholeNumber& number = parser_->numbers.emplace_back();
  number.option = configure(parser_->app.add_option("--" + name, number.text)->check(whole_number(min, max)));
  return number.value;
}

const std::string& CommandLine::word_option(const std::string& name, const std::vector<std::string>& words) {
  std::string& word = parser_->words.emplace_back();
  configure(parser_->app.add_option("--" + name, word)->check(one_of(words)));
  return word;
}

void CommandLine::positionals(std::vector<std::string>& values, std::size_t min, std::size_t max,
                              const std::string& what) {
  positionals_ = &values;
  min_positionals_ = min;
  max_positionals_ = max;
  positionals_what_ = what;
}

namespace {

// "--games: wants ..." (CLI11's form) → "option '--games' wants ...".
std::string option_message(const std::string& what) {
  const std::size_t colon = what.find(": ");
  if (what.rfind("--", 0) != 0 || colon == std::string::npos) return what;
  return "option '" + what.substr(0, colon) + "' " + what.substr(colon + 2);
}

}  // namespace

void CommandLine::parse(const Args& args) {
  // The options this command reads, one a line, for the test that keeps
  // every command's help and documentation page equal to its parser
  // (tests/cli/help_options_test.cpp): nothing is run.
  if (const char* list = std::getenv("EVALSYNTH_LIST_OPTIONS"); list && *list) {
    for (const CLI::Option* option : parser_->app.get_options())
      for (const std::string& name : option->get_lnames()) std::printf("--%s\n", name.c_str());
    std::fflush(stdout);
    std::exit(0);
  }
  // CLI11 would read --flag=VALUE as a boolean ("Could not convert").
  for (const std::string& arg : args) {
    const std::size_t equals = arg.find('=');
    if (arg.starts_with("--") && equals != std::string::npos &&
        std::find(parser_->flag_names.begin(), parser_->flag_names.end(), arg.substr(0, equals)) !=
            parser_->flag_names.end())
      throw UsageError("option " + in_quotes(arg.substr(0, equals)) + " takes no value");
  }
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  CLI::App& app = parser_->app;
  try {
    app.parse(reversed);
  } catch (const CLI::ArgumentMismatch& e) {
    const std::string what = e.what();
    const std::string name = what.substr(0, what.find(':'));
    if (what.find("received") != std::string::npos || what.find("At most") != std::string::npos)
      throw UsageError("option '" + name + "' is given twice");
    throw UsageError("option '" + name + "' needs a value");
  } catch (const CLI::ParseError& e) {
    throw UsageError(option_message(e.what()));
  }
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options())
    if (!o->get_lnames().empty()) names.push_back(o->get_lnames().front());
  std::vector<std::string> rest;
  for (const std::string& extra : app.remaining()) {
    if (extra.size() > 1 && extra[0] == '-' && !(extra[1] >= '0' && extra[1] <= '9')) {
      const std::string written = extra.substr(0, extra.find('='));
      const std::string name = written.substr(written.find_first_not_of('-'));
      if (std::find(names.begin(), names.end(), name) != names.end())
        throw UsageError("unknown option " + in_quotes(written) + "; options take two dashes: '--" + name + "'");
      const std::string guess = closest_match(name, names);
      throw UsageError("unknown option " + in_quotes(written) +
                       (guess.empty() ? "" : "; did you mean '--" + guess + "'?"));
    }
    rest.push_back(extra);
  }
  if (!positionals_) {
    if (!rest.empty()) throw UsageError("unexpected argument " + in_quotes(rest.front()));
  } else {
    if (rest.size() < min_positionals_ || rest.size() > max_positionals_) throw UsageError(positionals_what_);
    *positionals_ = std::move(rest);
  }
  // The validator let through only whole numbers in range.
  for (Parser::WholeNumber& number : parser_->numbers)
    if (number.option->count() > 0) {
      std::int64_t v = 0;
      std::from_chars(number.text.data(), number.text.data() + number.text.size(), v);
      number.value = v;
    }
  for (const auto& apply : after_parse_) apply();
  // Evolved programs then run in the interpreter: the same results, slower.
  if (no_native_code_) lang::set_native_code_enabled(false);
}

bool CommandLine::given(const std::string& name) const { return parser_->app.count("--" + name) > 0; }

}  // namespace evalsynth
