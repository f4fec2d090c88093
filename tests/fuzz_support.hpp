#pragma once
// Fuzzing the parsers inside the test run (bounded, deterministic): random
// edits of valid inputs, extreme inputs (nesting, size, control bytes), and
// the check that every rejection is a clean, located message.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/error.hpp"
#include "support/random.hpp"

namespace test {

// `text` after 1..max_edits random edits: a run deleted, a character of
// `alphabet` inserted or replacing one, or (rarely) any byte at all.
inline std::string mutate(std::string text, evalsynth::Rng& rng, const std::string& alphabet, int max_edits = 6) {
  for (int edits = 1 + rng.below(max_edits); edits > 0; --edits) {
    const std::size_t at = text.empty() ? 0 : static_cast<std::size_t>(rng.below(static_cast<int>(text.size())));
    char c = alphabet[static_cast<std::size_t>(rng.below(static_cast<int>(alphabet.size())))];
    if (rng.below(20) == 0) c = static_cast<char>(rng.below(256));
    switch (rng.below(text.empty() ? 1 : 3)) {
      case 0:
        text.insert(at, 1, c);
        break;
      case 1:
        text.erase(at, 1 + static_cast<std::size_t>(rng.below(5)));
        break;
      default:
        text[at] = c;
    }
  }
  return text;
}

// Inputs at the extremes, built around one valid input: nesting far past any
// limit (`opener`/`closer` repeated), a very long line, a long run of one
// token, control and NUL bytes, a truncated text, and the empty text.
inline std::vector<std::string> extreme_inputs(const std::string& valid, const std::string& opener,
                                               const std::string& closer, const std::string& token) {
  std::vector<std::string> out = {"", "\n\n\n", std::string(1, '\0'), valid.substr(0, valid.size() / 2)};
  for (int depth : {50, 1000, 50000}) {
    std::string nested;
    for (int i = 0; i < depth; ++i) nested += opener;
    std::string closed = nested;
    for (int i = 0; i < depth; ++i) closed += closer;
    out.push_back(nested);
    out.push_back(closed);
    out.push_back(valid + nested);
  }
  std::string run;
  for (int i = 0; i < 100000; ++i) run += token;
  out.push_back(run);
  out.push_back(valid + run);
  out.push_back(std::string(200000, 'a'));
  std::string with_nul = valid;
  with_nul.insert(with_nul.size() / 2, 1, '\0');
  out.push_back(with_nul);
  std::string with_controls = valid;
  for (std::size_t i = 0; i < with_controls.size(); i += 7) with_controls[i] = static_cast<char>(i % 32);
  out.push_back(with_controls);
  return out;
}

// A rejection a user can act on: `name:line:col: error: ` and a message, with
// no library internals (mangled or namespaced type names, "internal error").
inline void check_clean_error(const std::string& message, const std::string& name) {
  INFO(message.substr(0, 300));
  REQUIRE(message.rfind(name + ":", 0) == 0);
  const std::size_t error_at = message.find(": error: ");
  REQUIRE(error_at != std::string::npos);
  const std::string where = message.substr(name.size() + 1, error_at - name.size() - 1);  // LINE:COL
  REQUIRE(where.find(':') != std::string::npos);
  for (char c : where) REQUIRE((c == ':' || (c >= '0' && c <= '9')));
  const std::string head = message.substr(0, message.find('\n'));
  for (const char* internal : {"boost", "x3", "std::", "internal error", "N5", "basic_string", "_M_"})
    CHECK(head.find(internal) == std::string::npos);
}

// Runs `parse` on every mutation and extreme input: it either accepts or
// throws an InputError that check_clean_error accepts. Returns how many were
// accepted (a fuzz loop whose mutations never parse tests little).
template <class Parse>
int fuzz_parser(const std::vector<std::string>& seeds, const std::string& alphabet, int trials, std::uint64_t seed,
                const std::string& name, std::vector<std::string> extremes, Parse parse) {
  evalsynth::Rng rng(seed);
  int accepted = 0;
  auto attempt = [&](const std::string& text) {
    try {
      parse(text);
      ++accepted;
    } catch (const evalsynth::InputError& e) {
      check_clean_error(e.what(), name);
    }
  };
  for (int trial = 0; trial < trials; ++trial)
    attempt(mutate(seeds[static_cast<std::size_t>(rng.below(static_cast<int>(seeds.size())))], rng, alphabet));
  for (const std::string& text : extremes) attempt(text);
  return accepted;
}

}  // namespace test
