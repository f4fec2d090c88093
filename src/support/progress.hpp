#pragma once
// A live progress line on stderr for long work, only when stderr is a
// terminal: logs and pipes get nothing extra.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace evalsynth {

class ProgressLine {
 public:
  // `what` names the unit counted ("games"); `total` may be 0 if unknown.
  ProgressLine(std::string label, std::string what, std::uint64_t total, bool enabled);
  ~ProgressLine();  // clears the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void add(std::uint64_t n = 1) { done_.fetch_add(n, std::memory_order_relaxed); }

  static bool stderr_is_terminal();

 private:
  void run();
  void draw();

  std::string label_, what_;
  std::uint64_t total_;
  bool enabled_;
  std::atomic<std::uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread drawer_;
};

}  // namespace evalsynth
