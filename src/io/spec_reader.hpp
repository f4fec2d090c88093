#pragma once
// What every spec file reader shares (run specs in spec.cpp, learning specs
// in learn_spec_reader.cpp): the `key = value` file is parsed once by the
// spec grammar; a reader then gives each key a handler, and this class
// dispatches the entries (unknown keys with a "did you mean", repeated keys,
// control bytes) and turns values into numbers, choices, durations, lists
// and paths, every mistake an InputError at the value's file:line:col.

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "games/registry.hpp"
#include "io/spec_ast.hpp"
#include "support/spec_keys.hpp"
#include "support/text.hpp"
#include "support/x3_driver.hpp"

namespace evalsynth {

class SpecReader {
 public:
  SpecReader(const parsing::error_handler_type& handler, const SourceText& source, SpecKind kind)
      : locate_(handler, source), source_(source), kind_(kind) {}
  virtual ~SpecReader() = default;
  SpecReader(const SpecReader&) = delete;
  SpecReader& operator=(const SpecReader&) = delete;

  // Hands every entry to its key's handler, then checks the relations.
  // The handlers must be exactly the keys support/spec_keys.cpp declares for
  // this kind of spec (else std::logic_error: a key read but not declared, or
  // declared but not read, is the program's mistake, which every test that
  // reads a spec finds).
  void run(const std::vector<spec_ast::Entry>& entries);

 protected:
  using Handler = std::function<void(const spec_ast::Entry&)>;
  using Seen = std::map<std::string, const spec_ast::Entry*>;

  virtual std::map<std::string, Handler> handlers() = 0;
  // Checks between keys, once every entry has been read.
  virtual void check_relations(const Seen& seen) const = 0;
  // The keys both kinds of spec read alike (support/spec_keys.cpp): the
  // name, game, seed, folders, checkpointing and threads (each kind's own
  // range and meaning of seed and checkpoint-every from its declaration).
  template <class Spec>
  void add_shared_handlers(std::map<std::string, Handler>& h, Spec& s) {
    h["name"] = [&](const spec_ast::Entry& e) { s.name = run_name(e); };
    h["game"] = [&](const spec_ast::Entry& e) { s.game = game(e); };
    h["output"] = [&](const spec_ast::Entry& e) { s.output = folder(one_word(e), "output"); };
    h["checkpoints"] = [&](const spec_ast::Entry& e) { s.checkpoints = folder(one_word(e), "checkpoints"); };
    h["checkpoint-seconds"] = [&](const spec_ast::Entry& e) {
      s.checkpoint_seconds = duration(one_word(e), "checkpoint-seconds");
    };
    h["threads"] = [&](const spec_ast::Entry& e) { s.threads = static_cast<decltype(s.threads)>(whole(e)); };
    h["seed"] = [&](const spec_ast::Entry& e) { s.seed = static_cast<decltype(s.seed)>(whole(e)); };
    h["checkpoint-every"] = [&](const spec_ast::Entry& e) {
      s.checkpoint_every = static_cast<decltype(s.checkpoint_every)>(whole(e));
    };
  }

  // A list whose order matters but whose values must differ: a repeat is a
  // slip (colours = x, x) or doubles work without saying so.
  template <class T>
  void check_distinct(const std::vector<const spec_ast::Word*>& list, const std::vector<T>& values,
                      const std::string& key) const {
    for (std::size_t i = 0; i < values.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (values[i] == values[j])
          locate_.fail(*list[i], "'" + key + "' lists '" + list[j]->text + "' twice (each value once)");
  }

  // All the words of a value that must be a plain list (no '+', no calls).
  std::vector<const spec_ast::Word*> words(const spec_ast::Entry& e) const;
  const spec_ast::Word& one_word(const spec_ast::Entry& e) const;

  std::int64_t integer(const spec_ast::Word& w, std::int64_t min, std::int64_t max, const std::string& key) const;
  // The entry's one whole number, in the range its key declares.
  std::int64_t whole(const spec_ast::Entry& e) const;
  // Search depths up to the key's declared maximum, each word one depth or a
  // range "A-B" (as in the player syntax ibef@1-6); a depth listed twice is
  // an error at its word.
  std::vector<int> depth_list(const spec_ast::Entry& e) const;
  double number(const spec_ast::Word& w, double min, double max, const std::string& key) const;
  // "90s", "30m", "2h" or plain seconds.
  double duration(const spec_ast::Word& w, const std::string& key) const;
  template <class T>
  T choice(const spec_ast::Word& w, const std::string& key,
           const std::vector<std::pair<std::string, T>>& options) const {
    std::string known;
    for (const auto& [word, value] : options) {
      if (w.text == word) return value;
      known += (known.empty() ? "" : ", ") + word;
    }
    locate_.fail(w, "'" + key + "' is one of " + known + ", not '" + w.text + "'");
  }
  std::string existing_file(const spec_ast::Word& w, const std::string& what) const;
  std::string existing_path(const spec_ast::Word& w, const std::string& what) const;
  // A folder the command writes into (created if missing).
  std::string folder(const spec_ast::Word& w, const std::string& key) const;
  // A name that becomes a folder in the results and checkpoint folders.
  std::string run_name(const spec_ast::Entry& e) const;
  // A game: `connect4`, `tictactoe`, `mnk(4, 4, 4)` (games/registry.hpp).
  GameDescriptor game(const spec_ast::Entry& e) const;

  // Located at the key's entry when the spec has it, else at the file.
  [[noreturn]] void complain(const Seen& seen, const char* key, const std::string& message) const;

  parsing::NodeLocator locate_;
  const SourceText& source_;

 private:
  // The entry's key as declared for this kind of spec (run checked that it is).
  const SpecKey& declared(const spec_ast::Entry& e) const;
  void check_declared(const std::map<std::string, Handler>& table) const;

  SpecKind kind_;
  void check_printable(const spec_ast::Word& w) const;
  void check_printable(const spec_ast::Sum& sum) const;
};

// Parses `text` (read from `source_name`) with the spec grammar and runs the
// reader `make` builds on it.
void read_spec_text(const std::string& text, const std::string& source_name,
                    const std::function<void(const parsing::error_handler_type&, const SourceText&,
                                             const std::vector<spec_ast::Entry>&)>& interpret);

}  // namespace evalsynth
