#include "support/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace evalsynth {

ProgressLine::ProgressLine(std::string label, std::string what, std::uint64_t total, bool enabled)
    : label_(std::move(label)), what_(std::move(what)), total_(total), enabled_(enabled) {
  if (enabled_) drawer_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() {
  if (!enabled_) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  drawer_.join();
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

bool ProgressLine::stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressLine::run() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; })) draw();
}

void ProgressLine::draw() {
  const std::uint64_t done = done_.load(std::memory_order_relaxed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  char line[256];
  if (total_ > 0) {
    const double left = rate > 0 ? static_cast<double>(total_ - std::min(done, total_)) / rate : 0.0;
    std::snprintf(line, sizeof line, "%s: %llu/%llu %s (%.0f%%), %.0f %s/s, %.0f s left", label_.c_str(),
                  static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), what_.c_str(),
                  100.0 * static_cast<double>(done) / static_cast<double>(total_), rate, what_.c_str(), left);
  } else {
    std::snprintf(line, sizeof line, "%s: %llu %s, %.0f %s/s", label_.c_str(), static_cast<unsigned long long>(done),
                  what_.c_str(), rate, what_.c_str());
  }
  std::fprintf(stderr, "\r\033[K%s", line);
  std::fflush(stderr);
}

}  // namespace evalsynth
