#include "io/learn_spec_reader.hpp"

#include <filesystem>
#include <set>

#include "games/registry.hpp"
#include "io/spec_reader.hpp"
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

namespace evalsynth {
namespace {

constexpr double kMaxTclWeights = 16'000'000;

using learn::LearnerKind;
using learn::LearnSpec;

class LearnInterpreter : public SpecReader {
 public:
  LearnInterpreter(const parsing::error_handler_type& handler, const SourceText& source, LearnSpec& spec)
      : SpecReader(handler, source), spec_(spec) {}

 private:
  learn::Schedule schedule(const spec_ast::Entry& e, double max) const {
    const auto list = words(e);
    if (list.size() > 2)
      locate_.fail(e.key, "'" + e.key.text + "' takes one value, or two: where it starts and where it ends");
    const double start = number(*list[0], 0, max, e.key.text);
    return {start, list.size() == 2 ? number(*list[1], 0, max, e.key.text) : start};
  }

  std::map<std::string, Handler> handlers() override {
    std::map<std::string, Handler> h;
    LearnSpec& s = spec_;
    h["name"] = [&](const auto& e) { s.name = run_name(e); };
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
    h["game"] = [&](const auto& e) { s.game = game(e); };
    h["games"] = [&](const auto& e) {
      s.games = static_cast<std::uint64_t>(integer(one_word(e), 1, 1'000'000'000, "games"));
    };
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
                                                   {"wins", model::FableValues::Wins}});
    };
    h["lambda"] = [&](const auto& e) { s.lambda = number(one_word(e), 0, 1, "lambda"); };
    h["hidden"] = [&](const auto& e) {
      s.hidden = static_cast<int>(integer(one_word(e), 1, model::ThesisNet::kMaxHidden, "hidden"));
    };
    h["initial-weights"] = [&](const auto& e) { s.initial_weights = number(one_word(e), 0, 10, "initial-weights"); };
    h["tuples"] = [&](const auto& e) {
      s.tuples = static_cast<int>(integer(one_word(e), 1, model::NTupleNet::kMaxTuples, "tuples"));
    };
    h["tuple-length"] = [&](const auto& e) {
      s.tuple_length = static_cast<int>(integer(one_word(e), 1, model::NTupleNet::kMaxLength, "tuple-length"));
    };
    h["cell-states"] = [&](const auto& e) {
      s.cell_states = static_cast<int>(integer(one_word(e), 3, 4, "cell-states"));
    };
    h["stage-split"] = [&](const auto& e) {
      s.stage_split = static_cast<int>(integer(one_word(e), 1, connect4::kCells - 1, "stage-split"));
    };
    h["tcl"] = [&](const auto& e) { s.tcl = choice<bool>(one_word(e), "tcl", {{"on", true}, {"off", false}}); };
    h["side-tables"] = [&](const auto& e) {
      s.per_side_tables = choice<bool>(one_word(e), "side-tables", {{"on", true}, {"off", false}});
    };
    h["seed"] = [&](const auto& e) { s.seed = static_cast<std::uint64_t>(integer(one_word(e), 0, INT64_MAX, "seed")); };
    h["curve-every"] = [&](const auto& e) {
      s.curve_every = static_cast<std::uint64_t>(integer(one_word(e), 1, 1'000'000'000, "curve-every"));
    };
    h["curve-positions"] = [&](const auto& e) { s.curve_positions = existing_file(one_word(e), "curve positions"); };
    h["labelled-positions"] = [&](const auto& e) {
      s.labelled_positions.clear();
      for (const auto* w : words(e)) s.labelled_positions.push_back(existing_file(*w, "labelled positions"));
      check_distinct(words(e), s.labelled_positions, "labelled-positions");
    };
    h["labelled-steps"] = [&](const auto& e) {
      s.labelled_steps = static_cast<int>(integer(one_word(e), 1, 100000, "labelled-steps"));
    };
    h["play-games"] = [&](const auto& e) {
      s.play_games = choice<bool>(one_word(e), "play-games", {{"on", true}, {"off", false}});
    };
    h["curve-depth"] = [&](const auto& e) {
      s.curve_depth = static_cast<int>(integer(one_word(e), 1, 12, "curve-depth"));
    };
    h["output"] = [&](const auto& e) { s.output = folder(one_word(e), "output"); };
    h["checkpoints"] = [&](const auto& e) { s.checkpoints = folder(one_word(e), "checkpoints"); };
    h["checkpoint-every"] = [&](const auto& e) {
      s.checkpoint_every = static_cast<std::uint64_t>(integer(one_word(e), 0, 1'000'000'000, "checkpoint-every"));
    };
    h["checkpoint-seconds"] = [&](const auto& e) {
      s.checkpoint_seconds = duration(one_word(e), "checkpoint-seconds");
    };
    h["threads"] = [&](const auto& e) { s.threads = static_cast<int>(integer(one_word(e), 0, 1024, "threads")); };
    return h;
  }

  std::string other_kind_of_spec(const std::string& key) const override {
    for (const char* run_key : {"grammar", "seeds", "population", "generations", "training-boards", "candidate-depths"})
      if (key == run_key) return "a run spec: evolve programs with `evalsynth run FILE` (specs/README.md)";
    return "";
  }

  void check_relations(const Seen& seen) const override {
    if (!seen.count("learner"))
      source_.fail_at(0, "a learning spec needs 'learner = thesis-net', 'ntuple', 'linear', 'fable' or 'win-net'");
    const bool thesis = spec_.learner == LearnerKind::ThesisNet;
    const bool ntuple = spec_.learner == LearnerKind::NTuple;
    const bool linear = spec_.learner == LearnerKind::Linear;
    const bool win_net = spec_.learner == LearnerKind::WinNet;
    if (!thesis && !win_net && seen.count("hidden"))
      complain(seen, "hidden", "hidden applies to learner = thesis-net or win-net");
    if (ntuple && seen.count("initial-weights"))
      complain(seen, "initial-weights", "initial-weights applies to learner = thesis-net, linear or win-net");
    if (win_net && seen.count("lambda"))
      complain(seen, "lambda",
               "lambda does not apply to learner = win-net: it corrects each position towards the next one's output "
               "(TD(0)), as the design document does");
    for (const char* key : {"tuples", "tuple-length", "cell-states", "side-tables", "tcl", "stage-split"})
      if (!ntuple && seen.count(key)) complain(seen, key, std::string(key) + " applies to learner = ntuple");
    if (!linear && seen.count("features")) complain(seen, "features", "features applies to learner = linear");
    if (linear && !seen.count("features"))
      complain(seen, "learner", "learner = linear needs 'features = ...': the terms it weighs (men + kings, kings)");
    if (!linear && spec_.harmonic_alpha) complain(seen, "alpha", "alpha = harmonic(A, B) applies to learner = linear");
    const bool fable = spec_.learner == LearnerKind::Fable;
    for (const char* key : {"alpha", "epsilon", "lambda", "initial-weights", "curve-positions"})
      if (fable && seen.count(key))
        complain(seen, key,
                 std::string(key) +
                     " does not apply to learner = fable (it counts how games ended; it has no "
                     "steps, exploration or evaluation to measure)");
    if (!fable && seen.count("confidence")) complain(seen, "confidence", "confidence applies to learner = fable");
    if (!fable && seen.count("values")) complain(seen, "values", "values applies to learner = fable");
    if (!fable && spec_.sides == LearnSpec::Sides::None)
      complain(seen, "learner-side", "learner-side = none (watching games) applies to learner = fable");
    if (!spec_.start_model.empty()) adopt_start_model(seen);
    if (seen.count("learner-side") && spec_.opponents.empty())
      complain(seen, "learner-side", "learner-side applies when the learner has opponents (in self-play it is both)");
    check_positions(seen, ntuple);
    with_game(spec_.game, [&](const auto& game) { check_game(game, seen); });
  }

  // A model to go on from (learn/start_model.hpp): it must read and agree with the spec.
  void adopt_start_model(const Seen& seen) const {
    std::set<std::string> given;
    for (const auto& [key, entry] : seen) given.insert(key);
    if (const auto problem = learn::adopt_start_model(spec_, given))
      problem->key == "start-model" ? locate_.fail(one_word(*seen.at("start-model")), problem->message)
                                    : complain(seen, problem->key.c_str(), problem->message);
  }

  // The files of labelled positions: the curve's and the regression's.
  void check_positions(const Seen& seen, bool ntuple) const {
    for (const char* key : {"labelled-steps", "play-games"})
      if (seen.count(key) && spec_.labelled_positions.empty())
        complain(seen, key, std::string(key) + " applies when labelled-positions names files of labelled positions");
    if (seen.count("labelled-positions") && (!ntuple || spec_.game.family != connect4::kFamily))
      complain(seen, "labelled-positions", "labelled-positions trains Connect4's n-tuple network (learner = ntuple)");
    if (!spec_.play_games && !spec_.opponents.empty())
      complain(seen, "play-games", "play-games = off plays no games, so it meets no opponents");
    // Without games nothing explores, traces or keeps TCL's rates (settings that change nothing may stay).
    const bool explores = spec_.epsilon.start > 0 || spec_.epsilon.end > 0;
    for (const auto& [key, used] : {std::pair{"epsilon", explores}, {"lambda", spec_.lambda > 0}, {"tcl", spec_.tcl}})
      if (!spec_.play_games && seen.count(key) && used)
        complain(seen, key, std::string(key) + " shapes the games' moves or TD steps, and play-games = off plays none");
    if (seen.count("curve-depth") && spec_.curve_positions.empty())
      complain(seen, "curve-depth", "curve-depth applies when curve-positions names a file of labelled positions");
    // The solver labels positions under the standard win test.
    const bool thesis_java = spec_.game.family == connect4::kFamily && spec_.game.params[0] == 1;
    for (const char* key : {"curve-positions", "labelled-positions"})
      if (thesis_java && seen.count(key))
        complain(seen, key, "labelled positions are perfect play under the standard rules, not " + spec_.game.text());
    // A curve over training positions would measure memory, not play.
    std::error_code ignored;
    for (const std::string& file : spec_.labelled_positions)
      if (!spec_.curve_positions.empty() && std::filesystem::equivalent(file, spec_.curve_positions, ignored))
        complain(seen, "curve-positions",
                 "curve-positions '" + spec_.curve_positions +
                     "' is also a file of labelled-positions: the curve would measure the training positions");
  }

  // What the spec's game allows: its built-in opponents, its learners, and
  // a network that fits its board and memory.
  //
  // Another game's n-tuple network, where the spec is silent: 20 tuples of
  // 5 cells (1 of 1 on a board of one cell), and a step that moves the sum
  // by 0.7 of the error at first and 0.14 at last (alpha times the tuples'
  // readings under the board's symmetries: what Connect4's default does with
  // its 140 readings); more readings with the Connect4 default overshoot.
  template <class G>
  void check_game(const G& game, const Seen& seen) const {
    if (const auto it = seen.find("opponents"); it != seen.end())
      for (const auto* w : words(*it->second)) {
        if (w->text == "self") continue;
        const PlayerEntry entry = parse_player_entry(w->text);
        // Learning games start from the empty board: where the game's
        // perfect play needs a few stones first (Connect4: minutes a game
        // from the empty board), a million games would never end.
        if (entry.kind == PlayerEntry::Kind::Perfect && perfect_play_min_plies(game) > 0)
          locate_.fail(*w, "'" + w->text + "' cannot teach " + game.name() +
                               " here: learning games start from the empty board, where a perfect player is too "
                               "slow (a built-in player at a depth, a program, a model or self can)");
        if (entry.kind == PlayerEntry::Kind::Builtin) try {
            (void)builtin_player(game, entry.name, entry.first_depth);
          } catch (const UsageError& error) {
            locate_.fail(*w, std::string(error.what()) + "; or self for self-play");
          }
      }
    if (spec_.learner == LearnerKind::Linear) {
      check_terms(game, seen);
      return;
    }
    if (spec_.learner == LearnerKind::WinNet) {
      if constexpr (!model::StoneGridGame<G>)
        complain(seen, "learner",
                 "learner = win-net reads stones on a grid (mnk, adjacent4), and " + game.name() + " has none");
      return;
    }
    if (spec_.learner == LearnerKind::Fable) {
      if constexpr (!HasCellGrid<G>)
        complain(seen, "learner", "FABLE sees a board as cells on a grid, and " + game.name() + " has none to show it");
      return;
    }
    const bool ntuple = spec_.learner == LearnerKind::NTuple;
    double weights = 0;
    if constexpr (BitboardNetGame<G>) {
      weights = model::NTupleNet::weight_count(spec_.tuples, spec_.tuple_length, spec_.cell_states,
                                               spec_.per_side_tables, spec_.stage_split > 0);
    } else if constexpr (HasCellBoard<G>) {
      const CellBoard board = game.cell_board();
      const bool set = !spec_.start_model.empty();  // a start model's network set them
      if (!seen.count("tuples") && !set) spec_.tuples = board.cells == 1 ? 1 : 20;
      if (!seen.count("tuple-length") && !set) spec_.tuple_length = std::min(5, board.cells);
      if (!seen.count("alpha")) {
        const double readings = spec_.tuples * static_cast<double>(board.symmetries.size());
        spec_.alpha = {0.7 / readings, 0.14 / readings};
      }
      if (!ntuple)
        complain(seen, "learner",
                 "the thesis's network reads Connect4's board; " + game.name() + " learns with learner = ntuple");
      if (seen.count("cell-states"))
        complain(seen, "cell-states",
                 "cell-states chooses Connect4's cells; " + game.name() + "'s cells have " +
                     std::to_string(board.states) + " states");
      if (seen.count("stage-split")) complain(seen, "stage-split", "stage-split splits Connect4's tables only");
      if (spec_.tuple_length > board.cells)
        complain(seen, seen.count("tuple-length") ? "tuple-length" : "game",
                 "tuples of " + std::to_string(spec_.tuple_length) + " cells on a board of " +
                     std::to_string(board.cells) + (board.cells == 1 ? " cell" : " cells") + " (" + game.name() +
                     "): set tuple-length to at most " + std::to_string(board.cells));
      weights = model::BoardNTupleNet::weight_count(board, static_cast<std::size_t>(spec_.tuples), spec_.tuple_length,
                                                    spec_.per_side_tables);
    } else {
      complain(seen, "game", "no learner reads the board of " + game.name() + " yet");
    }
    if (ntuple && weights > model::BoardNTupleNet::kMaxWeights)
      complain(seen, seen.count("tuple-length") ? "tuple-length" : "tuples",
               "tuples x cell-states^tuple-length (x 2 with stage-split) = " + short_number(weights) +
                   " weights, more than 67,108,864 (256 MiB); use fewer or shorter tuples");
    // TCL keeps two doubles per weight, in memory and in every checkpoint
    // (whose frame holds at most 1 GiB).
    if (ntuple && spec_.tcl && weights > kMaxTclWeights)
      complain(seen, "tcl",
               "tcl = on keeps two counters per weight in its checkpoints: " + short_number(weights) +
                   " weights, more than " + short_number(kMaxTclWeights) + "; use fewer or shorter tuples");
  }

  // A linear learner weighs any game's features: each term's names must
  // be features of one player; the step, where the spec is silent, is
  // Melicher's 50 / (49 + n).
  template <class G>
  void check_terms(const G& game, const Seen& seen) const {
    if constexpr (!learn::HasFeatures<G>)
      complain(seen, "learner",
               "learner = linear weighs the features of games other than " + game.name() +
                   " (whose programs compile to native code); use ntuple or thesis-net");
    const FeatureLibrary& library = feature_library(G::kFamily);
    for (std::size_t i = 0; i < spec_.terms.size(); ++i)
      if (const std::string problem = model::term_problem(library, spec_.terms[i]); !problem.empty())
        locate_.fail(*term_sums_[i], problem + " (game " + game.name() + ")");
    if (!seen.count("alpha")) {
      spec_.harmonic_alpha = true;
      spec_.harmonic_a = 50;
      spec_.harmonic_b = 49;
    }
  }

  LearnSpec& spec_;
  std::vector<const spec_ast::Sum*> term_sums_;
};

}  // namespace

learn::LearnSpec parse_learn_spec(const std::string& text, const std::string& source_name) {
  LearnSpec spec;
  spec.source = source_name;
  spec.text = text;
  spec.name = std::filesystem::path(source_name).stem().string();
  read_spec_text(text, source_name, [&](const auto& handler, const SourceText& source, const auto& entries) {
    LearnInterpreter(handler, source, spec).run(entries);
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
