#pragma once
// Why a run stopped. A run stopped by a budget is finished; one interrupted
// (Ctrl-C, SIGTERM) or paused (--stop-after) can be resumed. Checkpoints store
// the reason by name.

#include <cstdint>
#include <optional>
#include <string_view>

namespace evalsynth {

enum class StopReason : std::uint8_t { Running, Generations, Evaluations, TimeBudget, Interrupted, Paused };

inline constexpr std::string_view kStopReasonNames[] = {
    "", "generations", "evaluations", "time-budget", "interrupted", "paused"};
static_assert(std::size(kStopReasonNames) == static_cast<std::size_t>(StopReason::Paused) + 1,
              "a name for every stop reason");

constexpr std::string_view stop_reason_name(StopReason r) { return kStopReasonNames[static_cast<std::size_t>(r)]; }

constexpr std::optional<StopReason> stop_reason_from_name(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kStopReasonNames); ++i)
    if (kStopReasonNames[i] == name) return static_cast<StopReason>(i);
  return std::nullopt;
}

// Stopped for good: a budget was used up.
constexpr bool is_finished(StopReason r) {
  return r == StopReason::Generations || r == StopReason::Evaluations || r == StopReason::TimeBudget;
}

}  // namespace evalsynth
