#pragma once
// The reader of learning specs (io/learn_spec_reader.hpp's parse_learn_spec):
// a handler for every key (io/learn_spec_reader.cpp) and the checks that
// relate the keys to one another and to the spec's game once all are read
// (io/learn_spec_checks.cpp). Internal to io/.

#include <map>
#include <string>
#include <vector>

#include "io/spec_reader.hpp"
#include "learn/learn_spec.hpp"

namespace evalsynth::learn_spec_detail {

using learn::LearnerKind;
using learn::LearnSpec;

class LearnInterpreter : public SpecReader {
 public:
  LearnInterpreter(const parsing::error_handler_type& handler, const SourceText& source, LearnSpec& spec)
      : SpecReader(handler, source, SpecKind::Learn), spec_(spec) {}

 private:
  // A value that may change over the games: one number, or where it starts
  // and where it ends.
  learn::Schedule schedule(const spec_ast::Entry& e, double max) const;
  std::map<std::string, Handler> handlers() override;
  void check_relations(const Seen& seen) const override;
  void adopt_start_model(const Seen& seen) const;
  void check_positions(const Seen& seen, bool ntuple) const;
  template <class G>
  void check_game(const G& game, const Seen& seen) const;
  template <class G>
  void check_terms(const G& game, const Seen& seen) const;
  template <class G>
  void check_straight_tuples(const G& game, const Seen& seen) const;

  LearnSpec& spec_;
  std::vector<const spec_ast::Sum*> term_sums_;  // the linear learner's terms, where they are written
};

}  // namespace evalsynth::learn_spec_detail
