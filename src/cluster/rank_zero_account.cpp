#include "cluster/rank_zero_account.hpp"

#include <cstdio>

namespace evalsynth::cluster {

void RankZeroAccount::mark(double breeding, double breeding_waited) {
  totals.breeding = breeding;
  totals.breeding_waited = breeding_waited;
  if (marks_.size() == 2) marks_.pop_back();
  marks_.push_back({Clock::now(), totals});
}

std::string RankZeroAccount::report(int processes, const std::string& idle) const {
  const bool window = marks_.size() == 2;
  const Mark from = window ? marks_[0] : Mark{start_, {}};
  const Mark to = window ? marks_[1] : Mark{Clock::now(), totals};
  const Totals& a = to.totals;
  const Totals& b = from.totals;
  const double total = std::chrono::duration<double>(to.at - from.at).count();
  const double messages = a.messages - b.messages, playing = a.playing - b.playing, waiting = a.waiting - b.waiting,
               serial = total - messages - playing - waiting;
  const auto share = [total](double part) { return total > 0 ? 100 * part / total : 0.0; };
  const auto count = [](std::uint64_t n) { return static_cast<unsigned long long>(n); };
  const std::uint64_t batches = a.batches - b.batches;
  char text[900];
  std::snprintf(text, sizeof text,
                "cluster: %d processes, %llu units in %llu chunks and %llu batches of %llu bytes (%llu units in the "
                "rounds breeding overlaps); rank 0's %.4f s (%s): %.4f s in messages (%.1f%%; %.4f s of it "
                "publishing rounds, %.4f s claiming and gathering), %.4f s playing (%.1f%%), %.4f s waiting "
                "(%.1f%%), %.4f s serial (%.1f%%: outside the distributed work: selection, bookkeeping, "
                "checkpoints, and %.4f s waiting for breeding, which took %.4f s beside the validation and "
                "strength rounds); the workers idle (not playing) in the same generations:",
                processes, count(a.units - b.units), count(a.chunks - b.chunks), count(batches),
                count(batches > 0 ? (a.bytes - b.bytes) / batches : 0), count(a.overlapped_units - b.overlapped_units),
                total, window ? "the generations after the first" : "the whole run", messages, share(messages),
                a.publishing - b.publishing, a.claiming - b.claiming, playing, share(playing), waiting, share(waiting),
                serial, share(serial), a.breeding_waited - b.breeding_waited, a.breeding - b.breeding);
  return text + idle;
}

}  // namespace evalsynth::cluster
