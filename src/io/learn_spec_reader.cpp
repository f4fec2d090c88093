#include "io/learn_spec_reader.hpp"

#include <filesystem>
#include <set>

#include "games/registry.hpp"
#include "io/learn_spec_interpreter.hpp"
#include "learn/linear_td.hpp"
#include "learn/start_model.hpp"
#include "model/board_ntuple_net.hpp"
#include "model/feature_weights.hpp"
#include "model/model_file.hpp"
#include "model/ntuple_net.hpp"
#include "model/thesis_net.hpp"
#include "support/files.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth::learn_spec_detail {

learn::Schedule LearnInterpreter::schedule(const spec_ast::Entry& e, double max) const {
  const auto list = words(e);
  if (list.size() > 2)
    locate_.fail(e.key, "'" + e.key.text + "' takes one value, or two: where it starts and where it ends");
  const double start = number(*list[0], 0, max, e.key.text);
  return {start, list.size() == 2 ? number(*list[1], 0, max, e.key.text) : start};
}

auto LearnInterpreter::handlers() -> std::map<std::string, Handler> {
  std::map<std::string, Handler> h;
  LearnSpec& s = spec_;
  h["learner"] = [&](const auto& e) {
    s.learner = choice<LearnerKind>(one_word(e), "learner",
                                    {{"thesis-net", LearnerKind::ThesisNet},
                                     {"ntuple", LearnerKind::NTuple},
                                     {"linear", LearnerKind::Linear},
                                     {"fable", LearnerKind::Fable},
                                     {"win-net", LearnerKind::WinNet}});
  };
  // A linear learner's terms: `men + kings, kings, edge` (checked against
  // the game's features in check_game).
  h["features"] = [&](const auto& e) {
    s.terms.clear();
    term_sums_.clear();
    for (const auto& sum : e.values) {
      std::string term;
      for (const auto& t : sum.terms) {
        const auto* word = boost::get<spec_ast::Word>(&t.get());
        if (!word || word->quoted)
          locate_.fail(sum,
                       "a term of 'features' is feature names joined by '+' (men + kings), not a call or "
                       "a quoted string");
        term += (term.empty() ? "" : "+") + word->text;
      }
      if (s.terms.size() == static_cast<std::size_t>(model::FeatureWeights::kMaxTerms))
        locate_.fail(sum, "'features' takes at most " + std::to_string(model::FeatureWeights::kMaxTerms) + " terms");
      for (std::size_t i = 0; i < s.terms.size(); ++i)
        if (s.terms[i] == term) locate_.fail(sum, "'features' lists '" + term + "' twice (each term once)");
      s.terms.push_back(term);
      term_sums_.push_back(&sum);
    }
  };
  // Connect4 learns either network; every other game an n-tuple network
  // over the board it describes (checked in check_relations).
  add_shared_handlers(h, s);
  h["games"] = [&](const auto& e) { s.games = static_cast<std::uint64_t>(whole(e)); };
  h["opponents"] = [&](const auto& e) {
    s.opponents.clear();
    const auto list = words(e);
    if (list.size() == 1 && list[0]->text == "self") return;
    for (const auto* w : list) {
      if (w->text == "self") locate_.fail(*w, "'self' is self-play on its own, not one opponent among others");
      PlayerEntry entry;
      try {
        entry = parse_player_entry(w->text);
      } catch (const UsageError& error) {
        locate_.fail(*w, std::string(error.what()) +
                             " (an opponent is NAME@DEPTH: ibef@1, adate@2, file.eval@3, model.bin@1; random; "
                             "or self for self-play)");
      }
      std::error_code ignored;
      if (entry.kind == PlayerEntry::Kind::File && !std::filesystem::exists(entry.name, ignored))
        locate_.fail(*w, "opponent file '" + entry.name + "' not found");
      s.opponents.push_back(w->text);
    }
    check_distinct(list, s.opponents, "opponents");
  };
  h["alpha"] = [&](const auto& e) {
    s.harmonic_alpha = false;
    const auto* call = e.values.size() == 1 && e.values[0].terms.size() == 1
                           ? boost::get<boost::spirit::x3::forward_ast<spec_ast::Call>>(&e.values[0].terms[0].get())
                           : nullptr;
    if (!call) {
      s.alpha = schedule(e, 10);
      return;
    }
    // harmonic(A, B): A / (B + n), Melicher's 50 / (49 + n).
    const spec_ast::Call& c = call->get();
    if (c.name.text != "harmonic" || c.arguments.size() != 2 || c.arguments[0].terms.size() != 1 ||
        c.arguments[1].terms.size() != 1)
      locate_.fail(c.name,
                   "'alpha' is a number, two (where it starts and ends) or harmonic(A, B) for A / (B + n) "
                   "after n updates");
    auto argument = [&](std::size_t i) -> const spec_ast::Word& {
      const auto* w = boost::get<spec_ast::Word>(&c.arguments[i].terms[0].get());
      if (!w) locate_.fail(c.arguments[i], "harmonic(A, B) takes two numbers");
      return *w;
    };
    s.harmonic_a = number(argument(0), 0, 1e6, "alpha");
    s.harmonic_b = number(argument(1), 0, 1e6, "alpha");
    if (s.harmonic_a > s.harmonic_b + 1)
      locate_.fail(argument(0),
                   "harmonic(A, B) starts at A / (B + 1), more than 1: the first updates would "
                   "overshoot (Melicher's is harmonic(50, 49))");
    s.harmonic_alpha = true;
  };
  h["epsilon"] = [&](const auto& e) { s.epsilon = schedule(e, 1); };
  h["learner-side"] = [&](const auto& e) {
    s.sides = choice<LearnSpec::Sides>(one_word(e), "learner-side",
                                       {{"both", LearnSpec::Sides::Alternate},
                                        {"x", LearnSpec::Sides::X},
                                        {"o", LearnSpec::Sides::O},
                                        {"none", LearnSpec::Sides::None}});
  };
  h["start-model"] = [&](const auto& e) { s.start_model = existing_file(one_word(e), "start model"); };
  h["confidence"] = [&](const auto& e) { s.confidence = number(one_word(e), 0, 1e6, "confidence"); };
  h["values"] = [&](const auto& e) {
    s.fable_values = choice<model::FableValues>(one_word(e), "values",
                                                {{"signed", model::FableValues::Signed},
                                                 {"net", model::FableValues::Net},
                                                 {"wins", model::FableValues::Wins},
                                                 {"goal", model::FableValues::Goal}});
  };
  h["localities"] = [&](const auto& e) {
    s.fable_localities = choice<model::FableLocalities>(
        one_word(e), "localities",
        {{"contents", model::FableLocalities::Contents}, {"placed", model::FableLocalities::Placed}});
  };
  h["lambda"] = [&](const auto& e) { s.lambda = number(one_word(e), 0, 1, "lambda"); };
  h["hidden"] = [&](const auto& e) { s.hidden = static_cast<int>(whole(e)); };
  h["initial-weights"] = [&](const auto& e) { s.initial_weights = number(one_word(e), 0, 10, "initial-weights"); };
  h["tuples"] = [&](const auto& e) { s.tuples = static_cast<int>(whole(e)); };
  h["tuple-length"] = [&](const auto& e) { s.tuple_length = static_cast<int>(whole(e)); };
  h["cell-states"] = [&](const auto& e) { s.cell_states = static_cast<int>(whole(e)); };
  h["stage-split"] = [&](const auto& e) { s.stage_split = static_cast<int>(whole(e)); };
  h["tuple-shape"] = [&](const auto& e) {
    s.straight_tuples = choice<bool>(one_word(e), "tuple-shape", {{"random-walk", false}, {"straight", true}});
  };
  h["tcl"] = [&](const auto& e) { s.tcl = choice<bool>(one_word(e), "tcl", {{"on", true}, {"off", false}}); };
  h["side-tables"] = [&](const auto& e) {
    s.per_side_tables = choice<bool>(one_word(e), "side-tables", {{"on", true}, {"off", false}});
  };
  h["curve-every"] = [&](const auto& e) { s.curve_every = static_cast<std::uint64_t>(whole(e)); };
  h["curve-positions"] = [&](const auto& e) { s.curve_positions = existing_file(one_word(e), "curve positions"); };
  h["labelled-positions"] = [&](const auto& e) {
    s.labelled_positions.clear();
    for (const auto* w : words(e)) s.labelled_positions.push_back(existing_file(*w, "labelled positions"));
    check_distinct(words(e), s.labelled_positions, "labelled-positions");
  };
  h["labelled-steps"] = [&](const auto& e) { s.labelled_steps = static_cast<int>(whole(e)); };
  h["play-games"] = [&](const auto& e) {
    s.play_games = choice<bool>(one_word(e), "play-games", {{"on", true}, {"off", false}});
  };
  h["curve-depth"] = [&](const auto& e) { s.curve_depth = static_cast<int>(whole(e)); };
  return h;
}

}  // namespace evalsynth::learn_spec_detail

namespace evalsynth {

learn::LearnSpec parse_learn_spec(const std::string& text, const std::string& source_name) {
  learn::LearnSpec spec;
  spec.source = source_name;
  spec.text = text;
  spec.name = std::filesystem::path(source_name).stem().string();
  read_spec_text(text, source_name, [&](const auto& handler, const SourceText& source, const auto& entries) {
    learn_spec_detail::LearnInterpreter(handler, source, spec).run(entries);
    std::set<std::string> given;
    for (const auto& entry : entries) given.insert(entry.key.text);
    learn::apply_defaults(spec, given);
    if (spec.curve_every > spec.games)
      source.fail_at(0, "curve-every (" + std::to_string(spec.curve_every) + ") is more than the games (" +
                            std::to_string(spec.games) + ")");
  });
  return spec;
}

learn::LearnSpec read_learn_spec_file(const std::string& path) {
  return parse_learn_spec(read_text_file(path, "learning spec", 1 << 20), path);
}

}  // namespace evalsynth
