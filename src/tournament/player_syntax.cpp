#include "tournament/player_syntax.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "support/error.hpp"
#include "support/text.hpp"

namespace evalsynth {
namespace {

bool names_a_file(std::string_view name) {
  return name.find('/') != std::string_view::npos || name.ends_with(".eval") || name.ends_with(".ckpt") ||
         name.ends_with(".bin");
}

// 1 for "answer", K for "hallK" (K = 1..kMaxHallPlayers), 0 for other names;
// throws for "hall" followed by something that is not such a K.
int self_play_count(std::string_view name) {
  if (name == "answer") return 1;
  if (!name.starts_with("hall") || names_a_file(name)) return 0;
  const std::string_view digits = name.substr(4);
  int k = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || k < 1 || k > kMaxHallPlayers)
    throw UsageError(in_quotes(name) + ": the hall-of-fame opponent is hallK@D with K from 1 to " +
                     std::to_string(kMaxHallPlayers));
  return k;
}

}  // namespace

// An entry after its NAME= label, if any.
static PlayerEntry parse_unlabelled_entry(std::string_view item, bool allow_self_play);

PlayerEntry parse_player_entry(std::string_view item, bool allow_self_play) {
  if (item.empty()) throw UsageError("empty player name");
  // NAME=PLAYER names a player for the tables (a path holding '=' after a
  // character no label has reads as a path).
  std::string label;
  if (const std::size_t equals = item.find('='); equals != std::string_view::npos) {
    const std::string_view name = item.substr(0, equals);
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
    if (plain) {
      if (equals + 1 == item.size())
        throw UsageError(in_quotes(item) + ": NAME=PLAYER names a player; give the player after '='");
      label = std::string(name);
      item = item.substr(equals + 1);
    }
  }
  PlayerEntry labelled = parse_unlabelled_entry(item, allow_self_play);
  labelled.label = label;
  return labelled;
}

static PlayerEntry parse_searching_entry(std::string_view item, bool allow_self_play);

static PlayerEntry parse_unlabelled_entry(std::string_view item, bool allow_self_play) {
  constexpr std::string_view kSampled = "sampled:";
  if (lowercase(item.substr(0, kSampled.size())) != kSampled) return parse_searching_entry(item, allow_self_play);
  PlayerEntry entry = parse_searching_entry(item.substr(kSampled.size()), false);
  if (entry.kind != PlayerEntry::Kind::Builtin && entry.kind != PlayerEntry::Kind::File)
    throw UsageError(in_quotes(item) + ": the sampled search needs a player that searches, such as sampled:" +
                     "model.bin@6 or sampled:threat-lines@6");
  entry.sampled = true;
  return entry;
}

static PlayerEntry parse_searching_entry(std::string_view item, bool allow_self_play) {
  const std::size_t at = item.rfind('@');
  PlayerEntry entry;
  entry.name = std::string(item.substr(0, at));
  std::string key = lowercase(item);
  const bool resist = key.starts_with("perfect-resist");
  if (resist) key.erase(7, 7);  // "perfect-resist:0.1" reads as "perfect:0.1"
  if (key == "perfect" || key.starts_with("perfect:")) {
    entry.kind = PlayerEntry::Kind::Perfect;
    entry.name = "perfect";
    entry.resist = resist;
    if (key.size() > 8) {
      entry.epsilon_text = key.substr(8);
      const char* begin = entry.epsilon_text.c_str();
      char* end = nullptr;
      entry.epsilon = std::strtod(begin, &end);
      if (end == begin || *end != '\0' || !(entry.epsilon >= 0 && entry.epsilon <= 1))
        throw UsageError(in_quotes(item) + ": perfect:EPS wants EPS from 0 to 1, e.g. perfect:0.1");
    }
    return entry;
  }
  if (key.starts_with("perfect@"))
    throw UsageError("the perfect player takes no depth: write 'perfect' or 'perfect:EPS'");
  if (lowercase(entry.name) == "random") {
    if (at != std::string_view::npos) throw UsageError("the random player takes no depth: write 'random'");
    entry.kind = PlayerEntry::Kind::Random;
    return entry;
  }
  if (at == std::string_view::npos)
    throw UsageError("player " + in_quotes(item) + " needs a search depth: write it as " +
                     in_quotes(entry.name + "@DEPTH") + ", e.g. " + in_quotes(entry.name + "@4") + " or " +
                     in_quotes(entry.name + "@1-6"));
  const std::string_view depths = item.substr(at + 1);
  const auto range = parse_int_range(depths, 1, kMaxPlayerDepth);
  if (!range)
    throw UsageError("bad depth " + in_quotes(depths) + " in player " + in_quotes(item) +
                     ": expected a whole number from 1 to " + std::to_string(kMaxPlayerDepth) +
                     " or a range such as 1-6");
  if (range->last < range->first) throw UsageError("empty depth range in player " + in_quotes(item));
  entry.first_depth = range->first;
  entry.last_depth = range->last;
  if (names_a_file(entry.name)) {
    entry.kind = PlayerEntry::Kind::File;
  } else if (const int count = self_play_count(entry.name)) {
    if (!allow_self_play)
      throw UsageError("'" + std::string(item) +
                       "' is a run's own program: self-play opponents exist only in run specs");
    entry.kind = PlayerEntry::Kind::SelfPlay;
    entry.self_play_count = count;
  } else {
    // A built-in of the game (each game has its own: tournament/player.hpp
    // names them when the game is known).
    entry.kind = PlayerEntry::Kind::Builtin;
  }
  return entry;
}

std::vector<PlayerEntry> parse_player_entries(std::string_view text, bool allow_self_play) {
  std::vector<PlayerEntry> entries;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    if (item.empty()) throw UsageError("empty player in list " + in_quotes(text));
    entries.push_back(parse_player_entry(item, allow_self_play));
    start = comma + 1;
  }
  return entries;
}

std::vector<int> parse_depth_list(std::string_view text) {
  std::vector<int> depths;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const auto range = parse_int_range(item, 1, kMaxPlayerDepth);
    if (!range || range->last < range->first)
      throw UsageError("--depth wants depths from 1 to " + std::to_string(kMaxPlayerDepth) +
                       " such as 1,3,5 or 1-7, not " + in_quotes(item));
    for (int d = range->first; d <= range->last; ++d) depths.push_back(d);
    start = comma + 1;
  }
  return depths;
}

std::vector<int> parse_ply_range(std::string_view text) {
  const auto range = parse_int_range(text, 0, 41);
  if (!range || range->last < range->first)
    throw UsageError("--plies wants A-B with 0 <= A <= B <= 41, not " + in_quotes(text));
  std::vector<int> plies;
  for (int p = range->first; p <= range->last; ++p) plies.push_back(p);
  return plies;
}

}  // namespace evalsynth
