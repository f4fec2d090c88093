// match --sprt: two players in pairs of games (each start board played
// with both colours) until the sequential test decides (cli/match_request.hpp,
// support/sprt.hpp).

#include <cmath>
#include <cstdio>

#include "cli/match_request.hpp"
#include "games/registry.hpp"
#include "support/error.hpp"
#include "support/progress.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {
namespace {

// Pairs are played in batches of a fixed size, whatever the thread count,
// and counted in order up to the one that decides: the games after it in
// its batch are dropped, so the verdict and the games kept depend on the
// seed alone.
constexpr std::size_t kPairsPerBatch = 32;

// A's points in a game, in half points: 2 won, 1 drawn, 0 lost.
int half_points(const MatchGame& g, const std::string& a) {
  if (g.outcome == Outcome::Draw) return 1;
  return (g.outcome == Outcome::XWin) == (g.x == a) ? 2 : 0;
}

}  // namespace

SprtSequence::SprtSequence(std::string a, std::string b, const stats::SprtBounds& bounds)
    : a_(std::move(a)), b_(std::move(b)), bounds_(bounds) {}

bool SprtSequence::add(const MatchGame& a_as_x, const MatchGame& a_as_o) {
  if (decided()) return false;
  const int first = half_points(a_as_x, a_), second = half_points(a_as_o, a_);
  ++pentanomial_[static_cast<std::size_t>(first + second)];
  ++trinomial_[static_cast<std::size_t>(first)];
  ++trinomial_[static_cast<std::size_t>(second)];
  ++pairs_;
  llr_ = stats::sprt_llr(pentanomial_, bounds_);
  verdict_ = stats::sprt_verdict(llr_, bounds_);
  return !decided();
}

void SprtSequence::print(std::size_t max_pairs, bool random) const {
  const auto elo = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", v);
    return std::string(buf);
  };
  const std::uint64_t wins = trinomial_[2], draws = trinomial_[1], losses = trinomial_[0];
  std::printf(
      "# SPRT of %s against %s: H0 Elo = %s, H1 Elo = %s (logistic Elo), alpha %g, beta %g; pentanomial "
      "model over pairs of games\n",
      a_.c_str(), b_.c_str(), elo(bounds_.elo0).c_str(), elo(bounds_.elo1).c_str(), bounds_.alpha, bounds_.beta);
  std::printf(
      "pairs %zu (%zu games): %s +%llu =%llu -%llu; pairs scoring 0, 1/2, 1, 3/2, 2 points: %llu %llu %llu "
      "%llu %llu\n",
      pairs_, 2 * pairs_, a_.c_str(), static_cast<unsigned long long>(wins), static_cast<unsigned long long>(draws),
      static_cast<unsigned long long>(losses), static_cast<unsigned long long>(pentanomial_[0]),
      static_cast<unsigned long long>(pentanomial_[1]), static_cast<unsigned long long>(pentanomial_[2]),
      static_cast<unsigned long long>(pentanomial_[3]), static_cast<unsigned long long>(pentanomial_[4]));
  const std::string verdict =
      verdict_ == stats::SprtVerdict::AcceptH1 ? "H1 accepted: " + a_ + " is stronger than " + b_ + " by about " +
                                                     elo(bounds_.elo1) + " Elo rather than " + elo(bounds_.elo0)
      : verdict_ == stats::SprtVerdict::AcceptH0
          ? "H0 accepted: " + a_ + " is not " + elo(bounds_.elo1) + " Elo stronger than " + b_ + " (rather " +
                elo(bounds_.elo0) + ")"
          : "no decision after " + std::to_string(pairs_) + " pair" + (pairs_ == 1 ? "" : "s") +
                (pairs_ < max_pairs ? ""
                 : random           ? " (the most allowed: --sprt-max)"
                                    : " (no more can be played: in the left-to-right order the players repeat a "
                                      "board's games, so each start board gives one pair; give more boards, with "
                                      "--openings N or --boards FILE, or --order random)");
  std::printf("LLR %.3f (bounds %.3f, %.3f): %s\n", llr_, bounds_.lower(), bounds_.upper(), verdict.c_str());
  const stats::EloInterval e = stats::elo_interval(pentanomial_);
  // Every pair scored alike: no spread to make an interval of. A clean
  // sweep bounds Elo on one side only (the 95% Clopper-Pearson bound on the
  // share of pairs won, as Ordo and fishtest show it).
  std::size_t alike = 0;
  for (std::uint64_t c : pentanomial_) alike = std::max<std::size_t>(alike, c);
  std::string estimate;
  if (pairs_ < 2) {
    estimate = elo(e.elo) + " (one pair: no interval)";
  } else if (alike == pairs_ && (pentanomial_[4] == pairs_ || pentanomial_[0] == pairs_)) {
    const double share = std::pow(1 - 0.95, 1.0 / static_cast<double>(pairs_));
    const bool won = pentanomial_[4] == pairs_;
    estimate = (won ? "above " + elo(stats::elo_of_score(share)) : "below " + elo(-stats::elo_of_score(share))) +
               " (every pair " + (won ? "won" : "lost") + ": a 95% one-sided bound, over pairs)";
  } else if (alike == pairs_) {
    estimate = elo(e.elo) + " (every pair scored alike: no interval)";
  } else {
    estimate = elo(e.elo) + " [" + elo(e.low) + ", " + elo(e.high) + "] (95%, over pairs)";
  }
  std::printf("Elo of %s against %s: %s; trinomial LLR, as if the games were independent: %.3f\n", a_.c_str(),
              b_.c_str(), estimate.c_str(), stats::sprt_llr(trinomial_, bounds_));
}

namespace {

// What a record says of the test that played it: its hypotheses, error
// rates and the most pairs it could take.
std::string sprt_text(const stats::SprtBounds& b, std::size_t max_pairs) {
  char text[160];
  std::snprintf(text, sizeof text, "elo0 %g, elo1 %g, alpha %g, beta %g, at most %zu pairs", b.elo0, b.elo1, b.alpha,
                b.beta, max_pairs);
  return text;
}

}  // namespace

int sprt_match(const GameDescriptor& descriptor, const MatchRequest& r) {
  return with_game(descriptor, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    using Position = typename G::Position;
    const std::vector<Player<G>> xs = parse_player_list(game, r.x_text, read_evaluator_program),
                                 os = parse_player_list(game, r.o_text, read_evaluator_program);
    if (xs.size() != 1 || os.size() != 1)
      throw UsageError("--sprt tests one player against one other: give one X player and one O player (not " +
                       std::to_string(xs.size()) + " and " + std::to_string(os.size()) + ")");
    const Player<G>&a = xs[0], &b = os[0];
    if (a.label() == b.label())
      throw UsageError("--sprt needs two players of different names, not " + a.label() + " twice (name one: A=...)");
    const std::vector<std::string> sources = match_player_sources(std::vector<Player<G>>{a, b});
    // Balanced openings as fishtest tests on them: those perfect play scores
    // near a draw (the opening book's, or the exact solver's draws).
    if constexpr (HasOwnSolver<G>) {
      if (r.balanced && r.opening_plies > G::kOpeningBookPlies)
        throw UsageError("--balanced takes openings of at most " + std::to_string(G::kOpeningBookPlies) +
                         " plies (the opening book's depth), not " + std::to_string(r.opening_plies));
    } else if (r.balanced && r.balanced_within != 0) {
      throw UsageError("for " + game.name() + " --balanced keeps the openings perfect play draws: give --balanced 0");
    }
    const std::vector<Position> boards = r.from_file ? read_game_boards(game, r.boards_file)
                                         : r.balanced
                                             ? balanced_opening_boards(game, r.opening_plies, r.balanced_within)
                                         : r.openings ? opening_boards(game, r.opening_plies)
                                                      : std::vector<Position>{game.start()};
    if (boards.empty())
      throw UsageError("no " + std::to_string(r.opening_plies) + "-ply opening is scored within " +
                       std::to_string(r.balanced_within) + " of a draw; give a larger --balanced");
    const bool random = r.options.settings.order == MoveOrder::Random || r.options.settings.random_move_percent > 0;
    // Deterministic players replay a board's game: each board once.
    const std::size_t max_pairs = random ? static_cast<std::size_t>(r.sprt_max_pairs)
                                         : std::min(static_cast<std::size_t>(r.sprt_max_pairs), boards.size());
    const std::string order(word_of(kMoveOrderWords, r.options.settings.order));
    const std::string board_text = r.from_file  ? r.boards_file
                                   : r.balanced ? std::to_string(r.opening_plies) + "-ply openings scored within " +
                                                      std::to_string(r.balanced_within) + " of a draw"
                                   : r.openings ? std::to_string(r.opening_plies) + "-ply openings"
                                                : "start position";
    std::printf(
        "# evalsynth match --sprt: %s against %s in pairs of games, both colours from each start board (%zu: "
        "%s), at most %zu pairs, %s move order, game %s, seed %llu\n",
        a.label().c_str(), b.label().c_str(), boards.size(), board_text.c_str(), max_pairs, order.c_str(),
        game.name().c_str(), static_cast<unsigned long long>(r.options.seed));
    std::fflush(stdout);
    MatchOptions options = r.options;
    options.progress = false;
    SprtSequence test(a.label(), b.label(), r.sprt_bounds);
    std::vector<MatchGame> kept;
    {
      ProgressLine progress("sprt", "pairs", max_pairs, r.options.progress);
      for (std::size_t first = 0; first < max_pairs && !test.decided(); first += kPairsPerBatch) {
        const std::size_t count = std::min(kPairsPerBatch, max_pairs - first);
        std::vector<MatchGame> batch = play_game_pairs(game, a, b, boards, options, first, count, !r.record.empty());
        for (std::size_t i = 0; i < count; ++i) {
          const bool more = test.add(batch[2 * i], batch[2 * i + 1]);
          kept.push_back(std::move(batch[2 * i]));
          kept.push_back(std::move(batch[2 * i + 1]));
          progress.add();
          if (!more) break;
        }
      }
    }
    test.print(max_pairs, random);
    // The games counted, as any match reports them: each pair's two games
    // are paired in the paired test.
    const MatchDescription d{r.options.seed, order, match_rules_text(game), board_text, 1};
    const MatchRecordHeader header{game.name(),
                                   boards.size(),
                                   board_text,
                                   order,
                                   static_cast<int>((test.pairs() + boards.size() - 1) / boards.size()),
                                   r.options.seed,
                                   sources,
                                   sprt_text(r.sprt_bounds, max_pairs),
                                   r.options.settings.random_move_percent};
    report_match(r, pairing_results(kept, 1, true), d, kept, header);
    return 0;
  });
}

}  // namespace evalsynth
